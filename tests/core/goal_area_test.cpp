#include "deadlock/goal_area.h"

#include <catch2/catch.hpp>
#include <random>

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

// None of the other checks (freeze and the matching, corral searches,
// immovable boxes) condemns the position.
bool othersPass(const Board& b, const std::vector<Square>& boxes, Square player) {
  const std::vector<uint8_t> reach = goalReachTable(b), occupied = squareMask(b, boxes);
  FreezeCheck freeze(b, pushDeadSquares(b), b.goalMask());
  BipartiteCheck bipartite(b, reach);
  if (bipartite.deadlockWithFrozen(boxes, occupied, freeze)) return false;
  CorralCheck corral(b, pushDeadSquares(b), 5000);
  if (corral.deadlock(occupied, player, kNoSquare)) return false;
  ImmovableBoxes immovable(b, pushDeadSquares(b));
  std::vector<uint8_t> marks(b.squareCount(), 0);
  return !(immovable.find(boxes, player, marks) > 0 &&
           bipartite.deadlockWithImmovable(boxes, marks, player));
}

// The position as level text (for the failure messages).
std::string render(const Board& b, const std::vector<Square>& boxes, Square player) {
  const Level& level = b.level();
  const std::vector<uint8_t> occupied = squareMask(b, boxes);
  std::string text;
  for (int y = 0; y < level.height; ++y) {
    for (int x = 0; x < level.width; ++x) {
      const int cell = level.index(x, y);
      const Square q = b.squareOf(cell);
      char c = (level.cells[cell] & kWall) ? '#' : ' ';
      if (q != kNoSquare) {
        c = b.isGoal(q) ? '.' : ' ';
        if (occupied[q]) c = b.isGoal(q) ? '*' : '$';
        if (q == player) c = b.isGoal(q) ? '+' : '@';
      }
      text += c;
    }
    text += '\n';
  }
  return text;
}

}  // namespace

TEST_CASE("goal area: the area is the goals and the goal-free pieces without a box") {
  Level level = one(testing::kXSokoban88GoalRoom);
  Board b(level);
  GoalAreaCheck check(b, pushDeadSquares(b));
  const auto at = [&](int x, int y) { return b.squareOf(level.index(x, y)); };
  CHECK(check.area()[at(2, 3)]);        // an empty goal
  CHECK(check.area()[at(1, 5)]);        // the pocket left of the goals
  CHECK(check.area()[at(2, 12)]);       // the corridor below them
  CHECK_FALSE(check.area()[at(4, 4)]);  // the way in, joined to the boxes outside
  CHECK_FALSE(check.area()[at(6, 10)]);
}

TEST_CASE("goal area: a position no other check condemns") {
  //     #####
  //   ###@  ##   the right goal is filled only from the left, the player
  //   #      #   on the goal between the two boxes on goals, which it can
  //   # $   ##   reach only by moving one of them onto a goal the other
  //   # $ *###   then needs
  //   #  *.*.#
  //   ########
  Level level = one("  #####\n###@  ##\n#      #\n# $   ##\n# $ *###\n#  *.*.#\n########\n");
  Board b(level);
  CHECK(othersPass(b, b.startBoxes(), b.startPlayer()));
  GoalAreaCheck check(b, pushDeadSquares(b));
  CHECK(check.deadlock(b.startBoxes(), b.startPlayer()));
  CHECK(testing::bfsOutcome(level) == SolveStatus::Unsolvable);
}

TEST_CASE("goal area: a goal room filled in an order that shuts its last goals off") {
  // (The matching over the boxes that never move, with the player kept to
  // its side of each box, condemns this position too: position_check_test.cpp.)
  Level level = one(testing::kXSokoban88GoalRoom);
  Board b(level);
  CHECK_FALSE(othersPass(b, b.startBoxes(), b.startPlayer()));
  GoalAreaCheck check(b, pushDeadSquares(b), 300);
  CHECK(check.deadlock(b.startBoxes(), b.startPlayer()));
  CHECK(check.stats().searches == 1);
  CHECK(check.deadlock(b.startBoxes(), b.startPlayer()));  // again, from the cache
  CHECK(check.stats().cacheHits == 1);
  // Three goals are left: with at most two the position is not searched.
  GoalAreaCheck fewer(b, pushDeadSquares(b), 300, 2);
  CHECK_FALSE(fewer.deadlock(b.startBoxes(), b.startPlayer()));
  CHECK(fewer.stats().searches == 0);
  // Out of budget proves nothing.
  GoalAreaCheck tiny(b, pushDeadSquares(b), 3);
  CHECK_FALSE(tiny.deadlock(b.startBoxes(), b.startPlayer()));
  CHECK(tiny.stats().gaveUp == 1);
  // So does running out of work (squares flooded, boxes copied).
  GoalAreaCheck busy(b, pushDeadSquares(b), 100000, GoalAreaCheck::kMaxEmpty, 500);
  CHECK_FALSE(busy.deadlock(b.startBoxes(), b.startPlayer()));
  CHECK(busy.stats().gaveUp == 1);
}

TEST_CASE("goal area: a room that can still be filled is not condemned") {
  // The same room with the three goals of the way in left empty: filled
  // from the right, one box after another, the farthest first.
  std::string text = testing::kXSokoban88GoalRoom;
  for (const auto& [from, to] :
       {std::pair{"#*.*#  ###", "#***#  ###"}, std::pair{"#**.     ", "#...     "},
        std::pair{"#**.# # #", "#***# # #"}})
    text.replace(text.find(from), std::string(from).size(), to);
  Level level = one(text);
  Board b(level);
  GoalAreaCheck check(b, pushDeadSquares(b));
  CHECK_FALSE(check.deadlock(b.startBoxes(), b.startPlayer()));
  CHECK(check.stats().gaveUp == 0);
}

TEST_CASE("goal area: never condemns a solvable position (exhaustive push graphs)") {
  // Levels of the usual random kind and levels whose goals form a room. On
  // these small boards the other checks condemn nearly every position this
  // one does (the test above has one of the few they miss).
  for (const bool clustered : {false, true}) {
    int condemned = 0;
    uint64_t positions = 0;
    const int levels =
        testing::forSmallLevels(clustered ? 4242 : 31415, clustered, 300, [&](const Level& level) {
          Board b(level);
          testing::PushGraph g = testing::pushGraph(level, 100000);
          GoalAreaCheck check(b, pushDeadSquares(b));
          for (const auto& p : g.positions) {
            ++positions;
            if (!check.deadlock(p.boxes, p.player)) continue;
            ++condemned;
            INFO(render(b, p.boxes, p.player));
            REQUIRE_FALSE(p.solvable);
          }
        });
    INFO("clustered " << clustered);
    CHECK(levels == 300);
    CHECK(positions >= 50000);
    CHECK(condemned >= 5000);
  }
}
