// What every search run the module exposes shares (Solver, SinkSolver in
// bindings.cpp, Optimizer in optimizer_bindings.cpp): options read from a
// plain JavaScript object, progress as plain numbers, and JsRunner, the
// steps, status and results of a SearchRunner with out-of-memory caught.
#pragma once

#include <emscripten/heap.h>
#include <emscripten/val.h>

#include <algorithm>
#include <memory>
#include <new>
#include <optional>
#include <string>

#include "format.h"
#include "search_runner.h"
#include "strategy.h"

namespace soko::js {

using emscripten::val;

// Heap the solver must leave free for the rest of the module: the parsed
// level, the game, strings crossing to JavaScript and allocator slack.
inline constexpr double kHeapReserveBytes = 64.0 * 1024 * 1024;

// The first level of `text`, or the reason there is none.
struct OneLevel {
  std::optional<Level> level;
  std::string error;
};
inline OneLevel readOneLevel(const std::string& text) {
  Collection c = parseCollection(text);
  if (!c.levels.empty()) return {std::move(c.levels.front()), ""};
  if (!c.errors.empty()) return {std::nullopt, c.errors.front().describe()};
  return {std::nullopt, "no level found in the text"};
}

// Solver options as JavaScript gives them, a plain object whose fields are
// all optional; bytes and counts as double (Embind in this Emscripten
// cannot carry uint64_t).
struct JsSolverOptions {
  std::string method = "default";
  double timeLimitSeconds = 60;
  double memoryBudgetBytes = static_cast<double>(kDefaultMemoryBudgetBytes);
  double maxNodes = 0;  // positions expanded in all; 0: no limit

  static JsSolverOptions from(const val& o) {
    JsSolverOptions out;
    if (o.isUndefined() || o.isNull()) return out;
    const auto number = [&](const char* name, double& field) {
      val v = o[name];
      if (v.typeOf().as<std::string>() == "number") field = v.as<double>();
    };
    val method = o["method"];
    if (method.typeOf().as<std::string>() == "string") out.method = method.as<std::string>();
    number("timeLimitSeconds", out.timeLimitSeconds);
    number("memoryBudgetBytes", out.memoryBudgetBytes);
    number("maxNodes", out.maxNodes);
    return out;
  }
};

struct JsProgress {
  double nodes = 0, stored = 0, memoryBytes = 0, peakMemoryBytes = 0;
  double seconds = 0, nodesPerSecond = 0;
  int depth = 0, bestBound = -1;
};

// The largest budget this module can honour: the heap cap less a reserve.
inline double heapBudgetCap() {
  return std::max(0.0, static_cast<double>(emscripten_get_heap_max()) - kHeapReserveBytes);
}

// A solver run as JavaScript sees it; Solver and SinkSolver differ only in
// how they read the level and make the run.
class JsRunner {
 public:
  // "running", "solved", "unsolvable", "timed-out", "out-of-memory",
  // "cancelled", "declined", "failed", or "bad-level".
  std::string step(double sliceMs) {
    if (!badLevel_.empty()) return "bad-level";
    if (outOfMemory_ || !runner_) return "out-of-memory";
    try {
      return statusName(runner_->step(sliceMs));
    } catch (const std::bad_alloc&) {
      // The runner catches this too; here for allocations outside the strategy.
      outOfMemory_ = true;
      runner_.reset();
      return "out-of-memory";
    }
  }
  std::string status() const {
    if (!badLevel_.empty()) return "bad-level";
    if (outOfMemory_ || !runner_) return "out-of-memory";
    return statusName(runner_->status());
  }
  void cancel() {
    if (runner_) runner_->cancel();
  }
  JsProgress progress() const {
    JsProgress p;
    if (!runner_) return p;
    SolverProgress s = runner_->progress();
    p.nodes = static_cast<double>(s.search.nodes);
    p.stored = static_cast<double>(s.search.stored);
    p.memoryBytes = static_cast<double>(s.search.memoryBytes);
    p.peakMemoryBytes = static_cast<double>(s.peakMemoryBytes);
    p.seconds = s.seconds;
    p.nodesPerSecond = s.nodesPerSecond;
    p.depth = s.search.depth;
    p.bestBound = s.search.bestBound;
    return p;
  }
  std::string solution() const { return runner_ ? runner_->solution() : ""; }
  std::string message() const {
    if (!badLevel_.empty()) return badLevel_;
    if (outOfMemory_ || !runner_) return "no solution found within the memory budget";
    return runner_->message();
  }
  // The strategy's own words at the end (the CLI's `search:` line).
  std::string searchDetail() const { return runner_ ? runner_->searchDetail() : ""; }
  int moves() const { return runner_ ? runner_->solutionMoves() : 0; }
  int pushes() const { return runner_ ? runner_->solutionPushes() : 0; }

 protected:
  // The budget JavaScript asked for, within what the heap can give.
  static uint64_t budgetBytes(const JsSolverOptions& o) {
    return static_cast<uint64_t>(std::clamp(o.memoryBudgetBytes, 1024.0 * 1024, heapBudgetCap()));
  }
  static uint64_t nodeLimit(const JsSolverOptions& o) {
    return o.maxNodes > 0 ? static_cast<uint64_t>(o.maxNodes) : 0;
  }
  void refuse(const std::string& levelError) { badLevel_ = "bad level: " + levelError; }
  template <class Make>
  void start(Make make) {
    try {
      runner_ = make();
    } catch (const std::bad_alloc&) {
      outOfMemory_ = true;
    }
  }

 private:
  std::unique_ptr<SearchRunner> runner_;
  std::string badLevel_;
  bool outOfMemory_ = false;
};

}  // namespace soko::js
