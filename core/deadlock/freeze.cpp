#include "freeze.h"

namespace soko {

FreezeCheck::FreezeCheck(const Board& board, std::vector<uint8_t> dead,
                         std::vector<uint8_t> targets)
    : board_(board),
      dead_(std::move(dead)),
      targets_(std::move(targets)),
      visiting_(board.squareCount(), 0) {
  if (dead_.empty()) dead_.assign(board.squareCount(), 0);
}

bool FreezeCheck::blocks(Square s, bool pulling) {
  if (s == kNoSquare) return true;
  if (!(*occupied_)[s]) return false;
  if (visiting_[s]) return true;
  if (++calls_ > kMaxCalls) return false;  // give up: "not stuck" never prunes wrongly
  return pulling ? pullStuck(s) : pushStuck(s);
}

bool FreezeCheck::pushStuckOnAxis(Square box, Direction a, Direction b) {
  Square na = board_.neighbor(box, a), nb = board_.neighbor(box, b);
  if (na == kNoSquare || nb == kNoSquare) return true;
  if (dead_[na] && dead_[nb]) return true;
  return blocks(na, false) || blocks(nb, false);
}

// Boxes found stuck below a box that turns out free were stuck only on the
// assumption that it is a wall: forget them.
bool FreezeCheck::pushStuck(Square box) {
  size_t mark = frozen_.size();
  visiting_[box] = 1;
  bool stuck = pushStuckOnAxis(box, Direction::Left, Direction::Right) &&
               pushStuckOnAxis(box, Direction::Up, Direction::Down);
  visiting_[box] = 0;
  if (stuck)
    frozen_.push_back(box);
  else
    frozen_.resize(mark);
  return stuck;
}

bool FreezeCheck::pullFreeSide(Square box, Direction d) {
  Square first = board_.neighbor(box, d);
  if (first == kNoSquare || blocks(first, true)) return false;
  Square second = board_.neighbor(first, d);
  return second != kNoSquare && !blocks(second, true);
}

bool FreezeCheck::pullStuck(Square box) {
  size_t mark = frozen_.size();
  visiting_[box] = 1;
  bool stuck = !pullFreeSide(box, Direction::Left) && !pullFreeSide(box, Direction::Right) &&
               !pullFreeSide(box, Direction::Up) && !pullFreeSide(box, Direction::Down);
  visiting_[box] = 0;
  if (stuck)
    frozen_.push_back(box);
  else
    frozen_.resize(mark);
  return stuck;
}

void FreezeCheck::begin(const std::vector<uint8_t>& occupied) {
  occupied_ = &occupied;
  frozen_.clear();
  calls_ = 0;
}

bool FreezeCheck::frozenOffTarget() const {
  for (Square s : frozen_)
    if (!targets_[s]) return true;
  return false;
}

bool FreezeCheck::pushDeadlock(const std::vector<uint8_t>& occupied, Square moved) {
  begin(occupied);
  return pushStuck(moved) && frozenOffTarget();
}

bool FreezeCheck::pushFrozen(const std::vector<uint8_t>& occupied, Square box) {
  begin(occupied);
  return pushStuck(box);
}

bool FreezeCheck::pullDeadlock(const std::vector<uint8_t>& occupied, Square moved) {
  begin(occupied);
  return pullStuck(moved) && frozenOffTarget();
}

}  // namespace soko
