#include "tunnel_stops.h"

namespace soko {

namespace {

// Whether `to` can be reached from `from` on the floor without passing `cut`.
bool connectedAvoiding(const Board& board, Square from, Square to, Square cut, std::vector<uint8_t>& seen,
                       std::vector<Square>& stack) {
  std::fill(seen.begin(), seen.end(), 0);
  seen[cut] = seen[from] = 1;
  stack.assign(1, from);
  while (!stack.empty()) {
    Square s = stack.back();
    stack.pop_back();
    if (s == to) return true;
    for (Direction d : kDirections) {
      Square n = board.neighbor(s, d);
      if (n == kNoSquare || seen[n]) continue;
      seen[n] = 1;
      stack.push_back(n);
    }
  }
  return false;
}

}  // namespace

std::vector<uint8_t> tunnelStops(const Board& board) {
  const int n = board.squareCount();
  std::vector<uint8_t> stops(n, 0), seen(n, 0);
  std::vector<Square> stack;
  for (int i = 0; i < n; ++i) {
    const Square s = static_cast<Square>(i);
    if (board.isGoal(s)) continue;
    auto open = [&](Direction d) { return board.neighbor(s, d) != kNoSquare; };
    const bool vertical = open(Direction::Up) && open(Direction::Down) && !open(Direction::Left) && !open(Direction::Right);
    const bool horizontal = open(Direction::Left) && open(Direction::Right) && !open(Direction::Up) && !open(Direction::Down);
    if (!vertical && !horizontal) continue;
    const Square p = board.neighbor(s, vertical ? Direction::Up : Direction::Left);
    const Square q = board.neighbor(s, vertical ? Direction::Down : Direction::Right);
    stops[s] = !connectedAvoiding(board, p, q, s, seen, stack);
  }
  return stops;
}

}  // namespace soko
