// hbox's puller regions: the shortcuts from the expanded position's labels
// against plain floods.
#include "strategies/hbox/hbox_regions.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <numeric>
#include <random>
#include <vector>

#include "analysis/board.h"
#include "test_support.h"

using namespace soko;
using soko::testing::at;
using soko::testing::bundled;
using soko::testing::one;

namespace {

// Walking distances from `from` around the boxes by breadth-first search; -1 unreachable.
std::vector<int> walks(const Board& b, const std::vector<uint8_t>& occupied, Square from) {
  std::vector<int> dist(b.squareCount(), -1);
  std::vector<Square> queue{from};
  dist[from] = 0;
  for (size_t head = 0; head < queue.size(); ++head)
    for (Direction d : kDirections) {
      Square r = b.neighbor(queue[head], d);
      if (r == kNoSquare || occupied[r] || dist[r] >= 0) continue;
      dist[r] = dist[queue[head]] + 1;
      queue.push_back(r);
    }
  return dist;
}

}  // namespace

TEST_CASE(
    "puller regions: the region's smallest square, a pull left, the start inside, the floor "
    "areas") {
  //   #######
  //   #@ $  #     two boxes stand in the room; rows 3 and 4 join its two
  //   #  $  #     sides: one region, named by its smallest square (1,1),
  //   #    .#     from which the puller can pull either box left
  //   #    .#
  //   #######
  Board b(one("#######\n#@ $  #\n#  $  #\n#    .#\n#    .#\n#######\n"));
  std::vector<uint8_t> occupied(b.squareCount(), 0);
  for (Square s : b.startBoxes()) occupied[s] = 1;
  PullerRegions regions(b, occupied.data());
  PullerRegion r = regions.flood(at(b, 5, 1));
  CHECK(r.normal == at(b, 1, 1));
  CHECK(r.anyPull);
  CHECK(r.reachesStart);
  CHECK(regions.countAreas() == 1);
  //   ######
  //   #@ $.#     a wall of boxes: the goals' column is an area of its own,
  //   #  $.#     without the start, and a box beside it could only be
  //   #  $.#     pulled into the wall
  //   #  $.#
  //   ######
  Board c(one("######\n#@ $.#\n#  $.#\n#  $.#\n#  $.#\n######\n"));
  std::vector<uint8_t> occ2(c.squareCount(), 0);
  for (Square s : c.startBoxes()) occ2[s] = 1;
  PullerRegions split(c, occ2.data());
  PullerRegion right = split.flood(at(c, 4, 3));
  CHECK(right.normal == at(c, 4, 1));
  CHECK_FALSE(right.reachesStart);
  CHECK_FALSE(right.anyPull);
  CHECK(split.countAreas() == 2);
  PullerRegion left = split.flood(at(c, 2, 4));
  CHECK(left.normal == at(c, 1, 1));
  CHECK(left.reachesStart);
  CHECK(left.anyPull);
}

TEST_CASE("puller regions: a child's region and floor areas from the labels equal a fresh flood") {
  // Random positions of Microban I levels; every pull the puller can reach,
  // and the pulls after it in the same direction (inertia's chains). With
  // every area labelled at once (corrals counted), and with the areas away
  // from the puller labelled as the children ask, each child's box moved
  // off its square while the label is made.
  const bool allAreas = GENERATE(true, false);
  const Collection c = bundled("Microban_I");
  std::mt19937 rng(1357);
  int children = 0, walksChecked = 0;
  for (int li = 0; li < 60; ++li) {
    const Board b(c.levels[li]);
    const int n = b.boxCount();
    if (b.squareCount() < n + 2) continue;
    std::vector<uint8_t> occupied(b.squareCount(), 0);
    PullerRegions fast(b, occupied.data()), reference(b, occupied.data());
    std::vector<Square> squares(b.squareCount());
    std::iota(squares.begin(), squares.end(), Square{0});
    for (int trial = 0; trial < 20; ++trial) {
      std::shuffle(squares.begin(), squares.end(), rng);
      std::vector<Square> boxes(squares.begin(), squares.begin() + n);
      std::sort(boxes.begin(), boxes.end());
      const Square puller = squares[n];
      std::fill(occupied.begin(), occupied.end(), 0);
      for (Square s : boxes) occupied[s] = 1;
      fast.label(puller, boxes.data(), n, allAreas);
      const std::vector<int> dist = walks(b, occupied, puller);
      for (int s = 0; s < b.squareCount(); ++s, ++walksChecked) {
        REQUIRE(fast.walks(static_cast<Square>(s)) == (dist[s] >= 0));
        if (dist[s] >= 0) REQUIRE(fast.walkDistance(static_cast<Square>(s)) == dist[s]);
      }
      for (int i = 0; i < n; ++i) {
        for (Direction d : kDirections) {
          const Square origin = boxes[i];
          Square to = b.neighbor(origin, d);
          if (to == kNoSquare || occupied[to] || !fast.walks(to)) continue;
          Square back = b.neighbor(to, d);
          occupied[origin] = 0;
          Square boxAt = origin;
          while (back != kNoSquare && !occupied[back]) {
            occupied[boxAt] = 0;
            occupied[to] = 1;
            boxAt = to;
            const PullerRegion got = fast.afterPull(origin, to, back, d, allAreas);
            PullerRegion want = reference.flood(back);
            want.corrals = reference.countAreas();
            INFO("level " << li + 1 << ", box " << origin << " pulled to " << to << " puller "
                          << puller << " start " << b.startPlayer() << " boxes "
                          << ::Catch::Detail::stringify(boxes) << " back " << back);
            REQUIRE(got.normal == want.normal);
            REQUIRE(got.anyPull == want.anyPull);
            REQUIRE(got.reachesStart == want.reachesStart);
            if (allAreas) REQUIRE(got.corrals == want.corrals);
            ++children;
            to = back;
            back = b.neighbor(to, d);
          }
          occupied[boxAt] = 0;
          occupied[origin] = 1;
        }
      }
    }
  }
  CHECK(children > 5000);
  CHECK(walksChecked > 10000);
}
