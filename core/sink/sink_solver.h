// Solving the single-sink variant: A* over pushes with the sum of each
// stone's push distance to the sink for the player's region (petersohn/sokoban's
// per-stone table) as an admissible, consistent bound, plus petersohn/sokoban's
// stone pusher: a stone that can go straight into the sink with every push
// lowering its distance goes at once. That never costs a push: the stone
// would need at least that many anyway, once gone it blocks nothing, and
// the player can walk back along the cleared path. So solutions have the
// fewest pushes. Pruned: dead squares, freeze deadlocks (petersohn/sokoban's
// movable checker), shut corridors (petersohn/sokoban's corridor checker,
// corridor.h) and small stone patterns found unsolvable beforehand
// (time-sliced).
//
// Run like Solver (search_runner.h): step() in slices, progress(),
// cancel(), and a solution checked with verifySink() before it is reported.
#pragma once

#include <memory>
#include <string>

#include "search_runner.h"
#include "sink_level.h"

namespace soko {

struct SinkSolverOptions {
  double timeLimitSeconds = 60;  // <= 0: no limit
  uint64_t maxNodes = 0;         // positions expanded in all; 0: no limit
  uint64_t memoryBudgetBytes =
      kDefaultMemoryBudgetBytes;  // the search's own accounting stays below this
  bool stonePusher = true;
  bool patterns = true;  // preprocess small unsolvable stone patterns
};

class SinkSolver : public SearchRunner {
 public:
  SinkSolver(const SinkLevel& level, const SinkSolverOptions& options);
};

}  // namespace soko
