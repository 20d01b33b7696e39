#include "game.h"

#include <catch2/catch.hpp>

#include "format.h"
#include "lurd.h"
#include "test_support.h"
#include "verify.h"

using namespace soko;
using soko::testing::one;

namespace {

//   #######
//   #     #
//   # @$ .#
//   #  $. #
//   #######
const char* kRoom =
    "#######\n"
    "#     #\n"
    "# @$ .#\n"
    "#  $. #\n"
    "#######\n";

}  // namespace

TEST_CASE("LURD text: moves, pushes, run-length and white space") {
  CHECK(parseLurd("lurdLURD").steps == "lurdLURD");
  CHECK(parseLurd("3r4U").steps == "rrrUUUU");
  CHECK(parseLurd("2(dr)R").steps == "drdrR");
  CHECK(parseLurd(" l u\r\n r\td ").steps == "lurd");
  LurdParse bad = parseLurd("lu x");
  CHECK(bad.error.find("'x'") != std::string::npos);
  CHECK(bad.errorAt == 3);
  CHECK(!parseLurd("2(lu").error.empty());
}

TEST_CASE("a push moves the box and counts a push") {
  Game g(one("#####\n#@$.#\n#####\n"));
  REQUIRE(g.move(Direction::Right) == StepOutcome::Pushed);
  CHECK(g.solved());
  CHECK(g.moves() == 1);
  CHECK(g.pushes() == 1);
  CHECK(g.history() == "R");
}

TEST_CASE("walls, box rows and the board edge block") {
  Game g(one(kRoom));
  CHECK(g.move(Direction::Left) == StepOutcome::Moved);
  CHECK(g.move(Direction::Left) == StepOutcome::Blocked);  // wall
  Game h(one("######\n#@$$.#\n#  . #\n######\n"));
  CHECK(h.move(Direction::Right) == StepOutcome::Blocked);  // two boxes in a row
  CHECK(h.moves() == 0);
  Game w(one("#####\n#@$.#\n#####\n"));
  CHECK(w.play('U') == StepOutcome::Blocked);
  CHECK(w.play('D') == StepOutcome::Blocked);
}

TEST_CASE("an upper-case step with no box is refused") {
  Game g(one(kRoom));
  CHECK(g.play('L') == StepOutcome::NotAPush);
  CHECK(g.moves() == 0);
  CHECK(g.play('l') == StepOutcome::Moved);
}

TEST_CASE("undo, redo and restart walk the history") {
  Game g(one(kRoom));
  Level start = g.currentLevel();
  REQUIRE(g.playAll("RRdL") == 4);
  CHECK(g.pushes() == 3);
  CHECK(g.history() == "RRdL");
  REQUIRE(g.undo());
  CHECK(g.history() == "RRd");
  CHECK(g.pushes() == 2);
  REQUIRE(g.undo());
  REQUIRE(g.redo());
  CHECK(g.history() == "RRd");
  CHECK(g.canRedo());
  // A different step drops the redo tail.
  REQUIRE(g.move(Direction::Up) == StepOutcome::Moved);
  CHECK_FALSE(g.canRedo());
  CHECK(g.fullHistory() == "RRdu");
  g.restart();
  CHECK(g.moves() == 0);
  CHECK(g.pushes() == 0);
  CHECK(g.currentLevel().cells == start.cells);
  CHECK(g.currentLevel().player == start.player);
  g.seek(3);
  CHECK(g.history() == "RRd");
  CHECK(g.pushes() == 2);
}

TEST_CASE("solving by play reports solved") {
  Game g(one(kRoom));
  // Two pushes right finish the top box; the player walks round to push the other.
  REQUIRE(g.playAll("RR") == 2);
  REQUIRE(g.walkPath(g.start().index(2, 3)));
  g.playAll(*g.walkPath(g.start().index(2, 3)));
  REQUIRE(g.play('R') == StepOutcome::Pushed);
  CHECK(g.solved());
}

TEST_CASE("walk paths take the fewest moves around boxes") {
  Game g(one(kRoom));
  const Level& l = g.start();
  auto path = g.walkPath(l.index(4, 2));  // the other side of the box at (3,2)
  REQUIRE(path);
  CHECK(path->size() == 4);
  CHECK(g.walkPath(l.player) == std::string());
  CHECK_FALSE(g.walkPath(l.index(0, 0)));  // a wall
  CHECK_FALSE(g.walkPath(l.index(3, 2)));  // a box
  Game copy = g;
  CHECK(copy.playAll(*path) == path->size());
  CHECK(copy.player() == l.index(4, 2));
  CHECK(copy.pushes() == 0);
}

TEST_CASE("push paths take the fewest pushes, then the fewest moves") {
  Game g(one(kRoom));
  const Level& l = g.start();
  auto path = g.pushPath(l.index(3, 2), l.index(5, 2));
  REQUIRE(path);
  Game copy = g;
  REQUIRE(copy.playAll(*path) == path->size());
  CHECK(copy.hasBox(l.index(5, 2)));
  CHECK(copy.pushes() == 2);
  CHECK(copy.moves() == 2);
  // Right, right, then up from below: the player walks round between pushes.
  auto around = g.pushPath(l.index(3, 2), l.index(5, 1));
  REQUIRE(around);
  Game c2 = g;
  REQUIRE(c2.playAll(*around) == around->size());
  CHECK(c2.hasBox(l.index(5, 1)));
  CHECK(c2.pushes() == 3);
  CHECK(*around == "RRdrU");
  CHECK_FALSE(g.pushPath(l.index(3, 3), l.index(3, 1)));  // nobody can stand below it
  CHECK_FALSE(g.pushPath(l.index(1, 1), l.index(2, 2)));  // no box there
}

TEST_CASE("verify replays and reports the first illegal step") {
  Level l = one("#####\n#@$.#\n#####\n");
  VerifyResult ok = verify(l, "R");
  CHECK(ok.solved);
  CHECK(ok.moves == 1);
  CHECK(ok.pushes == 1);
  VerifyResult lower = verify(l, "r");
  CHECK(lower.solved);
  VerifyResult blocked = verify(l, "Rr");
  CHECK_FALSE(blocked.legal);
  CHECK(blocked.failedStep == 1);
  CHECK(blocked.error.find("step 2") != std::string::npos);
  VerifyResult unsolved = verify(l, "");
  CHECK(unsolved.legal);
  CHECK_FALSE(unsolved.solved);
  VerifyResult garbage = verify(l, "R?");
  CHECK_FALSE(garbage.legal);
  CHECK(garbage.error.find("'?'") != std::string::npos);
}

TEST_CASE("the current position becomes a level to solve from") {
  Game g(one(kRoom));
  g.playAll("R");
  Level now = g.currentLevel();
  CHECK(now.player == g.player());
  CHECK(now.has(now.index(4, 2), kBox));
  CHECK_FALSE(now.has(now.index(3, 2), kBox));
}
