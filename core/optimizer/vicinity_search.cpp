#include "vicinity_search.h"

#include <algorithm>

namespace soko {

VicinitySearch::VicinitySearch(const VicinityTables& tables, const Vicinity& vicinity,
                               VicinityWidth width, OptimizeMetric metric, Cost incumbent,
                               uint64_t budgetBytes, SearchEnds ends)
    : tables_(tables),
      board_(tables.board),
      vicinity_(vicinity),
      width_(width),
      metric_(metric),
      incumbent_(incumbent),
      budget_(budgetBytes),
      store_(board_.boxCount(), board_.squareCount(), budgetBytes - budgetBytes / 3),
      moves_(board_, MoveMode::Push, tables.dead),
      parent_(board_.boxCount()),
      child_(board_.boxCount()),
      ends_(std::move(ends)) {
  std::sort(ends_.startBoxes.begin(), ends_.startBoxes.end());
  // The Hungarian bound is the stronger, the nearest-square sum the cheaper
  // (a step per push instead of a matching per expansion): narrow vicinities
  // are searched fastest with the sum, every position with the matching.
  const bool everything = width_.k >= board_.boxCount();
  if (windowed()) {
    prepareWindow();
  } else if (tables.squareDistances && !(everything && tables.distances)) {
    std::vector<Square> goals;
    for (int s = 0; s < board_.squareCount(); ++s)
      if (board_.isGoal(static_cast<Square>(s))) goals.push_back(static_cast<Square>(s));
    fillNearest(goals);
  } else if (tables.distances) {
    matching_ = std::make_unique<MatchingBound>(board_.boxCount(), *tables.distances);
  }
}

void VicinitySearch::fillNearest(const std::vector<Square>& targets) {
  const int n = board_.squareCount();
  const PullDistances& d = *tables_.squareDistances;
  nearest_.assign(n, PullDistances::kUnreachable);
  for (Square t : targets)
    for (int s = 0; s < n; ++s)
      nearest_[s] = std::min(nearest_[s], d.distance(t, static_cast<Square>(s)));
}

void VicinitySearch::prepareWindow() {
  const int n = board_.squareCount();
  target_ = std::make_unique<TargetMatching>(*tables_.squareDistances, n, ends_.targetBoxes);
  // The player's steps to the target square among the target boxes.
  walk_.assign(n, -1);
  for (Square t : ends_.targetBoxes) walk_[t] = -2;  // a box
  std::vector<Square> queue{ends_.targetPlayer};
  walk_[ends_.targetPlayer] = 0;
  for (size_t i = 0; i < queue.size(); ++i)
    for (Direction dir : kDirections) {
      const Square next = board_.neighbor(queue[i], dir);
      if (next == kNoSquare || walk_[next] != -1) continue;
      walk_[next] = walk_[queue[i]] + 1;
      queue.push_back(next);
    }
}

uint32_t VicinitySearch::nearestTargetSum(const Square* boxes) const {
  int64_t sum = 0;
  for (int i = 0; i < board_.boxCount(); ++i) sum += nearest_[boxes[i]];
  return static_cast<uint32_t>(std::min<int64_t>(sum, PushDistances::kUnreachable));
}

uint64_t VicinitySearch::memoryBytes() const {
  return store_.memoryBytes() + (first_.capacity() + second_.capacity() + bound_.capacity()) * 4 +
         open_.size() * sizeof(Item) + closed_.memoryBytes() +
         relinked_.size() * (sizeof(RelinkedParents::Link) + sizeof(uint32_t) + 16);
}

bool VicinitySearch::solved(const Square* boxes) const {
  for (int i = 0; i < board_.boxCount(); ++i)
    if (!board_.isGoal(boxes[i])) return false;
  return true;
}

// False when the start position cannot be stored.
bool VicinitySearch::start() {
  const Square* boxes = ends_.startBoxes.data();
  const Square player = ends_.startPlayer;
  uint32_t h = 0;
  if (target_)
    h = static_cast<uint32_t>(target_->parent(boxes));
  else if (!nearest_.empty())
    h = nearestTargetSum(boxes);
  else if (matching_)
    h = static_cast<uint32_t>(matching_->parent(boxes, player));
  const uint64_t key =
      tables_.zobrist.boxes(boxes, board_.boxCount()) ^ tables_.zobrist.player(player);
  NodeStore::Insert r = store_.insert(boxes, player, key, NodeStore::kNone, 0);
  if (r.full) return false;
  first_.push_back(0);
  second_.push_back(0);
  bound_.push_back(h);
  if (h < static_cast<uint32_t>(PushDistances::kUnreachable)) open_.push({keyOf(0), 0});
  return true;
}

bool VicinitySearch::pop(uint32_t& id) {
  while (!open_.empty()) {
    Item top = open_.top();
    open_.pop();
    if (top.key != keyOf(top.id)) continue;  // queued again since, by a cheaper way
    if (closed_.close(top.id, store_.size())) {
      id = top.id;
      return true;
    }
  }
  return false;
}

void VicinitySearch::reachTarget(uint32_t id, uint32_t first, uint32_t second, Square player) {
  const int32_t walk = walk_[player];
  if (walk < 0) return;  // the target player's square is out of reach
  Cost c{first, second};
  (metric_ == OptimizeMetric::Pushes ? c.second : c.first) += static_cast<uint32_t>(walk);
  if (!(c < incumbent_)) return;
  incumbent_ = cost_ = c;
  found_ = id;
}

bool VicinitySearch::answerSoFar() {
  if (found_ == NodeStore::kNone) return false;
  pushes_ = relinked_.pushesTo(board_, store_, found_);
  return true;
}

void VicinitySearch::offer(uint32_t parent, const BoxMove& m) {
  Square to;
  const Square from = moves_.boxes()[m.box];
  const Square player = moves_.child(m, child_.data(), to);
  if (!vicinity_.childWithin(child_.data(), player, to, width_.k, width_.radius)) return;
  uint32_t h = 0;
  if (target_) {
    const int32_t b = target_->child(m.box, to);
    if (b >= Hungarian::kInfinite) return;
    h = static_cast<uint32_t>(b);
  } else if (!nearest_.empty()) {
    if (nearest_[to] >= PushDistances::kUnreachable) return;
    h = bound_[parent] - static_cast<uint32_t>(nearest_[from]) +
        static_cast<uint32_t>(nearest_[to]);
  } else if (matching_) {
    int32_t b = matching_->child(m.box, to, player);
    if (b >= PushDistances::kUnreachable) return;
    h = static_cast<uint32_t>(b);
  }
  const uint32_t walked = static_cast<uint32_t>(m.walk) + 1;  // the walk and the push
  uint32_t first = first_[parent], second = second_[parent];
  if (metric_ == OptimizeMetric::Pushes)
    first += 1, second += walked;
  else
    first += walked, second += 1;
  // (first + h, second) is a lower bound on any solution through this child.
  if (!(Cost{first + h, second} < incumbent_)) return;
  const uint64_t key =
      tables_.zobrist.boxes(child_.data(), board_.boxCount()) ^ tables_.zobrist.player(player);
  NodeStore::Insert r = store_.insert(child_.data(), player, key, parent, moves_.code(m));
  if (r.full) {
    budget_ = 0;  // run() reports OutOfMemory
    return;
  }
  if (r.inserted) {
    first_.push_back(first);
    second_.push_back(second);
    bound_.push_back(h);
  } else if (!closed_.has(r.index) &&
             Cost{first, second} < Cost{first_[r.index], second_[r.index]}) {
    first_[r.index] = first;
    second_[r.index] = second;
    relinked_.relink(r.index, parent, moves_.code(m));
  } else {
    return;
  }
  if (windowed() && h == 0)  // every box on a target square: the target boxes
    reachTarget(r.index, first, second, player);
  else
    open_.push({keyOf(r.index), r.index});
}

void VicinitySearch::expand(uint32_t id) {
  ++expanded_;
  store_.boxes(id, parent_.data());
  const Square player = store_.player(id);
  moves_.load(parent_.data(), player, true);
  if (matching_) matching_->parent(moves_.boxes(), player);
  if (target_) target_->parent(moves_.boxes());
  vicinity_.focus(moves_.boxes(), width_.k);
  for (const BoxMove& m : moves_.moves()) offer(id, m);
}

SolveStatus VicinitySearch::run(const Deadline& deadline, uint64_t nodesBefore) {
  if (!started_) {
    started_ = true;
    if (!start()) return SolveStatus::OutOfMemory;
  }
  for (;;) {
    if (deadline.reached(nodesBefore + expanded_)) return SolveStatus::Running;
    if (budget_ == 0 || ((expanded_ & 127) == 0 && memoryBytes() > budget_))
      return SolveStatus::OutOfMemory;
    uint32_t id;
    const bool more = pop(id);
    if (windowed() && (!more || !(Cost{first_[id] + bound_[id], second_[id]} < incumbent_)))
      // Nothing left that could be cheaper than the best way found.
      return answerSoFar() ? SolveStatus::Solved : SolveStatus::Unsolvable;
    if (!more) return SolveStatus::Unsolvable;
    store_.boxes(id, parent_.data());
    if (!windowed() && solved(parent_.data())) {
      pushes_ = relinked_.pushesTo(board_, store_, id);
      cost_ = Cost{first_[id], second_[id]};
      return SolveStatus::Solved;
    }
    expand(id);
  }
}

}  // namespace soko
