#include "feature_measure.h"

#include <algorithm>

#include "fess_tables.h"

namespace soko {

FeatureMeasure::FeatureMeasure(FessTables& tables, const std::vector<uint8_t>& goal)
    : board_(tables.board()),
      goal_(goal),
      plan_(tables.plan()),
      nearest_(tables.nearest()),
      hotspots_(tables.hotspots(), board_),
      regions_(board_) {
  int areas = 0;
  for (int a : plan_.area) areas = std::max(areas, a + 1);
  areaMinEmpty_.resize(areas);
}

uint32_t FeatureMeasure::estimate(const std::vector<Square>& boxes) const {
  uint32_t h = 0;
  for (Square b : boxes) h += nearestCost(b);
  return h;
}

// Boxes out of plan: on a goal ranked after an empty goal of its group.
int FeatureMeasure::outOfPlan(const std::vector<Square>& boxes,
                              const std::vector<uint8_t>& occupied) {
  std::fill(areaMinEmpty_.begin(), areaMinEmpty_.end(), 1 << 30);
  for (Square g : board_.goals())
    if (!occupied[g])
      areaMinEmpty_[plan_.area[g]] = std::min(areaMinEmpty_[plan_.area[g]], plan_.rank[g]);
  int count = 0;
  for (Square b : boxes)
    if (goal_[b] && plan_.rank[b] > areaMinEmpty_[plan_.area[b]]) ++count;
  // A box the plan parks is missing from its square while the goals it
  // waits out are being filled (see PackingPlan::Parking).
  const auto holds = [&occupied](Square q) { return occupied[q] != 0; };
  for (const PackingPlan::Parking& p : plan_.parking)
    if (!occupied[p.square] && parkingPhase(plan_, p, holds) == ParkingPhase::Waiting) ++count;
  return count;
}

Features FeatureMeasure::position(const std::vector<Square>& boxes,
                                  const std::vector<uint8_t>& occupied) {
  Features f;
  for (Square b : boxes) f.onGoals += goal_[b];
  f.outOfPlan = outOfPlan(boxes, occupied);
  f.estimate = estimate(boxes);
  hotspots_.setPosition(boxes);
  f.hot = hotspots_.count();
  f.connectivity = regions_.label(occupied);
  return f;
}

}  // namespace soko
