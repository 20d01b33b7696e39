#include "deadlock/few_box_regions.h"

#include <algorithm>
#include <catch2/catch.hpp>

#include "analysis/board.h"
#include "search/moves.h"
#include "test_support.h"

using namespace soko;
using soko::testing::one;

namespace {

// Rooms joined by one-square doors and a loop, so that one, two or three
// boxes split the board in many ways.
const char* const kBoards[] = {
    "#########\n"
    "#  #    #\n"
    "# $$  # #\n"
    "#  # @$ #\n"
    "## ### ##\n"
    "#.   #..#\n"
    "#########\n",
    "########\n"
    "#@ $   #\n"
    "# ## # #\n"
    "#  $ #.#\n"
    "#### $.#\n"
    "#.     #\n"
    "########\n",
};

// Every set of one to three boxes, sorted.
template <typename F>
void eachBoxSet(int squares, F f) {
  for (Square a = 0; a < squares; ++a) {
    const Square one[] = {a};
    f(one, 1);
    for (Square b = a + 1; b < squares; ++b) {
      const Square two[] = {a, b};
      f(two, 2);
      for (Square c = b + 1; c < squares; ++c) {
        const Square three[] = {a, b, c};
        f(three, 3);
      }
    }
  }
}

bool holds(const Square* boxes, int count, Square s) {
  return std::find(boxes, boxes + count, s) != boxes + count;
}

}  // namespace

TEST_CASE("few-box regions give each free square the least square of its region, as a flood") {
  for (const char* text : kBoards) {
    Board board(one(text));
    REQUIRE(board.boxCount() >= 3);
    MoveGenerator flood(board, MoveMode::Push, {});
    FewBoxRegions regions(board);
    const int n = board.squareCount();
    int split = 0;
    eachBoxSet(n, [&](const Square* boxes, int count) {
      const Square* labels = regions.labels(boxes, count);
      split += labels != nullptr;
      for (Square p = 0; p < n; ++p) {
        if (holds(boxes, count, p)) continue;
        INFO(count << " boxes from square " << boxes[0] << ", player on " << p);
        REQUIRE(FewBoxRegions::normalise(labels, boxes, count, p) ==
                flood.normalise(boxes, p, count));
      }
    });
    CHECK(split > 0);  // the boards do split
  }
}

TEST_CASE("few-box regions after a push from a board in one piece, checked near the box only") {
  for (const char* text : kBoards) {
    Board board(one(text));
    MoveGenerator flood(board, MoveMode::Push, {});
    const int n = board.squareCount();
    int pushes = 0, splitting = 0;
    eachBoxSet(n, [&](const Square* boxes, int count) {
      FewBoxRegions whole(board);
      if (whole.labels(boxes, count)) return;  // split: not a parent the shortcut is for
      for (int i = 0; i < count; ++i)
        for (Direction d : kDirections) {
          const Square to = board.neighbor(boxes[i], d);
          const Square stand = board.neighbor(boxes[i], opposite(d));
          if (to == kNoSquare || stand == kNoSquare || holds(boxes, count, to) ||
              holds(boxes, count, stand))
            continue;
          Square child[3];
          std::copy(boxes, boxes + count, child);
          child[i] = to;
          std::sort(child, child + count);
          // A fresh cache each time, so the shortcut (not a remembered set) answers.
          FewBoxRegions regions(board);
          const Square* labels = regions.labelsAfterPush(child, count, to);
          ++pushes;
          splitting += labels != nullptr;
          for (Square p = 0; p < n; ++p) {
            if (holds(child, count, p)) continue;
            INFO(count << " boxes, a push onto " << to << ", player on " << p);
            REQUIRE(FewBoxRegions::normalise(labels, child, count, p) ==
                    flood.normalise(child, p, count));
          }
          // The box sinks instead (the sink variant): the rest, in one piece.
          Square rest[3];
          std::copy_if(boxes, boxes + count, rest, [&](Square b) { return b != boxes[i]; });
          FewBoxRegions sunk(board);
          CHECK(sunk.labelsAfterPush(rest, count - 1, kNoSquare) == nullptr);
        }
    });
    CHECK(pushes > 0);
    CHECK(splitting > 0);  // pushes that split the board are among them
  }
}
