// Freeze deadlocks: boxes that can never move again because walls, dead
// squares and each other hold them on both axes. A frozen box off its goal
// means the position can never be solved.
//
//   ####        Both boxes lean on the wall above and on each other
//   #$$         sideways: neither can ever move. Off goal: deadlock.
//
// Pushing: a box is stuck on an axis when a wall is on either side, when both
// sides are dead squares, or when a neighbour on that axis is itself stuck
// (checked recursively, with the boxes under examination counted as walls).
// Pulling: a box moves along an axis only if, on one side, the next two
// squares are free of walls and stuck boxes (room for the box and the puller).
#pragma once

#include <cstdint>
#include <vector>

#include "analysis/board.h"

namespace soko {

class FreezeCheck {
 public:
  // `dead` marks dead squares for pushes (may be empty: none); `targets` marks
  // where boxes must end: goals for push searches, start squares for pulls.
  FreezeCheck(const Board& board, std::vector<uint8_t> dead, std::vector<uint8_t> targets);

  // After a push onto `moved`: is a frozen group with a box off target formed?
  // `occupied[s]` != 0 where boxes stand (moved included).
  bool pushDeadlock(const std::vector<uint8_t>& occupied, Square moved);
  // The same for pull searches.
  bool pullDeadlock(const std::vector<uint8_t>& occupied, Square moved);
  // Can the box on `box` never move again by pushes, whether on target or not?
  // (Used to treat frozen boxes on goals as walls.)
  bool pushFrozen(const std::vector<uint8_t>& occupied, Square box);

 private:
  void begin(const std::vector<uint8_t>& occupied);
  bool frozenOffTarget() const;  // a box of frozen_ stands off its targets
  bool pushStuck(Square box);
  bool pushStuckOnAxis(Square box, Direction a, Direction b);
  bool pullStuck(Square box);
  bool pullFreeSide(Square box, Direction d);
  bool blocks(Square s, bool pulling);  // a wall, or a box that is stuck

  const Board& board_;
  std::vector<uint8_t> dead_, targets_;
  const std::vector<uint8_t>* occupied_ = nullptr;
  std::vector<uint8_t> visiting_;  // [square] boxes counted as walls while examined
  std::vector<Square> frozen_;     // boxes found stuck in this check
  // The recursion can branch; past this many box visits a check answers "no deadlock".
  static constexpr int kMaxCalls = 4096;
  int calls_ = 0;
};

}  // namespace soko
