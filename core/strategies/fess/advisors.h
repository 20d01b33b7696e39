// FESS's advisors (fess.h): among a position's children, the moves to try
// first, queued at no extra weight. The packer fills the packing plan's
// next goal (or, before it, puts a box on a square where the plan parks
// one while later goals are filled), the connector joins most player
// regions, and the hotspot mover takes the box blocking most others where
// it blocks fewest (or, when that box cannot move, moves a box next to it).
#pragma once

#include <cstdint>
#include <vector>

#include "analysis/board.h"
#include "feature_cells.h"
#include "hotspots.h"
#include "macro_moves.h"
#include "packing_plan.h"

namespace soko {

// A child of the expanded position, as the search sees it before queueing.
struct Child {
  MacroPush move;
  Features features;
  Square player;  // normalised
  uint32_t
      existing;  // the stored node when this child was seen before, else none (NodeStore::kNone)
  uint64_t key;
};

// Indices into the children, -1 for none.
struct Advice {
  int packer = -1, connector = -1, hotspotMover = -1;
};

// `parent`: the expanded position's features; `boxes` its boxes, whose
// hotspots `tally` holds; `goal`: [square] 1 on a goal.
Advice advise(const std::vector<Child>& children, const Features& parent,
              const std::vector<uint8_t>& goal, const PackingPlan& plan, HotspotTally& tally,
              const Board& board, const std::vector<Square>& boxes);

}  // namespace soko
