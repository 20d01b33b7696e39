#include "solver.h"

#include "strategies/registry.h"
#include "verify.h"

namespace soko {

const char* statusName(SolveStatus s) {
  switch (s) {
    case SolveStatus::Running:
      return "running";
    case SolveStatus::Solved:
      return "solved";
    case SolveStatus::Unsolvable:
      return "unsolvable";
    case SolveStatus::TimedOut:
      return "timed-out";
    case SolveStatus::OutOfMemory:
      return "out-of-memory";
    case SolveStatus::Cancelled:
      return "cancelled";
    case SolveStatus::Declined:
      return "declined";
    case SolveStatus::Failed:
      return "failed";
  }
  return "unknown";
}

std::vector<StrategyInfo> solverMethods() {
  std::vector<StrategyInfo> out;
  for (const StrategyEntry& e : strategyRegistry()) out.push_back(e.info);
  return out;
}

Solver::Solver(const Level& level, const SolverOptions& options)
    : SearchRunner(options.timeLimitSeconds, options.maxNodes,
                   [level](const std::string& lurd) { return verify(level, lurd); }) {
  const StrategyEntry* entry = findStrategy(options.method);
  if (!entry) {
    refuse(SolveStatus::Declined, "unknown method '" + options.method + "'");
    return;
  }
  start([&] { return entry->make(level, options); });
}

}  // namespace soko
