// Immovable boxes: boxes that can never be pushed again, found with where
// the player can ever walk. Freeze (freeze.h) looks at walls and boxes next
// to each other; this also sees a box whose only push needs the player on a
// square it can never reach, because boxes that never move shut it in.
//
//   ########
//   #@ #*.*#   the empty goal can only be filled by the box under it,
//   # $ ***#   pushed up from the pocket under that, which the player
//   #   # ##   never reaches: the boxes round it are held by walls and
//   ########   each other, and only the loose one can move. Dead, though
//              freeze holds three boxes only and every corral is packed
//              (tests/core/immovable_test.cpp).
//
// The set is the largest that holds itself up: start with every box; a box
// leaves the set when some push of it is possible with the set's boxes as
// walls, the other boxes gone and the player anywhere its flood from where
// it stands reaches (pushes onto dead squares never count: a solution makes
// none). Each box that leaves can open more of the board, so this repeats
// until nothing changes. What is left never moves in any continuation: the
// first push of one of them would have been possible here.
#pragma once

#include <cstdint>
#include <vector>

#include "analysis/board.h"

namespace soko {

class ImmovableBoxes {
 public:
  // `dead`: squares no box may be pushed onto (pushDeadSquares), or empty.
  ImmovableBoxes(const Board& board, std::vector<uint8_t> dead);

  // The boxes of `boxes` that can never move again, the player standing on
  // `player`; into `immovable` ([square] 1), which the caller sizes to the
  // board, all 0, and clears after use. Returns how many there are.
  int find(const std::vector<Square>& boxes, Square player, std::vector<uint8_t>& immovable);

 private:
  // Marks `from` and every square joined to it past the immovable boxes.
  void flood(Square from, const std::vector<uint8_t>& immovable);
  bool canMove(Square box, const std::vector<uint8_t>& immovable) const;

  const Board& board_;
  std::vector<uint8_t> dead_;
  std::vector<uint32_t> mark_;  // [square] == stamp_ where the player may get
  uint32_t stamp_ = 0;
  std::vector<Square> stack_;
  std::vector<Square> held_;  // the boxes still in the set
};

}  // namespace soko
