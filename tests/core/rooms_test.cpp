#include <catch2/catch.hpp>

#include "board.h"
#include "fess/rooms.h"
#include "test_support.h"

using namespace soko;
using soko::testing::one;

namespace {

Square at(const Board& b, const Level& l, int x, int y) { return b.squareOf(l.index(x, y)); }

}  // namespace

TEST_CASE("rooms: two rooms split by a door are joined by one link") {
  Level l = one(
      "#########\n"
      "#@  #  .#\n"
      "#  $   .#\n"
      "#  $#   #\n"
      "#########\n");
  Board b(l);
  Rooms r = findRooms(b);
  CHECK(r.roomCount == 2);
  CHECK(r.linkCount == 1);
  const Square door = at(b, l, 4, 2);
  CHECK(r.room[door] == -1);
  CHECK(r.link[door] == 0);
  CHECK(r.room[at(b, l, 1, 1)] != r.room[at(b, l, 7, 1)]);
  // A room's corner is part of the room, not a passage.
  CHECK(r.room[at(b, l, 1, 3)] == r.room[at(b, l, 1, 1)]);

  std::vector<uint8_t> scratch;
  CHECK(obstructedLinks(r, b.startBoxes(), scratch) == 0);
  CHECK(obstructedLinks(r, {door, at(b, l, 3, 3)}, scratch) == 1);
}

TEST_CASE("rooms: a bent tunnel is one link") {
  //   the tunnel from the upper left room turns down into the lower room
  Level l = one(
      "############\n"
      "#   ########\n"
      "#@$        #\n"
      "#   ###### #\n"
      "########## #\n"
      "#    .   . #\n"
      "#   $      #\n"
      "############\n");
  Board b(l);
  Rooms r = findRooms(b);
  CHECK(r.roomCount == 2);
  CHECK(r.linkCount == 1);
  const Square tunnel = at(b, l, 5, 2), bend = at(b, l, 10, 2), down = at(b, l, 10, 4);
  CHECK(r.link[tunnel] == 0);
  CHECK(r.link[bend] == 0);
  CHECK(r.link[down] == 0);
  CHECK(r.room[at(b, l, 10, 5)] >= 0);
  std::vector<uint8_t> scratch;
  // Two boxes in the same tunnel obstruct one link.
  CHECK(obstructedLinks(r, {tunnel, bend}, scratch) == 1);
}

TEST_CASE("rooms: a dead-end passage is no link") {
  Level l = one(
      "#########\n"
      "#@  $   #\n"
      "#  .  ###\n"
      "#     ###\n"
      "#########\n");
  Board b(l);
  Rooms r = findRooms(b);
  CHECK(r.roomCount == 1);
  CHECK(r.linkCount == 0);
  const Square niche = at(b, l, 7, 1);
  CHECK(r.room[niche] == -1);
  CHECK(r.link[niche] == -1);
  std::vector<uint8_t> scratch;
  CHECK(obstructedLinks(r, {niche}, scratch) == 0);
}

TEST_CASE("rooms: an open level without doors has one room and no links") {
  Level l = one(
      "#######\n"
      "#@    #\n"
      "# $ . #\n"
      "#     #\n"
      "#######\n");
  Board b(l);
  Rooms r = findRooms(b);
  CHECK(r.roomCount == 1);
  CHECK(r.linkCount == 0);
  std::vector<uint8_t> scratch;
  CHECK(obstructedLinks(r, b.startBoxes(), scratch) == 0);
}
