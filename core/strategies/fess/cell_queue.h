// One feature cell's queue: node ids by accumulated move weight, least
// first, and among equal weights the newest node (highest id) first
// (measured: the boxes' distance to goals as the tie-break solved fewer).
// Weights are small integers (a move costs 0 or 1), so a list per weight
// does in O(1) what a binary heap did in O(log n): with "newest first" as
// its tie-break, each push into the heap climbed past every older entry of
// its weight.
//
// New nodes arrive in rising id order and go on a stack; the few older
// nodes queued again (with less weight than before) go into a small heap
// beside it, so the order is exactly the heap's.
//
// Removal is lazy: the owner skips ids that were expanded meanwhile or
// queued again with less weight.
#pragma once

#include <cstdint>
#include <vector>

namespace soko {

class CellQueue {
 public:
  // Both return the change in bytes held, for the owner's memory count.
  int64_t push(uint32_t weight, uint32_t node);
  // The least weight's newest node; false when empty.
  bool pop(uint32_t& weight, uint32_t& node, int64_t& bytesChange);

 private:
  struct Level {
    std::vector<uint32_t> rising;  // ids in rising order: the newest on top
    std::vector<uint32_t> older;   // max-heap of ids pushed out of order
    // rising.back() when rising is not empty: reading it there would be a
    // likely cache miss for every push.
    uint32_t newest = 0;
    bool empty() const { return rising.empty() && older.empty(); }
    uint64_t bytes() const { return (rising.capacity() + older.capacity()) * sizeof(uint32_t); }
  };
  std::vector<Level> levels_;  // [weight - base_]
  uint32_t base_ = 0;
  uint32_t least_ = 0;  // no level below this index holds anything
};

}  // namespace soko
