#include "side_goal_reach.h"

namespace soko {

namespace {

// The part of each side of every square (CutSquares::sideLabels), none on
// `walls`.
SideLabels sideLabelsOf(const CutSquares& cuts, const std::vector<uint8_t>& walls) {
  SideLabels labels(walls.size());
  for (size_t s = 0; s < walls.size(); ++s)
    labels[s] = walls[s] ? std::array<uint8_t, 4>{0xFF, 0xFF, 0xFF, 0xFF}
                         : cuts.sideLabels(static_cast<Square>(s));
  return labels;
}

// Pulls the box away over (square, part) states from those `queue` holds
// (square * 4 + part): it was pushed onto t from s, the player behind it
// on p (s and p in a line, the player's side of t the side towards s).
// `reach(s, part)` marks a state and queues it when it is new.
template <class Reach>
void pullBack(const Board& board, const SideLabels& labels, const std::vector<uint8_t>& walls,
              std::vector<uint32_t>& queue, Reach reach) {
  for (size_t head = 0; head < queue.size(); ++head) {
    const Square t = static_cast<Square>(queue[head] / 4);
    const uint8_t part = static_cast<uint8_t>(queue[head] % 4);
    for (Direction d : kDirections) {
      if (labels[t][static_cast<int>(d)] != part) continue;  // the player is not on that side
      const Square s = board.neighbor(t, d);
      const Square p = board.neighbor(s, d);
      if (p == kNoSquare || walls[p]) continue;  // s is free: it is on a side of t
      reach(s, labels[s][static_cast<int>(d)]);
    }
  }
}

}  // namespace

SideGoalReach::SideGoalReach(const Board& board, const std::vector<uint8_t>& walls)
    : board_(board), goals_(board.goals().size()), walls_(walls), cuts_(board) {
  // One numbering of the floor answers, for every square, which of its
  // sides the player walks between with a box there.
  cuts_.build(walls_);
  labels_ = sideLabelsOf(cuts_, walls_);
  table_.assign(static_cast<size_t>(board.squareCount()) * 4 * goals_, 0);
  for (size_t g = 0; g < goals_; ++g) pullAway(static_cast<int>(g));
  queue_ = {};
}

// Backwards from the box on goal g, the player in any part round it.
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
  pullBack(board_, labels_, walls_, queue_, reach);
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
  const SideLabels labels = sideLabelsOf(cuts, none);
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
  pullBack(board, labels, none, queue, reach);
  std::vector<uint8_t> sides(static_cast<size_t>(n) * 4, 0);  // [square * 4 + direction]
  for (int s = 0; s < n; ++s)
    for (int d = 0; d < 4; ++d)
      if (labels[s][d] != 0xFF)
        sides[static_cast<size_t>(s) * 4 + d] = live[static_cast<size_t>(s) * 4 + labels[s][d]];
  return sides;
}

}  // namespace soko
