#include "deadlock/freeze.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <optional>
#include <random>
#include <set>

#include "analysis/dead_squares.h"
#include "format.h"
#include "small_levels.h"
#include "solver.h"
#include "test_support.h"

using namespace soko;
using soko::testing::one;

namespace {

std::vector<uint8_t> goalMask(const Board& b) {
  std::vector<uint8_t> m(b.squareCount(), 0);
  for (Square g : b.goals()) m[g] = 1;
  return m;
}

std::vector<uint8_t> boxMask(const Board& b) {
  std::vector<uint8_t> m(b.squareCount(), 0);
  for (Square s : b.startBoxes()) m[s] = 1;
  return m;
}

// Asks the push-freeze check about the box at (x, y) of the level's start position.
bool pushFrozen(const std::string& text, int x, int y) {
  Level l = one(text);
  Board b(l);
  FreezeCheck check(b, pushDeadSquares(b), goalMask(b));
  return check.pushDeadlock(boxMask(b), b.squareOf(l.index(x, y)));
}

}  // namespace

TEST_CASE("freeze: two boxes side by side on a wall, off goal, are a deadlock") {
  //   ######
  //   #$$  #   the boxes hold each other; the wall holds both
  //   #  ..#
  //   #@   #
  //   ######
  CHECK(pushFrozen("######\n# $$ #\n#  ..#\n#@   #\n######\n", 2, 1));
  // The same on goals is fine.
  CHECK_FALSE(pushFrozen("######\n# ** #\n#    #\n#@   #\n######\n", 2, 1));
  // One on a goal, one not: still a deadlock.
  CHECK(pushFrozen("######\n# *$ #\n#  . #\n#@   #\n######\n", 2, 1));
}

TEST_CASE("freeze: a square of four boxes is a deadlock anywhere") {
  const char* square =
      "########\n"
      "#      #\n"
      "#  $$  #\n"
      "#  $$  #\n"
      "# @....#\n"
      "########\n";
  CHECK(pushFrozen(square, 3, 2));
}

TEST_CASE("freeze: a box with room on one axis is not frozen") {
  CHECK_FALSE(pushFrozen("#######\n#     #\n#  $  #\n#  .  #\n#@    #\n#######\n", 3, 2));
  CHECK_FALSE(pushFrozen("######\n#    #\n# $$ #\n# .. #\n#@   #\n######\n", 2, 2));
}

TEST_CASE("freeze: a box between two dead squares on a wall is stuck on that axis") {
  //   #####
  //   #x$x#   left and right of the box are dead (top wall, no goal), and
  //   #   #   the wall blocks it vertically: frozen off goal.
  //   #@ .#
  //   #####
  CHECK(pushFrozen("#####\n# $ #\n#   #\n#@ .#\n#####\n", 2, 1));
}

TEST_CASE("freeze never condemns a position that can still be solved (brute force)") {
  std::mt19937 rng(2024);
  int checked = 0, deadlocks = 0;
  for (int round = 0; round < 400 && checked < 150; ++round) {
    std::optional<Level> level = testing::randomSmallLevel(rng, 2 + round % 2);
    if (!level) continue;
    Board b(*level);
    FreezeCheck check(b, pushDeadSquares(b), goalMask(b));
    std::vector<uint8_t> occ = boxMask(b);
    for (Square s : b.startBoxes()) {
      if (!check.pushDeadlock(occ, s)) continue;
      ++deadlocks;
      SolverOptions o;
      o.method = "bfs";
      o.timeLimitSeconds = 0;
      o.maxNodes = testing::kSmallSearchNodes;
      Solver solver(*level, o);
      INFO(writeLevel(*level));
      CHECK(solver.solve() == SolveStatus::Unsolvable);
    }
    ++checked;
  }
  CHECK(checked >= 100);
  CHECK(deadlocks >= 10);  // the test saw real deadlocks, not only easy passes
}

TEST_CASE("pull freeze never condemns an arrangement pushes can reach (brute force)") {
  std::mt19937 rng(77);
  int checked = 0, deadlocks = 0;
  for (int round = 0; round < 300 && checked < 80; ++round) {
    std::optional<Level> level = testing::randomSmallLevel(rng, 2);
    if (!level) continue;
    Board b(*level);
    std::set<std::vector<Square>> reachable;
    for (const auto& p : testing::pushGraph(*level).positions) reachable.insert(p.boxes);
    FreezeCheck check(b, {}, boxMask(b));  // targets: the start squares
    // Try every arrangement of two boxes on the board.
    for (Square a = 0; a < b.squareCount(); ++a)
      for (Square c = a + 1; c < b.squareCount(); ++c) {
        std::vector<uint8_t> occ(b.squareCount(), 0);
        occ[a] = occ[c] = 1;
        if (!check.pullDeadlock(occ, a) && !check.pullDeadlock(occ, c)) continue;
        ++deadlocks;
        CHECK(reachable.count({a, c}) == 0);
      }
    ++checked;
  }
  CHECK(checked >= 50);
  CHECK(deadlocks >= 50);
}
