// A board drawn square by square (the page's level editor) checked by the
// same rules as a level read from text: the same messages, and the squares
// each one is about, in the drawn grid's own coordinates.
//
// Text cannot carry every drawn grid row for row: a row with no wall is not
// a board row to the parser (it ends the board), so the editor's grid comes
// here as it is, one XSB character per square.
//
//   ######     drawn: the gap at the right lets the player walk off the
//   #@$. _     board; the message is the parser's ("the level is open to
//   ######     the outside ...") and the squares are the border ones reached.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "level.h"

namespace soko {

struct GridCheck {
  // What is wrong ("" when nothing), with its cells in the drawn grid.
  LevelProblem problem;
  // [cell of the drawn grid] 1 where the player can walk, boxes ignored
  // (filled whenever the grid has one player, even when a problem was found).
  std::vector<uint8_t> interior;
  // The level as the parser would give it (cropped, decoration dropped), when valid.
  std::optional<Level> level;
};

// `cells`: width * height characters, row-major, each one of the board
// characters the parser reads (# @ + $ * . p P b B, and space - _ for floor).
GridCheck checkGrid(int width, int height, std::string_view cells);

}  // namespace soko
