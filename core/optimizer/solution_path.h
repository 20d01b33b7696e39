// A given solution as the optimizer sees it: checked first (an invalid one
// is refused with the step and the square where it goes wrong), then read as
// the box configurations it passes through, one after each push.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "analysis/board.h"
#include "level.h"
#include "search/solution.h"

namespace soko {

struct CheckedSolution {
  std::string steps;  // only "udlrUDLR" when ok
  std::string error;  // "" when the solution is legal and solves the level
  int moves = 0, pushes = 0;
  bool ok() const { return error.empty(); }
};

// Replays `text` (LURD, run lengths allowed) on the level. The error names
// the first illegal step, its number and the player's square before it
// (column and row from 1), or says that the level is not solved at the end.
CheckedSolution checkSolution(const Level& level, std::string_view text);

// A position a solution passes through: the start, or the one after a push.
struct SolutionPosition {
  std::vector<Square> boxes;  // sorted
  Square player;              // the start's square, or the one the pushed box left
  int moves;                  // steps taken to get here
  PushStep push;              // the push that led here (none for the start)
};

// The start and the position after every push of `steps` (a checked
// solution), duplicates included: pushes + 1 entries.
std::vector<SolutionPosition> solutionPositions(const Board& board, const std::string& steps);

// Their box squares alone.
std::vector<std::vector<Square>> boxConfigurations(const Board& board, const std::string& steps);

}  // namespace soko
