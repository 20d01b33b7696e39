// A set of 64-bit keys for small searches that run many times: open
// addressing, at most half full, and clear() touches only the slots in use,
// so a search of a few dozen positions neither allocates per key (as a
// node-based std::unordered_set does) nor wipes a large table.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace soko {

class KeySet {
 public:
  // True when `key` was not in the set (it is now).
  bool insert(uint64_t key) {
    if (key == 0) {  // 0 marks an empty slot: kept aside
      const bool added = !hasZero_;
      hasZero_ = true;
      return added;
    }
    if ((used_.size() + 1) * 2 > slots_.size()) grow();
    const size_t mask = slots_.size() - 1;
    for (size_t at = slotOf(key) & mask;; at = (at + 1) & mask) {
      if (slots_[at] == key) return false;
      if (slots_[at] == 0) {
        slots_[at] = key;
        used_.push_back(static_cast<uint32_t>(at));
        return true;
      }
    }
  }
  bool contains(uint64_t key) const {
    if (key == 0) return hasZero_;
    if (slots_.empty()) return false;
    const size_t mask = slots_.size() - 1;
    for (size_t at = slotOf(key) & mask; slots_[at]; at = (at + 1) & mask)
      if (slots_[at] == key) return true;
    return false;
  }
  void clear() {
    for (uint32_t at : used_) slots_[at] = 0;
    used_.clear();
    hasZero_ = false;
  }
  size_t size() const { return used_.size() + hasZero_; }
  uint64_t memoryBytes() const {
    return slots_.capacity() * sizeof(uint64_t) + used_.capacity() * sizeof(uint32_t);
  }

 private:
  static size_t slotOf(uint64_t key) {
    return static_cast<size_t>((key ^ (key >> 31)) * 0x9E3779B97F4A7C15ull >> 20);
  }
  void grow() {
    std::vector<uint64_t> old;
    old.swap(slots_);
    slots_.assign(old.empty() ? 256 : old.size() * 2, 0);
    used_.clear();
    const size_t mask = slots_.size() - 1;
    for (uint64_t key : old) {
      if (key == 0) continue;
      size_t at = slotOf(key) & mask;
      while (slots_[at]) at = (at + 1) & mask;
      slots_[at] = key;
      used_.push_back(static_cast<uint32_t>(at));
    }
  }
  std::vector<uint64_t> slots_;
  std::vector<uint32_t> used_;  // slots holding a key
  bool hasZero_ = false;
};

}  // namespace soko
