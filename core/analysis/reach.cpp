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
  filled_ = floodMarked(
      board_, start, mark_.data(), stamp_, stack_.data(),
      [occ](Square n, Direction) { return !occ[n]; },
      [&smallest](Square n) {
        smallest = std::min(smallest, n);
        return false;
      });
  return smallest;
}

bool blockingKeepsJoined(const Board& board, const uint8_t* occupied, Square s, Square ignore) {
  // Ring: N NE E SE S SW W NW; diagonals via whichever side square exists.
  static constexpr Direction kRing[4] = {Direction::Up, Direction::Right, Direction::Down,
                                         Direction::Left};
  Square ring[8];
  for (int k = 0; k < 4; ++k) {
    Direction a = kRing[k], b = kRing[(k + 1) & 3];
    Square side = board.neighbor(s, a), other = board.neighbor(s, b);
    ring[2 * k] = side;
    Square diag = side != kNoSquare ? board.neighbor(side, b) : kNoSquare;
    if (diag == kNoSquare && other != kNoSquare) diag = board.neighbor(other, a);
    ring[2 * k + 1] = diag;
  }
  bool free[8];
  for (int k = 0; k < 8; ++k)
    free[k] = ring[k] != kNoSquare && ring[k] != ignore && !occupied[ring[k]];
  int start = -1;
  for (int k = 0; k < 8; ++k)
    if (!free[k]) start = k;
  if (start < 0) return true;  // all free
  int runsWithSide = 0;
  bool inRun = false, runHasSide = false;
  for (int step = 1; step <= 8; ++step) {
    int k = (start + step) & 7;
    if (free[k]) {
      if (!inRun) inRun = true, runHasSide = false;
      if ((k & 1) == 0) runHasSide = true;
    } else if (inRun) {
      inRun = false;
      runsWithSide += runHasSide;
    }
  }
  if (inRun) runsWithSide += runHasSide;
  return runsWithSide <= 1;
}

}  // namespace soko
