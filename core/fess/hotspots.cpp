#include "hotspots.h"

namespace soko {

Hotspots::Hotspots(const Board& board)
    : board_(board), free_(reachable(kNoSquare)), rows_(board.squareCount()) {}

std::vector<uint8_t> Hotspots::reachable(Square wall) const {
  // Pulls from every goal: the box steps from q onto its neighbour t, the
  // player backing away from t onto the square beyond.
  std::vector<uint8_t> seen(board_.squareCount(), 0);
  std::vector<Square> queue;
  for (Square g : board_.goals())
    if (g != wall) seen[g] = 1, queue.push_back(g);
  for (size_t head = 0; head < queue.size(); ++head) {
    Square q = queue[head];
    for (Direction d : kDirections) {
      Square t = board_.neighbor(q, d);
      if (t == kNoSquare || t == wall || seen[t]) continue;
      Square beyond = board_.neighbor(t, d);
      if (beyond == kNoSquare || beyond == wall) continue;
      seen[t] = 1;
      queue.push_back(t);
    }
  }
  return seen;
}

bool Hotspots::blocks(Square a, Square b) {
  if (a == b || !free_[b]) return false;
  auto& row = rows_[a];
  if (row.empty()) {
    const std::vector<uint8_t> reach = reachable(a);
    row.assign((reach.size() + 63) / 64, 0);
    for (size_t s = 0; s < reach.size(); ++s)
      if (free_[s] && !reach[s] && s != a) row[s / 64] |= uint64_t{1} << (s % 64);
    memory_ += row.size() * sizeof(uint64_t);
  }
  return (row[b / 64] >> (b % 64)) & 1;
}

int Hotspots::score(const std::vector<Square>& boxes, int index, Square square) {
  int count = 0;
  for (int j = 0; j < static_cast<int>(boxes.size()); ++j)
    if (j != index && !board_.isGoal(boxes[j]) && blocks(square, boxes[j])) ++count;
  return count;
}

}  // namespace soko
