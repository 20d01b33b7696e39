#include "moves.h"

#include <algorithm>

namespace soko {

MoveGenerator::MoveGenerator(const Board& board, MoveMode mode, std::vector<uint8_t> dead)
    : board_(board),
      mode_(mode),
      boxCount_(board.boxCount()),
      active_(board.boxCount()),
      dead_(std::move(dead)),
      reach_(board),
      occupied_(board.squareCount(), 0),
      boxes_(board.boxCount()),
      marked_(board.boxCount(), 0),
      walk_(board.squareCount(), -1) {
  if (dead_.empty()) dead_.assign(board.squareCount(), 0);
}

void MoveGenerator::mark(const Square* boxes, int count, uint8_t value) {
  for (int i = 0; i < count; ++i) occupied_[boxes[i]] = value;
}

void MoveGenerator::setBoxes(const Square* boxes, int count) {
  mark(marked_.data(), markedCount_, 0);
  std::copy(boxes, boxes + count, marked_.begin());
  markedCount_ = count;
  mark(boxes, count, 1);
}

Square MoveGenerator::normalise(const Square* boxes, Square player, int count) {
  if (count < 0) count = boxCount_;
  setBoxes(boxes, count);
  return reach_.fill(occupied_, player);
}

void MoveGenerator::load(const Square* boxes, Square player, bool distances, int count) {
  active_ = count < 0 ? boxCount_ : count;
  std::copy(boxes, boxes + active_, boxes_.begin());
  if (distances) {
    // One breadth-first flood gives both where the player reaches and how far.
    setBoxes(boxes, active_);
    reach_.fillWithSteps(occupied_, player, walk_);
  } else {
    normalise(boxes, player, active_);
  }
  moves_.clear();
  for (int i = 0; i < active_; ++i) {
    Square b = boxes_[i];
    for (Direction d : kDirections) {
      Square to = board_.neighbor(b, d);
      if (to == kNoSquare || occupied_[to] || dead_[to]) continue;
      // Push: the player stands behind the box. Pull: on `to`, with room to step back.
      Square stand = mode_ == MoveMode::Push ? board_.neighbor(b, opposite(d)) : to;
      if (stand == kNoSquare || !reach_.reachable(stand)) continue;
      if (mode_ == MoveMode::Pull) {
        Square back = board_.neighbor(to, d);
        if (back == kNoSquare || occupied_[back]) continue;
      }
      moves_.push_back({i, d, distances ? walk_[stand] : 0});
    }
  }
}

Square MoveGenerator::child(const BoxMove& m, Square* out, Square& to) const {
  Square from = boxes_[m.box];
  to = board_.neighbor(from, m.dir);
  // Keep the list sorted: slide the moved box into place.
  int i = m.box;
  std::copy(boxes_.begin(), boxes_.begin() + active_, out);
  if (to > from) {
    while (i + 1 < active_ && out[i + 1] < to) out[i] = out[i + 1], ++i;
  } else {
    while (i > 0 && out[i - 1] > to) out[i] = out[i - 1], --i;
  }
  out[i] = to;
  return mode_ == MoveMode::Push ? from : board_.neighbor(to, m.dir);
}

}  // namespace soko
