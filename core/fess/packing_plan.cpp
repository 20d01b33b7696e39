#include "packing_plan.h"

#include <algorithm>
#include <limits>

namespace soko {

PackingPlan makePackingPlan(const Board& board) {
  const int n = board.squareCount();
  PackingPlan plan;
  plan.rank.assign(n, -1);
  plan.area.assign(n, -1);
  // Goal groups.
  int areas = 0;
  for (Square g : board.goals()) {
    if (plan.area[g] >= 0) continue;
    std::vector<Square> stack{g};
    plan.area[g] = areas;
    while (!stack.empty()) {
      Square s = stack.back();
      stack.pop_back();
      for (Direction d : kDirections) {
        Square t = board.neighbor(s, d);
        if (t != kNoSquare && board.isGoal(t) && plan.area[t] < 0) plan.area[t] = areas, stack.push_back(t);
      }
    }
    ++areas;
  }
  // Distance from the nearest square off goal, walking on the empty board:
  // how deep a goal lies inside its group.
  std::vector<int> depth(n, std::numeric_limits<int>::max());
  std::vector<Square> queue;
  for (int s = 0; s < n; ++s)
    if (!board.isGoal(static_cast<Square>(s))) depth[s] = 0, queue.push_back(static_cast<Square>(s));
  for (size_t h = 0; h < queue.size(); ++h)
    for (Direction d : kDirections) {
      Square t = board.neighbor(queue[h], d);
      if (t != kNoSquare && depth[t] > depth[queue[h]] + 1) depth[t] = depth[queue[h]] + 1, queue.push_back(t);
    }

  std::vector<uint8_t> filled(n, 0);
  for (Square g : board.goals()) filled[g] = 1;
  std::vector<Square> removed;
  std::vector<uint8_t> reach(n);
  std::vector<Square> stack;
  while (removed.size() < board.goals().size()) {
    // Where the player can be: every region holding a square off goal.
    std::fill(reach.begin(), reach.end(), 0);
    for (int s = 0; s < n; ++s) {
      if (filled[s] || reach[s] || board.isGoal(static_cast<Square>(s))) continue;
      reach[s] = 1;
      stack.assign(1, static_cast<Square>(s));
      while (!stack.empty()) {
        Square q = stack.back();
        stack.pop_back();
        for (Direction d : kDirections) {
          Square t = board.neighbor(q, d);
          if (t != kNoSquare && !filled[t] && !reach[t]) reach[t] = 1, stack.push_back(t);
        }
      }
    }
    Square best = kNoSquare;
    bool bestPullable = false;
    for (Square g : board.goals()) {
      if (!filled[g]) continue;
      bool pullable = false;
      for (Direction d : kDirections) {
        Square p1 = board.neighbor(g, d);
        if (p1 == kNoSquare || filled[p1] || !reach[p1]) continue;
        Square p2 = board.neighbor(p1, d);
        if (p2 != kNoSquare && !filled[p2]) pullable = true;
      }
      bool better = best == kNoSquare || (pullable && !bestPullable) ||
                    (pullable == bestPullable && depth[g] < depth[best]);
      if (better) best = g, bestPullable = pullable;
    }
    plan.clean &= bestPullable;
    filled[best] = 0;
    removed.push_back(best);
  }
  plan.order.assign(removed.rbegin(), removed.rend());
  for (size_t i = 0; i < plan.order.size(); ++i) plan.rank[plan.order[i]] = static_cast<int>(i);
  return plan;
}

std::vector<int> nearestGoalPushes(const Board& board) {
  const int n = board.squareCount();
  std::vector<int> dist(n, kFar);
  std::vector<Square> queue;
  for (Square g : board.goals()) dist[g] = 0, queue.push_back(g);
  // Pull outwards from every goal at once: a pull to t needs the square beyond t.
  for (size_t h = 0; h < queue.size(); ++h) {
    Square s = queue[h];
    for (Direction d : kDirections) {
      Square t = board.neighbor(s, d);
      if (t == kNoSquare || dist[t] <= dist[s] + 1) continue;
      if (board.neighbor(t, d) == kNoSquare) continue;
      dist[t] = dist[s] + 1;
      queue.push_back(t);
    }
  }
  return dist;
}

}  // namespace soko
