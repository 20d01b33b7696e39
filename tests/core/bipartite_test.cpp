#include <catch2/catch.hpp>

#include <algorithm>

#include "format.h"
#include "test_support.h"
#include "analysis/goal_reach.h"
#include "deadlock/bipartite.h"
#include "analysis/dead_squares.h"
#include "deadlock/freeze.h"
#include "small_levels.h"
#include "solver.h"

using namespace soko;
using soko::testing::one;
using testing::squareMask;

TEST_CASE("bipartite: two boxes on a wall that both need the one goal of that wall") {
  //   ########
  //   # $ $ .#   both boxes can only slide along the top wall,
  //   #      #   and only one goal lies on it
  //   #   .  #
  //   #@     #
  //   ########
  Level dead = one("########\n# $ $ .#\n#      #\n#   .  #\n#@     #\n########\n");
  Board b(dead);
  const std::vector<uint8_t> reach = goalReachTable(b);
  BipartiteCheck check(b, reach);
  CHECK(check.deadlock(b.startBoxes()));
  CHECK(testing::bfsOutcome(dead) == SolveStatus::Unsolvable);
  // One box off the wall: each box has a goal of its own.
  Level alive = one("########\n# $   .#\n#   $  #\n#   .  #\n#@     #\n########\n");
  Board a(alive);
  const std::vector<uint8_t> reach2 = goalReachTable(a);
  BipartiteCheck check2(a, reach2);
  CHECK_FALSE(check2.deadlock(a.startBoxes()));
  CHECK(testing::bfsOutcome(alive) == SolveStatus::Solved);
}

TEST_CASE("bipartite: a frozen box on a goal is a wall for the others") {
  //   #######
  //   #*    #   the corner box is frozen on its goal; the other goal (1,3)
  //   #     #   can only be filled by pushing down from (1,1), where the
  //   #.# $ #   frozen box stands
  //   #@    #
  //   #######
  Level level = one("#######\n#*    #\n#     #\n#.# $ #\n#@    #\n#######\n");
  Board b(level);
  const std::vector<uint8_t> reach = goalReachTable(b);
  BipartiteCheck check(b, reach);
  std::vector<uint8_t> goals(b.squareCount(), 0);
  for (Square g : b.goals()) goals[g] = 1;
  FreezeCheck freeze(b, pushDeadSquares(b), goals);
  CHECK_FALSE(check.deadlock(b.startBoxes()));  // walls only: the path looks open
  CHECK(check.deadlockWithFrozen(b.startBoxes(), squareMask(b, b.startBoxes()), freeze));
  CHECK(testing::bfsOutcome(level) == SolveStatus::Unsolvable);
}

TEST_CASE("bipartite never condemns a solvable position, and its matchings are matchings (exhaustive push graphs)") {
  std::mt19937 rng(31337);
  int levels = 0, condemned = 0;
  uint64_t positions = 0;
  for (int round = 0; round < 400 && levels < 120; ++round) {
    auto level = testing::randomSmallLevel(rng, 3, 8, 7, 18);
    if (!level) continue;
    Board b(*level);
    testing::PushGraph g = testing::pushGraph(*level);
    const std::vector<uint8_t> reach = goalReachTable(b);
  BipartiteCheck check(b, reach);
    std::vector<uint8_t> goals(b.squareCount(), 0);
    for (Square s : b.goals()) goals[s] = 1;
    FreezeCheck freeze(b, pushDeadSquares(b), goals);
    for (const auto& p : g.positions) {
      ++positions;
      std::vector<int> goalOf;
      bool plain = check.deadlock(p.boxes, &goalOf);
      if (!plain) {  // the matching it reports is one: distinct goals, each reached by its box
        REQUIRE(goalOf.size() == p.boxes.size());
        std::vector<int> taken = goalOf;
        std::sort(taken.begin(), taken.end());
        CHECK(std::adjacent_find(taken.begin(), taken.end()) == taken.end());
        for (size_t i = 0; i < p.boxes.size(); ++i) CHECK((goalOf[i] >= 0 && check.reaches(p.boxes[i], goalOf[i])));
      }
      bool frozen = check.deadlockWithFrozen(p.boxes, squareMask(b, p.boxes), freeze);
      CHECK((!plain || frozen));  // frozen walls only add deadlocks
      if (!frozen) continue;
      ++condemned;
      INFO(writeLevel(*level));
      REQUIRE_FALSE(p.solvable);
    }
    ++levels;
  }
  CHECK(levels >= 100);
  CHECK(condemned >= 200);
  CHECK(positions >= 10000);
}

TEST_CASE("freeze: pushFrozen reports boxes that can never move, on goal or not") {
  //   ######
  //   #*$  #   the goal box in the corner and its neighbour on the wall are
  //   #    #   both frozen; the box below the wall is free
  //   # $ .#
  //   #@  .#
  //   ######
  Level level = one("######\n#*$  #\n#    #\n# $ .#\n#@  .#\n######\n");
  Board b(level);
  std::vector<uint8_t> goals(b.squareCount(), 0);
  for (Square g : b.goals()) goals[g] = 1;
  FreezeCheck freeze(b, pushDeadSquares(b), goals);
  auto occ = squareMask(b, b.startBoxes());
  CHECK(freeze.pushFrozen(occ, b.squareOf(level.index(1, 1))));
  CHECK(freeze.pushFrozen(occ, b.squareOf(level.index(2, 1))));
  CHECK_FALSE(freeze.pushFrozen(occ, b.squareOf(level.index(2, 3))));
}
