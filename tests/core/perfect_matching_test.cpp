#include "bounds/perfect_matching.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <numeric>
#include <random>

using namespace soko;

namespace {

// Tries every assignment of distinct squares: the definition.
bool matchingByPermutations(const std::vector<std::vector<Square>>& options, int squares) {
  if (static_cast<int>(options.size()) > squares) return false;
  std::vector<int> order(squares);
  std::iota(order.begin(), order.end(), 0);
  do {
    bool all = true;
    for (size_t i = 0; i < options.size() && all; ++i)
      all = std::find(options[i].begin(), options[i].end(), order[i]) != options[i].end();
    if (all) return true;
  } while (std::next_permutation(order.begin(), order.end()));
  return false;
}

}  // namespace

TEST_CASE("perfect matching: a chain that needs an augmenting path, and Hall's condition broken") {
  // Item 0 takes 0 first; item 1 can only have 0, so 0 must move to 1.
  CHECK(hasPerfectMatching({{0, 1}, {0}}, 2));
  // Three items share two squares.
  CHECK_FALSE(hasPerfectMatching({{0, 1}, {0, 1}, {0, 1, 2}, {1}}, 3));
  CHECK(hasPerfectMatching({}, 0));
  CHECK_FALSE(hasPerfectMatching({{}}, 3));
}

TEST_CASE("perfect matching: agrees with trying every assignment on random small graphs") {
  std::mt19937 rng(29);
  int found = 0;
  for (int round = 0; round < 400; ++round) {
    const int squares = 1 + static_cast<int>(rng() % 6), items = 1 + static_cast<int>(rng() % 6);
    std::vector<std::vector<Square>> options(items);
    for (auto& o : options)
      for (int s = 0; s < squares; ++s)
        if (rng() % 3 == 0) o.push_back(static_cast<Square>(s));
    const bool expected = matchingByPermutations(options, squares);
    found += expected;
    INFO("round " << round);
    CHECK(hasPerfectMatching(options, squares) == expected);
  }
  CHECK(found > 20);  // both answers were asked
}
