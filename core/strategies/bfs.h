// Breadth-first search over pushes, forward from the start: the first solved
// position found has the fewest pushes. Complete, so an exhausted search
// proves the level unsolvable. Prunes dead squares only.
#pragma once

#include <memory>

#include "../level.h"
#include "../solver.h"

namespace soko {

std::unique_ptr<Strategy> makeBfsStrategy(const Level& level, uint64_t memoryBudgetBytes);

}  // namespace soko
