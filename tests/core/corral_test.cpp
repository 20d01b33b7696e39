#include "deadlock/corral.h"

#include <catch2/catch.hpp>

#include "analysis/dead_squares.h"
#include "deadlock/freeze.h"
#include "format.h"
#include "small_levels.h"
#include "solver.h"
#include "test_support.h"

using namespace soko;
using soko::testing::one;
using testing::squareMask;

namespace {

// Asks the corral check about every unreachable region of the start position.
bool corralDead(const Level& level, int budget = 5000) {
  Board b(level);
  CorralCheck check(b, pushDeadSquares(b), budget);
  return check.deadlock(squareMask(b, b.startBoxes()), b.startPlayer(), kNoSquare);
}

}  // namespace

TEST_CASE("corral: boxes fencing off the right-hand side are a deadlock no freeze sees") {
  //   #######
  //   #@  # #   the player cannot reach the squares right of the two boxes
  //   # .$ .#   in the middle; every way of opening the fence leaves a box
  //   #  $ $#   stuck off goal. No box is frozen and each box alone has a
  //   # .#  #   goal it can reach.
  //   #######
  Level level = one("#######\n#@  # #\n# .$ .#\n#  $ $#\n# .#  #\n#######\n");
  Board b(level);
  std::vector<uint8_t> goals(b.squareCount(), 0);
  for (Square g : b.goals()) goals[g] = 1;
  FreezeCheck freeze(b, pushDeadSquares(b), goals);
  for (Square s : b.startBoxes())
    CHECK_FALSE(freeze.pushDeadlock(squareMask(b, b.startBoxes()), s));
  CHECK(corralDead(level));
  CHECK_FALSE(corralDead(level, 3));  // a budget too small proves nothing
  CHECK(testing::bfsOutcome(level) == SolveStatus::Unsolvable);
}

TEST_CASE("corral: an open room with boxes is not a deadlock") {
  Level level =
      one("########\n"
          "#@     #\n"
          "# $ $  #\n"
          "#  $   #\n"
          "# ...  #\n"
          "########\n");
  CHECK_FALSE(corralDead(level));
  CHECK(testing::bfsOutcome(level) == SolveStatus::Solved);
}

TEST_CASE("corral never condemns a solvable position (exhaustive push graphs)") {
  std::mt19937 rng(4242);
  int levels = 0, condemned = 0;
  uint64_t positions = 0;
  for (int round = 0; round < 600 && levels < 80; ++round) {
    auto level = testing::randomSmallLevel(rng, 3, 7, 6, 12);
    if (!level) continue;
    Board b(*level);
    testing::PushGraph g = testing::pushGraph(*level, 60000);
    CorralCheck check(b, pushDeadSquares(b), 3000);
    for (const auto& p : g.positions) {
      ++positions;
      if (!check.deadlock(squareMask(b, p.boxes), p.player, kNoSquare)) continue;
      ++condemned;
      INFO(writeLevel(*level));
      REQUIRE_FALSE(p.solvable);
    }
    ++levels;
  }
  CHECK(levels >= 60);
  CHECK(condemned >= 100);
  CHECK(positions >= 10000);
}
