#include "feature_cells.h"

#include "fess.h"

namespace soko {

// The position goes into one cell of each feature space: boxes on goals,
// goals filled in plan order, estimate (in sixteenths and in 32nds of the
// start's) and hotspots, each beside connectivity. The round robin goes
// over the cells of all five, and a position is expanded once, from
// whichever cell comes first. Measured (fess alone, XSokoban at 10 s, both
// cores busy): the first space alone 65 / 90; with plan order 66 (16
// gained); with hotspots too 69 (28, 36, 71); with the estimate in
// sixteenths 71 (31, 85), no level lost along the way; the 32nds as a
// fifth space solve 23 (4.7 s) and 29 (0.8 s), which nothing had solved
// in 60 s, and lose 16 and 52 at the 10 s edge (71 either way). Tried and
// not kept: out of plan as a space (68), hotspots with the estimate
// instead of connectivity (68), 32nds in place of sixteenths (70),
// hotspots as a tie-break within cells (67), and moves the goal-room
// order leaves out reaching the plan-order space only (66).
void FeatureCells::enqueue(uint32_t node, const Features& f, uint32_t weight) {
  const uint32_t inOrder = static_cast<uint32_t>(f.onGoals - f.outOfPlan);
  const uint32_t connectivity = static_cast<uint32_t>(f.connectivity);
  if (spaces_ & kSpaceOnGoals) enqueueIn(cellKey(0, static_cast<uint32_t>(f.onGoals), connectivity), node, weight);
  if (spaces_ & kSpacePlanOrder) enqueueIn(cellKey(1, inOrder, connectivity), node, weight);
  if (spaces_ & kSpaceEstimate16) enqueueIn(cellKey(2, fractionOfStart(f.estimate, 16), connectivity), node, weight);
  if (spaces_ & kSpaceHotspots) enqueueIn(cellKey(3, static_cast<uint32_t>(f.hot), connectivity), node, weight);
  if (spaces_ & kSpaceEstimate32) enqueueIn(cellKey(4, fractionOfStart(f.estimate, 32), connectivity), node, weight);
  if (spaces_ & kSpaceEstimate16Flat) enqueueIn(cellKey(5, fractionOfStart(f.estimate, 16), 0), node, weight);
}

void FeatureCells::enqueueIn(uint32_t cellKey, uint32_t node, uint32_t weight) {
  bool added;
  const uint32_t cell = cellOf_.findOrAdd(cellKey, static_cast<uint32_t>(cells_.size()), added);
  if (added) cells_.emplace_back();
  const int64_t grown = cells_[cell].push(weight, node);
  openBytes_ += grown;
  largestQueueGrowth_ = std::max(largestQueueGrowth_, static_cast<uint64_t>(std::max<int64_t>(grown, 0)));
}

}  // namespace soko
