#include "deadlock/pi_corral.h"

#include <catch2/catch.hpp>
#include <map>
#include <random>

#include "analysis/dead_squares.h"
#include "format.h"
#include "small_levels.h"
#include "test_support.h"

using namespace soko;
using soko::testing::one;
using testing::squareMask;

namespace {

struct Found {
  bool found;
  int pushes;
  std::vector<Square> fence;
};

Found piCorral(const Level& level) {
  Board b(level);
  PiCorral pi(b, pushDeadSquares(b));
  Found f{pi.find(squareMask(b, b.startBoxes()), b.startPlayer()), 0, {}};
  if (f.found) {
    f.pushes = pi.pushes();
    for (Square s : b.startBoxes())
      if (pi.fence()[s]) f.fence.push_back(s);
  }
  return f;
}

}  // namespace

TEST_CASE("pi-corral: boxes that can only be pushed into the region behind them") {
  Level level =
      one("#########\n"
          "#@   $ .#\n"
          "#    $ .#\n"
          "#########\n");
  Found f = piCorral(level);
  CHECK(f.found);
  CHECK(f.pushes == 2);
  CHECK(f.fence.size() == 2);
}

TEST_CASE("pi-corral: a fence box the player can push away outside is no PI-corral") {
  // The upper box can be pushed down, out of the fence.
  Level level =
      one("#########\n"
          "#@   $ .#\n"
          "#     #.#\n"
          "#   $   #\n"
          "#########\n");
  CHECK_FALSE(piCorral(level).found);
}

TEST_CASE("pi-corral: a fence box on a goal is still part of the fence") {
  Level level =
      one("########\n"
          "#@  $. #\n"
          "#   #*##\n"
          "########\n");
  // The corral right of the top box has a box on a goal in its fence, but the
  // top box is off goal: a PI-corral with one push (right, onto the goal).
  Found f = piCorral(level);
  CHECK(f.found);
  CHECK(f.pushes == 1);
}

TEST_CASE("pi-corral: no pushes into the corral means a deadlock") {
  // The player cannot get behind the box to push it right, into the corral,
  // and the box can go nowhere else.
  Level level =
      one("#######\n"
          "##@####\n"
          "# $  .#\n"
          "#######\n");
  Found f = piCorral(level);
  // The box's left is a corral too; pushing it up or down is impossible.
  CHECK(f.found);
  CHECK(f.pushes == 0);
  CHECK(testing::bfsOutcome(level) == SolveStatus::Unsolvable);
}

// Soundness on every position of small levels: where a PI-corral is reported,
// some push of a fence box leads to a position one push nearer to solved.
TEST_CASE("pi-corral pruning keeps a shortest solution (exhaustive push graphs)") {
  std::mt19937 rng(9001);
  int levels = 0, found = 0, dead = 0, pruned = 0;
  for (int round = 0; round < 800 && levels < 80; ++round) {
    auto level = testing::randomSmallLevel(rng, round % 2 ? 3 : 4, 8, 6, 12);
    if (!level) continue;
    Board b(*level);
    testing::PushGraph g = testing::pushGraph(*level, 60000);
    if (g.positions.size() >= 60000) continue;
    std::map<std::pair<std::vector<Square>, Square>, int> index;
    for (size_t i = 0; i < g.positions.size(); ++i)
      index[{g.positions[i].boxes, g.positions[i].player}] = static_cast<int>(i);
    // Children by single pushes, tagged with the pushed box's square.
    std::vector<std::vector<std::pair<int, Square>>> children(g.positions.size());
    std::vector<std::vector<int>> parents(g.positions.size());
    std::vector<uint8_t> occ(b.squareCount(), 0);
    for (size_t i = 0; i < g.positions.size(); ++i) {
      const auto& bx = g.positions[i].boxes;
      for (Square s : bx) occ[s] = 1;
      std::vector<uint8_t> reach;
      testing::normalPlayer(b, occ, g.positions[i].player, &reach);
      for (size_t k = 0; k < bx.size(); ++k)
        for (Direction d : kDirections) {
          Square from = b.neighbor(bx[k], opposite(d)), to = b.neighbor(bx[k], d);
          if (from == kNoSquare || to == kNoSquare || !reach[from] || occ[to]) continue;
          std::vector<Square> next = bx;
          next[k] = to;
          std::sort(next.begin(), next.end());
          occ[bx[k]] = 0, occ[to] = 1;
          Square normal = testing::normalPlayer(b, occ, bx[k]);
          occ[to] = 0, occ[bx[k]] = 1;
          int j = index.at({next, normal});
          children[i].push_back({j, bx[k]});
          parents[j].push_back(static_cast<int>(i));
        }
      for (Square s : bx) occ[s] = 0;
    }
    // Pushes to solved, backwards from the solved positions.
    std::vector<int> dist(g.positions.size(), -1);
    std::vector<int> queue;
    for (size_t i = 0; i < g.positions.size(); ++i)
      if (std::all_of(g.positions[i].boxes.begin(), g.positions[i].boxes.end(),
                      [&](Square s) { return b.isGoal(s); }))
        dist[i] = 0, queue.push_back(static_cast<int>(i));
    for (size_t h = 0; h < queue.size(); ++h)
      for (int p : parents[queue[h]])
        if (dist[p] < 0) dist[p] = dist[queue[h]] + 1, queue.push_back(p);
    PiCorral pi(b, pushDeadSquares(b));
    for (size_t i = 0; i < g.positions.size(); ++i) {
      const auto& p = g.positions[i];
      if (!pi.find(squareMask(b, p.boxes), p.player)) continue;
      ++found;
      if (pi.pushes() == 0) ++dead;
      bool anyOther = false, kept = false;
      for (auto [j, box] : children[i]) {
        if (!pi.fence()[box]) {
          anyOther = true;
          continue;
        }
        if (dist[i] > 0 && dist[j] == dist[i] - 1) kept = true;
      }
      pruned += anyOther;
      if (dist[i] > 0) {
        INFO(writeLevel(*level));
        REQUIRE(kept);
      }
      if (pi.pushes() == 0) REQUIRE(dist[i] < 0);
    }
    ++levels;
  }
  WARN("levels " << levels << " found " << found << " pruned " << pruned << " dead " << dead);
  CHECK(levels >= 60);
  CHECK(found >= 1000);
  CHECK(pruned >= 200);
  CHECK(dead >= 10);
}
