// One exact search of the optimizer: the cheapest way by the metric from the
// start to a solved position, through box configurations within k of the
// vicinity (k >= the box count: through any configuration, which proves the
// answer optimal); or, for a window of the best solution (SearchEnds), from
// one of its positions to a later one. Best-first over pushes, the player's exact square kept
// (a position after a push is the boxes and the square the pushed box left),
// each push costing its walk (fewest steps, around the boxes) plus one move.
//
// Ordered by f = (first count + a push bound, second count): the Hungarian
// push bound, or the sum of each box's pushes to its nearest goal (cheaper,
// weaker); each is consistent and never more than the remaining pushes or
// moves, so the first solved position taken is the cheapest. Positions no cheaper than the
// incumbent are never stored, so an exhausted search proves there is nothing cheaper within the
// vicinity.
#pragma once

#include <cstdint>
#include <memory>
#include <queue>
#include <vector>

#include "analysis/board.h"
#include "analysis/pull_distances.h"
#include "analysis/push_distances.h"
#include "analysis/zobrist.h"
#include "bounds/matching_bound.h"
#include "bounds/target_matching.h"
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
  // Pushes a lone box needs between any two squares: distance(t, s) from s
  // to t (a PullDistances over every square). nullptr: no windows.
  const PullDistances* squareDistances = nullptr;
};

// Where a search starts and what it must reach. Without target boxes: from
// the level's start to any solved position. A window of the best solution:
// from one of its positions to the boxes of a later one with the player
// free to walk to that one's square (the walk counted), bounded by the
// boxes' pushes to those squares matched one to one (TargetMatching); the
// search then stops at a node limit the caller sets.
struct SearchEnds {
  std::vector<Square> startBoxes;
  Square startPlayer = kNoSquare;
  std::vector<Square> targetBoxes;  // sorted; empty: every box on a goal
  Square targetPlayer = kNoSquare;
  static SearchEnds level(const Board& board) {
    return {board.startBoxes(), board.startPlayer(), {}, kNoSquare};
  }
};

// How wide a search's vicinity is: k boxes moved, each within `radius`.
struct VicinityWidth {
  int k = 0;
  int radius = Vicinity::kAnyDistance;
};

class VicinitySearch {
 public:
  VicinitySearch(const VicinityTables& tables, const Vicinity& vicinity, VicinityWidth width,
                 OptimizeMetric metric, Cost incumbent, uint64_t budgetBytes, SearchEnds ends);

  // Expands positions until the deadline, whose node limit counts
  // `nodesBefore` + this search's expansions. Running; Solved (a cheaper
  // solution, or window: pushes() and cost()); Unsolvable (nothing cheaper
  // within the vicinity); OutOfMemory.
  SolveStatus run(const Deadline& deadline, uint64_t nodesBefore);

  // A window stopped early: true (pushes() and cost() set) when it had
  // already found a way cheaper than the incumbent.
  bool answerSoFar();
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
  bool windowed() const { return !ends_.targetBoxes.empty(); }
  void fillNearest(const std::vector<Square>& targets);
  void prepareWindow();
  uint32_t nearestTargetSum(const Square* boxes) const;
  // A child on the window's target boxes: kept as the answer when cheaper.
  void reachTarget(uint32_t id, uint32_t first, uint32_t second, Square player);
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
  SearchEnds ends_;
  // [square] pushes to the nearest goal; empty when a Hungarian bound (or
  // none) is used.
  std::vector<int32_t> nearest_;
  std::unique_ptr<TargetMatching> target_;  // a window's bound
  std::vector<int32_t> walk_;  // [square] steps to the target player in the target boxes, -1 none
  uint32_t found_ = NodeStore::kNone;  // a window's cheapest node on the target so far
};

}  // namespace soko
