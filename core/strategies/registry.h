// The list of strategies the Solver facade can run, by name. A new strategy
// adds one entry in registry.cpp.
#pragma once

#include <functional>
#include <memory>
#include <vector>

#include "level.h"
#include "strategy.h"

namespace soko {

struct StrategyEntry {
  StrategyInfo info;
  std::function<std::unique_ptr<Strategy>(const Level&, const SolverOptions&)> make;
};

// Default strategy first.
const std::vector<StrategyEntry>& strategyRegistry();
// The entry for a method name ("default" is the first), or nullptr.
const StrategyEntry* findStrategy(const std::string& method);

}  // namespace soko
