#include "analysis/cut_squares.h"

#include <catch2/catch.hpp>
#include <random>

#include "small_levels.h"
#include "test_support.h"

using namespace soko;

// Against a flood, for every free square and side of random positions on
// random levels: a box on the square, and (the macro push's question) one
// box of the position moved there from its own square, which is then free.
TEST_CASE(
    "cut squares: the sides joined round a blocked square, and the part's least square, equal a "
    "flood") {
  std::mt19937 rng(717);
  int asked = 0, split = 0, freedAsked = 0, freedSplit = 0;
  for (int round = 0; round < 300; ++round) {
    auto level = testing::randomSmallLevel(rng, 3, 9, 7, 15 + round % 15);
    if (!level) continue;
    Board b(*level);
    std::uniform_int_distribution<int> pick(0, b.squareCount() - 1);
    std::vector<uint8_t> occ(b.squareCount(), 0);
    for (int k = 0; k < 2 + round % 10; ++k) occ[pick(rng)] = 1;
    std::vector<Square> boxes;
    for (int s = 0; s < b.squareCount(); ++s)
      if (occ[s]) boxes.push_back(static_cast<Square>(s));
    // freed == kNoSquare: the position as it is; else that box is the one moved.
    std::vector<Square> freedChoices{kNoSquare};
    freedChoices.push_back(boxes[rng() % boxes.size()]);
    for (Square freed : freedChoices) {
      CutSquares cuts(b);
      cuts.build(occ, kNoSquare);
      if (freed != kNoSquare) occ[freed] = 0;  // as the macro push search holds it
      for (int i = 0; i < b.squareCount(); ++i) {
        const Square s = static_cast<Square>(i);
        if (occ[s]) continue;
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
          INFO("square " << s << " start " << start << " freed " << freed);
          REQUIRE(cuts.sides(s, start, open, smallest, freed) == want);
          REQUIRE(smallest == (want == open ? kNoSquare : least));
          ++(freed == kNoSquare ? asked : freedAsked);
          (freed == kNoSquare ? split : freedSplit) += want != open;
        }
      }
      if (freed != kNoSquare) occ[freed] = 1;
    }
  }
  CHECK(asked > 10000);
  CHECK(split > 1000);
  CHECK(freedAsked > 5000);
  CHECK(freedSplit > 500);
}
