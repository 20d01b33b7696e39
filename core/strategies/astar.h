// Best-first searches forward over pushes, guided by the Hungarian push
// bound over per-region push distances (search/push_distances.h):
//
//   astar        f = pushes so far + bound: the fewest pushes (the bound is
//                admissible and consistent);
//   astar-moves  f = moves so far + bound, positions keep the exact player
//                square; the fewest moves, then the fewest pushes. Meant for
//                small levels: it stores many more positions;
//   greedy       the bound alone: fast, no optimality.
//
// All three prune dead squares, freeze deadlocks, positions with no box to
// goal matching, and small box patterns found unsolvable beforehand.
// astar and greedy also push only the fence boxes of a PI-corral when the
// position has one (deadlock/pi_corral.h), which keeps the fewest pushes.
#pragma once

#include <memory>

#include "level.h"
#include "strategy.h"

namespace soko {

enum class BestFirstKind { Pushes, Moves, Greedy };

std::unique_ptr<Strategy> makeBestFirstStrategy(const Level& level, uint64_t memoryBudgetBytes,
                                                BestFirstKind kind);

}  // namespace soko
