// Runs one Strategy in time slices: the time and node limits, cancelling, progress,
// out-of-memory (std::bad_alloc or the strategy's own accounting) and the
// final check that a reported solution really solves the level. Solver
// (solver.h) and SinkSolver (sink/sink_solver.h) are this with their own
// strategy and verifier.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "strategy.h"
#include "verify.h"

namespace soko {

class SearchRunner {
 public:
  // Replays a solution the strategy found.
  using Verifier = std::function<VerifyResult(const std::string& lurd)>;

  // maxNodes: positions expanded in all before the run stops (0: no limit).
  SearchRunner(double timeLimitSeconds, uint64_t maxNodes, Verifier verifier);
  virtual ~SearchRunner();
  SearchRunner(const SearchRunner&) = delete;
  SearchRunner& operator=(const SearchRunner&) = delete;

  // Works for about sliceMs milliseconds (or to the end of the time limit).
  SolveStatus step(double sliceMs);
  // Runs to completion (the CLI's way).
  SolveStatus solve();
  void cancel();

  SolveStatus status() const { return status_; }
  SolverProgress progress() const;
  const std::string& solution() const { return solution_; }  // verified LURD when Solved
  const std::string& message() const { return message_; }    // for people
  // The strategy's own words when the run ended (which member of a
  // portfolio found the solution, its counters), unless message() already
  // says them; empty while running.
  std::string searchDetail() const {
    return message_.find(detail_) == std::string::npos ? detail_ : std::string();
  }
  int solutionMoves() const { return moves_; }
  int solutionPushes() const { return pushes_; }

 protected:
  // For the derived constructor: the strategy to run, made by `make`; a
  // bad_alloc while making it ends the run as OutOfMemory.
  void start(const std::function<std::unique_ptr<Strategy>()>& make);
  // Ends the run before it starts (e.g. an unknown method).
  void refuse(SolveStatus status, const std::string& message);
  // For a strategy whose solution() is a usable answer at any time (the
  // optimizer's best so far): when a limit, cancel or a decline ends the
  // run, that answer is still checked and kept.
  void keepAnswerWhenStopped() { keepAnswer_ = true; }

 private:
  void finish(SolveStatus status);
  // The strategy's run within `deadline`, noting when it first expands a position.
  SolveStatus run(const Deadline& deadline, Deadline::Clock::time_point sliceBegin);
  void describeEnd(SolveStatus status);  // status_ and message_
  void keepAnswer();

  bool keepAnswer_ = false;

  double timeLimitSeconds_;
  uint64_t maxNodes_;
  Verifier verifier_;
  std::unique_ptr<Strategy> strategy_;
  SolveStatus status_ = SolveStatus::Running;
  std::string solution_;
  std::string message_;
  std::string detail_;
  int moves_ = 0;
  int pushes_ = 0;
  double seconds_ = 0;
  double firstExpansionSeconds_ = -1;
  uint64_t peakMemory_ = 0;
};

}  // namespace soko
