// Closed diagonals: a diagonal run of empty squares, each walled in on all
// four sides by boxes and walls, closed at both ends.
//
//   #$          The empty square in the middle has a box or wall on every
//   $ $         side, and the diagonal through it ends on walls. Each box
//    $#         can only be pushed into it, and every such push freezes.
//
// The run's squares cannot be reached by the player, and every box beside
// them can only be pushed into them; in checkerboard levels such runs are
// common, and most are dead, though no box is frozen and no box-goal
// matching fails. Which ones are dead is left to an exhaustive search over
// the boxes that close a run (corral.h, CorralCheck::diagonalDeadlock):
// finding a run only chooses which boxes that search keeps.
//
// A run ends where the next square along the diagonal holds a box or a
// wall, or where both of its sides at that end are walls (Festival, by
// Shoham, checks runs of this shape as well).
#pragma once

#include <cstdint>
#include <vector>

#include "analysis/board.h"

namespace soko {

class ClosedDiagonals {
 public:
  explicit ClosedDiagonals(const Board& board);

  // The closed runs of a position with a box off goal among those closing
  // them: `occupied[s]` != 0 marks boxes, `reachable(s)` the player's
  // squares. Returns how many runs were found; run(i) lists the boxes of
  // run i, sorted.
  template <class Reachable>
  int find(const std::vector<uint8_t>& occupied, const Reachable& reachable);
  const std::vector<Square>& run(int i) const { return runs_[i]; }

 private:
  // The square at (dx, dy) from square s, or kNoSquare for a wall.
  Square offset(Square s, int dx, int dy) const;
  template <class Reachable>
  bool inner(const std::vector<uint8_t>& occupied, const Reachable& reachable, Square s) const;
  bool occupiedOrWall(const std::vector<uint8_t>& occupied, Square s) const {
    return s == kNoSquare || occupied[s];
  }
  // Collects run `start`, `length` squares towards (dx, +1), into runs_[count].
  bool collect(const std::vector<uint8_t>& occupied, Square start, int length, int dx, int count);

  const Board& board_;
  std::vector<std::vector<Square>> runs_;
};

template <class Reachable>
bool ClosedDiagonals::inner(const std::vector<uint8_t>& occupied, const Reachable& reachable,
                            Square s) const {
  if (s == kNoSquare || occupied[s] || reachable(s)) return false;
  for (Direction d : kDirections)
    if (!occupiedOrWall(occupied, board_.neighbor(s, d))) return false;
  return true;
}

template <class Reachable>
int ClosedDiagonals::find(const std::vector<uint8_t>& occupied, const Reachable& reachable) {
  int count = 0;
  for (int i = 0; i < board_.squareCount(); ++i) {
    const Square s = static_cast<Square>(i);
    if (!inner(occupied, reachable, s)) continue;
    for (int dx : {1, -1}) {
      const Square before = offset(s, -dx, -1);
      if (inner(occupied, reachable, before)) continue;  // not the run's first square
      const Direction side = dx > 0 ? Direction::Left : Direction::Right;
      const bool startClosed =
          occupiedOrWall(occupied, before) ||
          (board_.neighbor(s, Direction::Up) == kNoSquare && board_.neighbor(s, side) == kNoSquare);
      if (!startClosed) continue;
      int length = 1;
      Square last = s;
      for (Square next = offset(s, dx, 1); inner(occupied, reachable, next);
           next = offset(next, dx, 1))
        last = next, ++length;
      const bool endClosed = occupiedOrWall(occupied, offset(last, dx, 1)) ||
                             (board_.neighbor(last, Direction::Down) == kNoSquare &&
                              board_.neighbor(last, opposite(side)) == kNoSquare);
      if (endClosed && collect(occupied, s, length, dx, count)) ++count;
    }
  }
  return count;
}

}  // namespace soko
