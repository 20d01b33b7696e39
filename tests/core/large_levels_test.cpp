// Levels far larger than any collection's: every strategy either declines
// them at once, saying why in numbers, or builds its tables in the slices
// (preparation.h), where the time limit and cancel reach it. No test here
// looks at a clock: each counts steps, statuses and expansions.
#include <algorithm>
#include <catch2/catch.hpp>
#include <random>
#include <string>

#include "analysis/pull_distances.h"
#include "sink/sink_solver.h"
#include "small_levels.h"
#include "test_support.h"

using namespace soko;
using soko::testing::one;

namespace {

// A width x height board, walls all round; inside, floor where `floor(x, y)`
// says so, then `boxes` boxes and as many goals on floor squares drawn at
// random (a fixed draw), the player on another.
template <class Floor>
Level largeLevel(int width, int height, int boxes, Floor floor) {
  std::string text;
  std::vector<size_t> free;
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      const bool inside = x > 0 && y > 0 && x < width - 1 && y < height - 1 && floor(x, y);
      if (inside) free.push_back(text.size());
      text += inside ? ' ' : '#';
    }
    text += '\n';
  }
  REQUIRE(static_cast<int>(free.size()) > 2 * boxes);
  std::mt19937 draw(150);
  std::shuffle(free.begin(), free.end(), draw);
  text[free[0]] = '@';
  for (int i = 0; i < boxes; ++i) text[free[1 + i]] = '$', text[free[1 + boxes + i]] = '.';
  return one(text);
}

// 150 x 150, open floor: 21,904 squares.
Level openLevel(int boxes) {
  return largeLevel(150, 150, boxes, [](int, int) { return true; });
}

// 150 x 150, a one-wide corridor every fifth column joined along the top
// row: 4,588 squares, so that 2,000 goals' tables fit the default budget.
Level combLevel(int boxes) {
  return largeLevel(150, 150, boxes, [](int x, int y) { return x % 5 == 1 || y == 1; });
}

SolverOptions defaults(double seconds) {
  SolverOptions o;
  o.timeLimitSeconds = seconds;
  return o;
}

}  // namespace

TEST_CASE(
    "large levels: 3,000 boxes on 150x150 are declined in the first slice, with the tables' "
    "sizes") {
  const Level level = openLevel(3000);
  Solver solver(level, defaults(5));
  const double slice = 10000;  // far longer than the decline takes: it must come in the first step
  CHECK(solver.step(slice) == SolveStatus::Declined);
  CHECK(solver.progress().search.nodes == 0);
  // Each member says why, in numbers (the fess variants share fess's tables).
  const std::string& why = solver.message();
  INFO(why);
  CHECK(why.find("the push-distance and goal-reach tables for 3,000 goals on 21,904 squares would "
                 "need 1.3 GB, "
                 "more than the memory budget of 512 MB") != std::string::npos);
  CHECK(why.find("hbox's tables for 3,000 boxes on 21,904 squares would need") !=
        std::string::npos);
  for (const char* method : {"fess", "astar", "greedy", "hbox"}) {
    SolverOptions o = defaults(5);
    o.method = method;
    Solver alone(level, o);
    INFO(method);
    CHECK(alone.step(slice) == SolveStatus::Declined);
    CHECK(alone.message().find("more than the memory budget of 512 MB") != std::string::npos);
  }
}

TEST_CASE(
    "large levels: 2,000 boxes whose tables fit are prepared in slices, counted as no expansion, "
    "and cancel lands at once") {
  const Level level = combLevel(2000);
  Solver solver(level, defaults(0));
  for (int slice = 0; slice < 3; ++slice) {
    REQUIRE(solver.step(50) == SolveStatus::Running);
    CHECK(solver.progress().search.nodes == 0);
  }
  // The tables built so far count against the budget.
  CHECK(solver.progress().search.memoryBytes > (16u << 20));
  CHECK(solver.progress().peakMemoryBytes <= kDefaultMemoryBudgetBytes);
  solver.cancel();
  CHECK(solver.step(50) == SolveStatus::Cancelled);
  CHECK(solver.message() == "cancelled");
}

TEST_CASE(
    "large levels: the time limit ends a solve that is still building its tables, in slices") {
  const Level level = combLevel(2000);
  Solver solver(level, defaults(0.5));
  int steps = 0;
  SolveStatus s = SolveStatus::Running;
  while (s == SolveStatus::Running && steps < 1000) s = solver.step(50), ++steps;
  CHECK(s == SolveStatus::TimedOut);
  CHECK(steps > 1);
  CHECK(solver.message() == "no solution found within the time limit");
}

TEST_CASE("large levels: a 1024x1024 board is declined by every strategy in the first slice") {
  std::string text(1024, '#');
  text += '\n';
  for (int y = 1; y < 1023; ++y) text += "#" + std::string(1022, ' ') + "#\n";
  text += std::string(1024, '#') + "\n";
  text[1025 + 1] = '@';
  text[1025 + 3] = '$';
  text[1025 * 2 + 3] = '.';
  const Level level = one(text);
  REQUIRE(level.width == 1024);
  // A slice far longer than the decline takes (about 2 ms), so that a busy
  // machine cannot end it first: the decline must come in the first step.
  const double slice = 10000;
  for (const StrategyInfo& method : solverMethods()) {
    SolverOptions o = defaults(5);
    o.method = method.name;
    Solver solver(level, o);
    INFO(method.name);
    CHECK(solver.step(slice) == SolveStatus::Declined);
    CHECK(solver.progress().search.nodes == 0);
    CHECK(solver.message().find(
              "the level has 1,044,484 floor squares; the solvers handle at most 65,534") !=
          std::string::npos);
  }
  std::string sink = "#1024\n#1024\n";
  for (int y = 0; y < 1024; ++y) sink += "#" + std::string(1024, '.') + "\n";
  sink[12 + 1] = 'y';
  sink[12 + 3] = 'o';
  sink[12 + 5] = 'x';
  SinkParse parsed = parseSinkLevel(sink);
  REQUIRE(parsed.error.empty());
  SinkSolver solver(parsed.level, SinkSolverOptions{});
  CHECK(solver.step(slice) == SolveStatus::Declined);
  CHECK(solver.message().find("floor squares; the solvers handle at most 65,534") !=
        std::string::npos);
}

// The linear-time sides (from the cut squares of the empty board) against
// their definition: which neighbours a flood from each side reaches with a
// box on the square.
TEST_CASE("large levels: sides around a box agree with a flood from each side") {
  std::mt19937 rng(77);
  int levels = 0;
  for (int round = 0; round < 200 && levels < 60; ++round) {
    auto level = testing::randomSmallLevel(rng, 1, 12, 10, 30);
    if (!level) continue;
    ++levels;
    const Board b(*level);
    const auto sides = sidesAroundBox(b);
    for (int s = 0; s < b.squareCount(); ++s) {
      std::vector<int> label(4, 0xFF);
      int next = 0;
      for (int d = 0; d < 4; ++d) {
        const Square start = b.neighbor(static_cast<Square>(s), kDirections[d]);
        if (start == kNoSquare || label[d] != 0xFF) continue;
        std::vector<uint8_t> seen(b.squareCount(), 0);
        std::vector<Square> stack{start};
        seen[s] = seen[start] = 1;
        while (!stack.empty()) {
          const Square q = stack.back();
          stack.pop_back();
          for (Direction e : kDirections) {
            const Square r = b.neighbor(q, e);
            if (r != kNoSquare && !seen[r]) seen[r] = 1, stack.push_back(r);
          }
        }
        for (int e = 0; e < 4; ++e) {
          const Square r = b.neighbor(static_cast<Square>(s), kDirections[e]);
          if (r != kNoSquare && seen[r] && label[e] == 0xFF) label[e] = next;
        }
        ++next;
      }
      for (int d = 0; d < 4; ++d) CHECK(sides[s][d] == label[d]);
    }
  }
  CHECK(levels >= 50);
}
