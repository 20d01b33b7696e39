#include "strategies/fess/reverse_fess.h"

#include <catch2/catch.hpp>
#include <random>
#include <set>
#include <utility>

#include "analysis/reach.h"
#include "analysis/regions.h"
#include "small_levels.h"
#include "solver.h"
#include "strategies/fess/macro_pulls.h"
#include "test_support.h"
#include "verify.h"

using namespace soko;
using soko::testing::one;
using testing::squareMask;

namespace {

SolverOptions reverseFess(uint64_t maxNodes = testing::kSmallSearchNodes) {
  SolverOptions o;
  o.method = "fess-reverse";
  o.timeLimitSeconds = 0;
  o.maxNodes = maxNodes;
  o.memoryBudgetBytes = 256ull << 20;
  return o;
}

// Every (square, normalised player) a lone box of the position reaches by
// single pulls, the others fixed, found the slow way: a breadth-first
// search over whole positions (box square, player's smallest square). The
// box's own square is in it too.
std::set<std::pair<Square, Square>> singlePullReach(const Board& b, std::vector<uint8_t> occupied,
                                                    Square box, Square player) {
  Reach reach(b);
  occupied[box] = 0;
  std::vector<std::pair<Square, Square>> queue;  // (box, any player square)
  std::set<std::pair<Square, Square>> seen;      // (box, normalised player)
  auto visit = [&](Square at, Square p) {
    occupied[at] = 1;
    const Square normal = reach.fill(occupied, p);
    occupied[at] = 0;
    if (seen.insert({at, normal}).second) queue.push_back({at, p});
  };
  visit(box, player);
  for (size_t k = 0; k < queue.size(); ++k) {
    const auto [at, p] = queue[k];
    occupied[at] = 1;
    reach.fill(occupied, p);
    std::vector<Direction> sides;
    for (Direction d : kDirections) {
      const Square n = b.neighbor(at, d);
      if (n != kNoSquare && reach.reachable(n)) sides.push_back(d);
    }
    occupied[at] = 0;
    for (Direction d : sides) {
      const Square to = b.neighbor(at, d), back = b.neighbor(to, d);
      if (back != kNoSquare && !occupied[back]) visit(to, back);
    }
  }
  return seen;
}

}  // namespace

TEST_CASE("macro pulls: a box is pulled along a corridor as far as the player can step back") {
  //   #########
  //   #. $@   #   pulled right: the box can stop on the three squares
  //   #########   the player steps back over, not on the last one
  Level l = one("#########\n#. $@   #\n#########\n");
  Board b(l);
  std::vector<uint8_t> blocked(b.squareCount(), 0);
  MacroPulls pulls(b, blocked);
  std::vector<uint8_t> occ = squareMask(b, b.startBoxes());
  Regions regions(b);
  regions.label(occ);
  std::vector<MacroPull> out;
  pulls.generateFor(0, b.startBoxes(), occ, regions, regions.regionOf(b.startPlayer()), out);
  REQUIRE(out.size() == 3);
  for (size_t i = 0; i < out.size(); ++i) {
    CHECK(out[i].pulls == i + 1);
    CHECK(b.cellOf(out[i].to) == l.step(b.cellOf(b.startBoxes()[0]), Direction::Right) + int(i));
    CHECK(b.cellOf(out[i].player) == b.cellOf(out[i].to) + 1);
  }
  CHECK(occ == squareMask(b, b.startBoxes()));  // restored
}

TEST_CASE("macro pulls reach what single pulls reach, each (square, player part) once") {
  std::mt19937 rng(4242);
  int positions = 0;
  for (int round = 0; round < 200 && positions < 120; ++round) {
    auto level = testing::randomSmallLevel(rng, 3, 7, 6, 12);
    if (!level) continue;
    Board b(*level);
    std::vector<uint8_t> blocked(b.squareCount(), 0);
    MacroPulls pulls(b, blocked);
    std::vector<uint8_t> occ = squareMask(b, b.startBoxes());
    Regions regions(b);
    regions.label(occ);
    for (int i = 0; i < b.boxCount(); ++i) {
      std::vector<MacroPull> out;
      pulls.generateFor(i, b.startBoxes(), occ, regions, regions.regionOf(b.startPlayer()), out);
      std::set<std::pair<Square, Square>> got;
      for (const MacroPull& m : out) {
        CHECK(m.from == b.startBoxes()[i]);
        CHECK(got.insert({m.to, m.normal}).second);
      }
      const auto want = singlePullReach(b, occ, b.startBoxes()[i], b.startPlayer());
      std::set<std::pair<Square, Square>> wantMoved;
      for (const auto& w : want)
        if (w.first != b.startBoxes()[i]) wantMoved.insert(w);
      INFO(writeLevel(*level) << "box " << i);
      CHECK(got == wantMoved);
      ++positions;
    }
  }
  CHECK(positions >= 100);
}

TEST_CASE("fess-reverse solves the first 40 Microban I levels with verified solutions") {
  const Collection c = testing::bundled("Microban_I");
  for (int i = 0; i < 40; ++i) {
    INFO("level " << i + 1);
    Solver solver(c.levels[i], reverseFess());
    REQUIRE(solver.solve() == SolveStatus::Solved);
    CHECK(verify(c.levels[i], solver.solution()).solved);
  }
}

TEST_CASE("fess-reverse agrees with breadth-first search on random small levels") {
  // Its prunes are sound and it searches every position reachable by macro
  // pulls: "unsolvable" must be true, and every solvable level solved.
  std::mt19937 rng(9090);
  int levels = 0, unsolvable = 0;
  for (int round = 0; round < 300 && levels < 120; ++round) {
    auto level = testing::randomSmallLevel(rng, 2 + round % 3, 7, 6, 12, round % 4 == 0);
    if (!level) continue;
    const SolveStatus expected = testing::bfsOutcome(*level);
    REQUIRE((expected == SolveStatus::Solved || expected == SolveStatus::Unsolvable));
    testing::checkSolverAgrees(*level, reverseFess(), expected);
    unsolvable += expected == SolveStatus::Unsolvable;
    ++levels;
  }
  CHECK(levels >= 100);
  CHECK(unsolvable >= 10);
}

TEST_CASE("fess-reverse declines a level with more goals than boxes, saying why") {
  // The format rejects such a level; one made in code (an editor's) may have it.
  Level l = one("#######\n#@$ . #\n#######\n");
  l.cells[l.index(5, 1)] |= kGoal;
  Solver solver(l, reverseFess());
  CHECK(solver.solve() == SolveStatus::Declined);
  CHECK(solver.message().find("as many goals as boxes") != std::string::npos);
}

TEST_CASE("fess-reverse declines a large open board whose expansions would outlast any slice") {
  // 100 boxes on 58 x 58 open floor: 100 x 3,364^2 steps per position at most.
  std::string text(60, '#');
  text += '\n';
  for (int y = 1; y < 59; ++y) {
    std::string row = "#" + std::string(58, ' ') + "#\n";
    if (y <= 10)
      for (int x = 1; x <= 10; ++x) row[x] = '$', row[x + 20] = '.';
    if (y == 30) row[30] = '@';
    text += row;
  }
  text += std::string(60, '#') + "\n";
  Solver solver(one(text), reverseFess());
  CHECK(solver.step(10000) == SolveStatus::Declined);
  INFO(solver.message());
  CHECK(solver.message().find("steps per position on this board (100 boxes, 3,364 squares") !=
        std::string::npos);
}
