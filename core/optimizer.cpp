#include "optimizer.h"

#include <memory>

#include "optimizer/solution_path.h"
#include "verify.h"

namespace soko {

Optimizer::Optimizer(const Level& level, const std::string& solution,
                     const OptimizerOptions& options)
    : SearchRunner(options.timeLimitSeconds, options.maxNodes,
                   [level](const std::string& lurd) { return verify(level, lurd); }),
      metric_(options.metric) {
  CheckedSolution c = checkSolution(level, solution);
  inputMoves_ = c.moves;
  inputPushes_ = c.pushes;
  if (!c.ok()) {
    inputError_ = c.error;
    refuse(SolveStatus::Declined, c.error);
    return;
  }
  std::vector<std::string> others;
  for (size_t i = 0; i < options.otherSolutions.size(); ++i) {
    CheckedSolution other = checkSolution(level, options.otherSolutions[i]);
    if (!other.ok()) {
      inputError_ = "other solution " + std::to_string(i + 1) + ": " + other.error;
      refuse(SolveStatus::Declined, inputError_);
      return;
    }
    others.push_back(std::move(other.steps));
  }
  keepAnswerWhenStopped();
  start([&] {
    auto s = std::make_unique<OptimizerStrategy>(level, c.steps, c.moves, c.pushes, options.metric,
                                                 options.memoryBudgetBytes, std::move(others));
    strategy_ = s.get();
    return s;
  });
}

}  // namespace soko
