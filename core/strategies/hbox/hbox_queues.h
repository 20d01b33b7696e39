// hbox's open positions: one queue per priority measure the method uses
// (pri1..pri6, smallest first; pri0 = pulls + HunEst breaks ties, first in
// first out after that), popped in turn. A position goes into every queue;
// the first pop expands it, and later pops of it are skipped, as are
// entries whose pri0 has since dropped (the position was queued again).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "hbox_evaluation.h"
#include "hbox_method.h"
#include "hbox_store.h"
#include "search/bucket_queue.h"

namespace soko {

class HboxQueues {
 public:
  // The queues exist (and take memory) from allocate() on.
  explicit HboxQueues(const HboxMethod& method);
  void allocate();
  // What allocate() takes: every queue's buckets and bitmaps.
  uint64_t fixedBytes() const;
  uint64_t memoryBytes() const {
    uint64_t bytes = 0;
    for (const BucketQueue& q : queues_) bytes += q.memoryBytes();
    return bytes;
  }

  template <typename Entry>  // a store entry
  static int pri0Of(const Entry& entry) {
    return std::min<int>(entry.pulls() + entry.hunEst(), kSecondaryLevels - 1);
  }
  // Queues stored position `index` by its priorities and pri0.
  void push(uint32_t index, const Priorities& p, int pri0) {
    for (int k : active_) queues_[k].push(p.pri[k], pri0, index);
  }
  // The next open position of the next queue in turn that has one; it is
  // marked closed in `store`. False when every queue is empty.
  bool pop(HboxStore& store, uint32_t& index);
  // The queue (1..6) the last pop came from.
  int lastQueue() const { return lastQueue_; }
  // Halfway: pri2..pri5 only get in the way of the end of the reverse
  // game, so their queues are dropped.
  void dropHalfway();

 private:
  static constexpr int kSecondaryLevels = 2048;  // pri0 is clamped to 0..2047
  // Queue k's key ranges; unused ones (and 0) a single bucket.
  int levels(int k) const {
    return k == 0 || !method_.queue[k] ? 1 : HboxEvaluation::kMaxPriority + 1;
  }
  int secondaryLevels(int k) const { return k == 0 || !method_.queue[k] ? 1 : kSecondaryLevels; }

  HboxMethod method_;
  std::vector<BucketQueue> queues_;  // [1..6]
  std::vector<int> active_;          // queue numbers in the round robin
  size_t turn_ = 0;
  int lastQueue_ = 0;
};

}  // namespace soko
