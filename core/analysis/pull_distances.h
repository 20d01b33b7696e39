// Pull distances for reverse search: how many pulls a lone box needs to go
// from a square to each target (the start squares of the boxes), on the board
// with walls only. Pulling a box from s to t is pushing it from t to s, so
// each target gets one push breadth-first search over (box square, player
// side) states, where the player may change sides when the two sides are
// connected around the box. Every real sequence of pulls is at least this
// long, so a matching over these costs is an admissible estimate.
//
// The table is built a target at a time (buildPiece), so a strategy can
// build it inside its time slices (preparation.h).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "board.h"
#include "paged_table.h"

namespace soko {

class PullDistances {
 public:
  static constexpr int32_t kUnreachable = 1 << 20;  // equals Hungarian::kInfinite

  // `targets`: the squares boxes must reach (one column each). With
  // `inPieces`, nothing is computed yet: call buildPiece() until it
  // returns true; otherwise the table is complete on return.
  PullDistances(const Board& board, const std::vector<Square>& targets, bool inPieces = false);

  // The bytes the table takes for this many squares and targets.
  static uint64_t bytesFor(int squares, int targets);
  // Computes the next target's column (the first call also the sides
  // around each square); true once every target is done.
  bool buildPiece();
  bool complete() const { return cost_.filled() && next_ == targets_; }
  uint64_t memoryBytes() const;

  int targetCount() const { return static_cast<int>(targets_); }
  // Row of target costs for a box on square s: targetCount() values.
  const int32_t* row(Square s) const { return &cost_[static_cast<size_t>(s) * targets_]; }
  int32_t distance(Square s, int target) const { return row(s)[target]; }
  int32_t nearest(Square s) const { return nearest_[s]; }  // to any target, kUnreachable if none
  bool dead(Square s) const { return nearest_[s] >= kUnreachable; }

 private:
  void buildColumn(size_t t);

  const Board& board_;
  std::vector<Square> targetSquares_;
  size_t targets_;                             // targetSquares_.size()
  size_t next_ = 0;                            // targets done
  std::vector<std::array<uint8_t, 4>> sides_;  // sidesAroundBox, until complete
  PagedTable cost_;               // [square * targets + target], written column by column
  std::vector<int32_t> nearest_;  // [square]
  std::vector<int32_t> dist_;     // scratch: [square * 4 + side]
  std::vector<uint32_t> queue_;
};

// For every square, which of its four neighbours are still connected to each
// other when a box stands on it (walls only otherwise): side[s][d] is a
// component label, equal labels mean the player can walk between those sides;
// 0xFF past a wall. Labels count 0, 1, ... in direction order.
std::vector<std::array<uint8_t, 4>> sidesAroundBox(const Board& board);

// Squares whose removal splits the empty board's floor into more parts
// (articulation points): a box on one closes a doorway between rooms.
std::vector<uint8_t> doorwaySquares(const Board& board);

}  // namespace soko
