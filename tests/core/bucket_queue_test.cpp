#include "search/bucket_queue.h"

#include <catch2/catch.hpp>
#include <map>
#include <queue>
#include <random>

using namespace soko;

TEST_CASE("bucket queue: the least key first, the oldest first among equal keys") {
  std::mt19937 rng(3);
  BucketQueue q(61, 2048);
  // The reference: a FIFO per (primary, secondary), keys clamped as the queue clamps them.
  std::map<std::pair<int, int>, std::queue<uint32_t>> reference;
  uint32_t next = 0;
  for (int round = 0; round < 20000; ++round) {
    if (rng() % 3 != 0) {
      const int primary = static_cast<int>(rng() % 70) - 3,
                secondary = static_cast<int>(rng() % 2100);
      q.push(primary, secondary, next);
      reference[{std::clamp(primary, 0, 60), std::clamp(secondary, 0, 2047)}].push(next++);
      continue;
    }
    uint32_t id;
    int primary, secondary;
    if (reference.empty()) {
      CHECK_FALSE(q.pop(id, primary, secondary));
      continue;
    }
    REQUIRE(q.pop(id, primary, secondary));
    auto least = reference.begin();
    CHECK(std::pair(primary, secondary) == least->first);
    CHECK(id == least->second.front());
    least->second.pop();
    if (least->second.empty()) reference.erase(least);
  }
  CHECK(q.size() == [&] {
    uint64_t n = 0;
    for (const auto& [key, fifo] : reference) n += fifo.size();
    return n;
  }());
}

// hbox's queues have 61 x 2,048 keys: empty buckets are made only where
// keys are pushed, so a small search does not write megabytes first.
TEST_CASE("bucket queue: holds buckets only near the keys pushed, and release gives them back") {
  BucketQueue q(61, 2048);
  const uint64_t empty = q.memoryBytes(), full = BucketQueue::fixedBytesFor(61, 2048);
  CHECK(empty < full / 20);
  for (uint32_t i = 0; i < 100; ++i) q.push(5, static_cast<int>(i % 10), i);
  CHECK(q.memoryBytes() < empty + full / 100);
  q.release();
  CHECK(q.memoryBytes() == empty);
  CHECK(q.empty());
  uint32_t id;
  int primary, secondary;
  CHECK_FALSE(q.pop(id, primary, secondary));
  q.push(60, 2047, 7);
  REQUIRE(q.pop(id, primary, secondary));
  CHECK((id == 7 && primary == 60 && secondary == 2047));
}
