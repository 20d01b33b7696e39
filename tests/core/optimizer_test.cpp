// The solution optimizer: it refuses invalid solutions with the step and the
// square, never returns a longer solution by its metric, reaches the
// push-optimal count astar proves, and gives the same answer every time.
#include "optimizer.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <random>
#include <string>

#include "analysis/pull_distances.h"
#include "analysis/zobrist.h"
#include "optimizer/solution_path.h"
#include "optimizer/vicinity.h"
#include "optimizer/vicinity_search.h"
#include "strategies/fess/fess.h"
#include "test_support.h"

namespace soko {
namespace {

using testing::one;

// A node cap and no clock, so every run is the same on any machine.
OptimizerOptions capped(OptimizeMetric metric, uint64_t nodes) {
  OptimizerOptions o;
  o.metric = metric;
  o.timeLimitSeconds = 0;
  o.maxNodes = nodes;
  return o;
}

// Two rows: the box can be pushed right, walked around and pushed back.
//   #######
//   #@$  .#
//   #     #
//   #######
const char* kRoom =
    "#######\n"
    "#@$  .#\n"
    "#     #\n"
    "#######\n";
// Right once, round the box, left once, back round, right three times:
// 5 pushes where 3 do.
const char* kRoundabout = "RdrruLdlluRRR";

TEST_CASE("optimizer: an invalid solution is refused with its step and square") {
  Level level = one(kRoom);
  Optimizer blocked(level, "RRRRR", capped(OptimizeMetric::Pushes, 1000));
  CHECK(blocked.status() == SolveStatus::Declined);
  CHECK(blocked.inputError().find("step 4") != std::string::npos);
  CHECK(blocked.inputError().find("column 5, row 2") != std::string::npos);
  CHECK(blocked.solution().empty());
  Optimizer unfinished(level, "RR", capped(OptimizeMetric::Pushes, 1000));
  CHECK(unfinished.inputError().find("not solved") != std::string::npos);
  Optimizer garbage(level, "Rx", capped(OptimizeMetric::Pushes, 1000));
  CHECK(garbage.inputError().find("character 2") != std::string::npos);
}

TEST_CASE("optimizer: a roundabout solution becomes push-optimal, as astar counts") {
  Level level = one(kRoom);
  REQUIRE(verify(level, kRoundabout).solved);
  REQUIRE(verify(level, kRoundabout).pushes == 5);
  Optimizer o(level, kRoundabout, capped(OptimizeMetric::Pushes, 100000));
  REQUIRE(o.solve() == SolveStatus::Solved);
  SolverOptions astar;
  astar.method = "astar";
  astar.timeLimitSeconds = 0;
  Solver best(level, astar);
  REQUIRE(best.solve() == SolveStatus::Solved);
  CHECK(o.solutionPushes() == best.solutionPushes());
  CHECK(o.solutionPushes() == 3);
  CHECK(o.solutionMoves() == 3);
  CHECK(o.proven() == Proven::Optimal);
  CHECK(verify(level, o.solution()).solved);
  CHECK(o.inputMoves() == 13);
  CHECK(o.inputPushes() == 5);
}

TEST_CASE("optimizer: the moves metric drops needless walking") {
  Level level = one(kRoom);
  Optimizer o(level, "duRRR", capped(OptimizeMetric::Moves, 100000));
  REQUIRE(o.solve() == SolveStatus::Solved);
  CHECK(o.solutionMoves() == 3);
  CHECK(o.proven() == Proven::Optimal);
}

TEST_CASE("optimizer: a search of the vicinity alone improves XSokoban 1's moves") {
  Level level = one(testing::kXSokoban1);
  SolverOptions s;
  s.timeLimitSeconds = 0;
  s.maxNodes = testing::kSmallSearchNodes;
  Solver solver(level, s);
  REQUIRE(solver.solve() == SolveStatus::Solved);
  // Too few expansions for astar to finish: what improves is the vicinity's work.
  Optimizer o(level, solver.solution(), capped(OptimizeMetric::Pushes, 20000));
  CHECK(o.solve() == SolveStatus::TimedOut);
  CHECK(verify(level, o.solution()).solved);
  CHECK(o.solutionPushes() <= solver.solutionPushes());
  CHECK(Cost::of(OptimizeMetric::Pushes, o.solutionMoves(), o.solutionPushes()) <
        Cost::of(OptimizeMetric::Pushes, solver.solutionMoves(), solver.solutionPushes()));
  CHECK(o.proven() == Proven::Nothing);
}

TEST_CASE("optimizer: the same level, solution and options give the same answer and nodes") {
  Level level = one(testing::kXSokoban1);
  Solver solver(level, SolverOptions{"default", 0, testing::kSmallSearchNodes});
  REQUIRE(solver.solve() == SolveStatus::Solved);
  Optimizer a(level, solver.solution(), capped(OptimizeMetric::Moves, 30000));
  Optimizer b(level, solver.solution(), capped(OptimizeMetric::Moves, 30000));
  a.solve();
  // b in many short slices: where a slice ends must not change the search.
  while (b.step(0.05) == SolveStatus::Running) {
  }
  CHECK(a.solution() == b.solution());
  CHECK(a.bestSoFar() == a.solution());
  CHECK(a.bestMovesSoFar() == a.solutionMoves());
  CHECK(a.progress().search.nodes == b.progress().search.nodes);
  CHECK(a.progress().search.nodes == 30000);
}

TEST_CASE("optimizer: other solutions given join, the cheapest first, a bad one refused") {
  Level level = one(kRoom);
  OptimizerOptions options = capped(OptimizeMetric::Pushes, 1);
  options.otherSolutions = {kRoundabout, "RRR"};
  Optimizer o(level, kRoundabout, options);
  o.solve();
  CHECK(o.inputPushes() == 5);
  CHECK(o.solution() == "RRR");
  CHECK(o.otherSolutions() == 1);  // the copy of the given one is not counted
  options.otherSolutions = {"RRR", "RRRRR"};
  Optimizer bad(level, kRoundabout, options);
  CHECK(bad.status() == SolveStatus::Declined);
  CHECK(bad.inputError().rfind("other solution 2: the solution is not valid: step 4", 0) == 0);
}

TEST_CASE("optimizer: cancel keeps the best solution so far") {
  Level level = one(kRoom);
  Optimizer o(level, kRoundabout, capped(OptimizeMetric::Pushes, 100000));
  o.cancel();
  CHECK(o.status() == SolveStatus::Cancelled);
  CHECK(o.solution() == kRoundabout);
  CHECK(o.solutionPushes() == 5);
}

// Every shipped solution of Microban I, by both metrics: the answer solves
// the level and is never longer by the metric.
TEST_CASE("optimizer: never longer than a shipped Microban I solution") {
  Collection c = testing::bundled("Microban_I");
  int levels = 0, shorter = 0;
  for (const Level& level : c.levels) {
    if (level.solutions.empty()) continue;
    ++levels;
    for (OptimizeMetric metric : {OptimizeMetric::Pushes, OptimizeMetric::Moves}) {
      INFO(level.title << " by " << metricName(metric));
      Optimizer o(level, level.solutions[0], capped(metric, 3000));
      o.solve();
      REQUIRE(o.inputError().empty());
      REQUIRE(verify(level, o.solution()).solved);
      const Cost before = Cost::of(metric, o.inputMoves(), o.inputPushes());
      const Cost after = Cost::of(metric, o.solutionMoves(), o.solutionPushes());
      CHECK_FALSE(before < after);
      if (after < before) ++shorter;
    }
  }
  CHECK(levels == 155);
  CHECK(shorter > 0);
}

// XSokoban 37: fess's own solution takes 444 pushes, fess with four
// feature spaces finds one of 374 within a few thousand expansions.
TEST_CASE("optimizer: another solver's cheaper solution is taken and never lost") {
  Collection c = testing::bundled("XSokoban");
  const Level& level = c.levels.at(36);
  auto fess = makeFessStrategy(level, kDefaultMemoryBudgetBytes);
  auto four = makeFessStrategy(level, kDefaultMemoryBudgetBytes, fessFourSpaces());
  REQUIRE(fess->run(Deadline(Deadline::Clock::time_point::max(), kOtherSolverNodes)) ==
          SolveStatus::Solved);
  REQUIRE(four->run(Deadline(Deadline::Clock::time_point::max(), kOtherSolverNodes)) ==
          SolveStatus::Solved);
  const CheckedSolution given = checkSolution(level, fess->solution());
  const CheckedSolution other = checkSolution(level, four->solution());
  REQUIRE(other.pushes < given.pushes);
  // Enough expansions for the other solvers and little more.
  Optimizer o(level, given.steps, capped(OptimizeMetric::Pushes, 5 * kOtherSolverNodes));
  o.solve();
  CHECK(verify(level, o.solution()).solved);
  CHECK(o.otherSolutions() >= 1);
  CHECK(o.solutionPushes() <= other.pushes);
}

// Many configurations (several blocks of them), parents anywhere: focus()
// and childWithin() answer as within() does.
TEST_CASE("vicinity: focus over many configurations agrees with asking each child") {
  Board board(one("##########\n#@       #\n#  $$$$  #\n#        #\n#  ....  #\n##########\n"));
  const int squares = board.squareCount();
  std::mt19937 random(7);
  auto configuration = [&] {
    std::vector<Square> boxes;
    while (boxes.size() < 4) {
      const Square s = static_cast<Square>(random() % squares);
      if (std::find(boxes.begin(), boxes.end(), s) == boxes.end()) boxes.push_back(s);
    }
    std::sort(boxes.begin(), boxes.end());
    return boxes;
  };
  // A chain of one-box moves with jumps, as several solutions joined give.
  std::vector<std::vector<Square>> held{configuration()};
  for (int i = 0; i < 70; ++i) {
    std::vector<Square> next = i % 20 == 19 ? configuration() : held.back();
    if (i % 20 != 19) {
      const Square to = static_cast<Square>(random() % squares);
      if (std::find(next.begin(), next.end(), to) == next.end()) next[random() % 4] = to;
      std::sort(next.begin(), next.end());
    }
    held.push_back(next);
  }
  Vicinity v(board);
  v.add(held);
  for (int trial = 0; trial < 60; ++trial) {
    const std::vector<Square> parent = trial % 2 ? configuration() : held[random() % held.size()];
    for (int k : {0, 1, 2})
      for (int radius : {1, 3, Vicinity::kAnyDistance}) {
        v.focus(parent.data(), k);
        for (int moved = 0; moved < 4; ++moved) {
          std::vector<Square> child = parent;
          const Square to = static_cast<Square>(random() % squares);
          if (std::find(child.begin(), child.end(), to) != child.end()) continue;
          child[moved] = to;
          INFO("trial " << trial << " k " << k << " radius " << radius);
          CHECK(v.childWithin(child.data(), parent[moved], to, k, radius) ==
                v.within(child.data(), k, radius));
        }
      }
  }
}

TEST_CASE("vicinity: configurations within k boxes moved, and within a radius") {
  // Squares 0..7 in a row, two boxes; the solution passes {0,1} and {1,2}.
  Board board(one("##########\n#@$$   ..#\n##########\n"));
  REQUIRE(board.squareCount() == 8);
  Vicinity v(board);
  v.add({{0, 1}, {1, 2}, {0, 1}});
  CHECK(v.size() == 2);
  const Square same[] = {1, 2}, oneMoved[] = {1, 5}, twoMoved[] = {4, 5};
  CHECK(v.within(same, 0));
  CHECK_FALSE(v.within(oneMoved, 0));
  CHECK(v.within(oneMoved, 1));
  CHECK_FALSE(v.within(twoMoved, 1));
  CHECK(v.within(twoMoved, 2));
  // {1,5} left 2 (3 squares from 5) or 0 (5 squares away).
  CHECK(v.within(oneMoved, 1, 3));
  CHECK_FALSE(v.within(oneMoved, 1, 2));
  const Square far[] = {1, 7};  // 7 left 2: 5 squares
  CHECK_FALSE(v.within(far, 1, 4));
  CHECK(v.within(far, 1, 5));
  CHECK(v.within(far, 2, 1));  // two boxes of two: any position
}

TEST_CASE("vicinity: asking about a parent's children gives what asking each one does") {
  // Squares 0..9 in a row, three boxes. One box a push, as a solution goes;
  // then one passed again (skipped) and a jump of every box at once.
  Board board(one("############\n#@$$$    ...#\n############\n"));
  const bool jumps = GENERATE(false, true);
  Vicinity v(board);
  if (jumps)
    v.add({{0, 1, 2}, {0, 1, 3}, {0, 1, 2}, {5, 6, 7}, {1, 4, 9}});
  else
    v.add({{0, 1, 2}, {0, 1, 3}, {0, 1, 4}});
  const Square parent[] = {1, 4, 6};
  for (int k : {0, 1, 2})
    for (int radius : {1, 3, Vicinity::kAnyDistance}) {
      v.focus(parent, k);
      for (int moved = 0; moved < 3; ++moved)
        for (int step : {-1, 1}) {
          Square child[] = {1, 4, 6};
          const Square from = child[moved], to = static_cast<Square>(from + step);
          child[moved] = to;
          INFO("jumps " << jumps << " k " << k << " radius " << radius << " box " << from << " to "
                        << to);
          CHECK(v.childWithin(child, from, to, k, radius) == v.within(child, k, radius));
        }
    }
}

TEST_CASE("window: a stretch of a solution is replaced by the cheapest way between its ends") {
  Level level = one(kRoom);
  Board board(level);
  std::vector<Square> all(board.squareCount());
  for (int s = 0; s < board.squareCount(); ++s) all[s] = static_cast<Square>(s);
  PullDistances between(board, all);
  std::vector<uint8_t> dead(board.squareCount(), 0);
  Zobrist zobrist(board.squareCount());
  VicinityTables tables{board, dead, nullptr, zobrist, &between};
  Vicinity unused(board);
  // The roundabout's positions: the start and one after each of its 5 pushes.
  std::vector<SolutionPosition> p = solutionPositions(board, kRoundabout);
  REQUIRE(p.size() == 6);
  auto window = [&](size_t from, size_t to, Cost incumbent) {
    return std::make_unique<VicinitySearch>(
        tables, unused, VicinityWidth{board.boxCount()}, OptimizeMetric::Pushes, incumbent,
        uint64_t{1} << 24, SearchEnds{p[from].boxes, p[from].player, p[to].boxes, p[to].player});
  };
  const Deadline none(Deadline::Clock::time_point::max(), 100000);
  // The whole solution as one window: 5 pushes and 13 moves become 3 and 3.
  auto whole = window(0, 5, Cost{5, 13});
  REQUIRE(whole->run(none, 0) == SolveStatus::Solved);
  CHECK(whole->pushes().size() == 3);
  CHECK(whole->cost() == Cost{3, 3});
  // Nothing is cheaper than the optimum itself.
  CHECK(window(0, 5, Cost{3, 3})->run(none, 0) == SolveStatus::Unsolvable);
  // Pushes 1 to 3 (right, left, right) leave the box where one push does,
  // with the player walked back to where the stretch left it.
  REQUIRE(p[3].boxes == p[1].boxes);
  auto middle = window(0, 3, Cost{3, static_cast<uint32_t>(p[3].moves)});
  REQUIRE(middle->run(none, 0) == SolveStatus::Solved);
  CHECK(middle->pushes().size() == 1);
  CHECK(middle->cost().first == 1);
}

}  // namespace
}  // namespace soko
