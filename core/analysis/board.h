// Compact board analysis shared by the solvers, computed once per level.
//
// Only interior cells (those the player can reach when boxes are ignored)
// get a square number, so tables indexed by square stay small. Square
// numbers follow the cells' row-major order.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "level.h"

namespace soko {

using Square = uint16_t;
inline constexpr Square kNoSquare = 0xFFFF;
// Boards with more interior squares than this are declined by the solvers.
inline constexpr int kMaxSquares = 0xFFFE;

class Board {
 public:
  explicit Board(const Level& level);

  const Level& level() const { return level_; }
  int squareCount() const { return static_cast<int>(cellOf_.size()); }
  int cellOf(Square s) const { return cellOf_[s]; }
  // The square of a cell, or kNoSquare for walls and outside cells.
  Square squareOf(int cell) const { return squareOf_[cell]; }
  // The neighbouring square in direction d, or kNoSquare at a wall.
  Square neighbor(Square s, Direction d) const { return neighbors_[s][static_cast<int>(d)]; }
  bool isGoal(Square s) const { return goal_[s] != 0; }
  const std::vector<uint8_t>& goalMask() const { return goal_; }  // [square] 1 on a goal
  const std::vector<Square>& goals() const { return goals_; }
  const std::vector<Square>& startBoxes() const { return startBoxes_; }  // sorted
  Square startPlayer() const { return startPlayer_; }
  int boxCount() const { return static_cast<int>(startBoxes_.size()); }
  // "" when the board fits the solvers' tables, else why not.
  const std::string& tooLarge() const { return tooLarge_; }

 private:
  Level level_;
  std::vector<int> cellOf_;                       // [square] -> cell
  std::vector<Square> squareOf_;                  // [cell] -> square
  std::vector<std::array<Square, 4>> neighbors_;  // [square][direction]
  std::vector<uint8_t> goal_;                     // [square]
  std::vector<Square> goals_;
  std::vector<Square> startBoxes_;
  Square startPlayer_ = kNoSquare;
  std::string tooLarge_;
};

}  // namespace soko
