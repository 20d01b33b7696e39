#include "analysis/regions.h"

#include <catch2/catch.hpp>
#include <random>

#include "analysis/reach.h"
#include "small_levels.h"
#include "strategies/fess/macro_moves.h"
#include "test_support.h"

using namespace soko;
using soko::testing::one;
using testing::squareMask;

namespace {

// `want` boxes scattered at random over the floor, not just where the level
// has them; `occ` marks them.
std::vector<Square> scatterBoxes(std::mt19937& rng, const Board& b, int want,
                                 std::vector<uint8_t>& occ) {
  std::vector<Square> boxes;
  std::uniform_int_distribution<int> pick(0, b.squareCount() - 1);
  while (static_cast<int>(boxes.size()) < want) {
    Square s = static_cast<Square>(pick(rng));
    if (!occ[s]) occ[s] = 1, boxes.push_back(s);
  }
  return boxes;
}

}  // namespace

TEST_CASE("regions: a box closing a doorway splits the room, moving it away joins it again") {
  Level l =
      one("#######\n"
          "#  #  #\n"
          "#@ $ .#\n"
          "#  #  #\n"
          "#######\n");
  Board b(l);
  Regions r(b);
  std::vector<uint8_t> occ = squareMask(b, b.startBoxes());
  CHECK(r.label(occ) == 2);
  CHECK(r.smallest(b.squareOf(l.index(5, 3))) == b.squareOf(l.index(4, 1)));
  // The box pushed right, out of the doorway and on: one region.
  Square from = b.squareOf(l.index(3, 2)), to = b.squareOf(l.index(5, 2));
  occ[from] = 0, occ[to] = 1;
  Regions::Child c = r.child(occ, from, to, b.squareOf(l.index(4, 2)));
  CHECK(c.count == 1);
  CHECK(c.normal == b.squareOf(l.index(1, 1)));
}

// Against labelling afresh, for every box moved to every free square with
// the player on every free side of it, on random positions of random levels.
TEST_CASE("regions: a child's count and player square equal labelling it afresh") {
  std::mt19937 rng(515);
  int children = 0, splits = 0, joins = 0;
  for (int round = 0; round < 400; ++round) {
    auto level = testing::randomSmallLevel(rng, 3 + round % 5, 9, 7, 20);
    if (!level) continue;
    Board b(*level);
    std::vector<uint8_t> occ(b.squareCount(), 0);
    const std::vector<Square> boxes =
        scatterBoxes(rng, b, std::min(b.squareCount() / 3, 3 + round % 8), occ);
    Regions parent(b), fresh(b);
    const int before = parent.label(occ);
    for (Square from : boxes)
      for (int t = 0; t < b.squareCount(); ++t) {
        const Square to = static_cast<Square>(t);
        if (occ[to]) continue;
        occ[from] = 0, occ[to] = 1;
        const int after = fresh.label(occ);
        for (Direction d : kDirections) {
          Square player = b.neighbor(to, d);
          if (player == kNoSquare || occ[player]) continue;
          Regions::Child c = parent.child(occ, from, to, player);
          INFO(writeLevel(*level));
          REQUIRE(c.count == after);
          REQUIRE(c.normal == fresh.smallest(player));
          ++children;
          splits += after > before;
          joins += after < before;
        }
        occ[to] = 0, occ[from] = 1;
      }
  }
  CHECK(children > 10000);
  CHECK(splits > 500);
  CHECK(joins > 500);
}

// The same with what the macro push search saw (the sides of `to` the player
// reaches, the least square of its part): no flood of the player's part.
TEST_CASE(
    "regions: a macro push's child, told what the push search saw, equals labelling it afresh") {
  std::mt19937 rng(616);
  int children = 0, splits = 0;
  for (int round = 0; round < 300; ++round) {
    auto level = testing::randomSmallLevel(rng, 3 + round % 5, 9, 7, 20);
    if (!level) continue;
    Board b(*level);
    std::vector<uint8_t> occ(b.squareCount(), 0), noDead(b.squareCount(), 0);
    const std::vector<Square> boxes =
        scatterBoxes(rng, b, std::min(b.squareCount() / 3, 3 + round % 8), occ);
    Square player = kNoSquare;
    for (int s = 0; s < b.squareCount() && player == kNoSquare; ++s)
      if (!occ[s]) player = static_cast<Square>(s);
    MacroMoves moves(b, noDead);
    Regions parent(b), fresh(b);
    parent.label(occ);
    std::vector<MacroPush> out;
    moves.generate(boxes, occ, parent, player, out);
    // The labels answer for boxes on their own squares: the same pushes as with a flood.
    std::vector<MacroPush> flooded;
    moves.generate(boxes, occ, player, flooded);
    REQUIRE(out.size() == flooded.size());
    for (size_t i = 0; i < out.size(); ++i) {
      REQUIRE((out[i].box == flooded[i].box && out[i].to == flooded[i].to &&
               out[i].player == flooded[i].player));
      REQUIRE((out[i].pushes == flooded[i].pushes && out[i].sides == flooded[i].sides));
      REQUIRE(out[i].smallest == flooded[i].smallest);
    }
    for (const MacroPush& m : out) {
      if (m.to == m.from) continue;
      occ[m.from] = 0, occ[m.to] = 1;
      const int after = fresh.label(occ);
      Regions::Child c = parent.child(occ, m.from, m.to, m.player, m.sides, m.smallest);
      INFO(writeLevel(*level));
      REQUIRE(c.count == after);
      REQUIRE(c.normal == fresh.smallest(m.player));
      ++children;
      splits += m.smallest != kNoSquare;
      occ[m.to] = 0, occ[m.from] = 1;
    }
  }
  CHECK(children > 2000);
  CHECK(splits > 200);
}

// The ring test's "joined" is never wrong: with a box put on the square,
// every free neighbour of it still lies in one floor area (checked by a
// flood); and both answers come up often on these boards.
TEST_CASE("blockingKeepsJoined: a box it passes leaves the square's free neighbours joined") {
  std::mt19937 rng(2718);
  int joined = 0, notJoined = 0;
  for (int round = 0; round < 300; ++round) {
    auto level = testing::randomSmallLevel(rng, 3 + round % 5, 9, 7, 20);
    if (!level) continue;
    Board b(*level);
    std::vector<uint8_t> occ(b.squareCount(), 0);
    scatterBoxes(rng, b, std::min(b.squareCount() / 4, 2 + round % 6), occ);
    Reach reach(b);
    for (int t = 0; t < b.squareCount(); ++t) {
      const Square s = static_cast<Square>(t);
      if (occ[s]) continue;
      if (!blockingKeepsJoined(b, occ.data(), s)) {
        ++notJoined;
        continue;
      }
      ++joined;
      occ[s] = 1;
      Square first = kNoSquare;
      for (Direction d : kDirections) {
        const Square n = b.neighbor(s, d);
        if (n == kNoSquare || occ[n]) continue;
        if (first == kNoSquare) {
          first = n;
          reach.fill(occ, n);
        }
        INFO(writeLevel(*level));
        REQUIRE(reach.reachable(n));
      }
      occ[s] = 0;
    }
  }
  CHECK(joined > 1000);
  CHECK(notJoined > 100);
}
