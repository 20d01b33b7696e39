// Where the player can walk: a flood fill over squares that are not boxes.
// Marks are stamped with a generation counter so clearing costs nothing.
#pragma once

#include <cstdint>
#include <vector>

#include "board.h"

namespace soko {

// The depth-first flood the stamped floods share: from `start` (marked by
// the caller) to the neighbours n, in direction d, where open(n, d) holds,
// marking each with `stamp` as it is stacked and then calling visit(n);
// stops early when visit returns true. `stack` has room for every square
// (each is stacked once at most). Returns the squares taken off the stack,
// for callers that count their work. Plain arrays and locals: it runs for
// every position.
template <class Open, class Visit>
size_t floodMarked(const Board& board, Square start, uint32_t* mark, uint32_t stamp, Square* stack,
                   Open open, Visit visit) {
  size_t top = 0, popped = 0;
  stack[top++] = start;
  while (top > 0) {
    const Square s = stack[--top];
    ++popped;
    for (Direction d : kDirections) {
      const Square n = board.neighbor(s, d);
      if (n == kNoSquare || mark[n] == stamp || !open(n, d)) continue;
      mark[n] = stamp;
      stack[top++] = n;
      if (visit(n)) return popped;
    }
  }
  return popped;
}

// Does putting a box on `s` keep its free neighbours joined? True when they
// all lie in one run of free squares round s's eight neighbours, so no floor
// area splits (a local test: false says nothing). `occupied[q]` != 0 marks
// a box; `ignore` counts as blocked.
bool blockingKeepsJoined(const Board& board, const uint8_t* occupied, Square s,
                         Square ignore = kNoSquare);

class Reach {
 public:
  explicit Reach(const Board& board);

  // Floods from `start`; `occupied[s]` != 0 marks boxes. Returns the smallest
  // reachable square: the player's normalised position for duplicate checks.
  Square fill(const std::vector<uint8_t>& occupied, Square start);
  // The same flood breadth-first, also giving each reachable square's steps
  // from `start` in `steps` (other squares' entries are left as they were).
  Square fillWithSteps(const std::vector<uint8_t>& occupied, Square start,
                       std::vector<int32_t>& steps);
  bool reachable(Square s) const { return mark_[s] == stamp_; }
  // How many squares the last fill() reached (its work).
  size_t filledCount() const { return filled_; }

 private:
  void nextStamp();

  const Board& board_;
  std::vector<uint32_t> mark_;  // [square] == stamp_ when reachable
  uint32_t stamp_ = 0;
  std::vector<Square> stack_;  // room for every square: each is stacked once at most
  size_t filled_ = 0;
};

}  // namespace soko
