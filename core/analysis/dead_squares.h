// Squares from which a lone box can never reach a goal by pushing ("dead
// squares"): a box pushed there makes the level unsolvable. Found by pulling
// a box from every goal on the empty board; what no pull reaches is dead.
//
//   #####
//   #x x#     x: dead (corners, and the wall side with no goal)
//   # $.#
//   #x@x#
//   #####
#pragma once

#include <cstdint>
#include <vector>

#include "board.h"

namespace soko {

// [square] 1 when dead for pushes.
std::vector<uint8_t> pushDeadSquares(const Board& board);
// [square] 1 when no box can ever be pulled there from its start square in
// reverse search (the mirror: push from every start box). Used by pull searches.
std::vector<uint8_t> pullDeadSquares(const Board& board);

}  // namespace soko
