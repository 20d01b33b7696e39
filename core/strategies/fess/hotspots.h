// Hotspots, for FESS's hotspot and opener advisors: a box standing where it
// cuts other boxes off from every goal, say in the mouth of the corridor
// that leads to the goal room. Such a box should move out of the way before
// the others can be packed.
//
//   ###########
//   #..  A  $ #   A blocks the box on the right: with A on its square
//   ###########   as a wall, no series of pulls from a goal reaches it.
//
// Box A "blocks" box B when a lone box on B's square can be pushed to a goal
// on the empty board but not with a wall on A's square (other boxes and the
// player's walk ignored: a relaxation, cheap enough to ask for every pair of
// boxes of every position). The answers for each square A are found on
// first use by pulling a box from every goal, and kept.
#pragma once

#include <cstdint>
#include <vector>

#include "analysis/board.h"

namespace soko {

class Hotspots {
 public:
  explicit Hotspots(const Board& board);

  // Whether a box on `a` keeps a lone box on `b` from every goal it could reach otherwise.
  bool blocks(Square a, Square b);
  // The boxes of `boxes` off goals, other than `boxes[index]`, that it blocks
  // when it stands on `square`.
  int score(const std::vector<Square>& boxes, int index, Square square);

  // Square a's answers as a bit set over squares (bit b: blocks(a, b)).
  const uint64_t* row(Square a);
  static bool has(const uint64_t* row, Square b) { return (row[b / 64] >> (b % 64)) & 1; }
  // Whether a box on `a` blocks any square (row(a) asked before).
  bool blocksAny(Square a) const { return blocksAny_[a]; }

  uint64_t memoryBytes() const { return memory_; }

 private:
  // [square] 1 where a lone box reaches a goal with a wall on `wall` (kNoSquare: none).
  std::vector<uint8_t> reachable(Square wall) const;

  const Board& board_;
  std::vector<uint8_t> free_;  // [square] reachable with no wall added
  // [a] bit b set when a box on a blocks one on b; empty until asked (a
  // square's row costs squares/8 bytes, and only squares boxes stand on get one).
  std::vector<std::vector<uint64_t>> rows_;
  std::vector<uint8_t> blocksAny_;  // [a] row a has a bit set
  uint64_t memory_ = 0;             // bytes in rows_
};

// One position's hotspot scores (Hotspots::score of each box), kept so that
// each child's count of hotspots (boxes blocking at least one other) follows
// from them: a push changes only the moved box's own score and, for the
// others, whether they block the square it left or the one it reached.
class HotspotTally {
 public:
  explicit HotspotTally(Hotspots& hotspots, const Board& board);

  void setPosition(const std::vector<Square>& boxes);
  int score(int box) const { return score_[box]; }
  int count() const { return count_; }
  // Hotspots once `boxes[box]` (of the position set) moves to the free square `to`.
  int childCount(int box, Square to);
  // Hotspots::score of `boxes[box]` moved to the free square `to`: the other
  // boxes off goals it blocks there.
  int scoreAt(int box, Square to);

 private:
  Hotspots& hotspots_;
  const Board& board_;
  std::vector<Square> boxes_;
  std::vector<int> score_;             // [box]
  std::vector<const uint64_t*> rows_;  // [box] Hotspots::row of its square
  std::vector<uint64_t> offGoal_;      // bit set of the boxes off goals
  // The boxes that block some square (only their scores can be positive),
  // split by score: one push changes a score by at most one either way, so
  // a child keeps every box of score 2 or more a hotspot, and only the
  // others (`fragile_`) need looking at; the rest are only counted.
  std::vector<int> fragile_;
  int steadyCount_ = 0;
  int count_ = 0;
};

}  // namespace soko
