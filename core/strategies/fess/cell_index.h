// Feature-cell keys to cell numbers, numbered in the order first seen: an
// open-addressing table of 64-bit slots (key in the high half, number + 1
// in the low), at most half full. One probe a lookup on most positions,
// where a node-based hash map chased a pointer and divided by a prime.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace soko {

class CellIndex {
 public:
  // The number of `key`, given the next free number when it is new
  // (`added` says so).
  uint32_t findOrAdd(uint32_t key, uint32_t next, bool& added) {
    if ((count_ + 1) * 2 > slots_.size()) grow();
    const size_t mask = slots_.size() - 1;
    for (size_t at = slotOf(key) & mask;; at = (at + 1) & mask) {
      const uint64_t slot = slots_[at];
      if (slot == 0) {
        slots_[at] = static_cast<uint64_t>(key) << 32 | (next + 1ull);
        ++count_;
        added = true;
        return next;
      }
      if (static_cast<uint32_t>(slot >> 32) == key) {
        added = false;
        return static_cast<uint32_t>(slot) - 1;
      }
    }
  }
  uint64_t memoryBytes() const { return slots_.capacity() * sizeof(uint64_t); }

 private:
  static size_t slotOf(uint32_t key) {
    return static_cast<size_t>((key * 0x9E3779B97F4A7C15ull) >> 32);
  }
  void grow() {
    std::vector<uint64_t> old;
    old.swap(slots_);
    slots_.assign(old.empty() ? 64 : old.size() * 2, 0);
    const size_t mask = slots_.size() - 1;
    for (uint64_t slot : old) {
      if (slot == 0) continue;
      size_t at = slotOf(static_cast<uint32_t>(slot >> 32)) & mask;
      while (slots_[at]) at = (at + 1) & mask;
      slots_[at] = slot;
    }
  }
  std::vector<uint64_t> slots_;
  size_t count_ = 0;
};

}  // namespace soko
