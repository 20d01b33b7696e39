#include "bounds/hungarian.h"

#include <catch2/catch.hpp>
#include <random>

#include "analysis/board.h"
#include "analysis/pull_distances.h"
#include "bounds/target_matching.h"
#include "test_support.h"

using namespace soko;

namespace {

std::vector<std::vector<int32_t>> randomMatrix(std::mt19937& rng, int n, int maxCost,
                                               int infinitePercent) {
  std::uniform_int_distribution<int> cost(0, maxCost), percent(0, 99);
  std::vector<std::vector<int32_t>> m(n, std::vector<int32_t>(n));
  for (auto& row : m)
    for (auto& c : row) c = percent(rng) < infinitePercent ? Hungarian::kInfinite : cost(rng);
  return m;
}

std::vector<const int32_t*> rowsOf(const std::vector<std::vector<int32_t>>& m) {
  std::vector<const int32_t*> rows;
  for (const auto& r : m) rows.push_back(r.data());
  return rows;
}

// The assignment must be a permutation whose cost is the reported total.
void checkAssignment(const Hungarian& h, const std::vector<std::vector<int32_t>>& m) {
  const int n = static_cast<int>(m.size());
  std::vector<int> taken(n, 0);
  int32_t sum = 0;
  for (int i = 0; i < n; ++i) {
    int j = h.columnOf(i);
    REQUIRE(j >= 0);
    REQUIRE(j < n);
    ++taken[j];
    sum += m[i][j];
  }
  for (int t : taken) CHECK(t == 1);
  CHECK(sum == h.total());
}

}  // namespace

TEST_CASE("Hungarian matches brute force on random cost matrices") {
  std::mt19937 rng(12345);
  for (int trial = 0; trial < 400; ++trial) {
    int n = 1 + trial % 8;
    auto m = randomMatrix(rng, n, trial % 3 == 0 ? 3 : 50, trial % 4 == 0 ? 30 : 0);
    Hungarian h(n);
    auto rows = rowsOf(m);
    int32_t total = h.solve(rows.data());
    CHECK(total == bruteForceAssignment(m));
    checkAssignment(h, m);
  }
}

TEST_CASE("Hungarian warm starts and row changes give the brute-force optimum") {
  std::mt19937 rng(777);
  for (int n : {1, 2, 5, 8}) {
    Hungarian h(n);
    auto m = randomMatrix(rng, n, 20, 10);
    auto rows = rowsOf(m);
    h.solve(rows.data());
    for (int step = 0; step < 200; ++step) {
      std::uniform_int_distribution<int> pick(0, n - 1), cost(0, 20), percent(0, 99);
      int i = pick(rng);
      for (auto& c : m[i]) c = percent(rng) < 10 ? Hungarian::kInfinite : cost(rng);
      if (step % 2 == 0) {
        CHECK(h.changeRow(i, m[i].data()) == bruteForceAssignment(m));
      } else {
        rows = rowsOf(m);
        CHECK(h.solveWarm(rows.data()) == bruteForceAssignment(m));
      }
      checkAssignment(h, m);
    }
  }
}

TEST_CASE("Hungarian: warm starts and row changes on larger matrices agree with fresh solves") {
  // Past brute force's reach: many ties (costs 0 to 4) and long augmenting
  // paths, each answer against a solve from scratch by a fresh solver.
  std::mt19937 rng(779);
  for (int n : {12, 30, 64}) {
    Hungarian h(n);
    auto m = randomMatrix(rng, n, 4, 5);
    auto rows = rowsOf(m);
    h.solve(rows.data());
    for (int step = 0; step < 60; ++step) {
      std::uniform_int_distribution<int> pick(0, n - 1), cost(0, 4);
      const int i = pick(rng);
      for (auto& c : m[i]) c = cost(rng);
      rows = rowsOf(m);
      Hungarian fresh(n);
      const int32_t expected = fresh.solve(rows.data());
      CHECK((step % 2 == 0 ? h.changeRow(i, m[i].data()) : h.solveWarm(rows.data())) == expected);
      checkAssignment(h, m);
      checkAssignment(fresh, m);
    }
  }
}

TEST_CASE("Hungarian: a child takes its parent's matching and repairs one row") {
  // What the searches do per child: copyMatching(), then changeRow(); the
  // parent stays as it was, and a child of another size is resized.
  std::mt19937 rng(778);
  Hungarian child(3);
  for (int n : {1, 4, 7}) {
    Hungarian parent(n);
    auto m = randomMatrix(rng, n, 20, 10);
    auto rows = rowsOf(m);
    const int32_t total = parent.solve(rows.data());
    for (int step = 0; step < 50; ++step) {
      std::uniform_int_distribution<int> pick(0, n - 1), cost(0, 20);
      const int i = pick(rng);
      auto changed = m;
      for (auto& c : changed[i]) c = cost(rng);
      child.copyMatching(parent);
      REQUIRE(child.size() == n);
      CHECK(child.total() == total);
      CHECK(child.changeRow(i, changed[i].data()) == bruteForceAssignment(changed));
      checkAssignment(child, changed);
      CHECK(parent.total() == total);
      checkAssignment(parent, m);
    }
  }
}

TEST_CASE("Hungarian reports an infinite total when no finite matching exists") {
  //   both rows can only take column 0
  std::vector<std::vector<int32_t>> m = {{1, Hungarian::kInfinite}, {2, Hungarian::kInfinite}};
  Hungarian h(2);
  auto rows = rowsOf(m);
  CHECK(h.solve(rows.data()) >= Hungarian::kInfinite);
}

TEST_CASE("target matching: parents and children give the brute-force matching to the targets") {
  // A room with a pillar; three boxes matched to three target squares by
  // each box's pushes on the empty board.
  Board board(testing::one("#######\n#@ ...#\n# $$$ #\n#  #  #\n#     #\n#######\n"));
  const int n = board.squareCount();
  std::vector<Square> all(n);
  for (int s = 0; s < n; ++s) all[s] = static_cast<Square>(s);
  PullDistances between(board, all);
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> square(0, n - 1);
  auto brute = [&](const std::vector<Square>& boxes, const std::vector<Square>& targets) {
    std::vector<std::vector<int32_t>> m;
    for (Square b : boxes) {
      m.emplace_back();
      for (Square t : targets)
        m.back().push_back(std::min(between.distance(t, b), Hungarian::kInfinite));
    }
    return std::min(bruteForceAssignment(m), Hungarian::kInfinite);
  };
  for (int round = 0; round < 200; ++round) {
    std::vector<Square> boxes, targets;
    for (int i = 0; i < 3; ++i) {
      boxes.push_back(static_cast<Square>(square(rng)));
      targets.push_back(static_cast<Square>(square(rng)));
    }
    TargetMatching bound(between, n, targets);
    CHECK(std::min(bound.parent(boxes.data()), Hungarian::kInfinite) == brute(boxes, targets));
    const int moved = round % 3;
    const Square to = static_cast<Square>(square(rng));
    std::vector<Square> child = boxes;
    child[moved] = to;
    CHECK(std::min(bound.child(moved, to), Hungarian::kInfinite) == brute(child, targets));
  }
}
