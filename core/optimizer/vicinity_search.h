// One exact search of the optimizer: the cheapest way by the metric from the
// start to a solved position, through box configurations within k of the
// vicinity (k >= the box count: through any configuration, which proves the
// answer optimal). Best-first over pushes, the player's exact square kept
// (a position after a push is the boxes and the square the pushed box left),
// each push costing its walk (fewest steps, around the boxes) plus one move.
//
// Ordered by f = (first count + the Hungarian push bound when there is one,
// second count): the push bound is consistent and never more than the
// remaining pushes or moves, so the first solved position taken is the
// cheapest. Positions no cheaper than the incumbent are never stored, so an
// exhausted search proves there is nothing cheaper within the vicinity.
#pragma once

#include <cstdint>
#include <memory>
#include <queue>
#include <vector>

#include "analysis/board.h"
#include "analysis/push_distances.h"
#include "analysis/zobrist.h"
#include "bounds/matching_bound.h"
#include "metric.h"
#include "search/best_first.h"
#include "search/moves.h"
#include "search/node_store.h"
#include "search/relinked_parents.h"
#include "search/solution.h"
#include "strategy.h"
#include "vicinity.h"

namespace soko {

// What a VicinitySearch reads and does not own.
struct VicinityTables {
  const Board& board;
  const std::vector<uint8_t>& dead;  // [square] dead for pushes
  const PushDistances* distances;    // the goals' push distances, or nullptr (no bound)
  const Zobrist& zobrist;
};

// How wide a search's vicinity is: k boxes moved, each within `radius`.
struct VicinityWidth {
  int k = 0;
  int radius = Vicinity::kAnyDistance;
};

class VicinitySearch {
 public:
  VicinitySearch(const VicinityTables& tables, const Vicinity& vicinity, VicinityWidth width,
                 OptimizeMetric metric, Cost incumbent, uint64_t budgetBytes);

  // Expands positions until the deadline, whose node limit counts
  // `nodesBefore` + this search's expansions. Running; Solved (a cheaper
  // solution: pushes() and cost()); Unsolvable (nothing cheaper within the
  // vicinity); OutOfMemory.
  SolveStatus run(const Deadline& deadline, uint64_t nodesBefore);

  const std::vector<PushStep>& pushes() const { return pushes_; }
  Cost cost() const { return cost_; }
  uint64_t nodes() const { return expanded_; }
  uint64_t stored() const { return store_.size(); }
  uint64_t memoryBytes() const;

 private:
  struct Item {
    uint64_t key;  // f first count << 32 | second count
    uint32_t id;
    bool operator<(const Item& o) const { return key > o.key || (key == o.key && id > o.id); }
  };

  bool start();
  void expand(uint32_t id);
  void offer(uint32_t parent, const BoxMove& m);
  bool solved(const Square* boxes) const;
  uint64_t keyOf(uint32_t id) const {
    return (static_cast<uint64_t>(first_[id] + bound_[id]) << 32) | second_[id];
  }
  bool pop(uint32_t& id);

  const VicinityTables& tables_;
  const Board& board_;
  const Vicinity& vicinity_;
  VicinityWidth width_;
  OptimizeMetric metric_;
  Cost incumbent_;
  uint64_t budget_;
  NodeStore store_;
  MoveGenerator moves_;
  std::unique_ptr<MatchingBound> matching_;  // when tables_.distances is set
  std::vector<uint32_t> first_, second_;     // [node] the costs so far, in the metric's order
  std::vector<uint32_t> bound_;              // [node] the push bound, 0 without distances
  std::priority_queue<Item> open_;
  ClosedSet closed_;
  RelinkedParents relinked_;
  std::vector<Square> parent_, child_;  // scratch
  bool started_ = false;
  uint64_t expanded_ = 0;
  std::vector<PushStep> pushes_;
  Cost cost_;
};

}  // namespace soko
