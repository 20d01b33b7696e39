// FESS, the feature space search of Shoham and Schaeffer (IEEE CoG 2020),
// forward over macro pushes (a box taken anywhere it can go in one move).
//
// Every position found is projected onto five small feature spaces, each
// pairing one measure with player regions (connectivity): boxes on goals,
// goals filled in the packing plan's order, pushes to the nearest goals
// (in sixteenths and in 32nds of the start's), and hotspots (boxes cutting
// others off from every goal). Each cell keeps its own queue of positions,
// and the search takes turns among the cells of all five spaces (round
// robin), expanding from each the position reached with the least
// accumulated weight, newest first among equals; a position is expanded
// once. A move costs 1, or 0 when an advisor recommends it: the packing
// advisor fills the next goal of the packing plan (found backwards from the
// solved position), the connectivity advisor joins player regions, the
// hotspot advisor moves the box blocking most others. A position reached
// again more cheaply is queued again. Deadlocks are pruned by dead
// squares, freeze, bipartite matching with frozen boxes as walls, dead
// pair/triple patterns, and, when a position is taken up rather than for
// every child, P-corral searches with a node budget and immovable boxes
// (deadlock/immovable.h) with the matching over them, the player kept to
// its side of each box (analysis/side_goal_reach.h). Where a PI-corral exists,
// only its fence boxes are pushed (search/pi_corral.h: sound, and often a
// much smaller branching).
#pragma once

#include <memory>

#include "level.h"
#include "strategy.h"

namespace soko {

// The feature spaces a position is queued in (bits of FessVariant::spaces).
enum FessSpace : uint32_t {
  kSpaceOnGoals = 1,          // boxes on goals
  kSpacePlanOrder = 2,        // goals filled in the packing plan's order
  kSpaceEstimate16 = 4,       // pushes to the nearest goals, in 16ths of the start's
  kSpaceHotspots = 8,         // boxes cutting others off from every goal
  kSpaceEstimate32 = 16,      // the same in 32nds
  kSpaceEstimate16Flat = 32,  // in 16ths, without connectivity
};

// The default search, or another for a portfolio: the variants reach
// different levels (see fess_portfolio.cpp).
struct FessVariant {
  uint32_t spaces =
      kSpaceOnGoals | kSpacePlanOrder | kSpaceEstimate16 | kSpaceHotspots | kSpaceEstimate32;
  bool goalRoomOrder = true;  // see fess/goal_room.h
};

// The variants the default portfolio adds late (fess_portfolio.cpp).
FessVariant fessNoRoomOrder();
FessVariant fessFourSpaces();
FessVariant fessFlatEstimate();
FessVariant fessNoPlanOrder();

class FessTables;

// Makes and counts its own tables.
std::unique_ptr<Strategy> makeFessStrategy(const Level& level, uint64_t memoryBudgetBytes,
                                           FessVariant variant = {});
// Over tables shared with other fess searches (fess_tables.h), which the
// caller counts: this search's bytes are its own.
std::unique_ptr<Strategy> makeFessStrategy(std::shared_ptr<FessTables> tables,
                                           uint64_t memoryBudgetBytes, FessVariant variant);

}  // namespace soko
