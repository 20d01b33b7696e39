#include "sink_level.h"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace soko {

int SinkLevel::step(int cell, Direction d) const {
  int x = cell % width + kDx[static_cast<int>(d)], y = cell / width + kDy[static_cast<int>(d)];
  if (x < 0 || y < 0 || x >= width || y >= height) return -1;
  return index(x, y);
}

namespace {

struct Line {
  std::string_view text;  // after the '#', without the line break
  int number;             // 1-based
};

// The '#' lines of the text, '#' removed.
std::vector<Line> hashLines(std::string_view text) {
  std::vector<Line> out;
  int number = 0;
  size_t at = 0;
  while (at <= text.size()) {
    size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(at, end - at);
    ++number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (!line.empty() && line.front() == '#') out.push_back({line.substr(1), number});
    if (end == text.size()) break;
    at = end + 1;
  }
  return out;
}

bool readNumber(std::string_view s, int& value) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  if (s.empty()) return false;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  return ec == std::errc() && end == s.data() + s.size();
}

}  // namespace

bool looksLikeSinkLevel(std::string_view text) {
  std::vector<Line> lines = hashLines(text);
  int h, w;
  return lines.size() >= 2 && readNumber(lines[0].text, h) && readNumber(lines[1].text, w);
}

SinkParse parseSinkLevel(std::string_view text) {
  SinkParse r;
  std::vector<Line> lines = hashLines(text);
  SinkLevel& l = r.level;
  if (lines.size() < 2 || !readNumber(lines[0].text, l.height) ||
      !readNumber(lines[1].text, l.width)) {
    r.error = "a sink level starts with '#height' and '#width' lines";
    r.line = lines.empty() ? 0 : lines[0].number;
    return r;
  }
  if (l.width < 1 || l.height < 1 || l.width > kMaxBoardSide || l.height > kMaxBoardSide) {
    r.error = "the board must be 1 to " + std::to_string(kMaxBoardSide) + " squares on each side";
    r.line = lines[0].number;
    return r;
  }
  if (static_cast<int>(lines.size()) < 2 + l.height) {
    r.error = "the board has " + std::to_string(lines.size() - 2) + " rows, the header says " +
              std::to_string(l.height);
    return r;
  }
  l.wall.assign(static_cast<size_t>(l.width) * l.height, 1);
  for (int y = 0; y < l.height; ++y) {
    const Line& row = lines[2 + y];
    if (static_cast<int>(row.text.size()) > l.width) {
      r.error =
          "row " + std::to_string(y + 1) + " is longer than the width " + std::to_string(l.width);
      r.line = row.number;
      return r;
    }
    for (int x = 0; x < static_cast<int>(row.text.size()); ++x) {
      int cell = l.index(x, y);
      char c = static_cast<char>(std::tolower(static_cast<unsigned char>(row.text[x])));
      if (c != '.' && c != 'o' && c != 'x' && c != 'y') continue;  // wall
      l.wall[cell] = 0;
      if (c == 'o') l.stones.push_back(cell);
      if ((c == 'x' && l.sink >= 0) || (c == 'y' && l.player >= 0)) {
        r.error = std::string("more than one ") + (c == 'x' ? "sink 'x'" : "player 'y'");
        r.line = row.number;
        return r;
      }
      if (c == 'x') l.sink = cell;
      if (c == 'y') l.player = cell;
    }
  }
  if (l.sink < 0)
    r.error = "there is no sink 'x'";
  else if (l.player < 0)
    r.error = "there is no player 'y'";
  return r;
}

std::string writeSinkLevel(const SinkLevel& level) {
  // Appended piece by piece: `"#" + std::to_string(...)` trips GCC 12's -Wrestrict false positive.
  std::string out = "#";
  out += std::to_string(level.height);
  out += "\n#";
  out += std::to_string(level.width);
  out += '\n';
  for (int y = 0; y < level.height; ++y) {
    out += '#';
    for (int x = 0; x < level.width; ++x) {
      int cell = level.index(x, y);
      char c = level.wall[cell] ? '*' : '.';
      if (cell == level.sink) c = 'x';
      if (cell == level.player) c = 'y';
      if (std::binary_search(level.stones.begin(), level.stones.end(), cell)) c = 'o';
      out += c;
    }
    out += '\n';
  }
  return out;
}

Level sinkBoard(const SinkLevel& s) {
  Level l;
  l.width = s.width;
  l.height = s.height;
  l.cells.assign(s.wall.size(), 0);
  for (size_t i = 0; i < s.wall.size(); ++i) l.cells[i] = s.wall[i] ? kWall : 0;
  if (s.sink >= 0) l.cells[s.sink] |= kGoal;
  for (int c : s.stones) l.cells[c] |= kBox;
  l.player = s.player;
  if (s.player < 0) return l;
  std::vector<int> stack{s.player};
  l.cells[s.player] |= kInterior;
  while (!stack.empty()) {
    int c = stack.back();
    stack.pop_back();
    for (Direction d : kDirections) {
      int n = s.step(c, d);
      if (n < 0 || (l.cells[n] & (kWall | kInterior))) continue;
      l.cells[n] |= kInterior;
      stack.push_back(n);
    }
  }
  for (uint8_t& c : l.cells)
    if (!(c & kInterior)) c = (c & kWall) ? kWall : 0;  // out of reach: not part of the board
  return l;
}

}  // namespace soko
