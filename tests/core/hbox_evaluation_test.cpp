// hbox's evaluation: HunEst kept up to date as boxes move, and the
// priority measures it orders the queues by.
#include "strategies/hbox/hbox_evaluation.h"

#include <catch2/catch.hpp>
#include <vector>

#include "analysis/board.h"
#include "analysis/pull_distances.h"
#include "test_support.h"

using namespace soko;
using soko::testing::at;
using soko::testing::one;

TEST_CASE("hbox evaluation: HunEst, pri1, pri5 and pri6 as a box is pulled home along a corridor") {
  //   ######
  //   #@$ .#     the reverse search starts with the box on the goal (4,1);
  //   ######     its target is its start square (2,1), two pulls away
  Board b(one("######\n#@$ .#\n######\n"));
  const std::vector<Square> targets = b.startBoxes();
  PullDistances pd(b, targets);
  std::vector<uint8_t> occupied(b.squareCount(), 0);
  HboxMethod method;
  REQUIRE(hboxMethod(1, method));
  HboxEvaluation eval(b, targets, pd, method, occupied.data());
  Square box = at(b, 4, 1);
  REQUIRE(eval.start(&box));
  Priorities p = eval.priorities(&box, 0, 1, false);
  CHECK(p.hunEst == 2);
  CHECK(p.pri[1] == 1);  // not on its target
  CHECK(p.pri[5] == 0);  // no nearer than at the start
  CHECK(p.pri[6] == 60);
  eval.beginChild();
  REQUIRE(eval.moveBox(0, at(b, 3, 1)));
  box = at(b, 3, 1);
  p = eval.priorities(&box, 0, 1, false);
  CHECK(p.hunEst == 1);
  CHECK(p.pri[1] == 1);
  CHECK(p.pri[5] == 45);  // 60 (4 - 1) / 4: squared distances
  CHECK(p.pri[6] == 30);
  // The position one pull on, expanded in its turn: its child is home.
  CHECK(eval.expand(&box, 0) == 0);
  eval.beginChild();
  REQUIRE(eval.moveBox(0, at(b, 2, 1)));
  box = at(b, 2, 1);
  p = eval.priorities(&box, 1, 1, false);
  CHECK(p.hunEst == 0);
  CHECK(p.pri[1] == 0);
  CHECK(p.pri[5] == 60);
  CHECK(p.pri[6] == 0);
}

TEST_CASE(
    "hbox evaluation: pri2 counts the floor areas but one, pri3 doorways, pri4 blocked boxes, "
    "halfway drops them") {
  //   #########
  //   #   #   #     the box in the gap (4,2) closes the doorway between
  //   #@$ $ . #     the rooms; nothing blocks either box
  //   #   #  .#
  //   #########
  Board b(one("#########\n#   #   #\n#@$ $ . #\n#   #  .#\n#########\n"));
  const std::vector<Square> targets = b.startBoxes();
  PullDistances pd(b, targets);
  std::vector<uint8_t> occupied(b.squareCount(), 0);
  for (Square s : targets) occupied[s] = 1;
  HboxMethod method;
  REQUIRE(hboxMethod(1, method));
  HboxEvaluation eval(b, targets, pd, method, occupied.data());
  std::vector<Square> goals = b.goals();
  REQUIRE(eval.start(goals.data()));
  Priorities p = eval.priorities(targets.data(), 2, 2, false);
  CHECK(p.pri[2] == 1);
  CHECK(p.pri[3] == 1);
  CHECK(p.pri[4] == 0);
  p = eval.priorities(targets.data(), 2, 2, true);
  CHECK((p.pri[2] == 0 && p.pri[3] == 0 && p.pri[4] == 0 && p.pri[5] == 0));
  //   ######
  //   #$$$ #     the box in the corner (1,1): walls on two sides and a box
  //   ##   #     on the right with another behind it: blocked
  //   #@...#
  //   ######
  Board c(one("######\n#$$$ #\n##   #\n#@...#\n######\n"));
  const std::vector<Square> startBoxes = c.startBoxes();
  PullDistances pc(c, startBoxes);
  std::vector<uint8_t> occ2(c.squareCount(), 0);
  for (Square s : startBoxes) occ2[s] = 1;
  HboxEvaluation blocked(c, startBoxes, pc, method, occ2.data());
  CHECK(blocked.priorities(startBoxes.data(), 3, 1, false).pri[4] == 1);
}

TEST_CASE(
    "hbox evaluation without the Hungarian estimate (method 2): pri1 counts boxes off any target") {
  Board b(one("######\n#@$ .#\n######\n"));
  const std::vector<Square> targets = b.startBoxes();
  PullDistances pd(b, targets);
  std::vector<uint8_t> occupied(b.squareCount(), 0);
  HboxMethod method;
  REQUIRE(hboxMethod(2, method));
  HboxEvaluation eval(b, targets, pd, method, occupied.data());
  Square box = at(b, 4, 1);
  REQUIRE(eval.start(&box));
  CHECK(eval.expand(&box, 0) == 0);
  Priorities p = eval.priorities(&box, 0, 1, false);
  CHECK((p.pri[1] == 1 && p.hunEst == 0 && p.pri[6] == 0));
  p = eval.priorities(&box, 1, 1, false);
  CHECK(p.pri[1] == 0);
}
