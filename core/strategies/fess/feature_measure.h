// What FESS projects a position by (Features, feature_cells.h): measured
// afresh for a position taken up, and for a child from its parent's
// measures and the push that made it, in two parts (what the store lookup
// needs, and the rest only for a child that will be queued).
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "analysis/board.h"
#include "analysis/regions.h"
#include "feature_cells.h"
#include "hotspots.h"
#include "macro_moves.h"
#include "packing_plan.h"

namespace soko {

class FessTables;

class FeatureMeasure {
 public:
  // `goal`: [square] 1 on a goal.
  FeatureMeasure(FessTables& tables, const std::vector<uint8_t>& goal);

  // Pushes of `boxes` to their nearest goals.
  uint32_t estimate(const std::vector<Square>& boxes) const;

  // Features of `boxes` (any order; `occupied` marks them). Labels their
  // player regions in regions() and sets hotspots() to them.
  Features position(const std::vector<Square>& boxes, const std::vector<uint8_t>& occupied);

  // What the child by `move` of the position last measured (`parent`, its
  // features) needs before the store lookup: boxes on goals, the estimate
  // and player regions (the key needs the normalised player); `normal` gets
  // the player's normalised square (the smallest of its region). Player
  // regions by local floods and what the macro push search saw of the
  // player's part. `occupied` shows the child.
  // (Inline, as finishChild(): both run for every child.)
  Features child(const Features& parent, const MacroPush& move,
                 const std::vector<uint8_t>& occupied, Square& normal) {
    Features f;
    f.onGoals = parent.onGoals - goal_[move.from] + goal_[move.to];
    f.estimate = parent.estimate - nearestCost(move.from) + nearestCost(move.to);
    const Regions::Child c =
        regions_.child(occupied, move.from, move.to, move.player, move.sides, move.smallest);
    f.connectivity = c.count;
    normal = c.normal;
    return f;
  }
  // The rest, only for a child that will be queued (most children were
  // stored already and are dropped): out of plan and hotspots. `boxes` (in
  // any order) and `occupied` show the child.
  void finishChild(const Features& parent, const MacroPush& move, const std::vector<Square>& boxes,
                   const std::vector<uint8_t>& occupied, Features& f) {
    // A move between squares off goals leaves every goal as it was.
    f.outOfPlan = goal_[move.from] || goal_[move.to] || plan_.parkingSquare[move.from] ||
                          plan_.parkingSquare[move.to]
                      ? outOfPlan(boxes, occupied)
                      : parent.outOfPlan;
    f.hot = hotspots_.childCount(move.box, move.to);
  }

  // The last position measured: its player regions and hotspots.
  Regions& regions() { return regions_; }
  HotspotTally& hotspots() { return hotspots_; }

 private:
  uint32_t nearestCost(Square box) const {
    return static_cast<uint32_t>(std::min(nearest_[box], 1 << 16));
  }
  int outOfPlan(const std::vector<Square>& boxes, const std::vector<uint8_t>& occupied);

  const Board& board_;
  const std::vector<uint8_t>& goal_;
  const PackingPlan& plan_;
  const std::vector<int>& nearest_;
  HotspotTally hotspots_;
  Regions regions_;
  std::vector<int> areaMinEmpty_;  // [plan area] scratch: the lowest rank of an empty goal
};

}  // namespace soko
