#include <catch2/catch.hpp>

#include "board.h"
#include "fess/out_of_plan.h"
#include "fess/packing_plan.h"
#include "test_support.h"

using namespace soko;
using soko::testing::one;
using soko::testing::squareMask;

namespace {

Square at(const Board& b, const Level& l, int x, int y) { return b.squareOf(l.index(x, y)); }

PackingPlan planFilling(const std::vector<Square>& order) {
  PackingPlan p;
  p.order = order;
  return p;
}

}  // namespace

TEST_CASE("out of plan: a box on the side that the next goal closes off") {
  // Two goals in a corridor, a box on each side of them.
  Level l = one(
      "##########\n"
      "#@ $ ..$ #\n"
      "##########\n");
  Board b(l);
  const Square left = at(b, l, 5, 1), right = at(b, l, 6, 1);
  const Square westBox = at(b, l, 3, 1), eastBox = at(b, l, 7, 1);
  std::vector<Square> boxes = {westBox, eastBox};
  std::vector<uint8_t> occupied = squareMask(b, boxes);

  // Left goal first: once it is filled, the west box reaches no goal.
  OutOfPlan leftFirst(b, planFilling({left, right}), 1);
  CHECK(leftFirst.count(boxes, occupied) == 1);
  // Right goal first: the east box is the one cut off.
  OutOfPlan rightFirst(b, planFilling({right, left}), 1);
  CHECK(rightFirst.count(boxes, occupied) == 1);
  std::vector<Square> westOnly = {westBox, left};
  CHECK(rightFirst.count(westOnly, squareMask(b, westOnly)) == 0);

  // Looking no goal ahead, both boxes still reach one.
  OutOfPlan now(b, planFilling({left, right}), 0);
  CHECK(now.count(boxes, occupied) == 0);
  // Once the left goal holds a box, the west side is cut off for good.
  std::vector<Square> packed = {westBox, left};
  CHECK(now.count(packed, squareMask(b, packed)) == 1);
  // And asked again, the first filling's answer still holds.
  CHECK(now.count(boxes, occupied) == 0);
}

TEST_CASE("out of plan: nothing counts when the next goals are the last ones") {
  Level l = one(
      "##########\n"
      "#@ $ ..$ #\n"
      "##########\n");
  Board b(l);
  OutOfPlan all(b, planFilling({at(b, l, 5, 1), at(b, l, 6, 1)}), 2);
  CHECK(all.count(b.startBoxes(), squareMask(b, b.startBoxes())) == 0);
}
