// A one-thread portfolio: FESS (forward, feature space) and hbox (reverse,
// multi-heuristic; its method 11, from 2 s method 4 for a limited share,
// and after 20 s method 1 for half a second)
// take turns in short slices (fess's three times as long, hbox's on levels
// of many boxes; the first
// turns shorter still, doubling each round, and alike for the two until
// they have searched a round's work), sharing the
// memory budget, and the first solution wins. The searches fail on
// different levels, so together they solve more within the same time than
// any one of them.
// When one stops without a solution (out of memory, say, or the probe's
// time is up), the others go on with its memory; when the shared memory is
// full, the member holding the most is the one that stops. After 20 s of
// search, three fess variants join for 8 to 17 s each (four feature
// spaces; a sixth space without connectivity; no plan-order space): each
// solves levels the default fess does not.
#pragma once

#include <memory>

#include "level.h"
#include "strategy.h"

namespace soko {

// When each member searches, in work: nanoseconds of search on the machine
// the members' costs were measured on (fess_portfolio.cpp weighs each
// member's expansions by what one costs there, after its first 1,000 by
// the children its expansions make), so the schedule keeps the shares of
// time it was tuned with but never depends on the clock.
struct PortfolioSchedule {
  struct Share {
    uint64_t turn, limit;
  };
  uint64_t fessTurn = 150'000'000;  // fess's turn
  uint64_t hboxTurn = 50'000'000;   // hbox 11's turn
  // On levels of more than `manyBoxes` boxes, hbox 11's turn is three times
  // fess's instead of a third: of the 112 bundled levels of over 32 boxes,
  // fess alone solves hardly any, hbox 11 alone 22 within 10 s and the
  // default with the short turn 15, with this one 24 (docs/benchmarks.md).
  int manyBoxes = 32;
  uint64_t hboxTurnManyBoxes = 450'000'000;
  // hbox method 4 (no inertia, squared distances) from 2 s of work on, in
  // turns as long as hbox 11's, for 500,000 expansions: alone it solves 9
  // of the 182 bundled levels the default left at 10 s within 5 s, 6 of
  // them within this limit (XSokoban 18 in 262,000; docs/benchmarks.md).
  uint64_t earlyStart = 2'000'000'000;
  Share early = {50'000'000, 3'250'000'000};
  // hbox method 1, once the late joiners start (lateStart): its limit in one turn.
  Share probe = {500'000'000, 500'000'000};
  // The work of all members before the late ones join. 20 s rather than
  // 10 s (about 10 s and 5 s on the benchmark machine, whose searches now
  // run faster than on the one the costs were measured on): of the 253
  // levels the default took over 1.5 s on or left unsolved at 10 s, six
  // more solved within 10 s and one fewer (docs/benchmarks.md).
  uint64_t lateStart = 20'000'000'000;
  Share late[3] = {  // four spaces, flat estimate, no plan order
      {450'000'000, 14'000'000'000},
      {300'000'000, 8'000'000'000},
      {600'000'000, 17'000'000'000}};

  // The same schedule `factor` times as long (tests run it shortened).
  PortfolioSchedule scaled(double factor) const;
  // hbox 11's turn on a level of `boxes` boxes.
  uint64_t hboxTurnFor(int boxes) const { return boxes > manyBoxes ? hboxTurnManyBoxes : hboxTurn; }
};

// How a member's cost per expansion follows its own search: fixed, or
// from its stored positions per expansion (fess's or hbox's measure).
enum class CostModel { Fixed, Fess, Hbox };
// The work one expansion of a member costs, `base` at the measured medians,
// once it has expanded 1,000 positions (`stats`: its own); `base` before.
uint64_t memberExpansionCost(uint64_t base, CostModel model, const SearchStats& stats);

std::unique_ptr<Strategy> makeFessPortfolioStrategy(const Level& level,
                                                    const SolverOptions& options,
                                                    const PortfolioSchedule& schedule = {});

}  // namespace soko
