// Where the player can walk: a flood fill over squares that are not boxes.
// Marks are stamped with a generation counter so clearing costs nothing.
#pragma once

#include <cstdint>
#include <vector>

#include "board.h"

namespace soko {

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

 private:
  void nextStamp();

  const Board& board_;
  std::vector<uint32_t> mark_;  // [square] == stamp_ when reachable
  uint32_t stamp_ = 0;
  std::vector<Square> stack_;  // room for every square: each is stacked once at most
};

}  // namespace soko
