#include "bucket_queue.h"

#include <algorithm>

namespace soko {

BucketQueue::BucketQueue(int primaryLevels, int secondaryLevels)
    : primaryLevels_(primaryLevels), secondaryLevels_(secondaryLevels) {
  size_t n = static_cast<size_t>(primaryLevels) * secondaryLevels;
  chunks_.resize((n >> kChunkShift) + 1);
  words_.assign((n + 63) / 64, 0);
  summary_.assign((words_.size() + 63) / 64, 0);
  fixedBytes_ =
      chunks_.size() * sizeof(chunks_[0]) + (words_.size() + summary_.size()) * sizeof(uint64_t);
}

BucketQueue::Bucket& BucketQueue::bucket(size_t b) {
  std::unique_ptr<Bucket[]>& chunk = chunks_[b >> kChunkShift];
  if (!chunk) {
    chunk = std::make_unique<Bucket[]>(kChunk);
    fixedBytes_ += kChunk * sizeof(Bucket);
  }
  return made(b);
}

uint64_t BucketQueue::fixedBytesFor(int primaryLevels, int secondaryLevels) {
  const uint64_t n = static_cast<uint64_t>(primaryLevels) * secondaryLevels, words = (n + 63) / 64;
  return n * sizeof(Bucket) + (words + (words + 63) / 64) * sizeof(uint64_t);
}

void BucketQueue::push(int primary, int secondary, uint32_t id) {
  primary = std::clamp(primary, 0, primaryLevels_ - 1);
  secondary = std::clamp(secondary, 0, secondaryLevels_ - 1);
  size_t b = static_cast<size_t>(primary) * secondaryLevels_ + secondary;
  Bucket& bucket = this->bucket(b);
  size_t before = bucket.items.capacity();
  // Grow by a quarter rather than doubling: the queues hold several entries
  // per stored position, so slack is most of their memory.
  if (bucket.items.size() == before)
    bucket.items.reserve(before + std::max<size_t>(16, before / 4));
  bucket.items.push_back(id);
  itemBytes_ += (bucket.items.capacity() - before) * sizeof(uint32_t);
  words_[b >> 6] |= 1ull << (b & 63);
  summary_[b >> 12] |= 1ull << ((b >> 6) & 63);
  ++count_;
}

bool BucketQueue::pop(uint32_t& id, int& primary, int& secondary) {
  if (count_ == 0) return false;
  size_t w = 0;
  for (size_t s = 0;; ++s) {
    if (summary_[s]) {
      w = s * 64 + __builtin_ctzll(summary_[s]);
      break;
    }
  }
  size_t b = w * 64 + __builtin_ctzll(words_[w]);
  Bucket& bucket = made(b);
  id = bucket.items[bucket.head++];
  --count_;
  primary = static_cast<int>(b / secondaryLevels_);
  secondary = static_cast<int>(b % secondaryLevels_);
  if (bucket.head == bucket.items.size()) {
    // Emptied: big buckets give their memory back, small ones keep it.
    size_t before = bucket.items.capacity();
    if (before > 4096) {
      std::vector<uint32_t>().swap(bucket.items);
    } else {
      bucket.items.clear();
    }
    itemBytes_ -= (before - bucket.items.capacity()) * sizeof(uint32_t);
    bucket.head = 0;
    words_[w] &= ~(1ull << (b & 63));
    if (!words_[w]) summary_[w >> 6] &= ~(1ull << (w & 63));
  } else if (bucket.head >= 4096 && bucket.head * 4 >= bucket.items.size()) {
    // Long-lived buckets drop their consumed front now and then.
    size_t before = bucket.items.capacity();
    bucket.items.erase(bucket.items.begin(), bucket.items.begin() + bucket.head);
    bucket.items.shrink_to_fit();
    itemBytes_ -= (before - bucket.items.capacity()) * sizeof(uint32_t);
    bucket.head = 0;
  }
  return true;
}

void BucketQueue::release() {
  for (std::unique_ptr<Bucket[]>& chunk : chunks_) {
    if (chunk) fixedBytes_ -= kChunk * sizeof(Bucket);
    chunk.reset();
  }
  std::fill(words_.begin(), words_.end(), 0);
  std::fill(summary_.begin(), summary_.end(), 0);
  count_ = 0;
  itemBytes_ = 0;
}

}  // namespace soko
