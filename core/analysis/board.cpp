#include "board.h"

#include "quantities.h"

namespace soko {

Board::Board(const Level& level) : level_(level) {
  squareOf_.assign(level.cells.size(), kNoSquare);
  int interior = 0;
  for (uint8_t c : level.cells) interior += (c & kInterior) ? 1 : 0;
  if (interior > kMaxSquares) {
    tooLarge_ = "the level has " + countText(interior) + " floor squares; the solvers handle at most " +
                countText(kMaxSquares);
    return;
  }
  for (int cell = 0; cell < static_cast<int>(level.cells.size()); ++cell) {
    if (!(level.cells[cell] & kInterior)) continue;
    squareOf_[cell] = static_cast<Square>(cellOf_.size());
    cellOf_.push_back(cell);
  }
  neighbors_.resize(cellOf_.size());
  goal_.assign(cellOf_.size(), 0);
  for (Square s = 0; s < cellOf_.size(); ++s) {
    int cell = cellOf_[s];
    for (Direction d : kDirections) {
      int next = level.step(cell, d);
      neighbors_[s][static_cast<int>(d)] = next < 0 ? kNoSquare : squareOf_[next];
    }
    if (level.cells[cell] & kGoal) {
      goal_[s] = 1;
      goals_.push_back(s);
    }
    if (level.cells[cell] & kBox) startBoxes_.push_back(s);
  }
  startPlayer_ = squareOf_[level.player];
}

}  // namespace soko
