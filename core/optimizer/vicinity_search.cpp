#include "vicinity_search.h"

namespace soko {

VicinitySearch::VicinitySearch(const VicinityTables& tables, const Vicinity& vicinity,
                               VicinityWidth width, OptimizeMetric metric, Cost incumbent,
                               uint64_t budgetBytes)
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
      child_(board_.boxCount()) {
  if (tables.distances)
    matching_ = std::make_unique<MatchingBound>(board_.boxCount(), *tables.distances);
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
  const Square* boxes = board_.startBoxes().data();
  const Square player = board_.startPlayer();
  uint32_t h = 0;
  if (matching_) h = static_cast<uint32_t>(matching_->parent(boxes, player));
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

void VicinitySearch::offer(uint32_t parent, const BoxMove& m) {
  Square to;
  const Square player = moves_.child(m, child_.data(), to);
  if (!vicinity_.childWithin(child_.data(), player, to, width_.k, width_.radius)) return;
  uint32_t h = 0;
  if (matching_) {
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
  open_.push({keyOf(r.index), r.index});
}

void VicinitySearch::expand(uint32_t id) {
  ++expanded_;
  store_.boxes(id, parent_.data());
  const Square player = store_.player(id);
  moves_.load(parent_.data(), player, true);
  if (matching_) matching_->parent(moves_.boxes(), player);
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
    if (!pop(id)) return SolveStatus::Unsolvable;
    store_.boxes(id, parent_.data());
    if (solved(parent_.data())) {
      pushes_ = relinked_.pushesTo(board_, store_, id);
      cost_ = Cost{first_[id], second_[id]};
      return SolveStatus::Solved;
    }
    expand(id);
  }
}

}  // namespace soko
