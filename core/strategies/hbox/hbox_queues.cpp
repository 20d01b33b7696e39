#include "hbox_queues.h"

namespace soko {

HboxQueues::HboxQueues(const HboxMethod& method) : method_(method) {
  for (int k = 1; k <= 6; ++k)
    if (method_.queue[k]) active_.push_back(k);
}

void HboxQueues::allocate() {
  for (int k = 0; k < 7; ++k) queues_.emplace_back(levels(k), secondaryLevels(k));
}

uint64_t HboxQueues::fixedBytes() const {
  uint64_t bytes = 0;
  for (int k = 0; k < 7; ++k) bytes += BucketQueue::fixedBytesFor(levels(k), secondaryLevels(k));
  return bytes;
}

bool HboxQueues::pop(HboxStore& store, uint32_t& index) {
  for (size_t tried = 0; tried < active_.size(); ++tried) {
    int k = active_[turn_ % active_.size()];
    ++turn_;
    BucketQueue& q = queues_[k];
    int primary, secondary;
    while (q.pop(index, primary, secondary)) {
      const auto entry = store.entry(index);
      if (entry.closed()) continue;
      if (pri0Of(entry) != secondary) continue;  // queued again with fewer pulls
      entry.close();
      lastQueue_ = k;
      return true;
    }
  }
  return false;
}

void HboxQueues::dropHalfway() {
  std::vector<int> keep;
  for (int k : active_) {
    if (k == 1 || k == 6) {
      keep.push_back(k);
    } else {
      queues_[k].release();
    }
  }
  active_ = keep;
  turn_ = 0;
}

}  // namespace soko
