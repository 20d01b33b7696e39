#include "position_check.h"

#include <algorithm>

#include "analysis/dead_squares.h"
#include "analysis/goal_reach.h"
#include "analysis/side_goal_reach.h"

namespace soko {

const char* deadlockKindName(DeadlockKind kind) {
  switch (kind) {
    case DeadlockKind::DeadSquare:
      return "dead-square";
    case DeadlockKind::DeadSide:
      return "dead-side";
    case DeadlockKind::Frozen:
      return "frozen";
    case DeadlockKind::Matching:
      return "matching";
    case DeadlockKind::Immovable:
      return "immovable";
    case DeadlockKind::Corral:
      return "corral";
    case DeadlockKind::Diagonal:
      return "diagonal";
    case DeadlockKind::GoalArea:
      return "goal-area";
    case DeadlockKind::None:
      break;
  }
  return "";
}

bool PositionCheck::affordable(const Board& board) {
  return board.tooLarge().empty() &&
         static_cast<int64_t>(board.squareCount()) * static_cast<int64_t>(board.goals().size()) <=
             kMaxTableBytes;
}

int PositionCheck::corralBudgetFor(const Board& board) {
  return std::clamp(kCorralWork / std::max(1, board.squareCount()), kMinCorralBudget,
                    kCorralBudget);
}

PositionCheck::PositionCheck(const Board& board, int corralBudget)
    : board_(board),
      dead_(pushDeadSquares(board)),
      liveSides_(livePushSides(board)),
      floor_(board),
      goalReach_(goalReachTable(board)),
      freeze_(board, dead_, board.goalMask()),
      bipartite_(board, goalReach_),
      corral_(board, dead_, corralBudget),
      immovable_(board, dead_),
      goalArea_(board, dead_, GoalAreaCheck::kBudget, GoalAreaCheck::kMaxEmpty, kGoalAreaWork),
      reach_(board) {
  floor_.build(std::vector<uint8_t>(board.squareCount(), 0));
}

DeadlockVerdict PositionCheck::check(const std::vector<uint8_t>& occupied, Square player,
                                     Square moved) {
  std::vector<Square> boxes;
  for (int s = 0; s < board_.squareCount(); ++s)
    if (occupied[s]) boxes.push_back(static_cast<Square>(s));
  if (std::vector<Square> b = onDeadSquares(boxes); !b.empty())
    return {DeadlockKind::DeadSquare, b};
  if (std::vector<Square> b = onDeadSides(boxes, player); !b.empty())
    return {DeadlockKind::DeadSide, b};
  if (std::vector<Square> b = frozenGroup(occupied, boxes); !b.empty())
    return {DeadlockKind::Frozen, b};
  if (bipartite_.deadlock(boxes)) return {DeadlockKind::Matching, hallViolators(boxes)};
  if (std::vector<Square> b = immovableBoxes(boxes, player); !b.empty())
    return {DeadlockKind::Immovable, b};
  if (std::vector<Square> b = corralFence(occupied, player, moved); !b.empty())
    return {DeadlockKind::Corral, b};
  if (std::vector<Square> b; corral_.diagonalDeadlock(occupied, player, &b))
    return {DeadlockKind::Diagonal, b};
  if (std::vector<Square> b = goalAreaBoxes(boxes, player); !b.empty())
    return {DeadlockKind::GoalArea, b};
  return {};
}

std::vector<Square> PositionCheck::onDeadSquares(const std::vector<Square>& boxes) const {
  std::vector<Square> out;
  for (Square b : boxes)
    if (!board_.isGoal(b) && dead_[b]) out.push_back(b);
  return out;
}

// Boxes off goal whose square is not dead, but whose side in the player's
// part of the floor (the other boxes gone: they only keep the player from
// more) leads the box to no goal.
std::vector<Square> PositionCheck::onDeadSides(const std::vector<Square>& boxes,
                                               Square player) const {
  std::vector<Square> out;
  for (Square b : boxes) {
    if (board_.isGoal(b)) continue;
    const uint8_t part = floor_.partLabel(b, player);
    if (part == 0xFF) continue;
    const std::array<uint8_t, 4> labels = floor_.sideLabels(b);
    for (int d = 0; d < 4; ++d)
      if (labels[d] == part) {
        if (!liveSides_[static_cast<size_t>(b) * 4 + d]) out.push_back(b);
        break;
      }
  }
  return out;
}

// The first box in a frozen group with a box off goal, and the frozen boxes
// joined to it side by side.
std::vector<Square> PositionCheck::frozenGroup(const std::vector<uint8_t>& occupied,
                                               const std::vector<Square>& boxes) {
  for (Square first : boxes) {
    if (!freeze_.pushDeadlock(occupied, first)) continue;
    std::vector<Square> group{first};
    for (size_t i = 0; i < group.size(); ++i)
      for (Direction d : kDirections) {
        Square n = board_.neighbor(group[i], d);
        if (n == kNoSquare || !occupied[n] || std::count(group.begin(), group.end(), n)) continue;
        if (freeze_.pushFrozen(occupied, n)) group.push_back(n);
      }
    std::sort(group.begin(), group.end());
    return group;
  }
  return {};
}

// The boxes that can never move again, when they make the position dead:
// those off goal if any, else all of them (they shut a goal off).
std::vector<Square> PositionCheck::immovableBoxes(const std::vector<Square>& boxes, Square player) {
  std::vector<uint8_t> marks(board_.squareCount(), 0);
  if (immovable_.find(boxes, player, marks) == 0 ||
      !bipartite_.deadlockWithImmovable(boxes, marks, player))
    return {};
  std::vector<Square> held, offGoal;
  for (Square b : boxes)
    if (marks[b]) (board_.isGoal(b) ? held : offGoal).push_back(b);
  return offGoal.empty() ? held : offGoal;
}

// The boxes of the goal area (every box if none is in it), when the goals
// can never all be filled.
std::vector<Square> PositionCheck::goalAreaBoxes(const std::vector<Square>& boxes, Square player) {
  if (!goalArea_.deadlock(boxes, player)) return {};
  std::vector<Square> out;
  for (Square b : boxes)
    if (goalArea_.area()[b]) out.push_back(b);
  return out.empty() ? boxes : out;
}

// With no perfect matching, the first box that no augmenting path can
// match, and the boxes its failed search met: together they reach only the
// goals that search met, one fewer than they are (Hall's condition fails).
std::vector<Square> PositionCheck::hallViolators(const std::vector<Square>& boxes) const {
  const int goals = static_cast<int>(board_.goals().size());
  std::vector<int> owner(goals, -1);  // [goal] box index
  std::vector<int> seen(goals, -1);   // [goal] the box whose search met it
  auto augment = [&](auto& self, int box, int search) -> bool {
    for (int g = 0; g < goals; ++g) {
      if (seen[g] == search || !bipartite_.reaches(boxes[box], g)) continue;
      seen[g] = search;
      if (owner[g] < 0 || self(self, owner[g], search)) {
        owner[g] = box;
        return true;
      }
    }
    return false;
  };
  for (int box = 0; box < static_cast<int>(boxes.size()); ++box) {
    if (augment(augment, box, box)) continue;
    std::vector<Square> out{boxes[box]};
    for (int g = 0; g < goals; ++g)
      if (seen[g] == box) out.push_back(boxes[owner[g]]);
    std::sort(out.begin(), out.end());
    return out;
  }
  return {};  // the cheap check and this one disagree: nothing to mark
}

// The boxes fencing the unreachable regions next to the first box (`moved`,
// or any box) whose corral the small search proves closed for good.
std::vector<Square> PositionCheck::corralFence(const std::vector<uint8_t>& occupied, Square player,
                                               Square moved) {
  std::vector<Square> around;
  if (moved != kNoSquare) around.push_back(moved);
  for (int s = 0; moved == kNoSquare && s < board_.squareCount(); ++s)
    if (occupied[s]) around.push_back(static_cast<Square>(s));
  for (Square a : around) {
    if (!corral_.deadlock(occupied, player, a)) continue;
    reach_.fill(occupied, player);
    std::vector<uint8_t> inRegion(board_.squareCount(), 0);
    std::vector<Square> region, fence;
    for (Direction d : kDirections) {
      Square n = board_.neighbor(a, d);
      if (n != kNoSquare && !occupied[n] && !reach_.reachable(n) && !inRegion[n])
        inRegion[n] = 1, region.push_back(n);
    }
    for (size_t i = 0; i < region.size(); ++i)
      for (Direction d : kDirections) {
        Square n = board_.neighbor(region[i], d);
        if (n == kNoSquare || inRegion[n]) continue;
        if (occupied[n]) {
          if (!std::count(fence.begin(), fence.end(), n)) fence.push_back(n);
        } else {
          inRegion[n] = 1;
          region.push_back(n);
        }
      }
    std::sort(fence.begin(), fence.end());
    return fence;
  }
  return {};
}

}  // namespace soko
