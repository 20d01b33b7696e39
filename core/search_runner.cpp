#include "search_runner.h"

#include <algorithm>
#include <new>

namespace soko {

SearchRunner::SearchRunner(double timeLimitSeconds, uint64_t maxNodes, Verifier verifier)
    : timeLimitSeconds_(timeLimitSeconds), maxNodes_(maxNodes), verifier_(std::move(verifier)) {}

SearchRunner::~SearchRunner() = default;

// Making the strategy (its level analysis, say) is part of the time to a
// first expansion, so it is counted in seconds_.
void SearchRunner::start(const std::function<std::unique_ptr<Strategy>()>& make) {
  const auto begin = Deadline::Clock::now();
  try {
    strategy_ = make();
  } catch (const std::bad_alloc&) {
    finish(SolveStatus::OutOfMemory);
  }
  seconds_ += std::chrono::duration<double>(Deadline::Clock::now() - begin).count();
}

// Until the first expansion the strategy runs to a node limit of one, so
// that the time it is reached is known; node limits are exact, so the
// search that follows is the same.
SolveStatus SearchRunner::run(const Deadline& deadline, Deadline::Clock::time_point sliceBegin) {
  if (firstExpansionSeconds_ < 0) {
    const Deadline first(deadline.end(), std::min<uint64_t>(deadline.nodeLimit(), 1));
    SolveStatus s = strategy_->run(first);
    if (strategy_->stats().nodes == 0) return s;
    firstExpansionSeconds_ =
        seconds_ + std::chrono::duration<double>(Deadline::Clock::now() - sliceBegin).count();
    if (s != SolveStatus::Running || deadline.reached(strategy_->stats().nodes)) return s;
  }
  return strategy_->run(deadline);
}

void SearchRunner::refuse(SolveStatus status, const std::string& message) {
  status_ = status;
  message_ = message;
}

void SearchRunner::finish(SolveStatus status) {
  describeEnd(status);
  if (keepAnswer_ && status_ != SolveStatus::Solved) keepAnswer();
}

void SearchRunner::describeEnd(SolveStatus status) {
  status_ = status;
  if (strategy_) peakMemory_ = std::max(peakMemory_, strategy_->stats().memoryBytes);
  detail_ = strategy_ ? strategy_->message() : "";
  const std::string& detail = detail_;
  switch (status) {
    case SolveStatus::Solved: {
      solution_ = strategy_->solution();
      VerifyResult v = verifier_(solution_);
      if (!v.solved) {
        status_ = SolveStatus::Failed;
        message_ = "internal error: the solution found does not verify: " + v.describe();
        solution_.clear();
        return;
      }
      moves_ = v.moves;
      pushes_ = v.pushes;
      message_ =
          "solved: " + std::to_string(moves_) + " moves, " + std::to_string(pushes_) + " pushes";
      if (keepAnswer_ && !detail.empty()) message_ += "; " + detail;
      return;
    }
    case SolveStatus::Unsolvable:
      message_ = "the level has no solution" + (detail.empty() ? "" : ": " + detail);
      return;
    case SolveStatus::TimedOut:
      message_ = maxNodes_ && strategy_ && strategy_->stats().nodes >= maxNodes_
                     ? "no solution found within the node limit (" + std::to_string(maxNodes_) +
                           " positions)"
                     : "no solution found within the time limit";
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

void SearchRunner::keepAnswer() {
  if (!strategy_) return;
  std::string answer = strategy_->solution();
  VerifyResult v = verifier_(answer);
  if (!v.solved) return;
  solution_ = std::move(answer);
  moves_ = v.moves;
  pushes_ = v.pushes;
  const char* why = status_ == SolveStatus::TimedOut      ? "stopped by the time or node limit"
                    : status_ == SolveStatus::OutOfMemory ? "stopped by the memory budget"
                    : status_ == SolveStatus::Cancelled   ? "cancelled"
                                                          : nullptr;
  if (why) message_ = why;
  message_ += "; the best solution so far is kept: " + std::to_string(moves_) + " moves, " +
              std::to_string(pushes_) + " pushes";
  if (!detail_.empty() && message_.find(detail_) == std::string::npos)
    message_ += " (" + detail_ + ")";  // the strategy's words, read by describeEnd()
}

SolveStatus SearchRunner::step(double sliceMs) {
  if (status_ != SolveStatus::Running) return status_;
  auto begin = Deadline::Clock::now();
  auto end = begin + std::chrono::microseconds(static_cast<int64_t>(sliceMs * 1000));
  const bool limited = timeLimitSeconds_ > 0;
  if (limited) {
    auto limitEnd = begin + std::chrono::microseconds(
                                static_cast<int64_t>((timeLimitSeconds_ - seconds_) * 1e6));
    end = std::min(end, limitEnd);
  }
  SolveStatus s;
  try {
    s = run(Deadline(end, maxNodes_ ? maxNodes_ : Deadline::kNoNodeLimit), begin);
  } catch (const std::bad_alloc&) {
    s = SolveStatus::OutOfMemory;
  }
  seconds_ += std::chrono::duration<double>(Deadline::Clock::now() - begin).count();
  peakMemory_ = std::max(peakMemory_, strategy_->stats().memoryBytes);
  if (s == SolveStatus::Running && limited && seconds_ >= timeLimitSeconds_)
    s = SolveStatus::TimedOut;
  if (s == SolveStatus::Running && maxNodes_ && strategy_->stats().nodes >= maxNodes_)
    s = SolveStatus::TimedOut;
  if (s != SolveStatus::Running) finish(s);
  return status_;
}

SolveStatus SearchRunner::solve() {
  while (step(1000) == SolveStatus::Running) {
  }
  return status_;
}

void SearchRunner::cancel() {
  if (status_ == SolveStatus::Running) finish(SolveStatus::Cancelled);
}

SolverProgress SearchRunner::progress() const {
  SolverProgress p;
  if (strategy_) p.search = strategy_->stats();
  p.seconds = seconds_;
  p.firstExpansionSeconds = firstExpansionSeconds_;
  p.nodesPerSecond = seconds_ > 0 ? static_cast<double>(p.search.nodes) / seconds_ : 0;
  p.peakMemoryBytes = std::max(peakMemory_, p.search.memoryBytes);
  return p;
}

}  // namespace soko
