#include "hotspots.h"

#include <bit>

namespace soko {

Hotspots::Hotspots(const Board& board)
    : board_(board),
      free_(reachable(kNoSquare)),
      rows_(board.squareCount()),
      blocksAny_(board.squareCount(), 0) {}

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

const uint64_t* Hotspots::row(Square a) {
  auto& row = rows_[a];
  if (row.empty()) {
    const std::vector<uint8_t> reach = reachable(a);
    row.assign((reach.size() + 63) / 64, 0);
    for (size_t s = 0; s < reach.size(); ++s)
      if (free_[s] && !reach[s] && s != a)
        row[s / 64] |= uint64_t{1} << (s % 64), blocksAny_[a] = 1;
    memory_ += row.size() * sizeof(uint64_t);
  }
  return row.data();
}

// The row holds no bit for a itself nor for squares no lone box reaches a goal from.
bool Hotspots::blocks(Square a, Square b) { return has(row(a), b); }

int Hotspots::score(const std::vector<Square>& boxes, int index, Square square) {
  int count = 0;
  for (int j = 0; j < static_cast<int>(boxes.size()); ++j)
    if (j != index && !board_.isGoal(boxes[j]) && blocks(square, boxes[j])) ++count;
  return count;
}

HotspotTally::HotspotTally(Hotspots& hotspots, const Board& board)
    : hotspots_(hotspots), board_(board), offGoal_((board.squareCount() + 63) / 64, 0) {}

void HotspotTally::setPosition(const std::vector<Square>& boxes) {
  boxes_ = boxes;
  std::fill(offGoal_.begin(), offGoal_.end(), 0);
  for (Square b : boxes)
    if (!board_.isGoal(b)) offGoal_[b / 64] |= uint64_t{1} << (b % 64);
  const size_t n = boxes.size();
  score_.resize(n);
  rows_.resize(n);
  count_ = steadyCount_ = 0;
  fragile_.clear();
  for (size_t i = 0; i < n; ++i) {
    rows_[i] = hotspots_.row(boxes[i]);
    int s = 0;  // the row has no bit for the box's own square
    for (size_t w = 0; w < offGoal_.size(); ++w) s += std::popcount(rows_[i][w] & offGoal_[w]);
    score_[i] = s;
    count_ += s > 0;
    if (!hotspots_.blocksAny(boxes[i])) continue;
    if (s >= 2)
      ++steadyCount_;
    else
      fragile_.push_back(static_cast<int>(i));
  }
}

int HotspotTally::childCount(int box, Square to) {
  const Square from = boxes_[box];
  const bool fromOff = !board_.isGoal(from), toOff = !board_.isGoal(to);
  // The moved box is scored apart (scoreAt), so it leaves the steady count.
  int count = steadyCount_ - (score_[box] >= 2 && hotspots_.blocksAny(from));
  for (int i : fragile_) {
    if (i == box) continue;
    const int s = score_[i] - (fromOff && Hotspots::has(rows_[i], from)) +
                  (toOff && Hotspots::has(rows_[i], to));
    count += s > 0;
  }
  return count + (scoreAt(box, to) > 0);
}

int HotspotTally::scoreAt(int box, Square to) {
  const Square from = boxes_[box];
  const uint64_t* row = hotspots_.row(to);
  int score = 0;
  for (size_t w = 0; w < offGoal_.size(); ++w) score += std::popcount(row[w] & offGoal_[w]);
  return score - (!board_.isGoal(from) && Hotspots::has(row, from));  // its old square is empty now
}

}  // namespace soko
