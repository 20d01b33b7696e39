// Which goals a lone box can be pushed to from each square, the player
// anywhere it needs to be (a relaxation of the real game: "no goal" is a
// proof, "some goal" is not). Found by pulling a box away from each goal: a
// pull from s to its neighbour t in direction d needs t and the square
// beyond it free. The bipartite deadlock check (deadlock/bipartite.h)
// matches boxes to goals over it.
#pragma once

#include <cstdint>
#include <vector>

#include "board.h"

namespace soko {

// Marks in `table` ([square * goals + goal], sized and zeroed by the
// caller) the squares from which a lone box reaches goal number `g`, with
// the squares `walls` marks (non-zero; may be all zero) as walls too.
// `seen` and `stack` are scratch.
void markGoalReach(const Board& board, const std::vector<uint8_t>& walls, int g,
                   std::vector<uint8_t>& table, std::vector<uint32_t>& seen,
                   std::vector<Square>& stack);

// The whole table at once, with walls only.
std::vector<uint8_t> goalReachTable(const Board& board);

}  // namespace soko
