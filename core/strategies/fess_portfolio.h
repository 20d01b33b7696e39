// A one-thread portfolio: FESS (forward, feature space) and hbox (reverse,
// multi-heuristic) take turns in short slices (fess's three times as long),
// each with half the memory budget, and the first solution wins. The two
// searches fail on different levels, so together they solve more within
// the same time than either.
// When one stops without a solution (out of memory, say), the other goes on
// alone with the whole budget.
#pragma once

#include <memory>

#include "../level.h"
#include "../solver.h"

namespace soko {

std::unique_ptr<Strategy> makeFessPortfolioStrategy(const Level& level, const SolverOptions& options);

}  // namespace soko
