#include "matching_bound.h"

namespace soko {

MatchingBound::MatchingBound(int boxCount, const PushDistances& distances)
    : distances_(distances),
      n_(boxCount),
      parentBoxes_(n_),
      parentRows_(n_),
      parentMatch_(n_),
      childMatch_(n_) {}

int32_t MatchingBound::parent(const Square* boxes, Square player) {
  for (int i = 0; i < n_; ++i) {
    parentBoxes_[i] = boxes[i];
    parentRows_[i] = distances_.rowFor(boxes[i], player);
  }
  return parentMatch_.solve(parentRows_.data());
}

int32_t MatchingBound::child(int index, Square to, Square player) {
  childMatch_.copyMatching(parentMatch_);
  for (int i = 0; i < n_; ++i) {
    const int32_t* row = distances_.rowFor(i == index ? to : parentBoxes_[i], player);
    if (row != parentRows_[i]) childMatch_.changeRow(i, row);
  }
  return childMatch_.total();
}

}  // namespace soko
