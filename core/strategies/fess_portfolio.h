// A one-thread portfolio: FESS (forward, feature space) and hbox (reverse,
// multi-heuristic; its method 11, and after 10 s method 1 for half a second)
// take turns in short slices (fess's three times as long), sharing the
// memory budget, and the first solution wins. The searches fail on
// different levels, so together they solve more within the same time than
// any one of them.
// When one stops without a solution (out of memory, say, or the probe's
// time is up), the others go on with its memory. After 10 s of search,
// three fess variants join for 8 to 17 s each (four feature spaces; a
// sixth space without connectivity; no plan-order space): each solves
// levels the default fess does not.
#pragma once

#include <memory>

#include "level.h"
#include "strategy.h"

namespace soko {

std::unique_ptr<Strategy> makeFessPortfolioStrategy(const Level& level, const SolverOptions& options);

}  // namespace soko
