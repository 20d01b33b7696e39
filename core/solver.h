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

struct SolverOptions {
  std::string method = "default";            // a name from solverMethods()
  double timeLimitSeconds = 60;              // <= 0: no limit
  uint64_t memoryBudgetBytes = 1ull << 30;   // the strategy's own accounting stays below this
};

struct StrategyInfo {
  std::string name;         // for --method and the page
  std::string description;  // one line
};
// Every strategy that can be chosen, default first.
std::vector<StrategyInfo> solverMethods();

// A strategy from the registry, run by SearchRunner; solutions are checked
// with verify() before they are reported.
class Solver : public SearchRunner {
 public:
  Solver(const Level& level, const SolverOptions& options);
};

}  // namespace soko
