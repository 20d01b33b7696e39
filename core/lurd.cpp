#include "lurd.h"

#include <cctype>
#include <vector>

#include "run_length.h"

namespace soko {

std::optional<Direction> lurdDirection(char step) {
  switch (std::tolower(static_cast<unsigned char>(step))) {
    case 'u':
      return Direction::Up;
    case 'd':
      return Direction::Down;
    case 'l':
      return Direction::Left;
    case 'r':
      return Direction::Right;
    default:
      return std::nullopt;
  }
}

LurdParse parseLurd(std::string_view text) {
  // Drop white space first, remembering where each kept character came from.
  std::string compact;
  std::vector<size_t> origin;
  for (size_t i = 0; i < text.size(); ++i) {
    if (std::isspace(static_cast<unsigned char>(text[i]))) continue;
    compact += text[i];
    origin.push_back(i);
  }
  LurdParse out;
  for (size_t i = 0; i < compact.size(); ++i) {
    char c = compact[i];
    if (!lurdDirection(c) && !std::isdigit(static_cast<unsigned char>(c)) && c != '(' && c != ')') {
      out.error = std::string("unexpected character '") + c +
                  "' in a solution (only l u r d, L U R D, digits and parentheses)";
      out.errorAt = origin[i];
      return out;
    }
  }
  RunLengthResult r = decodeRunLength(compact);
  if (!r.error.empty()) {
    out.error = r.error;
    out.errorAt = r.errorAt < origin.size() ? origin[r.errorAt] : text.size();
    return out;
  }
  out.steps = std::move(r.text);
  return out;
}

}  // namespace soko
