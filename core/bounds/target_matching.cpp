#include "target_matching.h"

#include <algorithm>

namespace soko {

TargetMatching::TargetMatching(const PullDistances& between, int squareCount,
                               const std::vector<Square>& targets)
    : n_(static_cast<int>(targets.size())),
      cost_(static_cast<size_t>(squareCount) * targets.size()),
      rows_(targets.size()),
      parent_(n_),
      child_(n_) {
  for (int s = 0; s < squareCount; ++s)
    for (int t = 0; t < n_; ++t)
      cost_[static_cast<size_t>(s) * n_ + t] =
          std::min(between.distance(targets[t], static_cast<Square>(s)), Hungarian::kInfinite);
}

int32_t TargetMatching::parent(const Square* boxes) {
  for (int i = 0; i < n_; ++i) rows_[i] = row(boxes[i]);
  return parent_.solveWarm(rows_.data());
}

int32_t TargetMatching::child(int index, Square to) {
  child_.copyMatching(parent_);
  return child_.changeRow(index, row(to));
}

}  // namespace soko
