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
// A guess, not a proof: some levels need a box parked on a goal out of
// order. So the search keeps the nodes whose moves it cut, and when every
// other position has been searched it expands them again without the rule
// (fess.cpp): no solution is lost, and "unsolvable" stays exact.
// Measured on XSokoban within 50K expansions and Microban I (see the commit).
#pragma once

#include <cstdint>
#include <vector>

#include "../board.h"
#include "macro_moves.h"
#include "packing_plan.h"

namespace soko {

class GoalRoomOrder {
 public:
  GoalRoomOrder(const Board& board, const PackingPlan& plan);
  // Whether to leave out `m`; `occupied` shows the position before it.
  bool skips(const MacroPush& m, const std::vector<uint8_t>& occupied) const;

 private:
  const PackingPlan& plan_;
  std::vector<std::vector<Square>> goalsOf_;  // [area] its goals
};

}  // namespace soko
