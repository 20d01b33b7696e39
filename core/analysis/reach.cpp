#include "reach.h"

#include <algorithm>

namespace soko {

Reach::Reach(const Board& board) : board_(board), mark_(board.squareCount(), 0) {
  stack_.reserve(board.squareCount());
}

void Reach::nextStamp() {
  if (++stamp_ == 0) {  // wrapped: clear once every 4 billion fills
    std::fill(mark_.begin(), mark_.end(), 0);
    stamp_ = 1;
  }
}

Square Reach::fillWithSteps(const std::vector<uint8_t>& occupied, Square start,
                            std::vector<int32_t>& steps) {
  nextStamp();
  Square smallest = start;
  mark_[start] = stamp_;
  steps[start] = 0;
  stack_.clear();
  stack_.push_back(start);
  for (size_t head = 0; head < stack_.size(); ++head) {  // stack_ as a queue
    const Square s = stack_[head];
    for (Direction d : kDirections) {
      const Square n = board_.neighbor(s, d);
      if (n == kNoSquare || mark_[n] == stamp_ || occupied[n]) continue;
      mark_[n] = stamp_;
      steps[n] = steps[s] + 1;
      smallest = std::min(smallest, n);
      stack_.push_back(n);
    }
  }
  return smallest;
}

Square Reach::fill(const std::vector<uint8_t>& occupied, Square start) {
  nextStamp();
  Square smallest = start;
  mark_[start] = stamp_;
  stack_.clear();
  stack_.push_back(start);
  while (!stack_.empty()) {
    Square s = stack_.back();
    stack_.pop_back();
    for (Direction d : kDirections) {
      Square n = board_.neighbor(s, d);
      if (n == kNoSquare || mark_[n] == stamp_ || occupied[n]) continue;
      mark_[n] = stamp_;
      smallest = std::min(smallest, n);
      stack_.push_back(n);
    }
  }
  return smallest;
}

}  // namespace soko
