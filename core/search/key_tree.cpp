#include "key_tree.h"

#include <algorithm>

#include "moves.h"

namespace soko {

uint64_t KeyTree::memoryBytes() const {
  return capacity_ * (sizeof(Node) + sizeof(uint16_t)) + slots_.size() * sizeof(uint32_t);
}

bool KeyTree::grow() {
  size_t newCapacity = capacity_ == 0 ? 4096 : capacity_ + capacity_ / 2;
  size_t newSlots = std::max<size_t>(slots_.size(), 8192);
  while (newSlots * 3 < newCapacity * 4)
    newSlots *= 2;  // load <= 3/4: keys are random, probes stay short
  uint64_t bytes = newCapacity * (sizeof(Node) + sizeof(uint16_t)) + newSlots * sizeof(uint32_t);
  if (bytes + memoryBytes() > budget_)
    return false;  // old and new arrays live together while copied
  nodes_.reserve(newCapacity);
  depth_.reserve(newCapacity);
  capacity_ = newCapacity;
  if (newSlots != slots_.size()) {
    slots_.assign(newSlots, 0);
    const size_t mask = newSlots - 1;
    for (uint32_t i = 0; i < size(); ++i) {
      size_t at = nodes_[i].key & mask;
      while (slots_[at]) at = (at + 1) & mask;
      slots_[at] = i + 1;
    }
  }
  return true;
}

KeyTree::Insert KeyTree::insert(uint64_t key, uint32_t parent, uint32_t move) {
  if (size() >= capacity_ && !grow()) {
    if (!slots_.empty())
      for (size_t at = key & (slots_.size() - 1); slots_[at]; at = (at + 1) & (slots_.size() - 1))
        if (nodes_[slots_[at] - 1].key == key) return {slots_[at] - 1, false, false};
    return {kNone, false, true};
  }
  const size_t mask = slots_.size() - 1;
  size_t at = key & mask;
  for (; slots_[at]; at = (at + 1) & mask)
    if (nodes_[slots_[at] - 1].key == key) return {slots_[at] - 1, false, false};
  uint32_t index = size();
  slots_[at] = index + 1;
  nodes_.push_back({key, parent, move});
  depth_.push_back(parent == kNone ? 0 : static_cast<uint16_t>(depth_[parent] + 1));
  return {index, true, false};
}

TreeWalker::TreeWalker(const Board& board, const KeyTree& tree)
    : board_(board), tree_(tree), boxes_(board.startBoxes()), boxAt_(board.squareCount(), -1) {
  for (size_t i = 0; i < boxes_.size(); ++i) boxAt_[boxes_[i]] = static_cast<int>(i);
}

void TreeWalker::push(Square from, Direction d) {
  Square to = board_.neighbor(from, d);
  int i = boxAt_[from];
  boxes_[i] = to;
  boxAt_[to] = i;
  boxAt_[from] = -1;
  ++steps_;
}

void TreeWalker::unpush(uint32_t node) {
  uint32_t m = tree_.move(node);
  Square from = movedBox(m);
  push(board_.neighbor(from, movedDir(m)), opposite(movedDir(m)));
}

Square TreeWalker::moveTo(uint32_t target) {
  uint32_t up = at_, down = target;
  down_.clear();
  while (tree_.depth(up) > tree_.depth(down)) unpush(up), up = tree_.parent(up);
  while (tree_.depth(down) > tree_.depth(up)) down_.push_back(down), down = tree_.parent(down);
  while (up != down) {
    unpush(up);
    up = tree_.parent(up);
    down_.push_back(down);
    down = tree_.parent(down);
  }
  for (auto it = down_.rbegin(); it != down_.rend(); ++it) {
    uint32_t m = tree_.move(*it);
    push(movedBox(m), movedDir(m));
  }
  at_ = target;
  return tree_.parent(target) == KeyTree::kNone ? board_.startPlayer()
                                                : movedBox(tree_.move(target));
}

}  // namespace soko
