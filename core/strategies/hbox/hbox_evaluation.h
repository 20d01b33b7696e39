// How promising a position of hbox's reverse search is: HunEst, the
// Hungarian matching of the boxes to their targets (the boxes' start
// squares) over pull distances, and the six priority measures pri1..pri6
// that order the search's queues.
//
// The matching is kept up to date rather than solved afresh: the expanded
// position's is warm-started from the last one, and each child's is the
// expanded one's repaired for the one box that moved.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "analysis/board.h"
#include "analysis/pull_distances.h"
#include "bounds/hungarian.h"
#include "hbox_method.h"

namespace soko {

struct Priorities {
  std::array<int, 7> pri{};  // pri[1..6], each 0..HboxEvaluation::kMaxPriority
  int hunEst = 0;            // pulls the boxes need at least (0 without the Hungarian estimate)
};

class HboxEvaluation {
 public:
  static constexpr int kMaxPriority = 60;  // pri1..pri6 are clamped to 0..60

  // `targets` (the pull distances' columns), `pd` and `occupied` ([square]
  // != 0 on a box, kept up to date by the search) are the search's and
  // outlive this.
  HboxEvaluation(const Board& board, const std::vector<Square>& targets, const PullDistances& pd,
                 const HboxMethod& method, const uint8_t* occupied);

  // The start position (the boxes on the goals): its matching, the base of
  // pri5 and pri6. False when no one-to-one matching of finite cost exists.
  bool start(const Square* boxes);
  // The expanded position: its matching. Returns its boxes on their
  // assigned target (without the Hungarian estimate: `onTargets`, the boxes
  // on any target).
  int expand(const Square* boxes, int onTargets);
  // A child of the expanded position: its matching starts as the expanded
  // one's; moveBox() repairs it for box i, now on `to`. False when no
  // matching of finite cost is left.
  void beginChild() {
    if (method_.hungarian) hc_.copyMatching(hp_);
  }
  bool moveBox(int i, Square to) {
    return !method_.hungarian || hc_.changeRow(i, matchRow(to)) < Hungarian::kInfinite;
  }
  // The child's pri1..pri6 and HunEst: its boxes in the expanded position's
  // order, `onTargets` of them on targets, `corrals` floor areas. Halfway,
  // pri2..pri5 are left at 0.
  Priorities priorities(const Square* boxes, int onTargets, int corrals, bool halfway) const;

 private:
  void buildMatchCosts();
  const int32_t* matchRow(Square s) const { return &matchCost_[static_cast<size_t>(s) * n_]; }
  int squaredDistances(const Hungarian& h, const Square* boxes) const;

  const Board& board_;
  const std::vector<Square>& targets_;
  const PullDistances& pd_;
  const HboxMethod method_;
  const uint8_t* occupied_;
  const int n_;
  std::vector<uint8_t> doorway_;    // [square] a box there splits the empty board (pri3)
  std::vector<int32_t> matchCost_;  // [square * n + target], see buildMatchCosts()
  int32_t tieScale_ = 1;
  std::vector<const int32_t*> rows_;
  Hungarian hp_, hc_;           // the expanded position's matching, and a child's
  int hunEst0_ = 0, bmx0_ = 0;  // the start position's HunEst and squared distances
};

}  // namespace soko
