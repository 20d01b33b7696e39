#include "strategies/fess/fess.h"

#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>

#include "analysis/dead_squares.h"
#include "format.h"
#include "search/meeting.h"
#include "small_levels.h"
#include "solver.h"
#include "strategies/fess/macro_moves.h"
#include "strategies/fess/packing_plan.h"
#include "strategies/fess_portfolio.h"
#include "strategies/hbox/hbox.h"
#include "test_support.h"
#include "verify.h"

using namespace soko;
using soko::testing::one;
using testing::squareMask;

namespace {

std::vector<Level> collection(const std::string& file) {
  std::ifstream in(std::string(SOKO_LEVELS_DIR) + "/" + file);
  std::stringstream text;
  text << in.rdbuf();
  return parseCollection(text.str()).levels;
}

// fess with no time limit, capped at `maxNodes` positions (0: no cap).
SolverOptions fess(uint64_t maxNodes = testing::kSmallSearchNodes, uint64_t bytes = 256ull << 20) {
  SolverOptions o;
  o.method = "fess";
  o.timeLimitSeconds = 0;
  o.maxNodes = maxNodes;
  o.memoryBudgetBytes = bytes;
  return o;
}

// The end of a strategy's run() no test reaches: node limits end the runs.
Deadline::Clock::time_point farEnd() { return Deadline::Clock::now() + std::chrono::hours(1); }

}  // namespace

TEST_CASE("macro pushes: a box goes anywhere it can be pushed, through a corridor, in one move") {
  //   #########
  //   #@$     #   the box can reach each of the 6 squares right of it
  //   #########   along the corridor (the last one is a dead corner
  //               but holds the goal... no: the goal is at the far end)
  Level l = one("#########\n#@$    .#\n#########\n");
  Board b(l);
  std::vector<uint8_t> dead = pushDeadSquares(b);
  MacroMoves moves(b, dead);
  std::vector<uint8_t> occ = squareMask(b, b.startBoxes());
  std::vector<MacroPush> out;
  moves.generate(b.startBoxes(), occ, b.startPlayer(), out);
  REQUIRE(out.size() == 5);
  const MacroPush* far = nullptr;
  for (const auto& m : out)
    if (m.to == b.squareOf(l.index(7, 1))) far = &m;
  REQUIRE(far != nullptr);
  CHECK(far->pushes == 5);
  auto steps = moves.path(occ, b.startPlayer(), far->from, far->to, far->player);
  REQUIRE(steps.size() == 5);
  for (const auto& s : steps) CHECK(s.dir == Direction::Right);
  CHECK(occ == squareMask(b, b.startBoxes()));  // the scratch comes back as it was
}

TEST_CASE("macro pushes: the player's side after the move tells moves apart") {
  //   #######
  //   #     #
  //   # #$# #   the box in the gap can go up or down; each way leaves the
  //   #  @  #   player on a different side of it
  //   #######
  Level l = one("#######\n#  .  #\n# #$# #\n#  @  #\n#######\n");
  Board b(l);
  std::vector<uint8_t> dead = pushDeadSquares(b);
  MacroMoves moves(b, dead);
  std::vector<uint8_t> occ = squareMask(b, b.startBoxes());
  std::vector<MacroPush> out;
  moves.generate(b.startBoxes(), occ, b.startPlayer(), out);
  bool up = false;
  for (const auto& m : out) up |= m.to == b.squareOf(l.index(3, 1));
  CHECK(up);
}

TEST_CASE("packing plan: a goal room is filled from the far end") {
  //   ##########
  //   #@ $$$...#   the goals run into a dead end: the last one (x = 8)
  //   ##########   must be filled first, the one at the entrance last
  Level l = one("##########\n#@ $$$...#\n##########\n");
  Board b(l);
  PackingPlan plan = makePackingPlan(b);
  REQUIRE(plan.order.size() == 3);
  CHECK(plan.clean);
  CHECK(plan.order[0] == b.squareOf(l.index(8, 1)));
  CHECK(plan.order[1] == b.squareOf(l.index(7, 1)));
  CHECK(plan.order[2] == b.squareOf(l.index(6, 1)));
  CHECK(plan.area[plan.order[0]] == plan.area[plan.order[2]]);
  CHECK(plan.rank[plan.order[2]] == 2);
}

TEST_CASE("fess solves Microban I 1-20 with verified solutions") {
  std::vector<Level> levels = collection("Microban_I.sok");
  REQUIRE(levels.size() >= 20);
  for (int i = 0; i < 20; ++i) {
    Solver solver(levels[i], fess());
    INFO("level " << i + 1);
    REQUIRE(solver.solve() == SolveStatus::Solved);
    CHECK(verify(levels[i], solver.solution()).solved);
  }
}

TEST_CASE(
    "fess variants (other feature spaces, no goal-room order) solve Microban I 1-10 with verified "
    "solutions") {
  std::vector<Level> levels = collection("Microban_I.sok");
  REQUIRE(levels.size() >= 10);
  FessVariant onGoalsOnly;
  onGoalsOnly.spaces = kSpaceOnGoals;
  for (const FessVariant& variant :
       {fessNoRoomOrder(), fessFourSpaces(), fessFlatEstimate(), fessNoPlanOrder(), onGoalsOnly})
    for (int i = 0; i < 10; ++i) {
      INFO("spaces " << variant.spaces << " room order " << variant.goalRoomOrder << " level "
                     << i + 1);
      std::unique_ptr<Strategy> strategy = makeFessStrategy(levels[i], 256 << 20, variant);
      REQUIRE(strategy->run(Deadline(farEnd(), testing::kSmallSearchNodes)) == SolveStatus::Solved);
      CHECK(verify(levels[i], strategy->solution()).solved);
    }
}

TEST_CASE("fess proves a small dead level unsolvable") {
  Level dead = one("########\n# $ $ .#\n#      #\n#   .  #\n#@     #\n########\n");
  Solver solver(dead, fess());
  CHECK(solver.solve() == SolveStatus::Unsolvable);
}

TEST_CASE("fess stops cleanly within a tiny memory budget and works in slices") {
  std::vector<Level> levels = collection("XSokoban.sok");
  std::vector<Level> microban = collection("Microban_I.sok");
  REQUIRE(levels.size() >= 1);
  REQUIRE(microban.size() >= 153);
  {
    // Microban I 153 needs far more than a megabyte.
    Solver solver(microban[152], fess(testing::kSmallSearchNodes, 1 << 20));
    CHECK(solver.solve() == SolveStatus::OutOfMemory);
    CHECK(solver.progress().peakMemoryBytes <= (1u << 20));
  }
  // XSokoban 5 takes fess 386 positions: in slices of 50, each slice ends
  // exactly at its node limit, and the search is the one a single run makes.
  REQUIRE(levels.size() >= 5);
  std::unique_ptr<Strategy> whole = makeFessStrategy(levels[4], 256ull << 20);
  REQUIRE(whole->run(Deadline(farEnd(), testing::kSmallSearchNodes)) == SolveStatus::Solved);
  std::unique_ptr<Strategy> sliced = makeFessStrategy(levels[4], 256ull << 20);
  int slices = 0;
  SolveStatus s = SolveStatus::Running;
  for (uint64_t limit = 50; s == SolveStatus::Running && limit <= testing::kSmallSearchNodes;
       limit += 50, ++slices) {
    s = sliced->run(Deadline(farEnd(), limit));
    if (s == SolveStatus::Running) CHECK(sliced->stats().nodes == limit);
  }
  CHECK(s == SolveStatus::Solved);
  CHECK(slices > 1);
  CHECK(sliced->stats().nodes == whole->stats().nodes);
  CHECK(sliced->solution() == whole->solution());
  CHECK(verify(levels[4], sliced->solution()).solved);
}

TEST_CASE("fess agrees with breadth-first search on which small random levels can be solved") {
  // Exhaustive when it fails: every "unsolvable" must be true, and every
  // solvable level solved, so no deadlock test pruned a way to the goal.
  std::mt19937 rng(8080);
  int levels = 0, unsolvable = 0;
  for (int round = 0; round < 300 && levels < 120; ++round) {
    auto level = testing::randomSmallLevel(rng, 2 + round % 3, 7, 6, 12);
    if (!level) continue;
    SolveStatus expected = testing::bfsOutcome(*level);
    REQUIRE((expected == SolveStatus::Solved || expected == SolveStatus::Unsolvable));
    testing::checkSolverAgrees(*level, fess(), expected);
    unsolvable += expected == SolveStatus::Unsolvable;
    ++levels;
  }
  CHECK(levels >= 100);
  CHECK(unsolvable >= 10);
}

TEST_CASE("fess-hbox portfolio solves and verifies, sharing the memory budget") {
  std::vector<Level> levels = collection("Microban_I.sok");
  REQUIRE(levels.size() >= 5);
  for (int i = 0; i < 5; ++i) {
    SolverOptions o = fess();
    o.method = "fess-hbox";
    Solver solver(levels[i], o);
    INFO("level " << i + 1);
    REQUIRE(solver.solve() == SolveStatus::Solved);
    CHECK(verify(levels[i], solver.solution()).solved);
  }
  // A hard level for 50,000 positions (it needs about 100,000): whatever the
  // outcome, the two halves together stay inside the budget.
  std::vector<Level> xsokoban = collection("XSokoban.sok");
  REQUIRE(xsokoban.size() >= 29);
  SolverOptions o = fess(50000, 64 << 20);
  o.method = "fess-hbox";
  Solver solver(xsokoban[28], o);
  SolveStatus s = solver.solve();
  CHECK((s == SolveStatus::TimedOut || s == SolveStatus::OutOfMemory || s == SolveStatus::Solved));
  CHECK(solver.progress().peakMemoryBytes <= (64u << 20));
}

TEST_CASE(
    "fess-hbox portfolio: hbox's method 1 waits for the late start, then searches its share, the "
    "others go on") {
  // The default schedule a hundred times shorter: the late start after
  // 0.2 s of work (about 12,000 expansions), hbox 1's share 500 expansions.
  std::vector<Level> levels = collection("XSokoban.sok");
  REQUIRE(levels.size() >= 50);
  const PortfolioSchedule schedule = PortfolioSchedule().scaled(0.01);
  std::unique_ptr<Strategy> portfolio =
      makeFessPortfolioStrategy(levels[49], fess(0, 1 << 30), schedule);  // none solves it soon
  const auto far = Deadline::Clock::now() + std::chrono::hours(1);
  REQUIRE(portfolio->run(Deadline(far, 1000)) == SolveStatus::Running);
  CHECK(portfolio->stats().nodes == 1000);
  std::string m = portfolio->message();
  INFO(m);
  CHECK(m.find("hbox1: waits for the others' first 0.2 s of search") != std::string::npos);
  // Each member that searched says how many positions it expanded; together, all of them.
  const auto expanded = [&m](const std::string& name) -> uint64_t {
    const size_t at = m.find(name + ": ");
    return at == std::string::npos ? 0 : std::stoull(m.substr(at + name.size() + 2));
  };
  CHECK(expanded("fess") > 0);
  CHECK(expanded("hbox11") > 0);
  CHECK(expanded("fess") + expanded("hbox11") == 1000);
  CHECK(m.find("hbox11: " + std::to_string(expanded("hbox11")) + " expanded") != std::string::npos);
  REQUIRE(portfolio->run(Deadline(far, 30000)) == SolveStatus::Running);
  CHECK(portfolio->stats().nodes == 30000);
  m = portfolio->message();
  INFO(m);
  CHECK(m.find("hbox1: ") != std::string::npos);
  CHECK(m.find("its share of the search is used up") != std::string::npos);
  CHECK(m.find("its share of the search is used up") >
        m.find("hbox1: "));  // hbox1's, not the others'
}

TEST_CASE(
    "fess-hbox portfolio: hbox's method 4 waits for the early start, searches in turns to its "
    "limit, then stops") {
  // The default schedule a hundred times shorter (the early start after
  // 0.02 s of work), hbox 4's limit 2,000,000 work units: 307 expansions.
  std::vector<Level> levels = collection("XSokoban.sok");
  REQUIRE(levels.size() >= 50);
  PortfolioSchedule schedule = PortfolioSchedule().scaled(0.01);
  schedule.early.limit = 2'000'000;
  std::unique_ptr<Strategy> portfolio =
      makeFessPortfolioStrategy(levels[49], fess(0, 1 << 30), schedule);  // none solves it soon
  const auto far = Deadline::Clock::now() + std::chrono::hours(1);
  REQUIRE(portfolio->run(Deadline(far, 200)) == SolveStatus::Running);
  std::string m = portfolio->message();
  INFO(m);
  CHECK(m.find("hbox4: waits for the others' first 0.02 s of search") != std::string::npos);
  REQUIRE(portfolio->run(Deadline(far, 5000)) == SolveStatus::Running);
  m = portfolio->message();
  INFO(m);
  CHECK(m.find("hbox4: 307 expanded") != std::string::npos);
  CHECK(m.find("(stopped: its share of the search is used up)") > m.find("hbox4: "));
  CHECK(portfolio->stats().nodes == 5000);
}

TEST_CASE(
    "fess-hbox portfolio: the late fess variants join at once when the first members have all "
    "stopped") {
  // XSokoban 29 in a megabyte: every member runs out of memory, the late
  // ones too, long before their 20 s; the portfolio says so, for each.
  std::vector<Level> levels = collection("XSokoban.sok");
  REQUIRE(levels.size() >= 29);
  std::unique_ptr<Strategy> portfolio = makeFessPortfolioStrategy(levels[28], fess(0, 1 << 20));
  CHECK(portfolio->run(Deadline(farEnd(), testing::kSmallSearchNodes)) ==
        SolveStatus::OutOfMemory);  // after about 3,700
  const std::string m = portfolio->message();
  INFO(m);
  CHECK(m.find("fess (four spaces): ") != std::string::npos);
  CHECK(m.find("fess (estimate without connectivity): ") != std::string::npos);
  CHECK(m.find("fess (no plan order): ") != std::string::npos);
}

TEST_CASE(
    "fess-hbox portfolio: when the shared memory is full, the member holding the most stops and "
    "the others go on") {
  // XSokoban 50 in 96 MB: fess holds most of it when hbox 11, wanting room
  // to grow its table, finds too little left. Were hbox 11 the one to stop,
  // the backward half of the search would be lost for a few megabytes;
  // fess stops instead, and hbox 11 searches on with the memory freed.
  std::vector<Level> levels = collection("XSokoban.sok");
  REQUIRE(levels.size() >= 50);
  std::unique_ptr<Strategy> portfolio = makeFessPortfolioStrategy(levels[49], fess(0, 96 << 20));
  std::string m;
  for (int slice = 1; slice <= 1000; ++slice) {
    REQUIRE(portfolio->run(Deadline(farEnd(), slice * 1000)) == SolveStatus::Running);
    m = portfolio->message();
    if (m.find("shared memory is full") != std::string::npos) break;
  }
  INFO(m);
  const size_t fessEnd = m.find("; hbox11: ");
  REQUIRE(fessEnd != std::string::npos);
  CHECK(m.find("(stopped: the shared memory is full)") < fessEnd);  // fess's
  CHECK(m.find("shared memory is full", fessEnd) == std::string::npos);
  // hbox 11 goes on, with more than it had.
  const uint64_t nodes = portfolio->stats().nodes;
  REQUIRE(portfolio->run(Deadline(farEnd(), nodes + 5000)) == SolveStatus::Running);
  CHECK(portfolio->stats().nodes == nodes + 5000);
  CHECK(portfolio->stats().memoryBytes <= (96u << 20));
}

TEST_CASE(
    "fess-hbox portfolio: hbox 11's turn is longer than fess's only on levels of many boxes") {
  const PortfolioSchedule schedule;
  CHECK(schedule.hboxTurnFor(schedule.manyBoxes) == schedule.hboxTurn);
  CHECK(schedule.hboxTurnFor(schedule.manyBoxes) < schedule.fessTurn);
  CHECK(schedule.hboxTurnFor(schedule.manyBoxes + 1) == schedule.hboxTurnManyBoxes);
  CHECK(schedule.hboxTurnFor(schedule.manyBoxes + 1) > schedule.fessTurn);
  const PortfolioSchedule shorter = schedule.scaled(0.01);
  CHECK(shorter.hboxTurnFor(100) == schedule.hboxTurnFor(100) / 100);
  CHECK(shorter.hboxTurnFor(10) == schedule.hboxTurnFor(10) / 100);
}

TEST_CASE("fess-hbox portfolio takes turns within one long slice") {
  // XSokoban 87: hbox solves it in 21,036 positions, fess not in 100,000
  // (the portfolio in 9,495). One slice of an hour, capped at 50,000
  // positions: had it all gone to fess, the cap would end it unsolved.
  std::vector<Level> levels = collection("XSokoban.sok");
  REQUIRE(levels.size() >= 87);
  SolverOptions o = fess(50000);
  o.method = "fess-hbox";
  Solver solver(levels[86], o);
  REQUIRE(solver.step(3600 * 1000) == SolveStatus::Solved);
  CHECK(verify(levels[86], solver.solution()).solved);
}

TEST_CASE(
    "fess-hbox portfolio: the first turns are short, so a level hbox 11 solves at once does not "
    "wait for fess's full turn") {
  // Microban II 74: fess alone needs more than its full turn (5,000
  // expansions), hbox 11 a few dozen.
  std::vector<Level> levels = collection("Microban_II.sok");
  REQUIRE(levels.size() >= 74);
  CHECK(Solver(levels[73], fess(5000)).solve() == SolveStatus::TimedOut);
  SolverOptions o = fess(1000);
  o.method = "fess-hbox";
  Solver solver(levels[73], o);
  REQUIRE(solver.solve() == SolveStatus::Solved);
  CHECK(verify(levels[73], solver.solution()).solved);
}

TEST_CASE("fess's hotspot advisor solves XSokoban 25 within a few thousand expansions") {
  // A box stands where it cuts the others off from the goals; moved first
  // (at no cost), the rest follows. Without the advisor, 50,000 expansions
  // were not enough.
  std::vector<Level> levels = collection("XSokoban.sok");
  REQUIRE(levels.size() >= 25);
  SolverOptions options = fess(0);
  options.maxNodes = 5000;
  Solver solver(levels[24], options);
  SolveStatus status = solver.solve();
  REQUIRE(status == SolveStatus::Solved);
  CHECK(verify(levels[24], solver.solution()).solved);
}

TEST_CASE("fess's packer parks boxes where the packing plan does: XSokoban 88") {
  // The plan fills the top of the goal block first and the column below it
  // last, from the corridor behind the goals, where three boxes must wait
  // before the block closes. Without the packer's parking moves (and their
  // waiting counted out of plan), fess reaches 20 of 23 boxes on goals with
  // the corridor empty, a dead position, and had not solved it in 300,000
  // expansions; with them, in 18,619.
  std::vector<Level> levels = collection("XSokoban.sok");
  REQUIRE(levels.size() >= 88);
  Solver solver(levels[87], fess(40000));
  REQUIRE(solver.solve() == SolveStatus::Solved);
  CHECK(verify(levels[87], solver.solution()).solved);
}

TEST_CASE("fess and hbox take a new memory budget midway, as the portfolio hands it over") {
  std::vector<Level> levels = collection("XSokoban.sok");
  REQUIRE(levels.size() >= 2);
  const Level& level =
      levels[1];  // fess solves it in 399 positions, hbox 1 in 18,908, with more than a megabyte
  // Slices of 1,000 positions, at most 100 of them.
  const auto slice = [](const Strategy& strategy) {
    return Deadline(farEnd(), strategy.stats().nodes + 1000);
  };
  SolverOptions options = fess(0, 1 << 20);
  std::unique_ptr<Strategy> made[] = {makeFessStrategy(level, 1 << 20),
                                      makeHboxStrategy(level, options, 1)};
  for (auto& strategy : made) {
    // Made with a megabyte, given 256 MB before it starts: it solves.
    CHECK(strategy->setMemoryBudget(256ull << 20));
    SolveStatus s = SolveStatus::Running;
    for (int n = 0; s == SolveStatus::Running && n < 100; ++n) s = strategy->run(slice(*strategy));
    REQUIRE(s == SolveStatus::Solved);
    CHECK(verify(level, strategy->solution()).solved);
  }
  // And the other way: made with 256 MB, cut to a megabyte, it stops cleanly
  // inside it: fess out of memory; hbox at once, declining, as its tables
  // alone would pass a megabyte.
  options.memoryBudgetBytes = 256ull << 20;
  std::unique_ptr<Strategy> cut[] = {makeFessStrategy(levels[8], 256ull << 20),
                                     makeHboxStrategy(level, options, 1)};
  const SolveStatus expected[] = {SolveStatus::OutOfMemory, SolveStatus::Declined};
  for (int k = 0; k < 2; ++k) {
    Strategy& strategy = *cut[k];
    CHECK(strategy.setMemoryBudget(1 << 20));
    SolveStatus s = SolveStatus::Running;
    for (int n = 0; s == SolveStatus::Running && n < 100; ++n) s = strategy.run(slice(strategy));
    CHECK(s == expected[k]);
    CHECK(strategy.stats().memoryBytes <= (1u << 20));
  }
  CHECK(cut[1]->message().find("more than the memory budget of 1 MB") != std::string::npos);
}

TEST_CASE("fess and hbox out of memory between expansions go on with a larger budget") {
  std::vector<Level> levels = collection("XSokoban.sok");
  REQUIRE(levels.size() >= 2);
  const Level& level = levels[1];  // fess solves it in 399 positions, hbox 1 in 18,908
  SolverOptions options = fess(0, 256ull << 20);
  std::unique_ptr<Strategy> made[] = {makeFessStrategy(level, 256ull << 20),
                                      makeHboxStrategy(level, options, 1)};
  for (auto& strategy : made) {
    INFO((strategy.get() == made[0].get() ? "fess" : "hbox"));
    // (hbox checks its memory every 128 expansions.)
    REQUIRE(strategy->run(Deadline(farEnd(), 256)) == SolveStatus::Running);
    // The budget cut to what it holds: it stops before its next expansion.
    CHECK(strategy->setMemoryBudget(strategy->stats().memoryBytes));
    const uint64_t nodes = strategy->stats().nodes;
    REQUIRE(strategy->run(Deadline(farEnd(), nodes + 1000)) == SolveStatus::OutOfMemory);
    CHECK(strategy->resumesWithMoreMemory());
    CHECK(strategy->stats().nodes == nodes);
    CHECK(strategy->setMemoryBudget(256ull << 20));
    REQUIRE(strategy->run(Deadline(farEnd(), testing::kSmallSearchNodes)) == SolveStatus::Solved);
    CHECK(verify(level, strategy->solution()).solved);
  }
}

namespace {

// Runs `strategy` until it stops or has expanded `maxNodes` positions (then Running).
SolveStatus runToEnd(Strategy& strategy, uint64_t maxNodes = testing::kSmallSearchNodes) {
  return strategy.run(Deadline(farEnd(), maxNodes));
}

// `first` searches alone for `cap` expansions, then `second`, linked to it,
// searches until it finds a position `first` stored.
void checkMeeting(const Level& level, uint64_t cap, bool forwardFirst) {
  SolverOptions options = fess(0, 512ull << 20);
  std::unique_ptr<Strategy> first = forwardFirst
                                        ? makeFessStrategy(level, options.memoryBudgetBytes)
                                        : makeHboxStrategy(level, options, 11);
  REQUIRE(runToEnd(*first, cap) == SolveStatus::Running);
  REQUIRE(first->stats().nodes == cap);
  std::unique_ptr<Strategy> second = forwardFirst
                                         ? makeHboxStrategy(level, options, 11)
                                         : makeFessStrategy(level, options.memoryBudgetBytes);
  // fess makes its search once its tables are built: a slice with no
  // expansion allowed builds them.
  REQUIRE(second->run(Deadline(Deadline::Clock::now() + std::chrono::seconds(10), 0)) ==
          SolveStatus::Running);
  REQUIRE(second->stats().nodes == 0);
  REQUIRE(first->meetingSide());
  REQUIRE(second->meetingSide());
  second->meetingSide()->meet(first->meetingSide());
  REQUIRE(runToEnd(*second) == SolveStatus::Solved);
  CHECK(second->message() == (forwardFirst ? "met the forward search" : second->message()));
  if (!forwardFirst) CHECK(second->message().find("met the backward search") != std::string::npos);
  CHECK(verify(level, second->solution()).solved);
}

}  // namespace

TEST_CASE("fess and hbox meet: a position both searches stored joins the start to the solution") {
  // fess alone solves XSokoban 2 in 216 expansions; hbox 11 alone in 18,502.
  std::vector<Level> levels = collection("XSokoban.sok");
  REQUIRE(levels.size() >= 2);
  SECTION("hbox finds a position fess stored") { checkMeeting(levels[1], 60, true); }
  SECTION("fess finds a position hbox stored") {
    // fess finds its own way long before it crosses hbox's frontier, unless
    // hbox stopped just short of the start: the last half percent of its
    // expansions (run first to count them) are what fess's path meets.
    SolverOptions options = fess(0, 512ull << 20);
    std::unique_ptr<Strategy> alone = makeHboxStrategy(levels[1], options, 11);
    REQUIRE(runToEnd(*alone) == SolveStatus::Solved);
    const uint64_t expansions = alone->stats().nodes;
    checkMeeting(levels[1], expansions - expansions / 200, false);
  }
}
