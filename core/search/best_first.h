// What the best-first searches over pushes share (astar, astar-moves and
// greedy, and the sink solver's A*): the closed marks, taking the next open
// position from a bucket queue, and the loop that expands positions until a
// goal, the deadline or the memory budget.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "bucket_queue.h"
#include "strategy.h"

namespace soko {

// Stored positions expanded already: a later queue entry for one is stale.
class ClosedSet {
 public:
  bool has(uint32_t id) const { return id < marks_.size() && marks_[id]; }
  // Marks `id` (of `stored` positions); false when it was marked already.
  bool close(uint32_t id, uint32_t stored) {
    if (marks_.size() <= id) marks_.resize(stored, 0);
    if (marks_[id]) return false;
    marks_[id] = 1;
    return true;
  }
  uint64_t memoryBytes() const { return marks_.capacity(); }

 private:
  std::vector<uint8_t> marks_;  // [node]
};

// The next position of `queue` to expand, closed on the way out: entries for
// which stale(id, primary) holds (queued again since by a cheaper path) and
// closed positions are skipped. False when the queue is empty.
template <class Stale>
bool popOpen(BucketQueue& queue, ClosedSet& closed, uint32_t stored, uint32_t& id, Stale stale) {
  for (;;) {
    int primary, secondary;
    if (!queue.pop(id, primary, secondary)) return false;
    if (stale(id, primary)) continue;
    if (closed.close(id, stored)) return true;
  }
}

// The loop of a best-first search: before each expansion the node limit and
// the clock, every 128th the memory; the next open position; a goal ends the
// search. `Search` provides expanded() (positions expanded so far),
// overBudget(), pop(id), isGoal(id), finish(id) (the status once a goal is
// taken), expand(id) (a status when the search ends there) and exhausted()
// (the status, and the message, when no open position is left).
template <class Search>
SolveStatus runBestFirst(Search& search, const Deadline& deadline) {
  for (;;) {
    const uint64_t expanded = search.expanded();
    if (deadline.reached(expanded)) return SolveStatus::Running;
    if ((expanded & 127) == 0 && search.overBudget()) return SolveStatus::OutOfMemory;
    uint32_t id;
    if (!search.pop(id)) return search.exhausted();
    if (search.isGoal(id)) return search.finish(id);
    if (const std::optional<SolveStatus> s = search.expand(id)) return *s;
  }
}

}  // namespace soko
