// Breadth-first search over box moves: every position one push (or pull)
// away is seen before any position two away, so the first solution found
// has the fewest pushes. Complete: an exhausted search proves the level
// unsolvable. Deadlocks pruned: dead squares and freeze deadlocks.
//
//   bfs          forward from the start, pushes, until every box is on a goal;
//   bfs-reverse  pulls from every solved position (one per player region)
//                until the start position is reached;
//   bfs-bidir    both at once, a layer at a time (the smaller frontier
//                first), until a position is seen from both sides;
//   bfs-walk     bfs storing 64-bit keys only and walking one live position
//                along parent links to each position it expands
//                (search/key_tree.h): fewer bytes per position.
#pragma once

#include <memory>

#include "level.h"
#include "strategy.h"

namespace soko {

std::unique_ptr<Strategy> makeBfsStrategy(const Level& level, uint64_t memoryBudgetBytes);
std::unique_ptr<Strategy> makeReverseBfsStrategy(const Level& level, uint64_t memoryBudgetBytes);
std::unique_ptr<Strategy> makeBidirectionalBfsStrategy(const Level& level,
                                                       uint64_t memoryBudgetBytes);
std::unique_ptr<Strategy> makeWalkingBfsStrategy(const Level& level, uint64_t memoryBudgetBytes);

}  // namespace soko
