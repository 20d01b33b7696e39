#include "solver.h"

#include <catch2/catch.hpp>

#include "analysis/dead_squares.h"
#include "format.h"
#include "test_support.h"
#include "verify.h"

using namespace soko;
using soko::testing::one;

namespace {

SolverOptions bfs(uint64_t maxNodes = testing::kSmallSearchNodes, uint64_t bytes = 256ull << 20) {
  SolverOptions o;
  o.method = "bfs";
  o.timeLimitSeconds = 0;
  o.maxNodes = maxNodes;
  o.memoryBudgetBytes = bytes;
  return o;
}

// Far too big for breadth-first search in a blink.
const char* kHard = soko::testing::kXSokoban1;

}  // namespace

TEST_CASE("dead squares: corners and goal-less walls are dead") {
  //   ######
  //   #xxxx#   x: dead. Only the goal and the square left of it,
  //   #x$.x#   from where a push right reaches the goal, are alive.
  //   #xxxx#
  //   ######
  Level l = one("######\n#    #\n# $. #\n#@   #\n######\n");
  Board b(l);
  std::vector<uint8_t> dead = pushDeadSquares(b);
  auto at = [&](int x, int y) { return dead[b.squareOf(l.index(x, y))]; };
  CHECK(at(1, 1));
  CHECK(at(4, 1));
  CHECK(at(2, 1));
  CHECK(at(1, 3));
  CHECK(at(4, 3));
  CHECK_FALSE(at(3, 2));
  CHECK_FALSE(at(2, 2));
  CHECK(at(1, 2));  // against the left wall, which has no goal
  CHECK(at(2, 3));  // on the bottom wall
}

TEST_CASE("bfs finds the fewest pushes and the solution verifies") {
  struct Case {
    const char* board;
    int pushes;
  };
  const Case cases[] = {
      {"#####\n#@$.#\n#####\n", 1},
      {"######\n#@$ .#\n######\n", 2},
      // The box must go down, then right: the player walks around in between.
      {"######\n#    #\n#@$  #\n#    #\n#  . #\n######\n", 3},
      {"####\n#@*#\n####\n", 0},
  };
  for (const Case& c : cases) {
    Level level = one(c.board);
    Solver solver(level, bfs());
    REQUIRE(solver.solve() == SolveStatus::Solved);
    CHECK(solver.solutionPushes() == c.pushes);
    CHECK(verify(level, solver.solution()).solved);
  }
}

TEST_CASE("bfs proves a level with a box in a corner unsolvable") {
  Level level = one("#####\n#@ $#\n#.  #\n#####\n");
  Solver solver(level, bfs());
  CHECK(solver.solve() == SolveStatus::Unsolvable);
  CHECK(solver.message().find("no solution") != std::string::npos);
}

TEST_CASE("the memory budget stops the search cleanly") {
  Solver solver(one(kHard), bfs(testing::kSmallSearchNodes, 64 * 1024));
  CHECK(solver.solve() == SolveStatus::OutOfMemory);
  CHECK(solver.progress().peakMemoryBytes <= 64 * 1024);
  CHECK(solver.solution().empty());
}

TEST_CASE("the time limit stops the search and slices return in between") {
  // A test of the clock itself, so it keeps a short time limit; its outcome
  // does not depend on the machine's speed: no machine finishes breadth-first
  // search on XSokoban 50 (it would need more positions than memory holds),
  // and the budget is set high so that on a fast machine too the clock, not
  // the budget, ends it (0.3 s here: about 100,000 positions, 9 MB).
  const Collection xsokoban = testing::bundled("XSokoban");
  REQUIRE(xsokoban.levels.size() >= 50);
  SolverOptions o = bfs(0, 4ull << 30);
  o.timeLimitSeconds = 0.3;
  Solver solver(xsokoban.levels[49], o);
  CHECK(solver.step(20) == SolveStatus::Running);
  CHECK(solver.solve() == SolveStatus::TimedOut);
  CHECK(solver.message() == "no solution found within the time limit");
  CHECK(solver.progress().search.nodes > 0);
}

TEST_CASE(
    "the node limit stops the search after exactly that many positions, however it is sliced") {
  for (double sliceMs : {1000.0, 0.2}) {
    Solver solver(one(kHard), bfs(5000));
    while (solver.step(sliceMs) == SolveStatus::Running) {
    }
    INFO("slices of " << sliceMs << " ms");
    CHECK(solver.status() == SolveStatus::TimedOut);
    CHECK(solver.progress().search.nodes == 5000);
    CHECK(solver.message() == "no solution found within the node limit (5000 positions)");
  }
}

TEST_CASE("the time before the first expansion is noted once the tables are built") {
  // The default portfolio builds fess's tables before its first expansion.
  SolverOptions o;
  o.timeLimitSeconds = 0;
  o.maxNodes = testing::kSmallSearchNodes;
  Solver solver(one(kHard), o);
  CHECK(solver.progress().firstExpansionSeconds < 0);
  CHECK(solver.solve() == SolveStatus::Solved);
  const SolverProgress p = solver.progress();
  CHECK(p.search.nodes > 0);
  CHECK(p.firstExpansionSeconds >= 0);
  CHECK(p.firstExpansionSeconds <= p.seconds);

  // Nothing expanded, nothing noted.
  o.method = "no-such-thing";
  Solver refused(one(kHard), o);
  refused.solve();
  CHECK(refused.progress().firstExpansionSeconds < 0);
}

TEST_CASE("cancel ends a running search") {
  Solver solver(one(kHard), bfs());
  REQUIRE(solver.step(5) == SolveStatus::Running);
  solver.cancel();
  CHECK(solver.status() == SolveStatus::Cancelled);
  CHECK(solver.step(5) == SolveStatus::Cancelled);
}

TEST_CASE("an unknown method is declined with its name") {
  SolverOptions o;
  o.method = "no-such-thing";
  Solver solver(one("#####\n#@$.#\n#####\n"), o);
  CHECK(solver.status() == SolveStatus::Declined);
  CHECK(solver.message().find("no-such-thing") != std::string::npos);
}

TEST_CASE("every listed method solves a tiny level") {
  for (const StrategyInfo& info : solverMethods()) {
    SolverOptions o;
    o.method = info.name;
    o.timeLimitSeconds = 0;
    o.maxNodes = testing::kSmallSearchNodes;
    Level level = one("#######\n#@$ . #\n# $ . #\n#######\n");
    Solver solver(level, o);
    INFO(info.name);
    REQUIRE(solver.solve() == SolveStatus::Solved);
    CHECK(verify(level, solver.solution()).solved);
  }
}
