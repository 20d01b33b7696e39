#include "strategies/fess/packing_plan.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <map>
#include <random>
#include <set>

#include "analysis/board.h"
#include "format.h"
#include "small_levels.h"
#include "strategies/fess/box_pulls.h"
#include "test_support.h"

using namespace soko;
using soko::testing::at;
using soko::testing::one;
using soko::testing::squareMask;

namespace {

// The plan's basic promises, whatever the level.
void checkShape(const Board& b, const PackingPlan& plan) {
  std::vector<Square> sorted = plan.order, goals = b.goals();
  std::sort(sorted.begin(), sorted.end());
  std::sort(goals.begin(), goals.end());
  REQUIRE(sorted == goals);  // a permutation of the goals
  for (int s = 0; s < b.squareCount(); ++s) {
    const Square sq = static_cast<Square>(s);
    if (!b.isGoal(sq)) {
      CHECK(plan.rank[s] == -1);
      CHECK(plan.area[s] == -1);
      CHECK(plan.entry[s] == kNoSquare);
      continue;
    }
    REQUIRE(plan.rank[s] >= 0);
    CHECK(plan.order[plan.rank[s]] == sq);
    CHECK(plan.area[s] >= 0);
    if (plan.entry[s] != kNoSquare) {  // a neighbour, with room for the player beyond it
      bool next = false;
      for (Direction d : kDirections)
        if (b.neighbor(sq, d) == plan.entry[s] && b.neighbor(plan.entry[s], d) != kNoSquare)
          next = true;
      CHECK(next);
    }
  }
  for (const auto& p : plan.parking) {
    CHECK(b.isGoal(p.goal));
    CHECK(p.firstRank <= p.lastRank);
    CHECK(p.lastRank < plan.rank[p.goal]);  // it waits while earlier goals get filled
    CHECK(plan.parkingSquare[p.square] == 1);
  }
  CHECK(plan.clean == (plan.forced == 0));
  if (plan.complete) CHECK(plan.clean);
}

// Whether some solution fills the goals in `order`: the box for order[k]
// arrives on its goal to stay after those of order[0..k-1] did (a box on its
// goal from the start arrived first of all). Exhaustive over the level's
// push graph (small levels only).
bool solvableInOrder(const Level& level, const std::vector<Square>& order) {
  Board b(level);
  testing::PushGraph g = testing::pushGraph(level);
  std::map<std::pair<std::vector<Square>, Square>, int> index;
  for (size_t i = 0; i < g.positions.size(); ++i)
    index[{g.positions[i].boxes, g.positions[i].player}] = static_cast<int>(i);
  const int goals = static_cast<int>(order.size());
  // States: position * (goals + 1) + settled goals.
  std::vector<uint8_t> seen(g.positions.size() * (goals + 1), 0);
  std::vector<std::pair<int, int>> queue{{0, 0}};
  seen[0] = 1;
  std::vector<uint8_t> occ(b.squareCount(), 0);
  for (size_t h = 0; h < queue.size(); ++h) {
    auto [p, k] = queue[h];
    if (k == goals) return true;
    const auto& bx = g.positions[p].boxes;
    auto visit = [&](int q, int kk) {
      size_t s = static_cast<size_t>(q) * (goals + 1) + kk;
      if (!seen[s]) seen[s] = 1, queue.push_back({q, kk});
    };
    // A box on the goal from the start arrived first of all.
    if (p == 0 && std::count(bx.begin(), bx.end(), order[k])) visit(p, k + 1);
    for (Square s : bx) occ[s] = 1;
    std::vector<uint8_t> reach;
    testing::normalPlayer(b, occ, g.positions[p].player, &reach);
    for (Square s : bx) occ[s] = 0;
    for (size_t i = 0; i < bx.size(); ++i) {
      if (std::find(order.begin(), order.begin() + k, bx[i]) != order.begin() + k)
        continue;  // settled
      for (Direction d : kDirections) {
        Square from = b.neighbor(bx[i], opposite(d)), to = b.neighbor(bx[i], d);
        if (from == kNoSquare || to == kNoSquare || !reach[from] ||
            std::count(bx.begin(), bx.end(), to))
          continue;
        std::vector<Square> next = bx;
        next[i] = to;
        std::sort(next.begin(), next.end());
        for (Square s : next) occ[s] = 1;
        Square normal = testing::normalPlayer(b, occ, bx[i]);
        for (Square s : next) occ[s] = 0;
        auto it = index.find({next, normal});
        if (it == index.end()) continue;
        visit(it->second, k);
        if (to == order[k]) visit(it->second, k + 1);  // the box for order[k] arrives to stay
      }
    }
  }
  return false;
}

}  // namespace

TEST_CASE("box pulls: the player can be shut in a pocket by the pull itself") {
  //   #######
  //   #@    #
  //   # $$$ #   the box on (3,4) can be pulled left once, leaving the
  //   ## ####   player in the pocket (1,4): no way round to pull it up
  //   #  ...#
  //   #######
  Level l = one("#######\n#@    #\n# $$$ #\n## ####\n#  ...#\n#######\n");
  Board b(l);
  BoxPulls pulls(b);
  std::vector<uint8_t> occ = squareMask(b, b.goals());
  std::vector<BoxPulls::Reached> all;
  std::vector<uint8_t> start = squareMask(b, b.startBoxes());
  CHECK_FALSE(pulls.reach(occ, at(b, l, 3, 4), at(b, l, 1, 4), start, nullptr));
  pulls.collect(occ, at(b, l, 3, 4), at(b, l, 1, 4), all);
  REQUIRE(all.size() == 2);  // where it stands, and one pull left
  CHECK(all[1].to == at(b, l, 2, 4));
  CHECK(all[1].pulls == 1);
  CHECK(all[1].first == at(b, l, 2, 4));
  CHECK(occ == squareMask(b, b.goals()));  // restored
  // The level cannot be solved, and the plan knows no box gets out.
  PackingPlan plan = makePackingPlan(b);
  checkShape(b, plan);
  CHECK_FALSE(plan.clean);
  CHECK_FALSE(plan.complete);
}

TEST_CASE("box pulls: the player walks round the box between pulls") {
  //   #######
  //   #@ $ .#   pulled from the goal the box reaches the start square in
  //   #     #   four pulls (the player changes sides once, below the row)
  //   #######
  Level l = one("#######\n#@ $ .#\n#     #\n#######\n");
  Board b(l);
  BoxPulls pulls(b);
  std::vector<uint8_t> occ = squareMask(b, b.goals());
  std::vector<uint8_t> start = squareMask(b, b.startBoxes());
  BoxPulls::Reached hit{};
  REQUIRE(pulls.reach(occ, at(b, l, 5, 1), at(b, l, 1, 1), start, &hit));
  CHECK(hit.to == at(b, l, 3, 1));
  CHECK(hit.pulls == 2);
  CHECK(hit.first == at(b, l, 4, 1));
}

namespace {

// The pulls of one box by the plain definition: breadth first over (box
// square, player region), the region flooded afresh for each state. Each
// reached (square, normalised player square) with its fewest pulls; back on
// `from`, only with the player where it started (what BoxPulls reports).
std::map<std::pair<Square, Square>, int> plainPulls(const Board& b, std::vector<uint8_t> occ,
                                                    Square from, Square player) {
  std::map<std::pair<Square, Square>, int> reached;
  std::vector<std::pair<Square, Square>> queue{{from, testing::normalPlayer(b, occ, player)}};
  reached[queue[0]] = 0;
  occ[from] = 0;
  for (size_t h = 0; h < queue.size(); ++h) {
    const auto [s, p] = queue[h];
    occ[s] = 1;
    std::vector<uint8_t> region;
    testing::normalPlayer(b, occ, p, &region);
    occ[s] = 0;
    for (Direction d : kDirections) {
      const Square t = b.neighbor(s, d);
      if (t == kNoSquare || !region[t]) continue;
      const Square u = b.neighbor(t, d);
      if (u == kNoSquare || occ[u]) continue;
      occ[t] = 1;
      const std::pair<Square, Square> next{t, testing::normalPlayer(b, occ, u)};
      occ[t] = 0;
      if (reached.emplace(next, reached[{s, p}] + 1).second) queue.push_back(next);
    }
  }
  std::erase_if(reached, [&](const auto& r) { return r.first.first == from && r.second > 0; });
  return reached;
}

// Checks mayReach() against the plain search: every square the box reaches
// passes it (it only skips pull searches that cannot succeed). Counts the
// squares checked and those it rules out.
void checkRelaxedTest(const Board& b, BoxPulls& pulls, std::vector<uint8_t>& occ, Square box,
                      const std::map<std::pair<Square, Square>, int>& plain, int& reached,
                      int& ruledOut) {
  std::set<Square> squares;
  for (const auto& [at, pullCount] : plain) squares.insert(at.first);
  for (int t = 0; t < b.squareCount(); ++t) {
    const bool may = pulls.mayReach(occ, box, squareMask(b, {static_cast<Square>(t)}));
    if (squares.count(static_cast<Square>(t))) {
      CHECK(may);
      ++reached;
    }
    ruledOut += !may;
  }
}

}  // namespace

TEST_CASE("box pulls: every reach and pull count as the plain search finds them") {
  // Boards large enough that the search reads the sides of a square from
  // the board's blocks (after its first floods), with walls and boxes at
  // random to make cut squares. The relaxed test (mayReach) must let every
  // square reached through, and should rule many others out.
  std::mt19937 rng(11);
  int compared = 0, longSearches = 0, relaxedReached = 0, ruledOut = 0;
  for (int tries = 0; tries < 300; ++tries) {
    auto level = testing::randomSmallLevel(rng, 1 + tries % 6, 9 + tries % 5, 7 + tries % 4, 22);
    if (!level) continue;
    Board b(*level);
    BoxPulls pulls(b);
    std::vector<uint8_t> occ = squareMask(b, b.startBoxes());
    const Square player = b.squareOf(level->player);
    for (Square box : b.startBoxes()) {
      std::vector<BoxPulls::Reached> all;
      pulls.collect(occ, box, player, all);
      INFO(writeLevel(*level) << "box " << box);
      std::map<std::pair<Square, Square>, int> plain = plainPulls(b, occ, box, player);
      checkRelaxedTest(b, pulls, occ, box, plain, relaxedReached, ruledOut);
      if (all.empty()) {  // the player cannot reach a side of the box
        occ[box] = 0;
        CHECK(plain.size() == 1);
        occ[box] = 1;
        continue;
      }
      std::map<std::pair<Square, Square>, int> found;
      occ[box] = 0;
      for (const auto& r : all) {
        occ[r.to] = 1;
        CHECK(found.emplace(std::pair(r.to, testing::normalPlayer(b, occ, r.player)), r.pulls)
                  .second);
        occ[r.to] = 0;
      }
      occ[box] = 1;
      CHECK(found == plain);
      ++compared;
      longSearches += all.size() > 20;
    }
    REQUIRE(occ == squareMask(b, b.startBoxes()));
  }
  CHECK(compared > 500);
  CHECK(longSearches > 50);
  CHECK(relaxedReached > 1000);
  CHECK(ruledOut > 1000);
}

TEST_CASE("packing plan: the deep goal of a dead end is filled first") {
  //   #########
  //   #@      #
  //   # $ $ $ #
  //   #  ######   the goals run into a dead end from the left: (5,4)
  //   #  ...#     first, each box pushed in from the square left of it
  //   #######
  Level l = one("#########\n#@      #\n# $ $ $ #\n#  ######\n#  ...#\n#######\n");
  REQUIRE(testing::bfsOutcome(l) == SolveStatus::Solved);
  Board b(l);
  PackingPlan plan = makePackingPlan(b);
  checkShape(b, plan);
  CHECK(plan.complete);
  CHECK(plan.parking.empty());
  REQUIRE(plan.order.size() == 3);
  CHECK(plan.order[0] == at(b, l, 5, 4));
  CHECK(plan.order[1] == at(b, l, 4, 4));
  CHECK(plan.order[2] == at(b, l, 3, 4));
  CHECK(plan.entry[at(b, l, 5, 4)] == at(b, l, 4, 4));
  CHECK(plan.entry[at(b, l, 3, 4)] == at(b, l, 2, 4));
  CHECK(plan.area[at(b, l, 5, 4)] == plan.area[at(b, l, 3, 4)]);
  CHECK(solvableInOrder(l, plan.order));
}

TEST_CASE("packing plan: a room with one door fills the door last, from above") {
  //   ##########
  //   #@       #
  //   #  $  $  #
  //   #  $  $  #
  //   ####.#####   the door (4,4) is a goal: filled last, its box
  //     #    #     pushed down from (4,3); the room behind it first
  //     #.  .#
  //     #.   #
  //     ######
  Level l =
      one("##########\n#@       #\n#  $  $  #\n#  $  $  #\n####.#####\n  #    #\n  #.  .#\n  #.   "
          "#\n  ######\n");
  REQUIRE(testing::bfsOutcome(l) == SolveStatus::Solved);
  Board b(l);
  PackingPlan plan = makePackingPlan(b);
  checkShape(b, plan);
  CHECK(plan.complete);
  REQUIRE(plan.order.size() == 4);
  CHECK(plan.order.back() == at(b, l, 4, 4));
  CHECK(plan.entry[at(b, l, 4, 4)] == at(b, l, 4, 3));
  // The corner (3,7) is filled before its neighbour (3,6) can block its way.
  CHECK(plan.rank[at(b, l, 3, 7)] < plan.rank[at(b, l, 3, 6)]);
  CHECK(solvableInOrder(l, plan.order));
}

TEST_CASE("packing plan: a box waits on a parking square while another goal is filled") {
  //   ########
  //   # .$.P #   (2,1) can only be filled by a push left from (4,1), so
  //   ## .$  #   before (4,1) is; and (4,1) only from (5,1) once (2,1) is
  //   # # ## #   full: its box must come early and wait on P = (5,1)
  //   # @ $  #   while (2,1) is filled.
  //   #      #
  //   ########
  Level l = one("########\n# .$.  #\n## .$  #\n# # ## #\n# @ $  #\n#      #\n########\n");
  REQUIRE(testing::bfsOutcome(l) == SolveStatus::Solved);
  Board b(l);
  PackingPlan plan = makePackingPlan(b);
  checkShape(b, plan);
  CHECK(plan.complete);
  REQUIRE(plan.order.size() == 3);
  CHECK(plan.order[0] == at(b, l, 2, 1));
  CHECK(plan.order[1] == at(b, l, 4, 1));
  CHECK(plan.order[2] == at(b, l, 3, 2));
  REQUIRE(plan.parking.size() == 1);
  CHECK(plan.parking[0].goal == at(b, l, 4, 1));
  CHECK(plan.parking[0].square == at(b, l, 5, 1));
  CHECK(plan.parking[0].firstRank == 0);
  CHECK(plan.parking[0].lastRank == 0);
  CHECK(plan.entry[at(b, l, 4, 1)] == at(b, l, 5, 1));
  CHECK(plan.entry[at(b, l, 2, 1)] == at(b, l, 3, 1));
  CHECK(solvableInOrder(l, plan.order));
  std::vector<Square> swapped = plan.order;
  std::swap(swapped[0], swapped[1]);
  CHECK_FALSE(solvableInOrder(l, swapped));
}

TEST_CASE("packing plan: a box starting on its goal ranks first, unless it is in the way") {
  {
    //   #########
    //   #@ $ . *#   the box on (7,1) never has to move: it is taken out
    //   #       #   last, so its goal counts as filled first
    //   #########
    Level l = one("#########\n#@ $ . *#\n#       #\n#########\n");
    REQUIRE(testing::bfsOutcome(l) == SolveStatus::Solved);
    Board b(l);
    PackingPlan plan = makePackingPlan(b);
    checkShape(b, plan);
    CHECK(plan.complete);
    CHECK(plan.order[0] == at(b, l, 7, 1));
    CHECK(plan.entry[at(b, l, 7, 1)] == kNoSquare);
    CHECK(plan.entry[at(b, l, 5, 1)] == at(b, l, 4, 1));
  }
  {
    //   #########
    //   #@ $  *.#   the box on (6,1) shuts the dead end (7,1): it moves on
    //   #       #   into it, and (6,1) is filled again last
    //   #########
    Level l = one("#########\n#@ $  *.#\n#       #\n#########\n");
    REQUIRE(testing::bfsOutcome(l) == SolveStatus::Solved);
    Board b(l);
    PackingPlan plan = makePackingPlan(b);
    checkShape(b, plan);
    CHECK(plan.complete);
    CHECK(plan.order[0] == at(b, l, 7, 1));
    CHECK(plan.order[1] == at(b, l, 6, 1));
    CHECK(solvableInOrder(l, plan.order));
  }
}

TEST_CASE("packing plan: small random levels, the order is one a real solution follows") {
  // Exhaustive search decides each level. A proven plan is a solution
  // played backwards: the level can be solved, in the plan's order. Where
  // the level can be solved the plan is complete, and nearly always some
  // solution fills the goals in its order. (A complete plan alone proves
  // nothing: it lets each box leave on its own, so dead starting positions
  // go unseen.)
  std::mt19937 rng(7);
  int solvable = 0, inOrder = 0, proven = 0;
  for (int tries = 0; tries < 1500; ++tries) {
    auto level = testing::randomSmallLevel(rng, 2 + tries % 2);
    if (!level) continue;
    Board b(*level);
    PackingPlan plan = makePackingPlan(b);
    checkShape(b, plan);
    INFO(writeLevel(*level));
    const bool ok = testing::pushGraph(*level).positions[0].solvable;
    if (plan.proven) {
      ++proven;
      CHECK(plan.complete);
      CHECK(ok);
      CHECK(solvableInOrder(*level, plan.order));
    }
    if (!ok) continue;
    ++solvable;
    CHECK(plan.complete);
    inOrder += plan.proven || solvableInOrder(*level, plan.order);
  }
  CHECK(solvable > 80);
  CHECK(proven * 100 >= solvable * 80);
  CHECK(inOrder * 100 >= solvable * 95);
}

TEST_CASE("packing plan: XSokoban plans are clean, cheap and within budget") {
  Collection c = testing::bundled("XSokoban");
  REQUIRE(c.levels.size() == 90);
  int clean = 0, complete = 0;
  for (const Level& l : c.levels) {
    Board b(l);
    PackingPlan plan = makePackingPlan(b);
    checkShape(b, plan);
    clean += plan.clean;
    complete += plan.complete;
    CHECK(plan.work < kPackingPlanWork + 1'000'000);
  }
  CHECK(clean >= 85);
  CHECK(complete >= 70);
}

TEST_CASE("packing plan: a region shut off from the boxes' way out is tried last") {
  //   ############
  //   #     ..@  #   solved, the goals shut the large room on the left off
  //   #     ###  #   from the start squares: from there nothing goes out
  //   #     # $  #   without parking, and on a small budget the parking
  //   #     # $  #   runs out first (a box went out without a path). From
  //   #     #    #   the right both go out at once.
  //   ############
  Level l =
      one("############\n#     ..@  #\n#     ###  #\n#     # $  #\n#     # $  #\n#     #    #\n"
          "############\n");
  REQUIRE(testing::bfsOutcome(l) == SolveStatus::Solved);
  Board b(l);
  PackingPlan plan = makePackingPlan(b, 3000);
  checkShape(b, plan);
  CHECK(plan.complete);
  CHECK(plan.parking.empty());
  REQUIRE(plan.order.size() == 2);
  CHECK(plan.order[0] == at(b, l, 6, 1));  // the far goal first
  CHECK(solvableInOrder(l, plan.order));
  // Sasquatch I 36 is such a level: 13 of its 15 boxes went out without a
  // path when the left region went first.
  Collection c = testing::bundled("Sasquatch_I");
  Board big(c.levels[35]);
  CHECK(makePackingPlan(big).forced <= 3);
}

TEST_CASE("packing plan: out of budget it still orders every goal") {
  Collection c = testing::bundled("XSokoban");
  Board b(c.levels[38]);
  PackingPlan plan = makePackingPlan(b, 1000);
  checkShape(b, plan);
  CHECK_FALSE(plan.complete);
}

// Hidden (run by name): figures over many random levels, for tuning.
TEST_CASE("packing plan diagnostics", "[.diag]") {
  std::mt19937 rng(7);
  int proven = 0, solvable = 0, inOrder = 0, completeUnsolvable = 0, unsolvable = 0,
      completeSolvable = 0;
  for (int tries = 0; tries < 20000; ++tries) {
    auto level = testing::randomSmallLevel(rng, 2 + tries % 3, 8, 7, 25);
    if (!level) continue;
    Board b(*level);
    PackingPlan plan = makePackingPlan(b);
    checkShape(b, plan);
    testing::PushGraph g = testing::pushGraph(*level);
    bool ok = g.positions[0].solvable;
    if (ok) {
      ++solvable;
      completeSolvable += plan.complete;
      bool o = solvableInOrder(*level, plan.order);
      inOrder += o;
      proven += plan.proven;
      if (!o && plan.proven) WARN("PROVEN but not in order\n" << writeLevel(*level));
    } else {
      ++unsolvable;
      completeUnsolvable += plan.complete;
    }
  }
  WARN("proven " << proven << " solvable " << solvable << " in order " << inOrder << " complete "
                 << completeSolvable << "; unsolvable " << unsolvable << " complete "
                 << completeUnsolvable);
}

TEST_CASE("a parking's phase: ahead until its window opens, waiting through it, then none") {
  // Goals 10, 11, 12 filled in that order; a box waits on square 5 while
  // 10 and 11 are filled, then goes on to goal 12.
  PackingPlan plan;
  plan.order = {10, 11, 12};
  const PackingPlan::Parking parking{12, 5, 0, 1};
  const auto phase = [&](std::set<Square> boxes) {
    return parkingPhase(plan, parking, [&boxes](Square s) { return boxes.count(s) > 0; });
  };
  CHECK(phase({}) == ParkingPhase::Ahead);
  CHECK(phase({5}) == ParkingPhase::Ahead);
  CHECK(phase({5, 10}) == ParkingPhase::Waiting);
  CHECK(phase({10}) == ParkingPhase::Waiting);  // the box should be on 5: out of plan
  CHECK(phase({5, 10, 11}) == ParkingPhase::None);
  CHECK(phase({10, 11, 12}) == ParkingPhase::None);
  CHECK(phase({12}) == ParkingPhase::None);  // its goal filled
  const PackingPlan::Parking oneGoal{12, 5, 1, 1};
  CHECK(parkingPhase(plan, oneGoal, [](Square) { return false; }) == ParkingPhase::None);
}
