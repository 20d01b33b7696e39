#include "out_of_plan.h"

namespace soko {

namespace {
// Fillings kept before the cache starts over (each costs a square's byte).
constexpr size_t kCacheFillings = 1 << 14;
}  // namespace

OutOfPlan::OutOfPlan(const Board& board, const PackingPlan& plan, int lookahead)
    : board_(board), order_(plan.order), lookahead_(lookahead), wall_(board.squareCount(), 0) {}

const std::vector<uint8_t>& OutOfPlan::reachable(const std::vector<uint8_t>& occupied) {
  filling_.assign(order_.size(), 0);
  for (size_t k = 0; k < order_.size(); ++k) filling_[k] = occupied[order_[k]] ? 1 : 0;
  auto it = cache_.find(filling_);
  if (it != cache_.end()) return it->second;
  if (cache_.size() >= kCacheFillings) cache_.clear(), memory_ = 0;

  // Walls: the filled goals and the next empty ones; the rest are targets.
  std::vector<uint8_t> seen(board_.squareCount(), 0);
  queue_.clear();
  int skipped = 0;
  for (size_t k = 0; k < order_.size(); ++k) {
    const Square g = order_[k];
    if (filling_[k]) wall_[g] = 1;
    else if (skipped < lookahead_) wall_[g] = 1, ++skipped;
    else queue_.push_back(g), seen[g] = 1;
  }
  // Pulls from the targets: the box steps from q onto t, the player backing
  // away from t onto the square beyond.
  for (size_t head = 0; head < queue_.size(); ++head) {
    Square q = queue_[head];
    for (Direction d : kDirections) {
      Square t = board_.neighbor(q, d);
      if (t == kNoSquare || wall_[t] || seen[t]) continue;
      Square beyond = board_.neighbor(t, d);
      if (beyond == kNoSquare || wall_[beyond]) continue;
      seen[t] = 1;
      queue_.push_back(t);
    }
  }
  for (Square g : order_) wall_[g] = 0;
  memory_ += seen.size() + filling_.size();
  // With no goal left beyond the next ones, every box may be one of theirs.
  if (queue_.empty()) seen.assign(seen.size(), 1);
  return cache_.emplace(filling_, std::move(seen)).first->second;
}

int OutOfPlan::count(const std::vector<Square>& boxes, const std::vector<uint8_t>& occupied) {
  const std::vector<uint8_t>& reach = reachable(occupied);
  int n = 0;
  for (Square b : boxes)
    if (!board_.isGoal(b) && !reach[b]) ++n;
  return n;
}

}  // namespace soko
