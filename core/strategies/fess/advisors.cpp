#include "advisors.h"

#include <algorithm>

namespace soko {
namespace {

// Boxes a box must block before the hotspot advisor moves it. Measured
// within 50K expansions on XSokoban: 1 solves 58, 2 solves 55.
constexpr int kHotspotMin = 1;

// The child taking the box that blocks most others (hotspots.h) where it
// blocks fewest. Opener: when that box cannot move, the child moving a box
// next to it. -1 for none.
int hotspotMover(const std::vector<Child>& children, HotspotTally& tally, const Board& board,
                 const std::vector<Square>& boxes) {
  const int n = static_cast<int>(boxes.size());
  int hot = -1, hotScore = kHotspotMin - 1;
  for (int i = 0; i < n; ++i) {
    int s = tally.score(i);
    if (s > hotScore) hot = i, hotScore = s;
  }
  if (hot < 0) return -1;
  int best = -1, bestScore = hotScore;
  bool moves = false;
  for (int i = 0; i < static_cast<int>(children.size()); ++i) {
    const Child& c = children[i];
    if (c.move.box != hot) continue;
    moves = true;
    int s = tally.scoreAt(hot, c.move.to);
    if (s < bestScore ||
        (best >= 0 && s == bestScore && c.features.estimate < children[best].features.estimate))
      best = i, bestScore = s;
  }
  if (moves) return best;
  for (int i = 0; i < static_cast<int>(children.size()); ++i) {
    const Child& c = children[i];
    bool next = false;
    for (Direction d : kDirections) next |= board.neighbor(boxes[hot], d) == c.move.from;
    if (next && (best < 0 || c.features.estimate < children[best].features.estimate)) best = i;
  }
  return best;
}

// The plan's rank a move onto parking square `to` comes before (the box
// must wait there before order[firstRank] is filled), or -1 when the plan
// parks no box there now: its goal filled, or its waiting begun already.
int parkingRank(const PackingPlan& plan, const std::vector<Square>& boxes, Square to) {
  const auto holds = [&boxes](Square s) {
    return std::find(boxes.begin(), boxes.end(), s) != boxes.end();
  };
  for (const PackingPlan::Parking& p : plan.parking)
    if (p.square == to && parkingPhase(plan, p, holds) == ParkingPhase::Ahead) return p.firstRank;
  return -1;
}

}  // namespace

// (Measured worse as advisors at weight 0: the move bringing a box nearest
// the plan's next goal; the move clearing most doorways; the move opening
// most squares to the player (explorer); the move freeing most room links,
// with those links as a cell dimension.)
Advice advise(const std::vector<Child>& children, const Features& parent,
              const std::vector<uint8_t>& goal, const PackingPlan& plan, HotspotTally& tally,
              const Board& board, const std::vector<Square>& boxes) {
  Advice a;
  int& packer = a.packer;
  int& connector = a.connector;
  // The packer's move: onto the plan's next goal, or onto a square the plan
  // parks a box on before that goal (a parking move comes before the goal
  // of the same rank).
  int packerRank = 0;
  for (int i = 0; i < static_cast<int>(children.size()); ++i) {
    const Child& c = children[i];
    if (!goal[c.move.from] && c.features.outOfPlan <= parent.outOfPlan) {
      int rank = -1;
      if (goal[c.move.to])
        rank = 2 * plan.rank[c.move.to] + 1;
      else if (plan.parkingSquare[c.move.to] && !plan.parkingSquare[c.move.from])
        if (const int r = parkingRank(plan, boxes, c.move.to); r >= 0) rank = 2 * r;
      if (rank >= 0 && (packer < 0 || rank < packerRank ||
                        (rank == packerRank && c.move.pushes < children[packer].move.pushes)))
        packer = i, packerRank = rank;
    }
    if (c.features.connectivity < parent.connectivity &&
        (connector < 0 || c.features.connectivity < children[connector].features.connectivity ||
         (c.features.connectivity == children[connector].features.connectivity &&
          c.features.estimate < children[connector].features.estimate)))
      connector = i;
  }
  a.hotspotMover = hotspotMover(children, tally, board, boxes);
  return a;
}

}  // namespace soko
