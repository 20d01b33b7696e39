#include "corridor.h"

namespace soko {

namespace {
Direction across(Direction axis) {
  return axis == Direction::Right ? Direction::Down : Direction::Right;
}
}  // namespace

CorridorCheck::CorridorCheck(const Board& board) : board_(board) {}

bool CorridorCheck::opens(const std::vector<uint8_t>& occupied, Square s, Direction axis) const {
  if (s == kNoSquare || !occupied[s]) return false;
  Direction c = across(axis);
  return !blocked(occupied, board_.neighbor(s, c)) &&
         !blocked(occupied, board_.neighbor(s, opposite(c)));
}

bool CorridorCheck::shut(const std::vector<uint8_t>& occupied, const Reach& reach, Square start,
                         Direction axis) const {
  const Direction back = opposite(axis), side = across(axis);
  Square first = start;
  while (!blocked(occupied, board_.neighbor(first, back))) first = board_.neighbor(first, back);
  bool stone = false;
  int length = 0;
  Square last = first;
  for (Square s = first; s != kNoSquare && !occupied[s]; s = board_.neighbor(s, axis)) {
    if (reach.reachable(s) || board_.isGoal(s)) return false;  // the player is in, or the sink is
    Square a = board_.neighbor(s, side), b = board_.neighbor(s, opposite(side));
    if (!blocked(occupied, a) || !blocked(occupied, b)) return false;
    stone = stone || (a != kNoSquare && occupied[a]) || (b != kNoSquare && occupied[b]);
    last = s;
    ++length;
  }
  const Square ends[2] = {board_.neighbor(first, back), board_.neighbor(last, axis)};
  for (Square e : ends) {
    stone = stone || (e != kNoSquare && occupied[e]);
    if (opens(occupied, e, axis)) return false;
  }
  if (length == 1) {
    // A single square: its side stones may open it by moving along `axis`.
    for (Square s : {board_.neighbor(first, side), board_.neighbor(first, opposite(side))})
      if (opens(occupied, s, across(axis))) return false;
  }
  return stone;
}

bool CorridorCheck::deadlock(const std::vector<uint8_t>& occupied, const Reach& reach,
                             Square moved) const {
  for (Direction d : kDirections) {
    Square c = board_.neighbor(moved, d);
    if (c == kNoSquare || occupied[c] || reach.reachable(c)) continue;
    if (shut(occupied, reach, c, Direction::Right) || shut(occupied, reach, c, Direction::Down))
      return true;
  }
  return false;
}

}  // namespace soko
