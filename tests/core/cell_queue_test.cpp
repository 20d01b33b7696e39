#include "strategies/fess/cell_queue.h"

#include <catch2/catch.hpp>
#include <queue>
#include <random>

using namespace soko;

TEST_CASE("cell queue: least weight first, then the newest node") {
  CellQueue q;
  q.push(3, 10);
  q.push(2, 11);
  q.push(3, 12);
  q.push(1, 5);  // below every weight queued before
  q.push(3, 7);  // an older node queued again
  uint32_t w, n;
  int64_t freed;
  std::vector<std::pair<uint32_t, uint32_t>> order;
  while (q.pop(w, n, freed)) order.push_back({w, n});
  CHECK(order ==
        std::vector<std::pair<uint32_t, uint32_t>>{{1, 5}, {2, 11}, {3, 12}, {3, 10}, {3, 7}});
}

TEST_CASE(
    "cell queue: pops in the order of a binary heap on (weight, newest), and counts its bytes back "
    "to zero") {
  std::mt19937 rng(7);
  CellQueue q;
  // The reference: a min-heap on weight << 32 | ~node, as fess used before.
  std::priority_queue<uint64_t, std::vector<uint64_t>, std::greater<>> heap;
  int64_t bytes = 0;
  uint32_t nextNode = 0;
  for (int step = 0; step < 20000; ++step) {
    if (rng() % 3 != 0) {
      // Mostly new nodes (rising ids); some older ones queued again.
      const uint32_t node = rng() % 5 == 0 && nextNode > 0 ? rng() % nextNode : nextNode++;
      const uint32_t weight = 20 + rng() % 8 - (rng() % 50 == 0 ? 15 : 0);
      bytes += q.push(weight, node);
      heap.push(static_cast<uint64_t>(weight) << 32 | ~node);
    } else {
      uint32_t w, n;
      int64_t change;
      const bool popped = q.pop(w, n, change);
      bytes += change;
      REQUIRE(popped == !heap.empty());
      if (!popped) continue;
      REQUIRE(w == heap.top() >> 32);
      REQUIRE(n == ~static_cast<uint32_t>(heap.top()));
      heap.pop();
    }
  }
  uint32_t w, n;
  int64_t change;
  while (q.pop(w, n, change)) bytes += change;
  bytes += change;
  CHECK(bytes >= 0);
  CHECK(bytes < 64 * 48);  // the per-weight lists' headers, nothing of the ids
}
