// A priority queue of node ids for small integer keys: a primary measure
// (0..primaryLevels-1) and a secondary tie-breaker (0..secondaryLevels-1),
// first in first out among equal keys. One FIFO per key pair and a two-level
// bitmap of non-empty buckets make push O(1) and pop a few word scans.
//
// Removal by key is lazy: the owner marks a node as taken and skips such ids
// (and ids whose key has since changed) when it pops them.
//
// Buckets are made 64 at a time, when a key among them is first pushed:
// hbox's queues have 61 x 2,048 keys each (4 MB of empty buckets a queue),
// and writing them all before the first expansion cost a small level tens
// of milliseconds of page faults (Microban II 55: hbox 11 took 29 ms to its
// first expansion, 42 ms for 117 expansions; 2 ms and 16 ms with the
// buckets made a primary level at a time, 64 KB each).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

namespace soko {

class BucketQueue {
 public:
  BucketQueue(int primaryLevels, int secondaryLevels);

  int primaryLevels() const { return primaryLevels_; }
  int secondaryLevels() const { return secondaryLevels_; }
  // Keys beyond the ranges are clamped to the last level.
  void push(int primary, int secondary, uint32_t id);
  // The oldest id of the smallest key; false when empty.
  bool pop(uint32_t& id, int& primary, int& secondary);
  bool empty() const { return count_ == 0; }
  uint64_t size() const { return count_; }
  void release();  // empties the queue and frees its memory
  uint64_t memoryBytes() const { return fixedBytes_ + itemBytes_; }
  // What a queue of these levels holds at most besides its items (every
  // level's buckets, and the bitmaps).
  static uint64_t fixedBytesFor(int primaryLevels, int secondaryLevels);

 private:
  struct Bucket {
    std::vector<uint32_t> items;
    uint32_t head = 0;
  };
  static constexpr int kChunkShift = 6;  // buckets made at a time: 64
  static constexpr size_t kChunk = size_t{1} << kChunkShift;
  // Bucket b (primary * secondaryLevels + secondary), its chunk made first.
  Bucket& bucket(size_t b);
  // Bucket b of a chunk already made.
  Bucket& made(size_t b) { return chunks_[b >> kChunkShift][b & (kChunk - 1)]; }
  int primaryLevels_, secondaryLevels_;
  std::vector<std::unique_ptr<Bucket[]>> chunks_;  // [b >> kChunkShift] its buckets, or none yet
  std::vector<uint64_t> words_;                    // bit b set: bucket b non-empty
  std::vector<uint64_t> summary_;                  // bit w set: words_[w] != 0
  uint64_t count_ = 0;
  uint64_t fixedBytes_ = 0, itemBytes_ = 0;  // bytes
};

}  // namespace soko
