#include "closed_diagonal.h"

#include <algorithm>

namespace soko {

ClosedDiagonals::ClosedDiagonals(const Board& board) : board_(board) {}

Square ClosedDiagonals::offset(Square s, int dx, int dy) const {
  if (s == kNoSquare) return kNoSquare;
  const Level& level = board_.level();
  const int cell = board_.cellOf(s);
  const int x = level.x(cell) + dx, y = level.y(cell) + dy;
  if (x < 0 || y < 0 || x >= level.width || y >= level.height) return kNoSquare;
  return board_.squareOf(level.index(x, y));
}

bool ClosedDiagonals::collect(const std::vector<uint8_t>& occupied, Square start, int length,
                              int dx, int count) {
  if (static_cast<int>(runs_.size()) <= count) runs_.resize(count + 1);
  std::vector<Square>& boxes = runs_[count];
  boxes.clear();
  auto keep = [&](Square s) {
    if (s != kNoSquare && occupied[s]) boxes.push_back(s);
  };
  keep(offset(start, -dx, -1));
  Square s = start;
  for (int k = 0; k < length; ++k, s = offset(s, dx, 1))
    for (Direction d : kDirections) keep(board_.neighbor(s, d));
  keep(s);  // the square past the last: a box or wall closing the run
  std::sort(boxes.begin(), boxes.end());
  boxes.erase(std::unique(boxes.begin(), boxes.end()), boxes.end());
  return std::any_of(boxes.begin(), boxes.end(), [&](Square b) { return !board_.isGoal(b); });
}

}  // namespace soko
