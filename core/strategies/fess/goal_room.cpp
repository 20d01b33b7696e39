#include "goal_room.h"

#include "analysis/regions.h"

namespace soko {

namespace {

// Goals of group `a` a lone box reaches by macro pushes from some start
// square (the player where it starts), never standing on a square `dead` marks.
std::vector<uint8_t> reachedGoals(const Board& board, const PackingPlan& plan, const std::vector<uint8_t>& dead,
                                  const std::vector<Square>& starts, int a) {
  std::vector<uint8_t> reached(board.squareCount(), 0), occupied(board.squareCount(), 0);
  MacroMoves moves(board, dead);
  std::vector<MacroPush> out;
  for (Square s : starts) {
    if (plan.area[s] == a) reached[s] = 1;
    occupied[s] = 1;
    out.clear();
    moves.generate({s}, occupied, board.startPlayer(), out);
    occupied[s] = 0;
    for (const MacroPush& m : out)
      if (plan.area[m.to] == a) reached[m.to] = 1;
  }
  return reached;
}

// Whether boxes must cross group `a` to fill it: taking its goals off the
// board leaves the squares a box may stand on in pieces, and some goal of
// the group is reached by a lone box only by a detour through a piece it
// did not start in (it comes back out over the group's goals). Then boxes
// pass through the group both ways and may have to wait on its goals.
bool isCrossed(const Board& board, const PackingPlan& plan, const std::vector<uint8_t>& dead, int a) {
  const int n = board.squareCount();
  // The pieces: regions of the board with the group's goals as walls.
  std::vector<uint8_t> group(n, 0);
  for (int s = 0; s < n; ++s) group[s] = plan.area[s] == a;
  Regions pieces(board);
  std::vector<uint8_t> isLive(pieces.label(group), 0);  // [piece] has a square a box may stand on
  for (int s = 0; s < n; ++s)
    if (!group[s] && !dead[s]) isLive[pieces.regionOf(static_cast<Square>(s))] = 1;
  std::vector<int> live;
  for (int p = 0; p < static_cast<int>(isLive.size()); ++p)
    if (isLive[p]) live.push_back(p);
  if (live.size() < 2) return false;
  const std::vector<uint8_t> all = reachedGoals(board, plan, dead, board.startBoxes(), a);
  for (int p : live) {
    // Boxes from outside the piece, kept out of it; boxes starting in it, free.
    std::vector<uint8_t> fenced = dead;
    std::vector<Square> outside, inside;
    for (int s = 0; s < n; ++s)
      if (pieces.regionOf(static_cast<Square>(s)) == p) fenced[s] = 1;  // the group's goals have none (-1)
    for (Square s : board.startBoxes()) (pieces.regionOf(s) == p ? inside : outside).push_back(s);
    std::vector<uint8_t> reached = reachedGoals(board, plan, fenced, outside, a);
    const std::vector<uint8_t> fromInside = reachedGoals(board, plan, dead, inside, a);
    for (int s = 0; s < n; ++s)
      if (all[s] && !reached[s] && !fromInside[s]) return true;
  }
  return false;
}

// Whether a box starts walled in by group `a`: off goal, with only the
// group's goals and walls round it. Its first push takes it onto one of
// those goals, and then on through the group, so the premise of the order
// (boxes come in from outside, one goal at a time) fails there.
bool startsInside(const Board& board, const PackingPlan& plan, int a) {
  for (Square s : board.startBoxes()) {
    if (board.isGoal(s)) continue;
    int goals = 0, others = 0;
    for (Direction d : kDirections) {
      Square n = board.neighbor(s, d);
      if (n != kNoSquare) ++(plan.area[n] == a ? goals : others);
    }
    if (goals > 0 && others == 0) return true;
  }
  return false;
}

}  // namespace

GoalRoomOrder::GoalRoomOrder(const Board& board, const PackingPlan& plan, const std::vector<uint8_t>& dead)
    : plan_(plan) {
  for (Square g : board.goals()) {
    const int a = plan.area[g];
    if (a < 0) continue;
    if (static_cast<int>(goalsOf_.size()) <= a) goalsOf_.resize(a + 1);
    goalsOf_[a].push_back(g);
  }
  unordered_.resize(goalsOf_.size());
  for (int a = 0; a < static_cast<int>(goalsOf_.size()); ++a)
    unordered_[a] = startsInside(board, plan, a) || isCrossed(board, plan, dead, a);
}

bool GoalRoomOrder::skips(const MacroPush& m, const std::vector<uint8_t>& occupied) const {
  const int a = plan_.area[m.to];
  if (a < 0 || plan_.area[m.from] == a || unordered_[a]) return false;
  // The plan parks a box there: a stop the plan itself needs.
  if (!plan_.parkingSquare.empty() && plan_.parkingSquare[m.to]) return false;
  for (Square g : goalsOf_[a])
    if (!occupied[g] && plan_.rank[g] < plan_.rank[m.to]) return true;
  return false;
}

}  // namespace soko
