#include "deadlock/pi_corral.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <map>
#include <random>

#include "analysis/dead_squares.h"
#include "analysis/regions.h"
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

namespace {

// The corral growth as first written, for comparison: after every merge
// the whole fence is rebuilt and scanned from its first box. The corral
// found is the same whatever the order of the growth's pieces.
struct PlainPiCorral {
  const Board& b;
  const std::vector<uint8_t>& dead;

  Found find(const std::vector<uint8_t>& occupied, Square player) const {
    const int n = b.squareCount();
    Regions regions(b);
    regions.label(occupied);
    const int playerRegion = regions.regionOf(player);
    auto reachable = [&](Square s) { return regions.regionOf(s) == playerRegion; };
    std::vector<int> component(n, -1);
    std::vector<std::vector<Square>> boxesOf;
    for (int s = 0; s < n; ++s) {
      if (occupied[s] || reachable(static_cast<Square>(s)) || component[s] >= 0) continue;
      const int c = static_cast<int>(boxesOf.size());
      std::vector<Square> squares{static_cast<Square>(s)};
      component[s] = c;
      for (size_t i = 0; i < squares.size(); ++i)
        for (Direction d : kDirections) {
          Square t = b.neighbor(squares[i], d);
          if (t != kNoSquare && !occupied[t] && component[t] < 0)
            component[t] = c, squares.push_back(t);
        }
      std::vector<Square> boxes;
      for (Square q : squares)
        for (Direction d : kDirections) {
          Square t = b.neighbor(q, d);
          if (t != kNoSquare && occupied[t] &&
              std::find(boxes.begin(), boxes.end(), t) == boxes.end())
            boxes.push_back(t);
        }
      boxesOf.push_back(boxes);
    }
    Found best{false, -1, {}};
    for (size_t start = 0; start < boxesOf.size() && best.pushes != 0; ++start) {
      std::vector<uint8_t> in(boxesOf.size(), 0);
      in[start] = 1;
      for (;;) {
        std::vector<Square> fence;
        bool offGoal = false;
        for (size_t c = 0; c < boxesOf.size(); ++c)
          if (in[c])
            for (Square t : boxesOf[c])
              if (std::find(fence.begin(), fence.end(), t) == fence.end())
                fence.push_back(t), offGoal |= !b.isGoal(t);
        auto inC = [&](Square s) { return !occupied[s] && component[s] >= 0 && in[component[s]]; };
        auto other = [&](Square s) {
          return !occupied[s] && component[s] >= 0 && !in[component[s]];
        };
        auto isF = [&](Square s) {
          return occupied[s] && std::find(fence.begin(), fence.end(), s) != fence.end();
        };
        int pushes = 0, merge = -1;
        bool broken = false;
        for (Square box : fence) {
          for (Direction d : kDirections) {
            Square from = b.neighbor(box, opposite(d)), to = b.neighbor(box, d);
            if (from == kNoSquare || to == kNoSquare) continue;
            if (inC(from) || isF(from) || isF(to) || dead[to]) continue;
            if (inC(to) && reachable(from)) {
              ++pushes;
              continue;
            }
            if (other(from))
              merge = component[from];
            else if (!inC(to) && other(to))
              merge = component[to];
            else
              broken = true;
            break;
          }
          if (merge >= 0 || broken) break;
        }
        if (broken) break;
        if (merge >= 0) {
          in[merge] = 1;
          continue;
        }
        if (offGoal && (!best.found || pushes < best.pushes)) {
          best = {true, pushes, fence};
          std::sort(best.fence.begin(), best.fence.end());
        }
        break;
      }
    }
    return best;
  }
};

}  // namespace

// Boards crowded with boxes, where corrals merge into ones with fences of
// over 64 boxes: the same corral as the plain growth, whether the heap
// takes over past 64 fence boxes (as in the search) or from the start.
TEST_CASE("pi-corral: the growth finds the corral the plain rescan finds, on crowded boards") {
  std::mt19937 rng(77);
  int positions = 0, found = 0, stopped = 0;
  uint64_t large = 0;  // corrals grown with the heap
  for (int round = 0; round < 400 && positions < 2000; ++round) {
    const int w = 8 + static_cast<int>(rng() % 18), h = 8 + static_cast<int>(rng() % 18);
    // Goals on a fifth of the floor and as many boxes; the boxes of the
    // positions below are drawn anew.
    std::string text;
    int goals = 0, boxes = 0;
    for (int y = 0; y < h; ++y) {
      for (int x = 0; x < w; ++x) {
        const bool edge = y == 0 || x == 0 || y == h - 1 || x == w - 1;
        const int r = static_cast<int>(rng() % 100);
        char c = edge || r < 6 ? '#' : r < 26 ? '.' : r < 46 && boxes < goals ? '$' : ' ';
        goals += c == '.', boxes += c == '$';
        text += c;
      }
      text += '\n';
    }
    for (size_t i = 0; boxes < goals && i < text.size(); ++i)
      if (text[i] == ' ') text[i] = '$', ++boxes;
    const size_t at = text.find(' ');
    if (at == std::string::npos) continue;
    text[at] = '@';
    Collection c = parseCollection(text);
    if (!c.errors.empty() || c.levels.size() != 1) continue;
    const Level& level = c.levels[0];
    Board b(level);
    const std::vector<uint8_t> dead = pushDeadSquares(b);
    // No position's work runs out. Every other round the heap from the first
    // merge on, else past 64 fence boxes as in the search.
    PiCorral pi(b, dead, {.workPerSquare = 1'000'000, .plainFence = round % 4 < 2 ? 0u : 64u});
    PlainPiCorral plain{b, dead};
    std::vector<Square> free;
    for (int s = 0; s < b.squareCount(); ++s) free.push_back(static_cast<Square>(s));
    for (int k = 0; k < 20; ++k) {
      std::shuffle(free.begin(), free.end(), rng);
      const size_t boxes = free.size() * (round % 2 == 0 ? rng() % 20 : 30 + rng() % 40) / 100;
      // Every other round, boxes on the squares of one colour of a checkerboard as well.
      std::vector<uint8_t> occupied(b.squareCount(), 0);
      for (size_t i = 0; i < boxes; ++i) occupied[free[i]] = 1;
      if (round % 2 == 0)
        for (int s = 0; s < b.squareCount(); ++s) {
          const int cell = b.cellOf(static_cast<Square>(s));
          if ((level.x(cell) + level.y(cell)) % 2 == 0) occupied[s] = 1;
        }
      const Square player = free[boxes + (rng() % (free.size() - boxes))];
      if (occupied[player]) continue;
      const uint64_t stoppedBefore = pi.stats().stopped, heapBefore = pi.stats().heapGrowths;
      Found got{pi.find(occupied, player), 0, {}};
      if (pi.stats().stopped != stoppedBefore) {  // its work ran out: not comparable
        ++stopped;
        continue;
      }
      if (got.found) {
        got.pushes = pi.pushes();
        for (int s = 0; s < b.squareCount(); ++s)
          if (pi.fence()[s]) got.fence.push_back(static_cast<Square>(s));
      }
      const Found want = plain.find(occupied, player);
      large += pi.stats().heapGrowths - heapBefore;
      INFO(writeLevel(level));
      REQUIRE(got.found == want.found);
      if (want.found) {
        REQUIRE(got.pushes == want.pushes);
        REQUIRE(got.fence == want.fence);
        ++found;
      }
      ++positions;
    }
  }
  WARN("positions " << positions << " found " << found << ", corrals grown with the heap " << large
                    << ", stopped " << stopped);
  CHECK(positions >= 1600);
  CHECK(found >= 100);
  CHECK(large >= 10000);
  CHECK(stopped == 0);
}
