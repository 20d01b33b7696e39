// The packing plan: in which order the goals should be filled, found by
// working backwards from the solved position. With every goal holding a
// box, the boxes are taken out one at a time, each time one that the player
// can reach and pull off its goal, preferring the one nearest the way out;
// a box taken out is gone for good (it came from the rest of the board).
// Filling the goals in the reverse order never walls in an empty goal behind
// filled ones. Goal rooms get filled from the back wall forwards.
//
//   #######
//   #  ...#  removed first: the goal next to the way in (packed last);
//   #  #  #  removed last: the goal at the far end (packed first).
//
// `rank[goal]` is the goal's place in the order (0 = fill first). `area[goal]`
// numbers the groups of goals that touch each other: order matters within a
// group, hardly between groups.
#pragma once

#include <cstdint>
#include <vector>

#include "../board.h"

namespace soko {

struct PackingPlan {
  std::vector<Square> order;  // goals, first to fill first
  std::vector<int> rank;      // [square] place in `order`, -1 off goal
  std::vector<int> area;      // [square] goal group, -1 off goal
  bool clean = true;          // false when some box had to be taken out without a pull
};

PackingPlan makePackingPlan(const Board& board);

// Pushes for a lone box from each square to its nearest goal, the player
// anywhere it needs to be (a relaxation: never more than the truth).
// [square] distance, or kFar when no goal can be reached.
inline constexpr int kFar = 1 << 20;
std::vector<int> nearestGoalPushes(const Board& board);

}  // namespace soko
