#include "strategies/fess/tunnel_stops.h"

#include <catch2/catch.hpp>
#include <map>
#include <random>

#include "analysis/dead_squares.h"
#include "small_levels.h"
#include "solver.h"
#include "strategies/fess/macro_moves.h"
#include "test_support.h"
#include "verify.h"

using namespace soko;
using soko::testing::one;
using testing::squareMask;

TEST_CASE("tunnel stops: the squares of a corridor that is the only way between two rooms") {
  Level l =
      one("##########\n"
          "#   #    #\n"
          "#@$    . #\n"
          "#   #    #\n"
          "##########\n");
  Board b(l);
  auto stops = tunnelStops(b);
  CHECK(stops[b.squareOf(l.index(4, 2))]);  // the one-wide doorway
  int count = 0;
  for (uint8_t s : stops) count += s;
  CHECK(count == 1);
  // Macro pushes pass the doorway but none ends there.
  std::vector<uint8_t> dead = pushDeadSquares(b);
  MacroMoves moves(b, dead, stops);
  std::vector<uint8_t> occ = squareMask(b, b.startBoxes());
  std::vector<MacroPush> out;
  moves.generate(b.startBoxes(), occ, b.startPlayer(), out);
  bool through = false;
  for (const auto& m : out) {
    CHECK(m.to != b.squareOf(l.index(4, 2)));
    through |= m.to == b.squareOf(l.index(5, 2));
  }
  CHECK(through);
}

TEST_CASE("tunnel stops: not in a corridor with a way round, nor on a goal") {
  Level l =
      one("#########\n"
          "#   .   #\n"
          "#@$ # # #\n"
          "#       #\n"
          "#########\n");
  Board b(l);
  auto stops = tunnelStops(b);
  for (uint8_t s : stops) CHECK(s == 0);
  Level goal =
      one("##########\n"
          "#   #    #\n"
          "#@$ .    #\n"
          "#   #    #\n"
          "##########\n");
  Board g(goal);
  CHECK_FALSE(tunnelStops(g)[g.squareOf(goal.index(4, 2))]);
}

// Soundness on every position of small random levels: a box on a tunnel
// stop, the player on one side of it, can be pushed on one square without
// losing the solution. That is the step the proof in tunnel_stops.h rests on.
TEST_CASE(
    "tunnel stops: pushing a box on out of one keeps solvable positions solvable (exhaustive)") {
  std::mt19937 rng(4242);
  int levels = 0, checked = 0, solvableChecked = 0;
  for (int round = 0; round < 20000 && levels < 400; ++round) {
    auto level = testing::randomSmallLevel(rng, 2 + round % 2, 9, 7, 25);
    if (!level) continue;
    Board b(*level);
    auto stops = tunnelStops(b);
    if (std::count(stops.begin(), stops.end(), 1) == 0) continue;
    testing::PushGraph g = testing::pushGraph(*level, 60000);
    if (g.positions.size() >= 60000) continue;
    ++levels;
    std::map<std::pair<std::vector<Square>, Square>, int> index;
    for (size_t i = 0; i < g.positions.size(); ++i)
      index[{g.positions[i].boxes, g.positions[i].player}] = static_cast<int>(i);
    std::vector<uint8_t> occ(b.squareCount(), 0);
    for (const auto& p : g.positions) {
      for (Square s : p.boxes) occ[s] = 1;
      std::vector<uint8_t> reach;
      testing::normalPlayer(b, occ, p.player, &reach);
      for (size_t k = 0; k < p.boxes.size(); ++k) {
        const Square s = p.boxes[k];
        if (!stops[s]) continue;
        for (Direction d : kDirections) {
          Square behind = b.neighbor(s, opposite(d)), ahead = b.neighbor(s, d);
          if (behind == kNoSquare || ahead == kNoSquare || !reach[behind]) continue;
          ++checked;
          if (!p.solvable) continue;
          ++solvableChecked;
          INFO(writeLevel(*level));
          REQUIRE(!occ[ahead]);  // else the position would be dead
          std::vector<Square> next = p.boxes;
          next[k] = ahead;
          std::sort(next.begin(), next.end());
          occ[s] = 0, occ[ahead] = 1;
          Square normal = testing::normalPlayer(b, occ, s);
          occ[ahead] = 0, occ[s] = 1;
          CHECK(g.positions[index.at({next, normal})].solvable);
        }
      }
      for (Square s : p.boxes) occ[s] = 0;
    }
  }
  WARN(levels << " levels, " << checked << " checks, " << solvableChecked << " solvable");
  CHECK(levels >= 50);
  CHECK(solvableChecked >= 100);
  CHECK(checked > solvableChecked);
}

// End to end: fess drops macro pushes ending on tunnel stops, and still
// solves exactly the levels breadth-first search solves.
TEST_CASE("tunnel stops: fess agrees with breadth-first search on small levels with tunnels") {
  std::mt19937 rng(777);
  int levels = 0, unsolvable = 0;
  for (int round = 0; round < 20000 && (levels - unsolvable < 30 || unsolvable < 30); ++round) {
    auto level = testing::randomSmallLevel(rng, 1 + round % 2, 9, 7, 22);
    if (!level) continue;
    Board b(*level);
    auto stops = tunnelStops(b);
    if (std::count(stops.begin(), stops.end(), 1) == 0) continue;
    SolveStatus expected = testing::bfsOutcome(*level);
    if (expected == SolveStatus::Unsolvable && unsolvable >= 30) continue;
    REQUIRE((expected == SolveStatus::Solved || expected == SolveStatus::Unsolvable));
    SolverOptions o;
    o.method = "fess";
    o.timeLimitSeconds = 0;
    o.maxNodes = testing::kSmallSearchNodes;
    testing::checkSolverAgrees(*level, o, expected);
    unsolvable += expected == SolveStatus::Unsolvable;
    ++levels;
  }
  CHECK(unsolvable >= 30);
  CHECK(levels - unsolvable >= 30);
}
