#include "strategies/fess/goal_room.h"

#include <catch2/catch.hpp>
#include <random>

#include "analysis/dead_squares.h"
#include "small_levels.h"
#include "solver.h"
#include "strategies/fess/macro_moves.h"
#include "strategies/fess/packing_plan.h"
#include "test_support.h"
#include "verify.h"

using namespace soko;
using soko::testing::one;
using testing::squareMask;

namespace {

// A level's goal-room order and the macro pushes of its start position.
struct StartMoves {
  explicit StartMoves(const Level& l)
      : b(l),
        plan(makePackingPlan(b)),
        dead(pushDeadSquares(b)),
        order(b, plan, dead),
        occ(squareMask(b, b.startBoxes())) {
    MacroMoves moves(b, dead);
    moves.generate(b.startBoxes(), occ, b.startPlayer(), out);
  }
  Board b;
  PackingPlan plan;
  std::vector<uint8_t> dead;
  GoalRoomOrder order;       // refers to plan
  std::vector<uint8_t> occ;  // the start's boxes
  std::vector<MacroPush> out;
};

}  // namespace

TEST_CASE("goal-room order: a box entering a goal group goes only to the plan's next goal there") {
  Level l =
      one("#########\n"
          "#@ $ ...#\n"
          "#  $    #\n"
          "#  $    #\n"
          "#########\n");
  const StartMoves start(l);
  const Board& b = start.b;
  const PackingPlan& plan = start.plan;
  Square next = kNoSquare;  // the group's empty goal of least rank
  for (Square g : b.goals())
    if (next == kNoSquare || plan.rank[g] < plan.rank[next]) next = g;
  int onGoals = 0, kept = 0, offGoal = 0;
  for (const MacroPush& m : start.out) {
    if (!b.isGoal(m.to)) {
      CHECK_FALSE(start.order.skips(m, start.occ));
      ++offGoal;
      continue;
    }
    ++onGoals;
    CHECK(start.order.skips(m, start.occ) == (m.to != next));
    kept += !start.order.skips(m, start.occ);
  }
  CHECK(onGoals > kept);
  CHECK(kept >= 1);
  CHECK(offGoal > 0);
}

// Microban I 139: the goals (6,3) and (4,3) of its 2x3 goal block are filled
// only by boxes that cross the block into the room on its left and come
// back, and the known solutions park boxes on the block's goals on the way.
// The order would cut every solution (fess searched 311K positions under it
// before lifting it), so it does not apply to such a group.
TEST_CASE("goal-room order: none in a goal group boxes must cross to fill it") {
  Collection c = testing::bundled("Microban_I");
  REQUIRE(c.levels.size() >= 139);
  Board b(c.levels[138]);
  PackingPlan plan = makePackingPlan(b);
  std::vector<uint8_t> dead = pushDeadSquares(b);
  GoalRoomOrder order(b, plan, dead);
  MacroMoves moves(b, dead);
  // One box below the block's way in (5,4), the player under it.
  const Level& l = c.levels[138];
  const std::vector<Square> box{b.squareOf(l.index(5, 6))};
  std::vector<uint8_t> occ = squareMask(b, box);
  std::vector<MacroPush> out;
  moves.generate(box, occ, b.squareOf(l.index(5, 7)), out);
  int outOfOrder = 0;  // stops on a goal other than the plan's first
  for (const MacroPush& m : out) {
    CHECK_FALSE(order.skips(m, occ));
    outOfOrder += b.isGoal(m.to) && plan.rank[m.to] != 0;
  }
  CHECK(outOfOrder > 0);
}

// A box that starts amid a group's goals (here at x 7, y 3: goals on three
// sides, a wall on the fourth) can only move onto them: the order, meant for
// boxes coming in from outside, does not apply to that group (XSokoban 30).
TEST_CASE("goal-room order: none in a goal group a box starts walled in by") {
  Level l =
      one("#########\n"
          "#@      #\n"
          "# $ $ ..#\n"
          "#     .$#\n"
          "#  $ $..#\n"
          "#########\n");
  const StartMoves start(l);
  const Board& b = start.b;
  const PackingPlan& plan = start.plan;
  const Square inside = b.squareOf(l.index(7, 3));
  int outOfOrder = 0;  // onto a goal other than the plan's first, from outside the group
  bool insideMoves = false;
  for (const MacroPush& m : start.out) {
    CHECK_FALSE(start.order.skips(m, start.occ));
    outOfOrder += b.isGoal(m.to) && plan.rank[m.to] != 0;
    insideMoves |= m.from == inside && b.isGoal(m.to) && plan.rank[m.to] != 0;
  }
  CHECK(outOfOrder > 0);
  CHECK(insideMoves);
}

// The order is a guess: when the search runs dry under it, fess lifts it and
// searches on. On small random levels it must still agree with breadth-first
// search, also where the order was lifted (here every unsolvable level with
// a cut move; Microban I 153 is a solvable level that needs the lift: see the
// tiny-memory test in fess_test.cpp, which reports "unsolvable" without it).
TEST_CASE(
    "goal-room order: fess lifts it when it runs dry, and still agrees with breadth-first search") {
  std::mt19937 rng(2024);
  int levels = 0, lifted = 0;
  // Most unsolvable random starts are proved dead before any move (their
  // boxes immovable, immovable.h), so lifts are rare: 13 in these 3,000.
  for (int round = 0; round < 30000 && levels < 3000; ++round) {
    auto level = testing::randomSmallLevel(rng, 2 + round % 3, 7 + round % 2, 6, 12);
    if (!level) continue;
    SolveStatus expected = testing::bfsOutcome(*level);
    REQUIRE((expected == SolveStatus::Solved || expected == SolveStatus::Unsolvable));
    SolverOptions o;
    o.method = "fess";
    o.timeLimitSeconds = 0;
    o.maxNodes = testing::kSmallSearchNodes;
    const std::string message = testing::checkSolverAgrees(*level, o, expected);
    const bool wasLifted = message.find("goal-room order lifted") != std::string::npos;
    lifted += wasLifted;
    ++levels;
  }
  CHECK(lifted >= 10);
}
