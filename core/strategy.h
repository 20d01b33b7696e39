// What every search strategy is: searched in slices until a deadline,
// reporting a status, counters and, once solved, a LURD solution.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace soko {

class MeetingSide;

// The memory budget when the caller names none: what a browser tab can
// spare beside the page (the CLI and the benchmarks pass --memory).
inline constexpr uint64_t kDefaultMemoryBudgetBytes = 512ull << 20;

// How a strategy is asked to search: which one, and its limits.
struct SolverOptions {
  std::string method = "default";            // a name from solverMethods()
  double timeLimitSeconds = 60;              // <= 0: no limit
  uint64_t memoryBudgetBytes = kDefaultMemoryBudgetBytes;  // the strategy's own accounting stays below this
};

struct StrategyInfo {
  std::string name;         // for --method and the page
  std::string description;  // one line
};

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
  Clock::time_point end() const { return end_; }

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
  // A new memory budget from now on (a portfolio hands a finished member's
  // memory to the one still searching). False when the strategy keeps the
  // budget it was made with.
  virtual bool setMemoryBudget(uint64_t /*bytes*/) { return false; }
  // Its side of a bidirectional meeting (search/meeting.h), or nullptr.
  virtual MeetingSide* meetingSide() { return nullptr; }
};

}  // namespace soko
