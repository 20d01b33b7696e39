// The single-sink variant of Sokoban (after petersohn/sokoban, from Nethack): every
// stone must be pushed into one sink square, where it disappears; the level
// is solved when no stone is left. Its files look like this:
//
//   #3            height
//   #9            width
//   #*********
//   #*y.o..o.x    '.' floor, 'o' stone, 'x' the sink, 'y' the player,
//   #*********    anything else a wall; letters in either case
//
// Lines that do not start with '#' (petersohn/sokoban's solver options) are skipped.
// The player may walk over the sink; a stone pushed onto it sinks.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "level.h"

namespace soko {

struct SinkLevel {
  int width = 0;
  int height = 0;
  std::vector<uint8_t> wall;  // [cell] 1 for walls, row-major
  std::vector<int> stones;    // cells, ascending
  int sink = -1;              // cell
  int player = -1;            // cell

  int index(int x, int y) const { return y * width + x; }
  // The neighbouring cell in direction d, or -1 off the grid.
  int step(int cell, Direction d) const;
};

struct SinkParse {
  SinkLevel level;
  std::string error;  // "" when the level was read
  int line = 0;       // 1-based line the error is about, 0 if the whole text
  bool ok() const { return error.empty(); }
};

// Does the text start like a sink level ("#<number>" twice on its first
// '#' lines)? Lets a front end pick the parser.
bool looksLikeSinkLevel(std::string_view text);
SinkParse parseSinkLevel(std::string_view text);
// The level in the same format; parseSinkLevel reads it back.
std::string writeSinkLevel(const SinkLevel& level);

// The board as a standard Level for the shared search code: the sink is the
// one goal, stones are boxes, and squares the player can reach (stones
// ignored) are marked interior. Stones out of the player's reach are left
// out of it, so compare boxCount() with stones.size().
Level sinkBoard(const SinkLevel& level);

}  // namespace soko
