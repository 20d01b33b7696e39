#include "strategies/fess/cell_index.h"

#include <catch2/catch.hpp>
#include <map>
#include <random>

using namespace soko;

TEST_CASE("cell index: keys numbered in the order first seen, found again as the table grows") {
  CellIndex index;
  std::map<uint32_t, uint32_t> expected;
  std::mt19937 random(7);
  // Feature keys as fess makes them: space << 16 | value << 8 | connectivity.
  std::uniform_int_distribution<uint32_t> space(0, 5), value(0, 255);
  for (int i = 0; i < 20000; ++i) {
    const uint32_t key = space(random) << 16 | value(random) << 8 | value(random) % 8;
    bool added = false;
    const uint32_t next = static_cast<uint32_t>(expected.size());
    const uint32_t number = index.findOrAdd(key, next, added);
    auto it = expected.find(key);
    if (it == expected.end()) {
      CHECK(added);
      CHECK(number == next);
      expected[key] = number;
    } else {
      CHECK_FALSE(added);
      CHECK(number == it->second);
    }
  }
  CHECK(expected.size() > 5000);  // the table grew many times on the way
  CHECK(index.memoryBytes() >= expected.size() * 2 * sizeof(uint64_t));
  bool added = true;
  CHECK(index.findOrAdd(0, 99999, added) == (expected.count(0) ? expected[0] : 99999u));
}
