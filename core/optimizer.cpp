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
  keepAnswerWhenStopped();
  start([&] {
    auto s = std::make_unique<OptimizerStrategy>(level, c.steps, c.moves, c.pushes, options.metric,
                                                 options.memoryBudgetBytes);
    strategy_ = s.get();
    return s;
  });
}

}  // namespace soko
