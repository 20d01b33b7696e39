// The Hungarian push bound towards one fixed set of target squares (a
// later position of a solution, not the goals): each box's pushes to each
// target on the board with walls only, matched one to one. Computed for a
// parent once, then for each child by repairing the one row that changed.
#pragma once

#include <cstdint>
#include <vector>

#include "analysis/pull_distances.h"
#include "hungarian.h"

namespace soko {

class TargetMatching {
 public:
  // `between`: a PullDistances over every square, so that distance(t, s)
  // is the pushes from s to t; `targets`: as many squares as boxes.
  TargetMatching(const PullDistances& between, int squareCount, const std::vector<Square>& targets);

  // The bound of a position; remembered as the parent for child().
  // >= Hungarian::kInfinite: some box can reach no free target.
  int32_t parent(const Square* boxes);
  // The parent's bound with box `index` (parent order) moved to `to`.
  int32_t child(int index, Square to);

 private:
  const int32_t* row(Square s) const { return &cost_[static_cast<size_t>(s) * n_]; }

  int n_;
  std::vector<int32_t> cost_;  // [square * n + target]
  std::vector<const int32_t*> rows_;
  Hungarian parent_, child_;
};

}  // namespace soko
