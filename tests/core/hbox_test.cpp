#include "strategies/hbox/hbox.h"

#include <catch2/catch.hpp>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "analysis/board.h"
#include "analysis/level_analysis.h"
#include "analysis/pull_distances.h"
#include "format.h"
#include "solver.h"
#include "strategies/hbox/hbox_rules.h"
#include "test_support.h"
#include "verify.h"

using namespace soko;
using soko::testing::at;
using soko::testing::one;

namespace {

const Collection& microban() {
  static const Collection c = [] {
    std::ifstream in(std::string(SOKO_LEVELS_DIR) + "/Microban_I.sok");
    std::stringstream s;
    s << in.rdbuf();
    return parseCollection(s.str());
  }();
  return c;
}

}  // namespace

TEST_CASE(
    "hbox methods 0-5 and 10-15 exist, each with hbox 1.3.5's estimate, inertia, update rule and "
    "queues") {
  HboxMethod m;
  for (int bad : {-1, 6, 9, 16}) CHECK_FALSE(hboxMethod(bad, m));
  REQUIRE(hboxMethod(1, m));
  CHECK((m.hungarian && m.inertia && m.moveUpdates));
  for (int k = 1; k <= 6; ++k) CHECK(m.queue[k]);
  REQUIRE(hboxMethod(0, m));
  CHECK((m.inertia && !m.moveUpdates));
  REQUIRE(hboxMethod(2, m));
  CHECK((!m.hungarian && !m.queue[5] && !m.queue[6] && m.queue[4]));
  REQUIRE(hboxMethod(3, m));
  CHECK((!m.inertia && m.moveUpdates && m.queue[6]));
  REQUIRE(hboxMethod(4, m));
  CHECK((!m.inertia && !m.queue[5] && !m.queue[6]));
  REQUIRE(hboxMethod(5, m));
  CHECK((m.queue[5] && !m.queue[6]));
  for (int base : {0, 1, 3}) {  // baselines with pri1 and pri6
    REQUIRE(hboxMethod(10 + base, m));
    CHECK((m.queue[1] && m.queue[6] && !m.queue[2] && !m.queue[3] && !m.queue[4] && !m.queue[5]));
  }
  for (int base : {2, 4, 5}) {  // baselines with pri1 alone
    REQUIRE(hboxMethod(10 + base, m));
    CHECK((m.queue[1] && !m.queue[6] && !m.queue[2] && !m.queue[5]));
  }
}

TEST_CASE("every hbox method solves the first 20 Microban I levels with verified solutions") {
  const Collection& c = microban();
  REQUIRE(c.levels.size() >= 20);
  for (int method : {0, 1, 2, 3, 4, 5, 10, 11, 12, 13, 14, 15}) {
    for (int i = 0; i < 20; ++i) {
      SolverOptions o;
      o.method = "hbox" + std::to_string(method);
      o.timeLimitSeconds = 0;
      o.maxNodes = testing::kSmallSearchNodes;
      o.memoryBudgetBytes = 512ull << 20;
      Solver s(c.levels[i], o);
      INFO("method " << method << ", level " << i + 1);
      REQUIRE(s.solve() == SolveStatus::Solved);
      CHECK(verify(c.levels[i], s.solution()).solved);
    }
  }
}

TEST_CASE("method hbox without a number is method 1") {
  bool found = false;
  for (const StrategyInfo& i : solverMethods()) found |= i.name == "hbox";
  CHECK(found);
  SolverOptions o;
  o.method = "hbox";
  o.timeLimitSeconds = 0;
  o.maxNodes = testing::kSmallSearchNodes;
  Solver s(microban().levels[0], o);
  CHECK(s.solve() == SolveStatus::Solved);
}

TEST_CASE("HunEst0 never exceeds the fewest pushes found by breadth-first search") {
  const Collection& c = microban();
  int checked = 0;
  for (int i = 0; i < 40; ++i) {
    SolverOptions o;
    o.method = "bfs";
    o.timeLimitSeconds = 0;
    o.maxNodes = testing::kSmallSearchNodes;
    o.memoryBudgetBytes = 256ull << 20;
    Solver s(c.levels[i], o);
    if (s.solve() != SolveStatus::Solved) continue;
    int estimate = hboxStartEstimate(c.levels[i]);
    INFO("level " << i + 1);
    CHECK(estimate >= 0);
    CHECK(estimate <= s.solutionPushes());
    ++checked;
  }
  CHECK(checked >= 20);
}

TEST_CASE("pull distances: a lone box pulled along a corridor") {
  //   #######
  //   #@$  .#     box start at x=2; pulling it from x=5 (the goal) back
  //   #######     to x=2 takes 3 pulls
  Board b(one("#######\n#@$  .#\n#######\n"));
  PullDistances pd(b, b.startBoxes());
  CHECK(pd.distance(at(b, 2, 1), 0) == 0);
  CHECK(pd.distance(at(b, 3, 1), 0) == 1);
  CHECK(pd.distance(at(b, 5, 1), 0) == 3);
  CHECK(pd.distance(at(b, 1, 1), 0) == 1);  // pushed left once, the player on its right
}

TEST_CASE("pull distances: squares no box can be pushed to are dead") {
  //   ######
  //   #@$ .#     pushing the box down needs the player above the top row,
  //   #    #     which is wall: no box ever reaches the bottom row
  //   ######
  Board b(one("######\n#@$ .#\n#    #\n######\n"));
  PullDistances pd(b, b.startBoxes());
  CHECK(pd.dead(at(b, 2, 2)));
  CHECK(pd.dead(at(b, 4, 2)));
  CHECK_FALSE(pd.dead(at(b, 4, 1)));
  CHECK(pd.distance(at(b, 4, 1), 0) == 2);
}

TEST_CASE("pull distances count the player's walk around the box as possible or not") {
  //   #####
  //   #  .#      the box must go right then down; in a 1-wide corridor the
  //   #$ ##      player cannot get to the other side of the box
  //   #@ #
  //   ####
  Board b(one("#####\n#  .#\n#$ ##\n#@ #\n####\n"));
  PullDistances pd(b, b.startBoxes());
  CHECK(pd.distance(at(b, 1, 2), 0) == 0);
  CHECK(pd.distance(at(b, 1, 1), 0) == 1);  // pushed up from below
  CHECK(pd.nearest(at(b, 3, 1)) >= 2);
}

TEST_CASE("doorways are squares whose box would split the empty board") {
  //   #########
  //   #   #   #     the gap at x=4 joins two rooms: a doorway;
  //   #@$   . #     room squares are not
  //   #   #   #
  //   #########
  Board b(one("#########\n#   #   #\n#@$   . #\n#   #   #\n#########\n"));
  std::vector<uint8_t> door = doorwaySquares(b);
  CHECK(door[at(b, 4, 2)]);
  CHECK_FALSE(door[at(b, 2, 2)]);
  CHECK_FALSE(door[at(b, 6, 1)]);
}

TEST_CASE("sides around a box: the player can or cannot walk around it") {
  //   #####
  //   #   #     a box in the middle of a room: all sides connected;
  //   # $ #     a box in a corridor: the two ends are not
  //   #   #
  //   ##.##
  //   #@  #
  //   #####
  Board b(one("#####\n#   #\n# $ #\n#   #\n##.##\n#@  #\n#####\n"));
  auto sides = sidesAroundBox(b);
  auto mid = sides[at(b, 2, 2)];
  CHECK(mid[0] == mid[1]);
  CHECK(mid[2] == mid[3]);
  CHECK(mid[0] == mid[2]);
  auto door = sides[at(b, 2, 4)];  // up and down sides only
  CHECK(door[0] != door[1]);
}

TEST_CASE("hbox finds solutions that need a box freed by moving its neighbour") {
  // Microban I 9 and 18: hbox's original strict guard exhausts the search; the
  // milder guard then solves them.
  for (int n : {9, 18}) {
    SolverOptions o;
    o.method = "hbox";
    o.timeLimitSeconds = 0;
    o.maxNodes = testing::kSmallSearchNodes;
    Solver s(microban().levels[n - 1], o);
    INFO("level " << n);
    CHECK(s.solve() == SolveStatus::Solved);
  }
}

TEST_CASE("hbox stops cleanly before its memory budget") {
  // XSokoban-sized search in a small budget.
  std::ifstream in(std::string(SOKO_LEVELS_DIR) + "/XSokoban.sok");
  std::stringstream text;
  text << in.rdbuf();
  Collection c = parseCollection(text.str());
  REQUIRE(c.levels.size() >= 10);
  SolverOptions o;
  o.method = "hbox";
  o.timeLimitSeconds = 0;
  o.maxNodes = 500000;  // it runs out of memory after about 58,000
  o.memoryBudgetBytes = 96ull << 20;
  Solver s(c.levels[9], o);
  CHECK(s.solve() == SolveStatus::OutOfMemory);
  CHECK(s.progress().peakMemoryBytes <= o.memoryBudgetBytes);
}

TEST_CASE("a node limit stops hbox as timed out after exactly that many positions") {
  // XSokoban 1 takes a few hundred positions; a cap of 50 stops it first.
  std::ifstream in(std::string(SOKO_LEVELS_DIR) + "/XSokoban.sok");
  std::stringstream text;
  text << in.rdbuf();
  Collection c = parseCollection(text.str());
  REQUIRE(!c.levels.empty());
  SolverOptions o;
  o.method = "hbox";
  o.timeLimitSeconds = 0;
  o.maxNodes = 50;
  Solver capped(c.levels[0], o);
  SolveStatus status = capped.solve();
  CHECK(status == SolveStatus::TimedOut);
  CHECK(capped.progress().search.nodes == 50);
  CHECK(capped.message() == "no solution found within the node limit (50 positions)");
  o.maxNodes = 0;
  Solver free(c.levels[0], o);
  CHECK(free.solve() == SolveStatus::Solved);
}

TEST_CASE("the final pusher position is where the solution leaves the player") {
  Level l = one("#####\n#@$.#\n#####\n");
  CHECK(finalPlayerCell(l, "R") == l.index(2, 1));
  CHECK(finalPlayerCell(l, "L") == -1);
}

TEST_CASE("hbox's positional command line picks the method by number") {
  std::string cmd = std::string(SOKO_CLI) + " " + SOKO_LEVELS_DIR + "/Microban_I.sok 3 1 11 30";
  FILE* p = popen(cmd.c_str(), "r");
  REQUIRE(p);
  std::string out;
  char buf[4096];
  while (size_t got = fread(buf, 1, sizeof buf, p)) out.append(buf, got);
  CHECK(pclose(p) == 0);
  CHECK(out.find("hbox11") != std::string::npos);
  CHECK(out.find("status: solved") != std::string::npos);
}

TEST_CASE("hbox guards: pullable now, or once one neighbouring box moves") {
  //   #######
  //   #  $  #     box at (3,1): left side (2,1),(1,1) free -> pullable now
  //   # $$$ #     box at (3,2): a box next to it on every side (or a wall
  //   #  $ .#     behind) -> not pullable now, but pullable once one
  //   #.... #     neighbour moves
  //   #@    #
  //   #######
  Board b(one("#######\n#  $  #\n# $$$ #\n#  $ .#\n#.... #\n#@    #\n#######\n"));
  std::vector<uint8_t> occupied(b.squareCount(), 0);
  for (Square s : b.startBoxes()) occupied[s] = 1;
  CHECK(hboxPullable(b, occupied.data(), at(b, 3, 1), true));
  CHECK_FALSE(hboxPullable(b, occupied.data(), at(b, 3, 2), true));
  CHECK(hboxPullable(b, occupied.data(), at(b, 3, 2), false));
  //   a box walled in on three sides, two boxes on the fourth: not even soon
  Board c(one("######\n#$$$ #\n##   #\n#@...#\n######\n"));
  std::vector<uint8_t> occ2(c.squareCount(), 0);
  for (Square s : c.startBoxes()) occ2[s] = 1;
  CHECK_FALSE(hboxPullable(c, occ2.data(), at(c, 1, 1), false));
}

TEST_CASE("hbox inertia: keep pulling through tunnels and towards targets") {
  //   ########
  //   #@$   .#     row 1 is a tunnel (walls above and below): always keep going
  //   ########
  Board t(one("########\n#@$   .#\n########\n"));
  PullDistances pd(t, t.startBoxes());
  std::vector<uint8_t> isTarget(t.squareCount(), 0);
  for (Square s : t.startBoxes()) isTarget[s] = 1;
  CHECK(hboxKeepPulling(t, pd, isTarget.data(), at(t, 4, 1), at(t, 3, 1), Direction::Left));
  //   in a room: keep going only while the next square is nearer a target
  Board r(one("#######\n#     #\n#@$  .#\n#     #\n#######\n"));
  PullDistances pr(r, r.startBoxes());
  std::vector<uint8_t> targets(r.squareCount(), 0);
  for (Square s : r.startBoxes()) targets[s] = 1;
  CHECK(hboxKeepPulling(r, pr, targets.data(), at(r, 4, 2), at(r, 3, 2), Direction::Left));
  CHECK_FALSE(hboxKeepPulling(r, pr, targets.data(), at(r, 3, 2), at(r, 4, 2), Direction::Right));
  CHECK_FALSE(hboxKeepPulling(r, pr, targets.data(), at(r, 2, 2), at(r, 1, 2),
                              Direction::Left));  // on the target
}

TEST_CASE(
    "hbox halfway: a recent average over the pri1 queue's positions passes 2/3 of the boxes") {
  HalfwayTracker t(6);
  // Positions from the other queues never count, however many boxes are home.
  for (int k = 0; k < 1000; ++k) CHECK_FALSE(t.note(2 + k % 5, 6));
  // Four of six home is exactly 2/3: not past it.
  for (int k = 0; k < 1000; ++k) CHECK_FALSE(t.note(1, 4));
  // Five home from the start: the average climbs past 4 after a few dozen
  // pri1 positions (5 (1 - (15/16)^k) > 4 from k = 25), not at once.
  HalfwayTracker fresh(6);
  bool reached = false;
  int steps = 0;
  while (!reached && steps < 100) reached = fresh.note(1, 5), ++steps;
  CHECK(reached);
  CHECK(steps == 25);
  // It stays halfway.
  CHECK(fresh.note(1, 0));
  CHECK(fresh.halfway());
}

TEST_CASE(
    "hbox searches sharing a level analysis build its pull distances once, and the caller counts "
    "them") {
  const Level level = testing::bundled("XSokoban").levels[12];  // hbox needs 257,510 expansions
  SolverOptions o;
  const auto toNodes = [](Strategy& s, uint64_t n) {
    return s.run(Deadline(Deadline::Clock::now() + std::chrono::hours(1), n));
  };
  auto analysis = std::make_shared<LevelAnalysis>(level);
  std::unique_ptr<Strategy> first = makeHboxStrategy(level, o, 11, analysis);
  REQUIRE(toNodes(*first, 100) == SolveStatus::Running);
  REQUIRE(analysis->startPullDistances().complete());
  const PullDistances* table = &analysis->startPullDistances();
  std::unique_ptr<Strategy> second = makeHboxStrategy(level, o, 1, analysis);
  REQUIRE(toNodes(*second, 100) == SolveStatus::Running);
  CHECK(&analysis->startPullDistances() == table);  // not built again
  // The same search as one with its own analysis, which it counts.
  std::unique_ptr<Strategy> alone = makeHboxStrategy(level, o, 1);
  REQUIRE(toNodes(*alone, 100) == SolveStatus::Running);
  CHECK(alone->stats().stored == second->stats().stored);
  CHECK(alone->stats().memoryBytes == second->stats().memoryBytes + analysis->memoryBytes());
}
