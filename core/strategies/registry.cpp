#include "registry.h"

#include "bfs.h"

namespace soko {

const std::vector<StrategyEntry>& strategyRegistry() {
  static const std::vector<StrategyEntry> entries = {
      {{"bfs", "breadth-first over pushes, forward: fewest pushes, slow on large levels"},
       [](const Level& level, const SolverOptions& o) { return makeBfsStrategy(level, o.memoryBudgetBytes); }},
  };
  return entries;
}

const StrategyEntry* findStrategy(const std::string& method) {
  const auto& entries = strategyRegistry();
  if (method.empty() || method == "default") return &entries.front();
  for (const StrategyEntry& e : entries)
    if (e.info.name == method) return &e;
  return nullptr;
}

}  // namespace soko
