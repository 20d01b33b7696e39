// Goal-room order: a box brought into a goal group (plan.area) from outside
// it goes only to the group's next goal in the packing plan (its empty goal
// of least rank), not to the group's other goals (unless the plan parks a
// box there); the macro push takes it there in one move, through the goals
// it passes.
//
//   #########
//   #@ $ ...#   the box may stop on the far goal (filled first), not on
//   #########   the two nearer ones, which would block the far one.
//
// Not in a group boxes must cross to fill it: when taking the group's goals
// off the board cuts the squares a box may stand on into pieces, and some of
// its goals are reached by a lone box only through a piece it did not start
// in, boxes pass through the group and may have to wait on its goals on the
// way (Microban I 139, where the order cut every solution: 393,299 -> 80,458
// expansions). Nor in a group a box starts walled in by (off goal, only the
// group's goals and walls round it): it can only move onto the group's
// goals, and then on through them (XSokoban 30, a box amid the room's
// goals; fess under the order: unsolved after 497K expansions in 20 s;
// without it there: 65K expansions, 2.2 s).
//
// A guess, not a proof: some levels need a box parked on a goal out of
// order. So the search keeps the nodes whose moves it cut, and when every
// other position has been searched it expands them again without the rule
// (fess.cpp): no solution is lost, and "unsolvable" stays exact.
// Measured (with the tunnel stops): XSokoban within 50K expansions 56 -> 59
// of 90 solved (11, 31, 32, 49), none lost; Microban I 155 of 155, 834,968
// -> 810,755 expansions in all (144: 385K -> 109K; 139: 132K -> 409K).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "analysis/board.h"
#include "macro_moves.h"
#include "packing_plan.h"

namespace soko {

class CrossingCheck;

class GoalRoomOrder {
 public:
  // `dead`: squares no box may stand on (pushDeadSquares). The order keeps
  // references to `board`, `plan` and `dead`. With `inPieces`, call
  // buildPiece() until it returns true before asking.
  GoalRoomOrder(const Board& board, const PackingPlan& plan, const std::vector<uint8_t>& dead,
                bool inPieces = false);
  ~GoalRoomOrder();
  // One lone box's macro pushes towards a group's goals; true once complete.
  bool buildPiece();
  bool complete() const { return unordered_.size() == goalsOf_.size(); }
  // Whether to leave out `m`; `occupied` shows the position before it.
  bool skips(const MacroPush& m, const std::vector<uint8_t>& occupied) const;

 private:
  const Board& board_;
  const PackingPlan& plan_;
  const std::vector<uint8_t>& dead_;
  std::vector<std::vector<Square>> goalsOf_;  // [area] its goals
  std::vector<uint8_t> unordered_;            // [area] no order there: boxes cross it, or one starts inside
  std::unique_ptr<CrossingCheck> crossing_;   // of the next group, while buildPiece() works it out
};

}  // namespace soko
