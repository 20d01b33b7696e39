// FESS, the feature space search of Shoham and Schaeffer (IEEE CoG 2020),
// forward over macro pushes.
//
// Every position found is projected onto a small feature space: boxes
// packed, player regions (connectivity), boxes filled out of the packing
// plan's order. Each cell of that space keeps its own queue of positions,
// and the search takes turns among the cells (round robin), expanding from
// each the position reached with the least accumulated weight. A move costs
// 1, or 0 when an advisor recommends it (packing the next goal of the plan,
// opening the board up for the player), so advised lines are followed
// deeply while every cell keeps being explored. Deadlocks are pruned by dead
// squares, freeze, bipartite matching with frozen boxes as walls, and corral
// searches with a node budget.
#pragma once

#include <memory>

#include "../level.h"
#include "../solver.h"

namespace soko {

std::unique_ptr<Strategy> makeFessStrategy(const Level& level, uint64_t memoryBudgetBytes);

}  // namespace soko
