// The packing plan: in which order the goals should be filled, found by
// working backwards from the solved position (the reverse game, boxes pulled
// instead of pushed).
//
// With every goal holding a box and the player in one of the regions left
// free, boxes are taken out one at a time: a box is pulled, the others
// staying put, until it stands where some box of the level starts (then it
// is gone: it came from there). When no box can be taken out that way, one
// box is pulled aside to a parking square so that others can pass, found by
// a small breadth-first search over such moves. Whatever the order, taking a
// box out never hurts the others (the board only gets emptier and the
// player's walk stays free), so only parking needs a search; when even that
// fails within its budget a box is taken out without a path and the plan is
// not `clean`. Played forwards, the goals get filled in the reverse order of
// leaving: the deep goal of a room first, the one at its entrance last.
//
//   #######
//   #  ...#  taken out first: the goal next to the way in (packed last);
//   #  #  #  taken out last: the goal at the far end (packed first).
//
// Boxes that start on a square the search can end on (a box on its goal)
// are taken out only when nothing else can move, so they rank first.
//
// The player's region in the solved position is not known: the regions are
// tried largest first while the budget lasts, and the best attempt is kept
// (fewest boxes without a path, then fewest parked). A region from which
// no box can go out at once (the goals shut it off from where the boxes
// start) is tried after the others.
//
// Before that relaxed search, on a small share of the budget, the plan tries
// the reverse game proper: a box taken out stays on the start square it
// reached, in the way of the later ones, until every start square holds a
// box and the player can walk back to where it starts. When that succeeds
// the plan is `proven`: played forwards it is a solution, filling the goals
// in plan order. It succeeds on small levels, hardly ever on large ones.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "analysis/board.h"

namespace soko {

struct PackingPlan {
  std::vector<Square> order;  // goals, first to fill first
  std::vector<int> rank;      // [square] place in `order`, -1 off goal
  std::vector<int> area;      // [square] goal group (goals next to each other), -1 off goal
  // [square] for a goal, the square its box is pushed in from (the player
  // stands one further); kNoSquare off goal, for a box that starts on the
  // goal, or one taken out without a path.
  std::vector<Square> entry;
  // A box that must wait on a square (usually next to or inside a goal room)
  // while other goals are filled: it stands on `square` before
  // order[firstRank] is filled and leaves after order[lastRank] is, then goes
  // on towards `goal` (or to its next parking square).
  struct Parking {
    Square goal;
    Square square;
    int firstRank, lastRank;
  };
  std::vector<Parking> parking;        // in the order the boxes get there
  std::vector<uint8_t> parkingSquare;  // [square] 1 when some box parks there
  bool clean = true;  // every box left its goal by pulls (no box taken out without a path)
  bool complete =
      false;  // clean, and the boxes' way out ends on distinct start squares (a perfect matching)
  // The plan is a solution played backwards: each box, the others where
  // the plan has them (boxes not yet brought in on their start squares),
  // goes from its start square to its goal in plan order. A level with a
  // proven plan can be solved; implies complete.
  bool proven = false;
  int forced = 0;     // boxes taken out without a path
  uint64_t work = 0;  // elementary steps the plan cost
};

// Where a position stands in a parking's window; `holds(square)`: a box
// stands there. Ahead: the box should get to its square (order[firstRank]
// is still empty); Waiting: the goals it waits out are being filled; None:
// no waiting asked now (its goal filled, the window over, or a window of
// one goal, which a position cannot tell begun from over).
enum class ParkingPhase { None, Ahead, Waiting };
template <class Holds>
ParkingPhase parkingPhase(const PackingPlan& plan, const PackingPlan::Parking& p, Holds holds) {
  if (p.lastRank <= p.firstRank || holds(p.goal)) return ParkingPhase::None;
  if (!holds(plan.order[p.firstRank])) return ParkingPhase::Ahead;
  return holds(plan.order[p.lastRank]) ? ParkingPhase::None : ParkingPhase::Waiting;
}

// Half of 3M, which changed the plan of 11 of the 1,010 bundled levels
// (none the default solved within 10 s; two of up to 20 boxes, whose plans
// stay incomplete): the nine levels whose plans ran to 3M without finding
// a clean one spent their start-up going on trying other regions.
inline constexpr uint64_t kPackingPlanWork = 1'500'000;

// `work`: a budget of elementary steps (squares flooded, states expanded);
// past it, parking searches give up and boxes are taken out without a path.
PackingPlan makePackingPlan(const Board& board, uint64_t work = kPackingPlanWork);

// The same search in pieces, for a strategy's time slices (preparation.h):
// each step() takes a box out, or tries one region of the solved position.
class PackingPlanner {
 public:
  PackingPlanner(const Board& board, uint64_t work = kPackingPlanWork);
  ~PackingPlanner();
  // One piece; true once plan() is made (the same plan as makePackingPlan's).
  bool step();
  PackingPlan& plan();

 private:
  const Board& board_;
  uint64_t work_;
  std::unique_ptr<class Planner> planner_;
};

// Squares too far for a box to get anywhere (the packing plan's pull counts,
// fess_tables.h's nearest-goal pushes).
inline constexpr int kFar = 1 << 20;

}  // namespace soko
