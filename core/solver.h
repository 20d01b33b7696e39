// The front door to every search strategy, used alike by the CLI, the wasm
// module and the tests. Work happens in slices (`step`), so a caller can show
// progress and cancel between slices without threads.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "level.h"

namespace soko {

enum class SolveStatus {
  Running,      // call step() again
  Solved,       // solution() holds a verified LURD
  Unsolvable,   // the search space was exhausted: no solution exists
  TimedOut,     // the time limit passed
  OutOfMemory,  // the memory budget would have been passed
  Cancelled,    // cancel() was called
  Declined,     // the strategy cannot search this level (message() says why)
  Failed,       // an internal error (message() says what); never expected
};

const char* statusName(SolveStatus s);  // "solved", "timed-out", ...

struct SolverOptions {
  std::string method = "default";            // a name from solverMethods()
  double timeLimitSeconds = 60;              // <= 0: no limit
  uint64_t memoryBudgetBytes = 1ull << 30;   // the strategy's own accounting stays below this
};

// Counters a strategy keeps up to date.
struct SearchStats {
  uint64_t nodes = 0;        // positions expanded
  uint64_t stored = 0;       // positions stored (seen)
  uint64_t memoryBytes = 0;  // bytes in use by the search's tables
  int depth = 0;             // pushes (or pulls) of the deepest or current node
  int bestBound = -1;        // best lower bound / estimate seen, -1 if none
};

struct SolverProgress {
  SearchStats search;
  double seconds = 0;           // time spent inside step()
  double nodesPerSecond = 0;
  uint64_t peakMemoryBytes = 0;
};

// When a slice ends. Strategies poll expired() every few hundred nodes.
class Deadline {
 public:
  using Clock = std::chrono::steady_clock;
  explicit Deadline(Clock::time_point end) : end_(end) {}
  bool expired() const { return Clock::now() >= end_; }

 private:
  Clock::time_point end_;
};

// One search algorithm. Implementations live in core/strategies/.
class Strategy {
 public:
  virtual ~Strategy() = default;
  // Searches until it finishes or the deadline passes (then returns Running).
  // Must return OutOfMemory before its stats().memoryBytes passes the budget.
  virtual SolveStatus run(const Deadline& deadline) = 0;
  // The solution as LURD once run() returned Solved.
  virtual std::string solution() const = 0;
  virtual SearchStats stats() const = 0;
  // Why the strategy declined, or other detail for people; may be "".
  virtual std::string message() const { return ""; }
};

struct StrategyInfo {
  std::string name;         // for --method and the page
  std::string description;  // one line
};
// Every strategy that can be chosen, default first.
std::vector<StrategyInfo> solverMethods();

class Solver {
 public:
  Solver(const Level& level, const SolverOptions& options);
  ~Solver();

  // Works for about sliceMs milliseconds (or to the end of the time limit).
  SolveStatus step(double sliceMs);
  // Runs to completion (the CLI's way).
  SolveStatus solve();
  void cancel();

  SolveStatus status() const { return status_; }
  SolverProgress progress() const;
  const std::string& solution() const { return solution_; }  // verified LURD when Solved
  const std::string& message() const { return message_; }    // for people
  int solutionMoves() const { return moves_; }
  int solutionPushes() const { return pushes_; }

 private:
  void finish(SolveStatus status);

  Level level_;
  SolverOptions options_;
  std::unique_ptr<Strategy> strategy_;
  SolveStatus status_ = SolveStatus::Running;
  std::string solution_;
  std::string message_;
  int moves_ = 0;
  int pushes_ = 0;
  double seconds_ = 0;
  uint64_t peakMemory_ = 0;
};

}  // namespace soko
