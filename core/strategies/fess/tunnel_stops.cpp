#include "tunnel_stops.h"

#include "analysis/pull_distances.h"

namespace soko {

std::vector<uint8_t> tunnelStops(const Board& board) {
  const int n = board.squareCount();
  std::vector<uint8_t> stops(n, 0);
  // A corridor square has two neighbours, p and q: every way from p to q
  // goes through it exactly when it is a doorway (an articulation point),
  // found for all squares by one depth-first search.
  const std::vector<uint8_t> doorway = doorwaySquares(board);
  for (int i = 0; i < n; ++i) {
    const Square s = static_cast<Square>(i);
    if (board.isGoal(s)) continue;
    auto open = [&](Direction d) { return board.neighbor(s, d) != kNoSquare; };
    const bool vertical = open(Direction::Up) && open(Direction::Down) && !open(Direction::Left) && !open(Direction::Right);
    const bool horizontal = open(Direction::Left) && open(Direction::Right) && !open(Direction::Up) && !open(Direction::Down);
    if (vertical || horizontal) stops[s] = doorway[s];
  }
  return stops;
}

}  // namespace soko
