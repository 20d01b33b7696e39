#include "solver.h"

#include <new>

#include "strategies/registry.h"
#include "verify.h"

namespace soko {

const char* statusName(SolveStatus s) {
  switch (s) {
    case SolveStatus::Running: return "running";
    case SolveStatus::Solved: return "solved";
    case SolveStatus::Unsolvable: return "unsolvable";
    case SolveStatus::TimedOut: return "timed-out";
    case SolveStatus::OutOfMemory: return "out-of-memory";
    case SolveStatus::Cancelled: return "cancelled";
    case SolveStatus::Declined: return "declined";
    case SolveStatus::Failed: return "failed";
  }
  return "unknown";
}

std::vector<StrategyInfo> solverMethods() {
  std::vector<StrategyInfo> out;
  for (const StrategyEntry& e : strategyRegistry()) out.push_back(e.info);
  return out;
}

Solver::Solver(const Level& level, const SolverOptions& options) : level_(level), options_(options) {
  const StrategyEntry* entry = findStrategy(options.method);
  if (!entry) {
    status_ = SolveStatus::Declined;
    message_ = "unknown method '" + options.method + "'";
    return;
  }
  try {
    strategy_ = entry->make(level_, options_);
  } catch (const std::bad_alloc&) {
    finish(SolveStatus::OutOfMemory);
  }
}

Solver::~Solver() = default;

void Solver::finish(SolveStatus status) {
  status_ = status;
  if (strategy_) peakMemory_ = std::max(peakMemory_, strategy_->stats().memoryBytes);
  std::string detail = strategy_ ? strategy_->message() : "";
  switch (status) {
    case SolveStatus::Solved: {
      solution_ = strategy_->solution();
      VerifyResult v = verify(level_, solution_);
      if (!v.solved) {
        status_ = SolveStatus::Failed;
        message_ = "internal error: the solution found does not verify: " + v.describe();
        solution_.clear();
        return;
      }
      moves_ = v.moves;
      pushes_ = v.pushes;
      message_ = "solved: " + std::to_string(moves_) + " moves, " + std::to_string(pushes_) + " pushes";
      return;
    }
    case SolveStatus::Unsolvable:
      message_ = "the level has no solution" + (detail.empty() ? "" : ": " + detail);
      return;
    case SolveStatus::TimedOut:
      message_ = "no solution found within the time limit";
      return;
    case SolveStatus::OutOfMemory:
      message_ = "no solution found within the memory budget";
      return;
    case SolveStatus::Cancelled:
      message_ = "cancelled";
      return;
    case SolveStatus::Declined:
      message_ = "the solver cannot search this level" + (detail.empty() ? "" : ": " + detail);
      return;
    default:
      message_ = detail;
  }
}

SolveStatus Solver::step(double sliceMs) {
  if (status_ != SolveStatus::Running) return status_;
  auto begin = Deadline::Clock::now();
  auto end = begin + std::chrono::microseconds(static_cast<int64_t>(sliceMs * 1000));
  bool limited = options_.timeLimitSeconds > 0;
  if (limited) {
    auto limitEnd = begin + std::chrono::microseconds(
                                static_cast<int64_t>((options_.timeLimitSeconds - seconds_) * 1e6));
    if (limitEnd < end) end = limitEnd;
  }
  SolveStatus s;
  try {
    s = strategy_->run(Deadline(end));
  } catch (const std::bad_alloc&) {
    s = SolveStatus::OutOfMemory;
  }
  seconds_ += std::chrono::duration<double>(Deadline::Clock::now() - begin).count();
  peakMemory_ = std::max(peakMemory_, strategy_->stats().memoryBytes);
  if (s == SolveStatus::Running && limited && seconds_ >= options_.timeLimitSeconds) s = SolveStatus::TimedOut;
  if (s != SolveStatus::Running) finish(s);
  return status_;
}

SolveStatus Solver::solve() {
  while (step(1000) == SolveStatus::Running) {
  }
  return status_;
}

void Solver::cancel() {
  if (status_ == SolveStatus::Running) finish(SolveStatus::Cancelled);
}

SolverProgress Solver::progress() const {
  SolverProgress p;
  if (strategy_) p.search = strategy_->stats();
  p.seconds = seconds_;
  p.nodesPerSecond = seconds_ > 0 ? static_cast<double>(p.search.nodes) / seconds_ : 0;
  p.peakMemoryBytes = std::max(peakMemory_, p.search.memoryBytes);
  return p;
}

}  // namespace soko
