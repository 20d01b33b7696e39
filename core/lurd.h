// LURD solution text: l u r d are moves, L U R D pushes. A lower-case step
// into a box pushes it too, so all-lower-case solutions are valid.
// Run-length counts and groups ("3r4U", "2(dr)R") are expanded; spaces and
// line breaks are ignored.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "level.h"

namespace soko {

struct LurdParse {
  std::string steps;   // only "udlrUDLR"
  std::string error;   // "" on success
  size_t errorAt = 0;  // 0-based offset into the text given
};

LurdParse parseLurd(std::string_view text);

// The direction of a step character, or nothing for any other character.
std::optional<Direction> lurdDirection(char step);
inline bool isPush(char step) { return step >= 'A' && step <= 'Z'; }

}  // namespace soko
