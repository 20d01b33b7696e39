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
  std::string method = "default";  // a name from solverMethods()
  double timeLimitSeconds = 60;    // <= 0: no limit
  uint64_t maxNodes = 0;           // positions expanded in all; 0: no limit
  uint64_t memoryBudgetBytes =
      kDefaultMemoryBudgetBytes;  // the strategy's own accounting stays below this
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
  double seconds = 0;  // time spent making the strategy and inside step()
  // The seconds before the strategy first expanded a position (its tables
  // built); -1 until it has.
  double firstExpansionSeconds = -1;
  double nodesPerSecond = 0;
  uint64_t peakMemoryBytes = 0;
};

// When a slice ends: at a point in time, or once the strategy has expanded
// `nodeLimit` positions in all (its stats().nodes), whichever comes first.
// The node limit is exact, so where a search pauses or stops never depends
// on the clock: the same level and options give the same search.
class Deadline {
 public:
  using Clock = std::chrono::steady_clock;
  static constexpr uint64_t kNoNodeLimit = ~uint64_t{0};

  explicit Deadline(Clock::time_point end, uint64_t nodeLimit = kNoNodeLimit)
      : end_(end), nodeLimit_(nodeLimit) {}
  bool expired() const { return Clock::now() >= end_; }
  bool nodesReached(uint64_t nodes) const { return nodes >= nodeLimit_; }
  // Before each expansion: the node limit, or the clock.
  bool reached(uint64_t nodes) const { return nodesReached(nodes) || expired(); }
  Clock::time_point end() const { return end_; }
  uint64_t nodeLimit() const { return nodeLimit_; }

 private:
  Clock::time_point end_;
  uint64_t nodeLimit_;  // positions expanded in all
};

// How often a search reads the clock: once per mask + 1 expansions. A read
// is cheap natively but a call out to JavaScript in WebAssembly (2 % of
// hbox's time there when read before every expansion). 256 on ordinary
// levels, fewer where one expansion floods a large board once per box, so
// that a slice still ends soon after its time.
inline uint64_t clockMask(int boxes, int squares) {
  const uint64_t work = static_cast<uint64_t>(boxes + 1) * squares;  // squares flooded, about
  uint64_t every = 256;
  while (every > 1 && every * work > (uint64_t{1} << 22)) every /= 2;
  return every - 1;
}

// One search algorithm. Implementations live in core/strategies/.
class Strategy {
 public:
  virtual ~Strategy() = default;
  // Searches until it finishes or the deadline is reached (then returns
  // Running); expands no position once stats().nodes reaches its node limit.
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
  // After run() returned OutOfMemory: true when it stopped before starting
  // an expansion, so that with a larger budget it goes on where it was
  // (a portfolio may free another member's memory for it).
  virtual bool resumesWithMoreMemory() const { return false; }
  // Its side of a bidirectional meeting (search/meeting.h), or nullptr.
  virtual MeetingSide* meetingSide() { return nullptr; }
};

}  // namespace soko
