// The front door to the solution optimizer (optimizer/optimizer_strategy.h),
// used alike by the CLI, the wasm module and the tests: a level and any
// valid solution in, a solution no longer by the chosen metric out. Run in
// slices like Solver, with the same limits and cancel; when a limit or
// cancel stops it, the best solution found so far is kept, so solution() is
// always at least the one given.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "level.h"
#include "optimizer/metric.h"
#include "optimizer/optimizer_strategy.h"
#include "search_runner.h"
#include "strategy.h"

namespace soko {

struct OptimizerOptions {
  OptimizeMetric metric = OptimizeMetric::Pushes;
  double timeLimitSeconds = 10;  // <= 0: no limit
  uint64_t maxNodes = 0;         // positions expanded in all; 0: no limit
  uint64_t memoryBudgetBytes = kDefaultMemoryBudgetBytes;
  // More solutions of the level (the player's, the file's, earlier ones):
  // the first round searches through their positions too, and the cheapest
  // of all is where the optimizer starts.
  std::vector<std::string> otherSolutions;
};

class Optimizer : public SearchRunner {
 public:
  // An invalid solution, or other solution, is refused: status() Declined,
  // inputError() says which one, which step fails and where.
  Optimizer(const Level& level, const std::string& solution, const OptimizerOptions& options);

  const std::string& inputError() const { return inputError_; }  // "" when the input is valid
  // The figures of the solution given, not of the others.
  int inputMoves() const { return inputMoves_; }
  int inputPushes() const { return inputPushes_; }
  OptimizeMetric metric() const { return metric_; }
  // The best solution so far while the run goes on (each one checked when
  // found), for progress reports; solution() once it has ended.
  std::string bestSoFar() const { return strategy_ ? strategy_->solution() : ""; }
  int bestMovesSoFar() const { return strategy_ ? strategy_->bestMoves() : inputMoves_; }
  int bestPushesSoFar() const { return strategy_ ? strategy_->bestPushes() : inputPushes_; }
  // What is proven about solution(): nothing, the first count, or all of it.
  Proven proven() const { return strategy_ ? strategy_->proven() : Proven::Nothing; }
  int otherSolutions() const { return strategy_ ? strategy_->otherSolutions() : 0; }

 private:
  OptimizeMetric metric_;
  std::string inputError_;
  int inputMoves_ = 0, inputPushes_ = 0;
  OptimizerStrategy* strategy_ = nullptr;  // owned by SearchRunner
};

}  // namespace soko
