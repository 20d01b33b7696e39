#include <catch2/catch.hpp>

#include <random>

#include "search/cut_squares.h"
#include "small_levels.h"
#include "test_support.h"

using namespace soko;

// Against a flood with the square blocked, for every free square and side
// of random positions on random levels, the component numbered from a
// random square of it.
TEST_CASE("cut squares: the sides joined round a blocked square, and the part's least square, equal a flood") {
  std::mt19937 rng(717);
  int asked = 0, split = 0;
  for (int round = 0; round < 300; ++round) {
    auto level = testing::randomSmallLevel(rng, 3, 9, 7, 15 + round % 15);
    if (!level) continue;
    Board b(*level);
    std::uniform_int_distribution<int> pick(0, b.squareCount() - 1);
    std::vector<uint8_t> occ(b.squareCount(), 0);
    for (int k = 0; k < 2 + round % 10; ++k) occ[pick(rng)] = 1;
    CutSquares cuts(b);
    for (int i = 0; i < b.squareCount(); ++i) {
      const Square s = static_cast<Square>(i);
      if (occ[s]) continue;
      std::vector<uint8_t> component;
      testing::normalPlayer(b, occ, s, &component);
      Square root;
      do root = static_cast<Square>(pick(rng));
      while (!component[root]);
      cuts.build(occ, root);
      unsigned open = 0;
      for (int d = 0; d < 4; ++d) {
        Square n = b.neighbor(s, static_cast<Direction>(d));
        if (n != kNoSquare && !occ[n]) open |= 1u << d;
      }
      for (int d = 0; d < 4; ++d) {
        if (!(open >> d & 1)) continue;
        const Square start = b.neighbor(s, static_cast<Direction>(d));
        occ[s] = 1;
        std::vector<uint8_t> reach;
        const Square least = testing::normalPlayer(b, occ, start, &reach);
        occ[s] = 0;
        unsigned want = 0;
        for (int e = 0; e < 4; ++e)
          if ((open >> e & 1) && reach[b.neighbor(s, static_cast<Direction>(e))]) want |= 1u << e;
        Square smallest;
        INFO(writeLevel(*level));
        REQUIRE(cuts.sides(s, start, open, smallest) == want);
        REQUIRE(smallest == (want == open ? kNoSquare : least));
        ++asked;
        split += want != open;
      }
    }
  }
  CHECK(asked > 10000);
  CHECK(split > 1000);
}
