#include "cell_queue.h"

#include <algorithm>
#include <cstddef>

namespace soko {

int64_t CellQueue::push(uint32_t weight, uint32_t node) {
  int64_t change = 0;
  if (levels_.empty()) {
    base_ = weight;
  } else if (weight < base_) {  // rare: a weight below any queued before
    const uint32_t shift = base_ - weight;
    levels_.insert(levels_.begin(), shift, Level{});
    change += static_cast<int64_t>(shift * sizeof(Level));
    base_ = weight;
    least_ += shift;
  }
  const uint32_t i = weight - base_;
  if (i >= levels_.size()) {
    change += static_cast<int64_t>((i + 1 - levels_.size()) * sizeof(Level));
    levels_.resize(i + 1);
  }
  Level& level = levels_[i];
  const uint64_t before = level.bytes();
  if (level.rising.empty() || node > level.newest) {
    level.rising.push_back(node);
    level.newest = node;
  } else {
    level.older.push_back(node);
    std::push_heap(level.older.begin(), level.older.end());
  }
  change += static_cast<int64_t>(level.bytes() - before);
  if (i < least_) least_ = i;
  return change;
}

bool CellQueue::pop(uint32_t& weight, uint32_t& node, int64_t& bytesChange) {
  bytesChange = 0;
  while (least_ < levels_.size() && levels_[least_].empty()) {
    // Used up: give its memory back (a lower weight may fill it again).
    bytesChange -= static_cast<int64_t>(levels_[least_].bytes());
    levels_[least_] = Level{};
    ++least_;
  }
  if (least_ >= levels_.size()) return false;
  Level& level = levels_[least_];
  weight = base_ + least_;
  if (level.older.empty() || (!level.rising.empty() && level.rising.back() > level.older.front())) {
    node = level.rising.back();
    level.rising.pop_back();
    if (!level.rising.empty()) level.newest = level.rising.back();
  } else {
    node = level.older.front();
    std::pop_heap(level.older.begin(), level.older.end());
    level.older.pop_back();
  }
  return true;
}

}  // namespace soko
