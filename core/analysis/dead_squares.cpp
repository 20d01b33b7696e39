#include "dead_squares.h"

namespace soko {

// Moves a lone box from `sources`: with `pulling`, the player stands on the
// square the box moves to and steps one further; else it stands behind the box.
static std::vector<uint8_t> liveFrom(const Board& board, const std::vector<Square>& sources,
                                     bool pulling) {
  std::vector<uint8_t> live(board.squareCount(), 0);
  std::vector<Square> stack;
  for (Square s : sources)
    if (!live[s]) live[s] = 1, stack.push_back(s);
  while (!stack.empty()) {
    Square s = stack.back();
    stack.pop_back();
    for (Direction d : kDirections) {
      Square to = board.neighbor(s, d);
      if (to == kNoSquare || live[to]) continue;
      Square player = pulling ? board.neighbor(to, d) : board.neighbor(s, opposite(d));
      if (player == kNoSquare) continue;
      live[to] = 1;
      stack.push_back(to);
    }
  }
  for (auto& v : live) v = !v;
  return live;
}

std::vector<uint8_t> pushDeadSquares(const Board& board) {
  return liveFrom(board, board.goals(), true);
}

std::vector<uint8_t> pullDeadSquares(const Board& board) {
  return liveFrom(board, board.startBoxes(), false);
}

}  // namespace soko
