#include "bipartite.h"

#include <algorithm>

#include "analysis/goal_reach.h"

namespace soko {

BipartiteCheck::BipartiteCheck(const Board& board, const std::vector<uint8_t>& reach)
    : board_(board),
      goals_(static_cast<int>(board.goals().size())),
      reach_(reach),
      sideReach_(static_cast<uint64_t>(board.squareCount()) * board.goals().size() <=
                 kSideReachLimit) {
  uint64_t state = 0x2545F4914F6CDD1Dull;
  frozenKey_.resize(board.squareCount());
  for (auto& k : frozenKey_) {
    state ^= state << 13, state ^= state >> 7, state ^= state << 17;
    k = state;
  }
  goalOwner_.assign(goals_, -1);
  noneTaken_.assign(goals_, 0);
  seen_.assign(goals_, 0);
}

uint64_t BipartiteCheck::memoryBytes() const {
  return frozenKey_.size() * 8 + goalOwner_.size() * 8 + frozenBytes_ + sideBytes_;
}

uint64_t BipartiteCheck::growthReserve() const {
  return reach_.size() + 64 +
         (sideReach_ ? SideGoalReach::bytesFor(board_.squareCount(), goals_) + 64 : 0);
}

void BipartiteCheck::computeReach(const std::vector<uint8_t>& walls,
                                  std::vector<uint8_t>& table) const {
  table.assign(static_cast<size_t>(board_.squareCount()) * goals_, 0);
  std::vector<uint32_t> seen;
  std::vector<Square> stack;
  for (int g = 0; g < goals_; ++g) markGoalReach(board_, walls, g, table, seen, stack);
}

bool BipartiteCheck::augment(int box, const std::vector<const uint8_t*>& rows) {
  const uint8_t* row = rows[box];
  for (int g = 0; g < goals_; ++g) {
    if (!row[g] || seen_[g] == stamp_) continue;
    seen_[g] = stamp_;
    if (goalOwner_[g] < 0 || augment(goalOwner_[g], rows)) {
      goalOwner_[g] = box;
      return true;
    }
  }
  return false;
}

bool BipartiteCheck::perfectMatching(const std::vector<const uint8_t*>& rows,
                                     const std::vector<uint8_t>& goalTaken) {
  std::fill(goalOwner_.begin(), goalOwner_.end(), -1);
  for (int g = 0; g < goals_; ++g)
    if (goalTaken[g]) goalOwner_[g] = -2;  // held by a fixed box: never reassigned
  const int n = static_cast<int>(rows.size());
  std::vector<uint8_t>& matched = matched_;
  matched.assign(n, 0);
  // Greedy first: a box on a free goal takes it; then the rest by augmenting paths.
  for (int i = 0; i < n; ++i) {
    const uint8_t* row = rows[i];
    for (int g = 0; g < goals_; ++g)
      if (row[g] && goalOwner_[g] == -1) {
        goalOwner_[g] = i, matched[i] = 1;
        break;
      }
  }
  for (int i = 0; i < n; ++i) {
    if (matched[i]) continue;
    if (++stamp_ == 0) std::fill(seen_.begin(), seen_.end(), 0), stamp_ = 1;
    for (int g = 0; g < goals_; ++g)
      if (goalOwner_[g] == -2) seen_[g] = stamp_;
    if (!augment(i, rows)) return false;
  }
  return true;
}

bool BipartiteCheck::perfectMatching(const std::vector<Square>& boxes,
                                     const std::vector<uint8_t>& table,
                                     const std::vector<uint8_t>& goalTaken) {
  rows_.resize(boxes.size());
  for (size_t i = 0; i < boxes.size(); ++i)
    rows_[i] = &table[static_cast<size_t>(boxes[i]) * goals_];
  return perfectMatching(rows_, goalTaken);
}

bool BipartiteCheck::deadlock(const std::vector<Square>& boxes, std::vector<int>* goalOf) {
  if (!perfectMatching(boxes, reach_, noneTaken_)) return true;
  if (goalOf) {
    goalOf->assign(boxes.size(), -1);
    for (int g = 0; g < goals_; ++g)
      if (goalOwner_[g] >= 0) (*goalOf)[goalOwner_[g]] = g;
  }
  return false;
}

bool BipartiteCheck::deadlockWithFrozen(const std::vector<Square>& boxes,
                                        const std::vector<uint8_t>& occupied, FreezeCheck& freeze) {
  return deadlockWithWalls(boxes, [&](Square b) { return freeze.pushFrozen(occupied, b); });
}

bool BipartiteCheck::deadlockWithImmovable(const std::vector<Square>& boxes,
                                           const std::vector<uint8_t>& immovable, Square player) {
  const auto fixed = [&](Square b) { return immovable[b] != 0; };
  if (!sideReach_) return deadlockWithWalls(boxes, fixed);
  std::vector<uint8_t>& goalTaken = goalTaken_;
  goalTaken.assign(goals_, 0);
  const uint64_t key = splitFixed(boxes, fixed, movable_, goalTaken);
  if (key == 1) return true;
  auto it = sideTables_.find(key);
  if (it == sideTables_.end()) {
    const uint64_t bytes = SideGoalReach::bytesFor(board_.squareCount(), goals_) + 64;
    if (sideBytes_ + bytes > kFrozenTableBytes) sideTables_.clear(), sideBytes_ = 0;
    sideBytes_ += bytes;
    std::vector<uint8_t> walls(board_.squareCount(), 0);
    for (Square b : boxes)
      if (immovable[b]) walls[b] = 1;
    it = sideTables_.emplace(key, std::make_unique<SideGoalReach>(board_, walls)).first;
  }
  // A movable box the player can never get beside never moves: off goal a
  // deadlock, on one it keeps it.
  rows_.clear();
  for (Square b : movable_) {
    const uint8_t* row = it->second->row(b, player);
    if (row) {
      rows_.push_back(row);
      continue;
    }
    if (!board_.isGoal(b)) return true;
    goalTaken[goalNumber(b)] = 1;
  }
  return !perfectMatching(rows_, goalTaken);
}

int BipartiteCheck::goalNumber(Square goal) const {
  const std::vector<Square>& goals = board_.goals();
  return static_cast<int>(std::find(goals.begin(), goals.end(), goal) - goals.begin());
}

template <class Fixed>
uint64_t BipartiteCheck::splitFixed(const std::vector<Square>& boxes, Fixed fixed,
                                    std::vector<Square>& movable,
                                    std::vector<uint8_t>& goalTaken) const {
  movable.clear();
  uint64_t key = 0;
  for (Square b : boxes) {
    if (!fixed(b)) {
      movable.push_back(b);
      continue;
    }
    if (!board_.isGoal(b)) return 1;
    key ^= frozenKey_[b];
    goalTaken[goalNumber(b)] = 1;
  }
  return key == 1 ? 2 : key;  // 1 means a deadlock
}

const std::vector<uint8_t>& BipartiteCheck::wallTable(uint64_t key,
                                                      const std::vector<Square>& boxes,
                                                      const std::vector<Square>& movable) {
  auto it = frozenTables_.find(key);
  if (it != frozenTables_.end()) return it->second;
  const uint64_t tableBytes = reach_.size() + 64;
  if (frozenBytes_ + tableBytes > kFrozenTableBytes) frozenTables_.clear(), frozenBytes_ = 0;
  frozenBytes_ += tableBytes;
  std::vector<uint8_t> walls(board_.squareCount(), 0);
  for (Square b : boxes)
    if (!std::count(movable.begin(), movable.end(), b)) walls[b] = 1;
  it = frozenTables_.emplace(key, std::vector<uint8_t>()).first;
  computeReach(walls, it->second);
  return it->second;
}

template <class Fixed>
bool BipartiteCheck::deadlockWithWalls(const std::vector<Square>& boxes, Fixed fixed) {
  std::vector<uint8_t>& goalTaken = goalTaken_;
  goalTaken.assign(goals_, 0);
  const uint64_t key = splitFixed(boxes, fixed, movable_, goalTaken);
  if (key == 1) return true;
  if (key == 0) return !perfectMatching(boxes, reach_, goalTaken);
  return !perfectMatching(movable_, wallTable(key, boxes, movable_), goalTaken);
}

}  // namespace soko
