#include "reach.h"

#include <algorithm>

namespace soko {

Reach::Reach(const Board& board) : board_(board), mark_(board.squareCount(), 0) {
  stack_.reserve(board.squareCount());
}

Square Reach::fill(const std::vector<uint8_t>& occupied, Square start) {
  if (++stamp_ == 0) {  // wrapped: clear once every 4 billion fills
    std::fill(mark_.begin(), mark_.end(), 0);
    stamp_ = 1;
  }
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
