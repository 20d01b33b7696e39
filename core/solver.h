// The front door to every search strategy, used alike by the CLI, the wasm
// module and the tests. Work happens in slices (`step`), so a caller can show
// progress and cancel between slices without threads.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "level.h"
#include "search_runner.h"
#include "strategy.h"

namespace soko {

// Every strategy that can be chosen, default first.
std::vector<StrategyInfo> solverMethods();

// A strategy from the registry, run by SearchRunner; solutions are checked
// with verify() before they are reported.
class Solver : public SearchRunner {
 public:
  Solver(const Level& level, const SolverOptions& options);
};

}  // namespace soko
