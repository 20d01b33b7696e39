// Push distances for forward search, per player region: how many pushes a
// lone box on square s needs to reach each target (the goals), given which
// side of the box the player is on. Sides the player can walk between
// around the box share one region, so a square has at most four regions:
//
//   #####        A box on B: the player left of it (region a) can push it
//   #a B b       right; from the right (region b) it can only push it left.
//   #####
//
// Other boxes can only block the player, never connect two regions, so the
// distance for the region the player is in now is a lower bound on that
// box's pushes ("the per-box table that depends on the player's region").
// The Hungarian matching over these rows (bounds/matching_bound.h) is an
// admissible push bound, and a consistent one: a push lowers it by at most
// one, because the player stays in the same region of every box it did not
// push.
//
// The table is built in pieces (buildPiece: a target, or a share of the
// region table, at a time), so a strategy can build it inside its time
// slices (preparation.h).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "board.h"
#include "paged_table.h"

namespace soko {

class PushDistances {
 public:
  static constexpr int32_t kUnreachable =
      1 << 20;  // equals Hungarian::kInfinite (matching_bound.h checks)

  // With `inPieces`, nothing is computed yet: call buildPiece() until it
  // returns true; otherwise the table is complete on return.
  PushDistances(const Board& board, const std::vector<Square>& targets, bool inPieces = false);

  // The bytes the tables take for this many squares and targets.
  static uint64_t bytesFor(int squares, int targets);
  // Does the next piece of the work; true once the table is complete.
  bool buildPiece();
  bool complete() const { return cost_.filled() && next_ == targets_; }

  int targetCount() const { return static_cast<int>(targets_); }
  int32_t nearest(Square s) const { return nearest_[s]; }  // to any target, any side
  uint64_t memoryBytes() const;

  // The row for a box on s with the player on square p (any square of its reach).
  const int32_t* rowFor(Square s, Square p) const {
    return &cost_[(static_cast<size_t>(s) * kRows + regionOf(s, p)) * targets_];
  }
  // The region around a box on s that square p belongs to (p != s).
  int regionOf(Square s, Square p) const;

 private:
  static constexpr int kRows = 5, kAny = 4;  // four regions, then their minimum
  // Boards up to this many squares keep every (box, player) region in a
  // table (squares^2 bytes); larger ones flood fill when asked.
  static constexpr int kTableSquares = 4096;
  static constexpr int kTableRowsPerPiece = 256;  // about a million squares flooded

  void start();
  void buildRegionRows();
  void buildColumn(size_t t);

  const Board& board_;
  std::vector<Square> targetSquares_;
  size_t targets_;                        // targetSquares_.size()
  size_t next_ = 0;                       // targets done
  int tableRows_ = 0;                     // rows of regionTable_ done
  std::vector<uint8_t> regionTable_;      // [box * squares + player]
  mutable std::vector<uint8_t> scratch_;  // flood fill for large boards
  mutable std::vector<Square> stack_;
  std::vector<std::array<uint8_t, 4>> sides_;   // sidesAroundBox, until complete
  std::vector<std::array<uint8_t, 4>> region_;  // [square][side] region label 0..3
  PagedTable cost_;  // [(square * kRows + region) * targets + target], column by column
  std::vector<int32_t> nearest_;  // [square]
  std::vector<int32_t> dist_;     // scratch: [square * 4 + region]
  std::vector<uint32_t> queue_;
};

}  // namespace soko
