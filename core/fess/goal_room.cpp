#include "goal_room.h"

namespace soko {

GoalRoomOrder::GoalRoomOrder(const Board& board, const PackingPlan& plan) : plan_(plan) {
  for (Square g : board.goals()) {
    const int a = plan.area[g];
    if (a < 0) continue;
    if (static_cast<int>(goalsOf_.size()) <= a) goalsOf_.resize(a + 1);
    goalsOf_[a].push_back(g);
  }
}

bool GoalRoomOrder::skips(const MacroPush& m, const std::vector<uint8_t>& occupied) const {
  const int a = plan_.area[m.to];
  if (a < 0 || plan_.area[m.from] == a) return false;
  // The plan parks a box there: a stop the plan itself needs.
  if (!plan_.parkingSquare.empty() && plan_.parkingSquare[m.to]) return false;
  for (Square g : goalsOf_[a])
    if (!occupied[g] && plan_.rank[g] < plan_.rank[m.to]) return true;
  return false;
}

}  // namespace soko
