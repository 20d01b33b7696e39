#include "strategies/fess/hotspots.h"

#include <catch2/catch.hpp>
#include <random>

#include "analysis/board.h"
#include "test_support.h"

using namespace soko;
using soko::testing::at;
using soko::testing::one;

TEST_CASE("hotspots: a box in the corridor to the goals blocks the boxes beyond it") {
  Level l =
      one("###########\n"
          "#..  $  $@#\n"
          "###########\n");
  Board b(l);
  Hotspots h(b);
  const Square corridor = at(b, l, 5, 1), far = at(b, l, 8, 1);
  CHECK(h.blocks(corridor, far));
  CHECK_FALSE(h.blocks(far, corridor));  // behind it: nothing to block
  CHECK(h.score(b.startBoxes(), 0, corridor) == 1);
  CHECK(h.score(b.startBoxes(), 1, far) == 0);
}

TEST_CASE(
    "hotspots: a box in the door of the goal room is a hotspot, one in the open room is not") {
  Level l =
      one("###########\n"
          "#..#      #\n"
          "#..   $ $ #\n"
          "#@ #      #\n"
          "#  #  $ $ #\n"
          "#  #      #\n"
          "###########\n");
  Board b(l);
  Hotspots h(b);
  const Square door = at(b, l, 3, 2), open = at(b, l, 7, 4);
  const std::vector<Square> boxes = {door, at(b, l, 6, 2), at(b, l, 8, 2), at(b, l, 6, 4)};
  CHECK(h.score(boxes, 0, door) == 3);
  CHECK(h.score(boxes, 3, open) == 0);
  // A box on a goal needs no way to one: never counted as blocked.
  const std::vector<Square> packed = {door, at(b, l, 1, 1)};
  CHECK(h.score(packed, 0, door) == 0);
}

TEST_CASE("hotspots: with two ways into the goal room, no single box blocks") {
  Level l =
      one("###########\n"
          "#..       #\n"
          "#. #  $ $ #\n"
          "#@ #  $ $ #\n"
          "#.        #\n"
          "###########\n");
  Board b(l);
  Hotspots h(b);
  const Square upperDoor = at(b, l, 3, 1), lowerDoor = at(b, l, 3, 4);
  CHECK_FALSE(h.blocks(upperDoor, at(b, l, 6, 2)));
  CHECK_FALSE(h.blocks(lowerDoor, at(b, l, 6, 2)));
}

TEST_CASE(
    "hotspot tally: a child's count, found from its parent's scores, is the count found afresh") {
  // Random boxes on the free squares of XSokoban levels, each moved to a
  // random free square: the incremental count must equal the full one.
  std::mt19937 rng(11);
  Collection c = testing::bundled("XSokoban");
  for (int level : {0, 22, 38, 49, 87}) {
    Board b(c.levels[level]);
    Hotspots h(b);
    HotspotTally parent(h, b), child(h, b);
    const int squares = b.squareCount();
    for (int trial = 0; trial < 300; ++trial) {
      std::vector<uint8_t> used(squares, 0);
      std::vector<Square> boxes;
      while (static_cast<int>(boxes.size()) < b.boxCount()) {
        Square s = static_cast<Square>(rng() % squares);
        if (!used[s]) used[s] = 1, boxes.push_back(s);
      }
      parent.setPosition(boxes);
      int scratch = 0;
      for (int i = 0; i < b.boxCount(); ++i) {
        CHECK(parent.score(i) == h.score(boxes, i, boxes[i]));
        scratch += h.score(boxes, i, boxes[i]) > 0;
      }
      CHECK(parent.count() == scratch);
      for (int move = 0; move < 10; ++move) {
        const int box = static_cast<int>(rng() % boxes.size());
        Square to = static_cast<Square>(rng() % squares);
        if (used[to]) continue;
        std::vector<Square> moved = boxes;
        moved[box] = to;
        child.setPosition(moved);
        CHECK(parent.childCount(box, to) == child.count());
        CHECK(parent.scoreAt(box, to) == h.score(moved, box, to));
      }
    }
  }
}
