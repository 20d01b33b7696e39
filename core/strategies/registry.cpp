#include "registry.h"

#include "astar.h"
#include "bfs.h"
#include "fess_portfolio.h"
#include "strategies/fess/fess.h"
#include "strategies/fess/reverse_fess.h"
#include "strategies/hbox/hbox.h"

namespace soko {

const std::vector<StrategyEntry>& strategyRegistry() {
  static const std::vector<StrategyEntry> entries = {
      // The default: the most levels solved on the benchmark (README).
      {{"fess-hbox",
        "fess and hbox (method 11) taking turns in one thread (hbox's the longer on levels of over "
        "32 boxes), sharing the memory; fess and hbox 11 look up each other's positions (a "
        "position both reached joins start and goal); from 2 s, hbox method 4 takes turns "
        "for 500,000 positions; after "
        "20 s, hbox method 1 searches half a second and three fess variants join for 8 to 17 s "
        "each: first solution wins"},
       [](const Level& level, const SolverOptions& o) {
         return makeFessPortfolioStrategy(level, o);
       }},
      {{"bfs", "breadth-first over pushes, forward: fewest pushes, slow on large levels"},
       [](const Level& level, const SolverOptions& o) {
         return makeBfsStrategy(level, o.memoryBudgetBytes);
       }},
      // hbox 1.3.5 by fastrgv: reverse multi-heuristic search; "hbox" is its default, method 1.
      {{"hbox", "hbox method 1: reverse search, six heuristics, Hungarian estimate, inertia"},
       [](const Level& level, const SolverOptions& o) { return makeHboxStrategy(level, o, 1); }},
      {{"hbox0", "hbox: push-reducing updates, inertia"},
       [](const Level& level, const SolverOptions& o) { return makeHboxStrategy(level, o, 0); }},
      {{"hbox1", "hbox: move-reducing updates, inertia (hbox's default)"},
       [](const Level& level, const SolverOptions& o) { return makeHboxStrategy(level, o, 1); }},
      {{"hbox2", "hbox: no Hungarian estimate, plain boxes-on-goals count"},
       [](const Level& level, const SolverOptions& o) { return makeHboxStrategy(level, o, 2); }},
      {{"hbox3", "hbox: method 1 without inertia"},
       [](const Level& level, const SolverOptions& o) { return makeHboxStrategy(level, o, 3); }},
      {{"hbox4", "hbox: method 0 without inertia, pri5, pri6 (like hbox4)"},
       [](const Level& level, const SolverOptions& o) { return makeHboxStrategy(level, o, 4); }},
      {{"hbox5", "hbox: method 0 without inertia and pri6 (like hbox5)"},
       [](const Level& level, const SolverOptions& o) { return makeHboxStrategy(level, o, 5); }},
      {{"hbox10", "hbox baseline of method 0: pri1 and pri6 only"},
       [](const Level& level, const SolverOptions& o) { return makeHboxStrategy(level, o, 10); }},
      {{"hbox11", "hbox baseline of method 1: pri1 and pri6 only"},
       [](const Level& level, const SolverOptions& o) { return makeHboxStrategy(level, o, 11); }},
      {{"hbox12", "hbox baseline of method 2: pri1 only"},
       [](const Level& level, const SolverOptions& o) { return makeHboxStrategy(level, o, 12); }},
      {{"hbox13", "hbox baseline of method 3: pri1 and pri6 only"},
       [](const Level& level, const SolverOptions& o) { return makeHboxStrategy(level, o, 13); }},
      {{"hbox14", "hbox baseline of method 4: pri1 only"},
       [](const Level& level, const SolverOptions& o) { return makeHboxStrategy(level, o, 14); }},
      {{"hbox15", "hbox baseline of method 5: pri1 only (same as 14)"},
       [](const Level& level, const SolverOptions& o) { return makeHboxStrategy(level, o, 15); }},
      // Plain searches (after petersohn/sokoban and soko-dotnet) over one set of building blocks
      // (search/moves.h, push_distances.h).
      {{"bfs-reverse",
        "breadth-first over pulls from every solved position back to the start: fewest pushes"},
       [](const Level& level, const SolverOptions& o) {
         return makeReverseBfsStrategy(level, o.memoryBudgetBytes);
       }},
      {{"bfs-bidir",
        "breadth-first from both ends, a layer at a time, until they meet: fewest pushes"},
       [](const Level& level, const SolverOptions& o) {
         return makeBidirectionalBfsStrategy(level, o.memoryBudgetBytes);
       }},
      {{"bfs-walk",
        "bfs keeping only 64-bit keys, walking one position along the tree: fewer bytes per "
        "position"},
       [](const Level& level, const SolverOptions& o) {
         return makeWalkingBfsStrategy(level, o.memoryBudgetBytes);
       }},
      {{"astar",
        "A* over pushes, Hungarian bound over per-region push distances, PI-corral pruning: "
        "fewest pushes"},
       [](const Level& level, const SolverOptions& o) {
         return makeBestFirstStrategy(level, o.memoryBudgetBytes, BestFirstKind::Pushes);
       }},
      {{"astar-moves", "A* over pushes costed in moves: fewest moves, then pushes (small levels)"},
       [](const Level& level, const SolverOptions& o) {
         return makeBestFirstStrategy(level, o.memoryBudgetBytes, BestFirstKind::Moves);
       }},
      {{"greedy", "best-first on the push bound alone, PI-corral pruning: fast, not optimal"},
       [](const Level& level, const SolverOptions& o) {
         return makeBestFirstStrategy(level, o.memoryBudgetBytes, BestFirstKind::Greedy);
       }},
      {{"fess",
        "feature space search (FESS): macro pushes, five feature spaces in round robin, packing "
        "plan, corral and matching deadlocks"},
       [](const Level& level, const SolverOptions& o) {
         return makeFessStrategy(level, o.memoryBudgetBytes);
       }},
      {{"fess-reverse",
        "feature space search backward: macro pulls from the solved position to the start, "
        "three feature spaces, matching deadlocks"},
       [](const Level& level, const SolverOptions& o) {
         return makeReverseFessStrategy(level, o.memoryBudgetBytes);
       }},
      // The default portfolio's late fess variants, alone (for benchmarks: fess_portfolio.cpp).
      {{"fess-noroom", "fess without the goal-room order"},
       [](const Level& level, const SolverOptions& o) {
         return makeFessStrategy(level, o.memoryBudgetBytes, fessNoRoomOrder());
       }},
      {{"fess-four", "fess with four feature spaces (no estimate in 32nds)"},
       [](const Level& level, const SolverOptions& o) {
         return makeFessStrategy(level, o.memoryBudgetBytes, fessFourSpaces());
       }},
      {{"fess-flat", "fess with a sixth feature space: the estimate without connectivity"},
       [](const Level& level, const SolverOptions& o) {
         return makeFessStrategy(level, o.memoryBudgetBytes, fessFlatEstimate());
       }},
      {{"fess-noplan",
        "fess without the plan-order and 32nds spaces, with the estimate without connectivity"},
       [](const Level& level, const SolverOptions& o) {
         return makeFessStrategy(level, o.memoryBudgetBytes, fessNoPlanOrder());
       }},
  };
  return entries;
}

const StrategyEntry* findStrategy(const std::string& method) {
  const auto& entries = strategyRegistry();
  if (method.empty() || method == "default") return &entries.front();
  for (const StrategyEntry& e : entries)
    if (e.info.name == method) return &e;
  return nullptr;
}

}  // namespace soko
