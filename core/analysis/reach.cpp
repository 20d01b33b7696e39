#include "reach.h"

#include <algorithm>

namespace soko {

Reach::Reach(const Board& board)
    : board_(board), mark_(board.squareCount(), 0), stack_(board.squareCount() + 1) {}

void Reach::nextStamp() {
  if (++stamp_ == 0) {  // wrapped: clear once every 4 billion fills
    std::fill(mark_.begin(), mark_.end(), 0);
    stamp_ = 1;
  }
}

Square Reach::fillWithSteps(const std::vector<uint8_t>& occupied, Square start,
                            std::vector<int32_t>& steps) {
  nextStamp();
  const uint32_t stamp = stamp_;
  uint32_t* const mark = mark_.data();
  const uint8_t* const occ = occupied.data();
  Square* const queue = stack_.data();
  Square smallest = start;
  mark[start] = stamp;
  steps[start] = 0;
  size_t size = 0;
  queue[size++] = start;
  for (size_t head = 0; head < size; ++head) {
    const Square s = queue[head];
    for (Direction d : kDirections) {
      const Square n = board_.neighbor(s, d);
      if (n == kNoSquare || mark[n] == stamp || occ[n]) continue;
      mark[n] = stamp;
      steps[n] = steps[s] + 1;
      smallest = std::min(smallest, n);
      queue[size++] = n;
    }
  }
  return smallest;
}

Square Reach::fill(const std::vector<uint8_t>& occupied, Square start) {
  nextStamp();
  const uint8_t* const occ = occupied.data();
  Square smallest = start;
  mark_[start] = stamp_;
  floodMarked(
      board_, start, mark_.data(), stamp_, stack_.data(),
      [occ](Square n, Direction) { return !occ[n]; },
      [&smallest](Square n) {
        smallest = std::min(smallest, n);
        return false;
      });
  return smallest;
}

}  // namespace soko
