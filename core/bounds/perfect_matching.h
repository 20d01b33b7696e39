// Whether every item of a bipartite graph can be given a square of its own
// (Kuhn's augmenting paths): the packing plan asks it of the boxes it took
// out and the start squares each could have come from.
#pragma once

#include <vector>

#include "analysis/board.h"

namespace soko {

// options[i]: the squares item i may take (square numbers below `squares`).
bool hasPerfectMatching(const std::vector<std::vector<Square>>& options, int squares);

}  // namespace soko
