// FESS backward: the feature space search (fess.h) from the solved position
// back to the start, over macro pulls (macro_pulls.h), as Festival's
// backward searches do. A different search, not the forward one mirrored:
// it starts from every player region of the boxes on their goals, and the
// start position is its goal.
//
// Its feature spaces pair player regions (connectivity) with the boxes on
// start squares and with the lone-box pulls to the nearest start squares
// (in sixteenths and in 32nds of the solved position's). A move costs 1, or
// 0 when an advisor recommends it: the unpacker puts a box on a start
// square, the connector joins player regions. Pruned: squares from which no
// start square can be reached, and positions without a matching of boxes to
// the start squares they can each still reach (both sound, so "unsolvable"
// is a proof). A position it stores can be met by a forward search
// (search/meeting.h).
#pragma once

#include <memory>

#include "level.h"
#include "strategy.h"

namespace soko {

class LevelAnalysis;

std::unique_ptr<Strategy> makeReverseFessStrategy(const Level& level, uint64_t memoryBudgetBytes);
// Over an analysis shared with other members, which the caller counts.
std::unique_ptr<Strategy> makeReverseFessStrategy(std::shared_ptr<LevelAnalysis> analysis,
                                                  uint64_t memoryBudgetBytes);

}  // namespace soko
