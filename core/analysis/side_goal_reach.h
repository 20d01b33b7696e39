// Which goals a lone box can be pushed to, from each square and each side
// of it the player stands on. Unlike goal_reach.h, the player only walks
// where the floor lets it: with the box on a square, the floor round it
// falls into parts (cut_squares.h), and the player stays in its part until
// it pushes. A box whose every way to a goal needs the player behind it, in
// a pocket the player can only enter through the box's own square, is seen
// to be cut off.
//
//   ########
//   #@ .   #   the box reaches the top row only pushed up from the
//   #### $ #   square left of it, the player in the pocket under that
//   #### ###   square, which the player enters only through the square
//   ########   itself: the goal is out of reach (goal_reach.h says not)
//
// Still a relaxation: every other box is gone (or a wall, for the boxes a
// caller knows never move), so "no goal" is a proof and "some goal" is
// not. Found by pulling the box away from each goal over (square, part of
// the player) states.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "board.h"
#include "cut_squares.h"

namespace soko {

// [square] the part of the floor each side of the square is in, 0xFF none.
using SideLabels = std::vector<std::array<uint8_t, 4>>;

class SideGoalReach {
 public:
  // `walls`: [square] non-zero where a box may never stand nor the player
  // walk, besides the board's walls (boxes that never move; may be all 0).
  SideGoalReach(const Board& board, const std::vector<uint8_t>& walls);

  // Goals (1 per goal number of board.goals()) a box on `box` reaches with
  // the player on `player`; nullptr when the player cannot get beside it.
  const uint8_t* row(Square box, Square player) const;

  // What one holds on a board with `squares` squares and `goals` goals
  // (its table, four rows a square, and the floor's numbering); building it
  // takes about four steps a table entry, so callers keep to small boards.
  static uint64_t bytesFor(int squares, int goals) {
    return static_cast<uint64_t>(squares) * (4 * static_cast<uint64_t>(goals) + 40);
  }

 private:
  size_t index(Square s, int label) const {
    return (static_cast<size_t>(s) * 4 + static_cast<size_t>(label)) * goals_;
  }
  void pullAway(int g);  // marks every (square, part) state that reaches goal g

  const Board& board_;
  const size_t goals_;
  std::vector<uint8_t> walls_;
  CutSquares cuts_;
  SideLabels labels_;
  std::vector<uint8_t> table_;   // [index(square, part) + goal]
  std::vector<uint32_t> queue_;  // (square * 4 + part) states
};

// [square * 4 + direction] 1 when a lone box on the square, the player on
// its neighbour in that direction (and anywhere in that neighbour's part of
// the floor), can be pushed to some goal; 0 past a wall. A box pushed onto
// a square whose side the player then stands on is 0 can never reach a
// goal, though the square may not be dead: the one pull search over every
// goal at once that finds this costs a few steps a square, on any board.
std::vector<uint8_t> livePushSides(const Board& board);

}  // namespace soko
