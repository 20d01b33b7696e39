#include "goal_area.h"

#include <algorithm>

namespace soko {
namespace {

// The goals and the goal-free pieces of the board holding no box at the start.
std::vector<uint8_t> goalArea(const Board& board) {
  const int n = board.squareCount();
  std::vector<uint8_t> area(board.goalMask()), boxAt(n, 0), seen(n, 0);
  for (Square b : board.startBoxes()) boxAt[b] = 1;
  std::vector<Square> piece, stack;
  for (int s = 0; s < n; ++s) {
    if (seen[s] || board.isGoal(static_cast<Square>(s))) continue;
    piece.clear();
    stack.assign(1, static_cast<Square>(s));
    seen[s] = 1;
    bool holdsBox = false;
    while (!stack.empty()) {
      const Square q = stack.back();
      stack.pop_back();
      piece.push_back(q);
      holdsBox |= boxAt[q] != 0;
      for (Direction d : kDirections) {
        const Square m = board.neighbor(q, d);
        if (m != kNoSquare && !seen[m] && !board.isGoal(m)) seen[m] = 1, stack.push_back(m);
      }
    }
    if (!holdsBox)
      for (Square q : piece) area[q] = 1;
  }
  return area;
}

}  // namespace

GoalAreaCheck::GoalAreaCheck(const Board& board, std::vector<uint8_t> dead, int nodeBudget,
                             int maxEmpty, uint64_t workBudget)
    : board_(board),
      dead_(dead.empty() ? std::vector<uint8_t>(board.squareCount(), 0) : std::move(dead)),
      inArea_(goalArea(board)),
      budget_(nodeBudget),
      maxEmpty_(maxEmpty),
      workBudget_(workBudget),
      zobrist_(board.squareCount(), 0x5EED0FA7EA5ull),
      occupied_(board.squareCount(), 0),
      reach_(board) {
  // Where a box may come in: onto an area square, from the outside square
  // next to it (a box may stand there), the player one further.
  for (int r = 0; r < board.squareCount(); ++r) {
    if (!inArea_[r] || dead_[r]) continue;
    for (Direction d : kDirections) {
      const Square from = board.neighbor(static_cast<Square>(r), opposite(d));
      if (from == kNoSquare || inArea_[from] || dead_[from]) continue;
      const Square behind = board.neighbor(from, opposite(d));
      if (behind != kNoSquare) entries_.push_back({static_cast<Square>(r), from, behind});
    }
  }
}

uint64_t GoalAreaCheck::memoryBytes() const {
  return cache_.size() * 32 + areaBoxes_.capacity() * sizeof(Square) +
         open_.capacity() * sizeof(State) + seen_.memoryBytes() + queued_.memoryBytes() +
         (occupied_.size() + inArea_.size() + dead_.size()) + occupied_.size() * 6;
}

Square GoalAreaCheck::flood(Square player) {
  const Square least = reach_.fill(occupied_, player);
  work_ += reach_.filledCount();
  return least;
}

uint64_t GoalAreaCheck::keyOf(const Square* boxes, int count, Square player) const {
  return zobrist_.boxes(boxes, count) ^ zobrist_.player(player);
}

bool GoalAreaCheck::deadlock(const std::vector<Square>& boxes, Square player) {
  scratch_.clear();
  for (Square b : boxes)
    if (inArea_[b]) scratch_.push_back(b);
  std::sort(scratch_.begin(), scratch_.end());
  total_ = static_cast<int>(boxes.size());
  int filled = 0;
  for (Square b : scratch_) filled += board_.isGoal(b);
  if (total_ - filled > maxEmpty_) return false;
  for (Square b : scratch_) occupied_[b] = 1;
  const Square normal = flood(player);
  for (Square b : scratch_) occupied_[b] = 0;
  const uint64_t key = keyOf(scratch_.data(), static_cast<int>(scratch_.size()), normal);
  if (auto it = cache_.find(key); it != cache_.end()) {
    ++stats_.cacheHits;
    stats_.deadlocks += it->second;
    return it->second != 0;
  }
  if (retired_) return false;
  ++stats_.searches;
  const int verdict = search(normal);
  if (verdict == 2) ++stats_.gaveUp;
  if (verdict == 1) ++stats_.deadlocks, ++stats_.proven;
  retired_ = stats_.gaveUp >= kRetireAfter && stats_.gaveUp > kRetireRatio * stats_.proven;
  if (cache_.size() >= kMaxCache) cache_.clear();
  cache_[key] = verdict == 1;
  return verdict == 1;
}

int GoalAreaCheck::search(Square player) {
  areaBoxes_.clear();
  open_.clear();
  seen_.clear();
  queued_.clear();
  found_ = false;
  work_ = 0;
  add(scratch_, player);
  for (int nodes = 0; !open_.empty();) {
    if (nodes >= budget_ || (workBudget_ && work_ >= workBudget_)) return 2;
    const State s = open_.back();
    open_.pop_back();
    if (expand(s)) ++nodes;
    if (found_) return 0;
  }
  return 1;
}

void GoalAreaCheck::add(const std::vector<Square>& boxes, Square player) {
  const uint64_t exact =
      keyOf(boxes.data(), static_cast<int>(boxes.size()), player) ^ 0x2545F4914F6CDD1Dull;
  work_ += boxes.size();
  if (!queued_.insert(exact)) return;
  open_.push_back(
      {static_cast<uint32_t>(areaBoxes_.size()), static_cast<uint16_t>(boxes.size()), player});
  areaBoxes_.insert(areaBoxes_.end(), boxes.begin(), boxes.end());
}

bool GoalAreaCheck::expand(const State& s) {
  std::vector<Square>& boxes = current_;
  boxes.assign(areaBoxes_.begin() + s.first, areaBoxes_.begin() + s.first + s.count);
  for (Square b : boxes) occupied_[b] = 1;
  const Square normal = flood(s.player);
  if (!seen_.insert(keyOf(boxes.data(), s.count, normal))) {
    for (Square b : boxes) occupied_[b] = 0;
    return false;
  }
  if (s.count == total_ &&
      std::all_of(boxes.begin(), boxes.end(), [&](Square b) { return board_.isGoal(b); })) {
    found_ = true;
    for (Square b : boxes) occupied_[b] = 0;
    return true;
  }
  // Children landing on goals go on the stack last, to be taken up first:
  // a position that can be filled is most often filled straight away.
  for (int pass = 0; pass < 2; ++pass) {
    const bool onGoals = pass == 1;
    for (size_t i = 0; i < boxes.size(); ++i) {
      const Square b = boxes[i];
      for (Direction d : kDirections) {
        const Square to = board_.neighbor(b, d), from = board_.neighbor(b, opposite(d));
        if (to == kNoSquare || from == kNoSquare || !reach_.reachable(from) || occupied_[to] ||
            dead_[to] || board_.isGoal(to) != onGoals)
          continue;
        child_ = boxes;
        if (inArea_[to]) {
          child_[i] = to;
          std::sort(child_.begin(), child_.end());
        } else {
          child_.erase(child_.begin() + static_cast<long>(i));  // gone out: may come in again
        }
        add(child_, b);
      }
    }
    if (s.count < total_) {
      for (const Entry& e : entries_) {
        if (occupied_[e.to] || !reach_.reachable(e.behind) || board_.isGoal(e.to) != onGoals)
          continue;
        child_ = boxes;
        child_.insert(std::upper_bound(child_.begin(), child_.end(), e.to), e.to);
        add(child_, e.from);
      }
    }
  }
  for (Square b : boxes) occupied_[b] = 0;
  return true;
}

}  // namespace soko
