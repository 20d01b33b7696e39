#include "deadlock/closed_diagonal.h"

#include <catch2/catch.hpp>

#include "analysis/dead_squares.h"
#include "analysis/goal_reach.h"
#include "deadlock/bipartite.h"
#include "deadlock/corral.h"
#include "deadlock/freeze.h"
#include "deadlock/immovable.h"
#include "format.h"
#include "small_levels.h"
#include "test_support.h"

using namespace soko;
using soko::testing::one;
using testing::squareMask;

namespace {

struct Checks {
  explicit Checks(const Board& b)
      : board(b),
        dead(pushDeadSquares(b)),
        diagonal(b, dead, 3000),
        corral(b, dead, 3000),
        freeze(b, dead, b.goalMask()),
        goalReach(goalReachTable(b)),
        bipartite(b, goalReach),
        immovable(b, dead),
        marks(b.squareCount(), 0) {}
  // Any of the checks fess ran before closed diagonals.
  bool othersDead(const std::vector<Square>& boxes, Square player) {
    const std::vector<uint8_t> occ = squareMask(board, boxes);
    if (corral.deadlock(occ, player, kNoSquare) || bipartite.deadlockWithFrozen(boxes, occ, freeze))
      return true;
    std::fill(marks.begin(), marks.end(), 0);
    return immovable.find(boxes, player, marks) > 0 &&
           bipartite.deadlockWithImmovable(boxes, marks, player);
  }
  const Board& board;
  std::vector<uint8_t> dead;
  CorralCheck diagonal, corral;
  FreezeCheck freeze;
  std::vector<uint8_t> goalReach;  // kept for bipartite, which reads it
  BipartiteCheck bipartite;
  ImmovableBoxes immovable;
  std::vector<uint8_t> marks;
};

int runs(const Board& b, const std::vector<Square>& boxes, Square player) {
  const std::vector<uint8_t> occ = squareMask(b, boxes);
  std::vector<uint8_t> reach;
  testing::normalPlayer(b, occ, player, &reach);
  ClosedDiagonals diagonals(b);
  return diagonals.find(occ, [&](Square s) { return reach[s] != 0; });
}

}  // namespace

TEST_CASE("closed diagonal: two boxes walling in a goal are a deadlock no other check sees") {
  // The goal in the bottom right corner has walls right and below and a
  // box above and left: a run of one square, closed by the walls. Either
  // box pushed onto the goal leaves the other stuck off goal, and neither
  // can go anywhere else first. No box is frozen (each could be pushed
  // into the goal), no corral's fence can only be pushed inwards, and
  // each box alone reaches a goal.
  Level level =
      one("########\n"
          "#@.    #\n"
          "## $   #\n"
          "###    #\n"
          "##    $#\n"
          "#   .$.#\n"
          "########\n");
  Board b(level);
  Checks c(b);
  CHECK(runs(b, b.startBoxes(), b.startPlayer()) == 1);
  CHECK(c.diagonal.diagonalDeadlock(squareMask(b, b.startBoxes()), b.startPlayer()));
  CHECK_FALSE(c.othersDead(b.startBoxes(), b.startPlayer()));
  CHECK(testing::bfsOutcome(level) == SolveStatus::Unsolvable);
}

TEST_CASE("closed diagonal: a run whose boxes can all be packed is not a deadlock") {
  // The same shape of run round a goal: pushing the loose box into it packs
  // every box of the run.
  Level level =
      one("#######\n"
          "##*   #\n"
          "#*.$ @#\n"
          "# *#  #\n"
          "#######\n");
  Board b(level);
  Checks c(b);
  CHECK(runs(b, b.startBoxes(), b.startPlayer()) == 1);
  CHECK_FALSE(c.diagonal.diagonalDeadlock(squareMask(b, b.startBoxes()), b.startPlayer()));
  CHECK(testing::bfsOutcome(level) == SolveStatus::Solved);
}

TEST_CASE("closed diagonals never condemn a solvable position (exhaustive push graphs)") {
  // Denser levels than the other detectors' tests (4 to 6 boxes): runs
  // need boxes on both sides of a square.
  int condemned = 0, beyond = 0, found = 0, levels = 0;
  uint64_t positions = 0;
  for (int boxes : {4, 5, 6}) {
    std::mt19937 rng(7000 + boxes);
    for (int round = 0, made = 0; round < 20000 && made < 40; ++round) {
      auto level = testing::randomSmallLevel(rng, boxes, 8, 7, 12);
      if (!level) continue;
      ++made, ++levels;
      Board b(*level);
      Checks c(b);
      for (const auto& p : testing::pushGraph(*level, 30000).positions) {
        ++positions;
        found += runs(b, p.boxes, p.player) > 0;
        if (!c.diagonal.diagonalDeadlock(squareMask(b, p.boxes), p.player)) continue;
        ++condemned;
        INFO(writeLevel(*level));
        REQUIRE_FALSE(p.solvable);
        beyond += !c.othersDead(p.boxes, p.player);
      }
    }
  }
  CHECK(levels == 120);
  CHECK(positions >= 100000);
  CHECK(condemned >= 10000);
  CHECK(condemned < found);  // some runs' boxes can be packed
  CHECK(beyond >= 50);       // deadlocks the checks before it let pass
  INFO("condemned " << condemned << ", beyond the other checks " << beyond);
}
