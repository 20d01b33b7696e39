#include "deadlock/position_check.h"

#include <catch2/catch.hpp>
#include <map>
#include <random>

#include "format.h"
#include "small_levels.h"
#include "test_support.h"

using namespace soko;
using soko::testing::one;
using testing::squareMask;

namespace {

// The verdict on the start position of `text` (every corral searched), with
// the marked boxes as cells.
struct Seen {
  DeadlockKind kind;
  std::vector<int> cells;
};
Seen startVerdict(const std::string& text) {
  Level level = one(text);
  Board b(level);
  REQUIRE(PositionCheck::affordable(b));
  PositionCheck check(b);
  DeadlockVerdict v = check.check(squareMask(b, b.startBoxes()), b.startPlayer());
  Seen out{v.kind, {}};
  for (Square s : v.boxes) out.cells.push_back(b.cellOf(s));
  return out;
}

int cell(const std::string& text, int x, int y) { return one(text).index(x, y); }

}  // namespace

TEST_CASE("position check: a box in a corner with no goal is on a dead square") {
  //   #####
  //   #@ $#   the box in the corner at the top right: no push ever takes
  //   #   #   it out, so it can never reach the goal
  //   #.  #
  //   #####
  const std::string text = "#####\n#@ $#\n#   #\n#.  #\n#####\n";
  Seen v = startVerdict(text);
  CHECK(v.kind == DeadlockKind::DeadSquare);
  CHECK(v.cells == std::vector<int>{cell(text, 3, 1)});
}

TEST_CASE("position check: a box whose way to a goal needs the player where it cannot get") {
  //   ########
  //   #@ .   #   the box gets to the top row only by a push up from the
  //   #### $ #   square left of it, the player in the pocket below that
  //   #### ###   square, which it enters only through the square itself:
  //   ########   the square is not dead, but the box there is
  const std::string text = "########\n#@ .   #\n#### $ #\n#### ###\n########\n";
  Seen v = startVerdict(text);
  CHECK(v.kind == DeadlockKind::DeadSide);
  CHECK(v.cells == std::vector<int>{cell(text, 5, 2)});
  CHECK(testing::bfsOutcome(one(text)) == SolveStatus::Unsolvable);
}

TEST_CASE("position check: two boxes side by side against a wall are frozen") {
  //   ######
  //   #.$$.#   both lean on the wall above and on each other: neither can
  //   #    #   ever move, though each square alone could slide to a goal
  //   # @  #
  //   ######
  const std::string text = "######\n#.$$.#\n#    #\n# @  #\n######\n";
  Seen v = startVerdict(text);
  CHECK(v.kind == DeadlockKind::Frozen);
  CHECK(v.cells == std::vector<int>{cell(text, 2, 1), cell(text, 3, 1)});
}

TEST_CASE("position check: two boxes that can reach only one goal between them fail the matching") {
  //   ########
  //   # $ $ .#   both boxes can only slide along the top wall, where one
  //   #      #   goal lies: each alone could be packed, the two cannot
  //   #   .  #
  //   #@     #
  //   ########
  const std::string text = "########\n# $ $ .#\n#      #\n#   .  #\n#@     #\n########\n";
  Seen v = startVerdict(text);
  CHECK(v.kind == DeadlockKind::Matching);
  CHECK(v.cells == std::vector<int>{cell(text, 2, 1), cell(text, 4, 1)});
}

TEST_CASE("position check: a corral that cannot be opened marks its fence") {
  //   #######
  //   #@  # #   the squares right of the three boxes are out of the
  //   # .$ .#   player's reach, and every way in leaves a box stuck
  //   #  $ $#   (corral.h); no box is frozen and each alone has a goal
  //   # .#  #
  //   #######
  const std::string text = "#######\n#@  # #\n# .$ .#\n#  $ $#\n# .#  #\n#######\n";
  Seen v = startVerdict(text);
  CHECK(v.kind == DeadlockKind::Corral);
  CHECK(v.cells == std::vector<int>{cell(text, 3, 2), cell(text, 3, 3), cell(text, 5, 3)});
  CHECK(testing::bfsOutcome(one(text)) == SolveStatus::Unsolvable);
}

TEST_CASE("position check: boxes walling in a diagonal run mark the run") {
  //   ########
  //   #@.    #   the goal in the corner is walled in by the two boxes
  //   ## $   #   beside it (a run of one square, closed by the walls:
  //   ###    #   closed_diagonal.h); either box pushed onto it leaves the
  //   ##    $#   other stuck off goal, and neither can go anywhere else
  //   #   .$.#   first: the two are marked
  //   ########
  const std::string text = "########\n#@.    #\n## $   #\n###    #\n##    $#\n#   .$.#\n########\n";
  Seen v = startVerdict(text);
  CHECK(v.kind == DeadlockKind::Diagonal);
  CHECK(v.cells == std::vector<int>{cell(text, 6, 4), cell(text, 5, 5)});
  CHECK(testing::bfsOutcome(one(text)) == SolveStatus::Unsolvable);
}

TEST_CASE("position check: boxes that can never move again and shut a goal off are marked") {
  //   ########
  //   #@ #*.*#   the empty goal can only be filled from below, from a
  //   # $ ***#   pocket the player never reaches (immovable.h): the five
  //   #   # ##   boxes on goals are marked, not the loose one
  //   ########
  const std::string text = "########\n#@ #*.*#\n# $ ***#\n#   # ##\n########\n";
  Seen v = startVerdict(text);
  CHECK(v.kind == DeadlockKind::Immovable);
  CHECK(v.cells == std::vector<int>{cell(text, 4, 1), cell(text, 6, 1), cell(text, 4, 2),
                                    cell(text, 5, 2), cell(text, 6, 2)});
  CHECK(testing::bfsOutcome(one(text)) == SolveStatus::Unsolvable);
}

TEST_CASE("position check: goals that can never all be filled mark the goal area's boxes") {
  //     #####
  //   ###@  ##   the right goal is filled only from the left, the player
  //   #      #   on the goal between the two boxes on goals, which it can
  //   # $   ##   reach only by moving one of them onto a goal the other
  //   # $ *###   then needs: the goals can never all be filled; the three
  //   #  *.*.#   boxes on goals are marked
  //   ########
  const std::string text = "  #####\n###@  ##\n#      #\n# $   ##\n# $ *###\n#  *.*.#\n########\n";
  Seen v = startVerdict(text);
  CHECK(v.kind == DeadlockKind::GoalArea);
  CHECK(v.cells == std::vector<int>{cell(text, 4, 4), cell(text, 3, 5), cell(text, 5, 5)});
  CHECK(testing::bfsOutcome(one(text)) == SolveStatus::Unsolvable);
}

TEST_CASE("position check: XSokoban 88's shut goals are held by boxes that never move") {
  // A position of XSokoban 88 (tests/core/goal_area_test.cpp): the three
  // empty goals can no longer all be filled. The boxes on goals round them
  // never move, and with the player kept to its side of each box the others
  // cannot reach all three: those boxes are marked, not the three outside.
  const std::string text = testing::kXSokoban88GoalRoom;
  Seen v = startVerdict(text);
  CHECK(v.kind == DeadlockKind::Immovable);
  CHECK(v.cells.size() == 18);
  const Level level = one(text);
  std::vector<std::string> rows;
  for (size_t at = 0, end; (end = text.find('\n', at)) != std::string::npos; at = end + 1)
    rows.push_back(text.substr(at, end - at));
  for (int c : v.cells) CHECK(rows[level.y(c)][level.x(c)] == '*');
}

TEST_CASE("position check: a solvable start is not dead") {
  Seen v = startVerdict(testing::kXSokoban1);
  CHECK(v.kind == DeadlockKind::None);
  CHECK(v.cells.empty());
}

TEST_CASE("position check never calls a solvable position dead (exhaustive push graphs)") {
  std::mt19937 rng(2718);
  int levels = 0;
  uint64_t positions = 0;
  std::map<DeadlockKind, int> condemned;
  for (int round = 0; round < 1000 && levels < 100; ++round) {
    auto level = testing::randomSmallLevel(rng, 3, 8, 7, 12);
    if (!level) continue;
    Board b(*level);
    testing::PushGraph g = testing::pushGraph(*level, 60000);
    PositionCheck check(b);
    for (const auto& p : g.positions) {
      ++positions;
      const std::vector<uint8_t> occupied = squareMask(b, p.boxes);
      // As after a push of each box, and with every corral searched.
      std::vector<Square> moved = p.boxes;
      moved.push_back(kNoSquare);
      for (Square m : moved) {
        DeadlockVerdict v = check.check(occupied, p.player, m);
        if (!v.dead()) continue;
        ++condemned[v.kind];
        INFO(writeLevel(*level));
        REQUIRE_FALSE(p.solvable);
        REQUIRE_FALSE(v.boxes.empty());
        for (Square s : v.boxes) REQUIRE(occupied[s]);
      }
    }
    ++levels;
  }
  CHECK(levels >= 80);
  CHECK(positions >= 20000);
  // Every check finds something, so none of them is idle (measured with
  // this generator: 118,908 / 2,392 / 2,980 / 944 / 249 verdicts in 33,483
  // positions; the corral's were 717 before the immovable check, which
  // comes first and takes most of them).
  CHECK(condemned[DeadlockKind::DeadSquare] >= 10000);
  CHECK(condemned[DeadlockKind::DeadSide] >= 1);
  CHECK(condemned[DeadlockKind::Frozen] >= 500);
  CHECK(condemned[DeadlockKind::Matching] >= 500);
  CHECK(condemned[DeadlockKind::Immovable] >= 400);
  CHECK(condemned[DeadlockKind::Corral] >= 100);
  CHECK(condemned[DeadlockKind::Diagonal] >= 1);
}
