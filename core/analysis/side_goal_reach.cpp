#include "side_goal_reach.h"

namespace soko {

SideGoalReach::SideGoalReach(const Board& board, const std::vector<uint8_t>& walls)
    : board_(board),
      goals_(board.goals().size()),
      walls_(walls),
      cuts_(board),
      labels_(board.squareCount()) {
  // One numbering of the floor answers, for every square, which of its
  // sides the player walks between with a box there.
  cuts_.build(walls_);
  for (int s = 0; s < board.squareCount(); ++s)
    labels_[s] = walls_[s] ? std::array<uint8_t, 4>{0xFF, 0xFF, 0xFF, 0xFF}
                           : cuts_.sideLabels(static_cast<Square>(s));
  table_.assign(static_cast<size_t>(board.squareCount()) * 4 * goals_, 0);
  for (size_t g = 0; g < goals_; ++g) pullAway(static_cast<int>(g));
  queue_ = {};
}

// Backwards from the box on goal g, the player in any part round it: the
// box was pushed onto t from s, the player behind it on p (s and p in a
// line, the player's side of t then the side towards s).
void SideGoalReach::pullAway(int g) {
  const Square goal = board_.goals()[g];
  if (walls_[goal]) return;
  queue_.clear();
  auto reach = [&](Square s, int label) {
    uint8_t& cell = table_[index(s, label) + g];
    if (!cell) cell = 1, queue_.push_back(static_cast<uint32_t>(s) * 4 + label);
  };
  for (int d = 0; d < 4; ++d)
    if (labels_[goal][d] != 0xFF) reach(goal, labels_[goal][d]);
  if (queue_.empty()) reach(goal, 0);  // a goal walled in: only a box on it is there
  for (size_t head = 0; head < queue_.size(); ++head) {
    const Square t = static_cast<Square>(queue_[head] / 4);
    const uint8_t part = static_cast<uint8_t>(queue_[head] % 4);
    for (Direction d : kDirections) {
      if (labels_[t][static_cast<int>(d)] != part) continue;  // the player is not on that side
      const Square s = board_.neighbor(t, d);
      const Square p = board_.neighbor(s, d);
      if (p == kNoSquare || walls_[p]) continue;  // s is free: it is on a side of t
      reach(s, labels_[s][static_cast<int>(d)]);
    }
  }
}

const uint8_t* SideGoalReach::row(Square box, Square player) const {
  const uint8_t label = cuts_.partLabel(box, player);
  return label == 0xFF ? nullptr : &table_[index(box, label)];
}

std::vector<uint8_t> livePushSides(const Board& board) {
  const int n = board.squareCount();
  CutSquares cuts(board);
  const std::vector<uint8_t> none(n, 0);
  cuts.build(none);
  std::vector<std::array<uint8_t, 4>> labels(n);
  for (int s = 0; s < n; ++s) labels[s] = cuts.sideLabels(static_cast<Square>(s));
  // States (square, part): reached backwards from every goal at once.
  std::vector<uint8_t> live(static_cast<size_t>(n) * 4, 0);  // [square * 4 + part]
  std::vector<uint32_t> queue;
  auto reach = [&](Square s, int part) {
    uint8_t& cell = live[static_cast<size_t>(s) * 4 + part];
    if (!cell) cell = 1, queue.push_back(static_cast<uint32_t>(s) * 4 + part);
  };
  for (Square g : board.goals())
    for (int d = 0; d < 4; ++d)
      if (labels[g][d] != 0xFF) reach(g, labels[g][d]);
  for (size_t head = 0; head < queue.size(); ++head) {
    const Square t = static_cast<Square>(queue[head] / 4);
    const uint8_t part = static_cast<uint8_t>(queue[head] % 4);
    for (Direction d : kDirections) {
      if (labels[t][static_cast<int>(d)] != part) continue;
      const Square s = board.neighbor(t, d);
      if (board.neighbor(s, d) == kNoSquare) continue;
      reach(s, labels[s][static_cast<int>(d)]);
    }
  }
  std::vector<uint8_t> sides(static_cast<size_t>(n) * 4, 0);  // [square * 4 + direction]
  for (int s = 0; s < n; ++s)
    for (int d = 0; d < 4; ++d)
      if (labels[s][d] != 0xFF)
        sides[static_cast<size_t>(s) * 4 + d] = live[static_cast<size_t>(s) * 4 + labels[s][d]];
  return sides;
}

}  // namespace soko
