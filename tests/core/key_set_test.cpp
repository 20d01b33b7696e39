#include "search/key_set.h"

#include <catch2/catch.hpp>
#include <random>
#include <set>

using namespace soko;

TEST_CASE(
    "key set: inserts and lookups answer like std::set through growth, clears and the key 0") {
  KeySet keys;
  std::set<uint64_t> expected;
  std::mt19937_64 random(11);
  for (int round = 0; round < 5; ++round) {
    // Rounds of different sizes, the first large enough to grow the table
    // several times; keys drawn from a small range so that repeats happen.
    const int count = round == 0 ? 5000 : 50 * round;
    for (int i = 0; i < count; ++i) {
      const uint64_t key = random() % 3 == 0 ? random() % 64 : random();
      INFO("round " << round << ", key " << key);
      const uint64_t probe = random() % 3 == 0 ? random() % 64 : random();
      REQUIRE(keys.contains(probe) == (expected.count(probe) == 1));
      REQUIRE(keys.insert(key) == expected.insert(key).second);
      REQUIRE(keys.contains(key));
    }
    CHECK(keys.size() == expected.size());
    keys.clear();
    expected.clear();
    CHECK(keys.size() == 0);
    CHECK_FALSE(keys.contains(0));
    CHECK(keys.insert(0));
    CHECK(keys.contains(0));
    CHECK_FALSE(keys.insert(0));
    keys.clear();
  }
}
