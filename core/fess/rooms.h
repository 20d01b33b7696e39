// Rooms and the passages that join them, for FESS's room-connectivity
// feature: a box left standing in a doorway or a tunnel cuts the rooms it
// joins apart (for the player and for the other boxes), which a position
// should undo before long.
//
// A passage square is one a box in it would close off: a corridor square
// (walls on two opposite sides), a dead end, or the bend of a corridor (walls
// on two adjacent sides and on the diagonal between the open ones; a room's
// corner has floor there instead). Rooms are the connected parts of the
// other squares; a link is a connected run of passage squares touching two
// or more rooms.
//
//   #########
//   #   #   #
//   #   L   #   L: the one link between two rooms
//   #   #   #
//   #########
#pragma once

#include <cstdint>
#include <vector>

#include "../board.h"

namespace soko {

struct Rooms {
  std::vector<int> room;  // [square] room index, -1 on passage squares
  std::vector<int> link;  // [square] link index, -1 off links (rooms, dead-end passages)
  int roomCount = 0;
  int linkCount = 0;
};

Rooms findRooms(const Board& board);

// Counts the links holding at least one of `boxes`; `scratch` is [link]
// workspace, resized as needed.
int obstructedLinks(const Rooms& rooms, const std::vector<Square>& boxes, std::vector<uint8_t>& scratch);

}  // namespace soko
