#include "immovable.h"

#include <algorithm>

#include "analysis/reach.h"

namespace soko {

ImmovableBoxes::ImmovableBoxes(const Board& board, std::vector<uint8_t> dead)
    : board_(board),
      dead_(dead.empty() ? std::vector<uint8_t>(board.squareCount(), 0) : std::move(dead)),
      mark_(board.squareCount(), 0),
      stack_(board.squareCount()) {}

void ImmovableBoxes::flood(Square from, const std::vector<uint8_t>& immovable) {
  if (mark_[from] == stamp_) return;
  mark_[from] = stamp_;
  floodMarked(
      board_, from, mark_.data(), stamp_, stack_.data(),
      [&](Square n, Direction) { return !immovable[n]; }, [](Square) { return false; });
}

bool ImmovableBoxes::canMove(Square box, const std::vector<uint8_t>& immovable) const {
  for (Direction d : kDirections) {
    const Square to = board_.neighbor(box, d), from = board_.neighbor(box, opposite(d));
    if (to == kNoSquare || from == kNoSquare || immovable[to] || dead_[to]) continue;
    if (mark_[from] == stamp_) return true;  // never a box of the set: they are unmarked
  }
  return false;
}

int ImmovableBoxes::find(const std::vector<Square>& boxes, Square player,
                         std::vector<uint8_t>& immovable) {
  if (++stamp_ == 0) std::fill(mark_.begin(), mark_.end(), 0), stamp_ = 1;
  held_.assign(boxes.begin(), boxes.end());
  for (Square b : held_) immovable[b] = 1;
  flood(player, immovable);
  // Until no box leaves: each that does opens its square to the player
  // (joined to the marked floor, or waiting to be, through a later one).
  for (bool changed = true; changed && !held_.empty();) {
    changed = false;
    for (size_t i = 0; i < held_.size();) {
      const Square b = held_[i];
      if (!canMove(b, immovable)) {
        ++i;
        continue;
      }
      immovable[b] = 0;
      held_[i] = held_.back();
      held_.pop_back();
      changed = true;
      for (Direction d : kDirections) {
        const Square n = board_.neighbor(b, d);
        if (n != kNoSquare && mark_[n] == stamp_) {
          flood(b, immovable);
          break;
        }
      }
    }
  }
  return static_cast<int>(held_.size());
}

}  // namespace soko
