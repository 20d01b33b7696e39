// Pull distances for reverse search: how many pulls a lone box needs to go
// from a square to each target (the start squares of the boxes), on the board
// with walls only. Pulling a box from s to t is pushing it from t to s, so
// each target gets one push breadth-first search over (box square, player
// side) states, where the player may change sides when the two sides are
// connected around the box. Every real sequence of pulls is at least this
// long, so a matching over these costs is an admissible estimate.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "board.h"

namespace soko {

class PullDistances {
 public:
  static constexpr int32_t kUnreachable = 1 << 20;  // equals Hungarian::kInfinite

  // `targets`: the squares boxes must reach (one column each).
  PullDistances(const Board& board, const std::vector<Square>& targets);

  int targetCount() const { return targets_; }
  // Row of target costs for a box on square s: targetCount() values.
  const int32_t* row(Square s) const { return &cost_[static_cast<size_t>(s) * targets_]; }
  int32_t distance(Square s, int target) const { return row(s)[target]; }
  int32_t nearest(Square s) const { return nearest_[s]; }  // to any target, kUnreachable if none
  bool dead(Square s) const { return nearest_[s] >= kUnreachable; }

 private:
  int targets_;
  std::vector<int32_t> cost_;     // [square * targets + target]
  std::vector<int32_t> nearest_;  // [square]
};

// For every square, which of its four neighbours are still connected to each
// other when a box stands on it (walls only otherwise): side[s][d] is a
// component label, equal labels mean the player can walk between those sides.
std::vector<std::array<uint8_t, 4>> sidesAroundBox(const Board& board);

// Squares whose removal splits the empty board's floor into more parts
// (articulation points): a box on one closes a doorway between rooms.
std::vector<uint8_t> doorwaySquares(const Board& board);

}  // namespace soko
