// The plain searches (bfs, bfs-walk, bfs-reverse and bfs-bidir after
// soko-dotnet; astar, astar-moves and greedy after petersohn/sokoban)
// against each other, against an exhaustive search written here with
// nothing shared with the core's search code, and on edge cases of reverse
// and bidirectional search (one of them crashed soko-dotnet).
#include <catch2/catch.hpp>
#include <deque>
#include <fstream>
#include <map>
#include <optional>
#include <queue>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <tuple>

#include "analysis/board.h"
#include "analysis/dead_squares.h"
#include "analysis/push_distances.h"
#include "deadlock/dead_patterns.h"
#include "format.h"
#include "small_levels.h"
#include "solver.h"
#include "strategies/astar.h"
#include "test_support.h"
#include "verify.h"

using namespace soko;
using soko::testing::one;
using soko::testing::randomSmallLevel;

namespace {

struct Outcome {
  SolveStatus status;
  int moves = 0, pushes = 0;
};

Outcome run(const Level& level, const std::string& method,
            uint64_t maxNodes = testing::kSmallSearchNodes, uint64_t bytes = 256ull << 20) {
  SolverOptions o;
  o.method = method;
  o.timeLimitSeconds = 0;
  o.maxNodes = maxNodes;
  o.memoryBudgetBytes = bytes;
  Solver s(level, o);
  SolveStatus status = s.solve();
  if (status == SolveStatus::Solved) REQUIRE(verify(level, s.solution()).solved);
  return {status, s.solutionMoves(), s.solutionPushes()};
}

const char* const kPushOptimal[] = {"bfs", "bfs-walk", "bfs-reverse", "bfs-bidir", "astar"};
const char* const kComplete[] = {"bfs",   "bfs-walk",    "bfs-reverse", "bfs-bidir",
                                 "astar", "astar-moves", "greedy"};

// The exact optimum by brute force over every (boxes, player square) state:
// Dijkstra on (pushes, moves) or (moves, pushes) lexicographically.
struct Exact {
  bool solvable = false;
  int pushes = 0, moves = 0;
};

Exact bruteForce(const Level& level, bool pushesFirst) {
  const int w = level.width;
  std::string cells(level.cells.size(), ' ');
  std::set<int> goals;
  std::string boxes(level.cells.size(), '0');
  for (size_t i = 0; i < level.cells.size(); ++i) {
    if (level.cells[i] & kWall || !(level.cells[i] & kInterior)) cells[i] = '#';
    if (level.cells[i] & kGoal) goals.insert(static_cast<int>(i));
    if (level.cells[i] & kBox) boxes[i] = '1';
  }
  using Key = std::pair<std::string, int>;
  using Cost = std::pair<int, int>;  // (first, second) criterion
  std::map<Key, Cost> best;
  std::priority_queue<std::tuple<Cost, std::string, int>,
                      std::vector<std::tuple<Cost, std::string, int>>, std::greater<>>
      open;
  open.push({{0, 0}, boxes, level.player});
  best[{boxes, level.player}] = {0, 0};
  const int step[4] = {-w, w, -1, 1};
  while (!open.empty()) {
    auto [cost, b, p] = open.top();
    open.pop();
    if (best[{b, p}] < cost) continue;
    bool done = true;
    for (size_t i = 0; i < b.size(); ++i)
      if (b[i] == '1' && !goals.count(static_cast<int>(i))) done = false;
    if (done) {
      Exact e{true, 0, 0};
      e.pushes = pushesFirst ? cost.first : cost.second;
      e.moves = pushesFirst ? cost.second : cost.first;
      return e;
    }
    for (int d = 0; d < 4; ++d) {
      int q = p + step[d];
      if (cells[q] == '#') continue;
      std::string nb = b;
      bool push = b[q] == '1';
      if (push) {
        int r = q + step[d];
        if (cells[r] == '#' || b[r] == '1') continue;
        nb[q] = '0';
        nb[r] = '1';
      }
      Cost c = pushesFirst ? Cost{cost.first + push, cost.second + 1}
                           : Cost{cost.first + 1, cost.second + push};
      auto it = best.find({nb, q});
      if (it != best.end() && it->second <= c) continue;
      best[{nb, q}] = c;
      open.push({c, nb, q});
    }
  }
  return {};
}

}  // namespace

TEST_CASE("plain searches match an exhaustive search on random small levels") {
  std::mt19937 rng(20261121);
  int solvable = 0, unsolvable = 0;
  for (int trial = 0; trial < 400 && (solvable < 40 || unsolvable < 15); ++trial) {
    std::optional<Level> level = randomSmallLevel(rng, 1 + trial % 3);
    if (!level) continue;
    Exact byPushes = bruteForce(*level, true);
    Exact byMoves = bruteForce(*level, false);
    INFO(writeLevel(*level));
    if (!byPushes.solvable) {
      ++unsolvable;
      for (const char* m : kComplete) {
        INFO(m);
        CHECK(run(*level, m).status == SolveStatus::Unsolvable);
      }
      continue;
    }
    ++solvable;
    for (const char* m : kPushOptimal) {
      INFO(m);
      Outcome o = run(*level, m);
      REQUIRE(o.status == SolveStatus::Solved);
      CHECK(o.pushes == byPushes.pushes);
    }
    Outcome moves = run(*level, "astar-moves");
    REQUIRE(moves.status == SolveStatus::Solved);
    CHECK(moves.moves == byMoves.moves);
    CHECK(moves.pushes == byMoves.pushes);
    Outcome greedy = run(*level, "greedy");
    REQUIRE(greedy.status == SolveStatus::Solved);
    CHECK(greedy.pushes >= byPushes.pushes);
  }
  CHECK(solvable >= 40);
  CHECK(unsolvable >= 15);
}

TEST_CASE(
    "astar and greedy push only a PI-corral's fence boxes, and astar keeps the fewest pushes") {
  //   #########   The two boxes on the right fence off the goals behind
  //   #@ $. $.#   them and can only be pushed into that corral: the start
  //   #     $.#   tries those two pushes alone. Three pushes in all.
  //   #########
  Level level = one("#########\n#@ $. $.#\n#     $.#\n#########\n");
  REQUIRE(bruteForce(level, true).pushes == 3);
  for (BestFirstKind kind : {BestFirstKind::Pushes, BestFirstKind::Greedy}) {
    auto search = makeBestFirstStrategy(level, 64ull << 20, kind);
    const auto farEnd = Deadline::Clock::now() + std::chrono::hours(1);
    REQUIRE(search->run(Deadline(farEnd, testing::kSmallSearchNodes)) == SolveStatus::Solved);
    const VerifyResult v = verify(level, search->solution());
    REQUIRE(v.solved);
    if (kind == BestFirstKind::Pushes) CHECK(v.pushes == 3);
    const std::string m = search->message();
    INFO(m);
    const size_t at = m.find(" PI-corrals");
    REQUIRE(at != std::string::npos);
    CHECK(std::stoi(m.substr(m.rfind(' ', at - 1) + 1)) >= 1);
  }
  // On XSokoban 1 the pruning is the difference between 173 expansions and
  // 35,262 for greedy.
  CHECK(run(testing::bundled("XSokoban").levels[0], "greedy", 2000).status == SolveStatus::Solved);
}

// Small levels of a bundled collection: the push-optimal strategies agree,
// and beat or match the shipped solution, which is not always optimal.
static void agreeOnSmallLevels(const std::string& collection, int maxBoxes, int wanted) {
  std::ifstream in(std::string(SOKO_LEVELS_DIR) + "/" + collection + ".sok");
  std::stringstream text;
  text << in.rdbuf();
  Collection c = parseCollection(text.str());
  REQUIRE(c.levels.size() > 20);
  int compared = 0;
  for (const Level& level : c.levels) {
    if (level.boxCount() > maxBoxes || compared >= wanted) continue;
    ++compared;
    INFO(collection << " level " << level.number);
    REQUIRE(!level.solutions.empty());
    VerifyResult shipped = verify(level, level.solutions[0]);
    REQUIRE(shipped.solved);
    std::optional<int> pushes;
    for (const char* m : kPushOptimal) {
      INFO(m);
      Outcome o = run(level, m);
      REQUIRE(o.status == SolveStatus::Solved);
      if (!pushes) pushes = o.pushes;
      CHECK(o.pushes == *pushes);
    }
    CHECK(*pushes <= shipped.pushes);
    Outcome moves = run(level, "astar-moves");
    REQUIRE(moves.status == SolveStatus::Solved);
    CHECK(moves.moves <= shipped.moves);
    CHECK(moves.pushes >= *pushes);
  }
  CHECK(compared == wanted);
}

TEST_CASE(
    "push-optimal strategies agree on small Microban and GRIGoRusha levels, never worse than "
    "shipped") {
  agreeOnSmallLevels("Microban_I", 3, 12);
  agreeOnSmallLevels("GRIGoRusha", 4, 11);
}

TEST_CASE("bidirectional search on levels solved in zero and one push") {
  // Zero pushes: the start is solved. One push: soko-dotnet's demo0, where
  // the reverse side could finish first and crash.
  Outcome zero = run(one("####\n#@*#\n####\n"), "bfs-bidir");
  CHECK(zero.status == SolveStatus::Solved);
  CHECK(zero.pushes == 0);
  for (const char* board :
       {"#####\n#@$.#\n#####\n", "#####\n#.$@#\n#####\n", "####\n#.##\n#$ #\n#@ #\n####\n"}) {
    INFO(board);
    for (const char* m : {"bfs-bidir", "bfs-reverse", "bfs"}) {
      INFO(m);
      Outcome o = run(one(board), m);
      CHECK(o.status == SolveStatus::Solved);
      CHECK(o.pushes == 1);
    }
  }
  // Solved, but the player shut in a region of its own: still zero pushes.
  Outcome walled = run(one("######\n#@*  #\n##*###\n######\n"), "bfs-bidir");
  CHECK(walled.status == SolveStatus::Solved);
  CHECK(walled.pushes == 0);
}

TEST_CASE("the reverse search starts from every player region of the solved board") {
  //   #######      Solved, the box on the goal splits the corridor: the
  //   # .$ @#      square left of it, and the three right of it. The last
  //   #######      push comes from the right, so a pull search started only
  //                with the player on the left (the smallest square) fails.
  Level level = one("#######\n# .$ @#\n#######\n");
  for (const char* m : {"bfs-reverse", "bfs-bidir"}) {
    INFO(m);
    Outcome o = run(level, m);
    REQUIRE(o.status == SolveStatus::Solved);
    CHECK(o.pushes == 1);
  }
}

TEST_CASE("plain searches stop cleanly at a tiny memory budget") {
  // XSokoban 3: greedy solves XSokoban 1 within two megabytes.
  Level big = testing::bundled("XSokoban").levels[2];
  for (const char* m : kComplete) {
    INFO(m);
    // Each runs out of two megabytes within about 60,000 positions.
    CHECK(run(big, m, 1000000, 2ull << 20).status == SolveStatus::OutOfMemory);
  }
}

TEST_CASE("dead patterns found beforehand are unsolvable from every player square (brute force)") {
  //   #######
  //   #     #     Among the pairs found here, each is checked on its own:
  //   # $ $ #     the two boxes alone on the board, the player on every
  //   #  @  #     free square, an exhaustive search must find no way to
  //   #. .  #     put both on goals.
  //   #######
  for (const char* text : {"#######\n#     #\n# $ $ #\n#  @  #\n#. .  #\n#######\n",
                           "########\n#.   # #\n# $$   #\n#  #@  #\n#.     #\n########\n"}) {
    Level level = one(text);
    Board board(level);
    PushDistances distances(board, board.goals());
    DeadPatterns patterns(board, pushDeadSquares(board), false, distances);
    REQUIRE(patterns.build(
        Deadline(Deadline::Clock::now() + std::chrono::hours(1))));  // its own work limits bound it
    REQUIRE(patterns.pairCount() > 0);
    int checked = 0;
    std::vector<uint8_t> occupied(board.squareCount(), 0);
    for (int a = 0; a < board.squareCount(); ++a)
      for (int b = a + 1; b < board.squareCount(); ++b) {
        std::fill(occupied.begin(), occupied.end(), 0);
        occupied[a] = occupied[b] = 1;
        if (!patterns.matches(occupied, static_cast<Square>(b))) continue;
        ++checked;
        Level pair = level;
        for (uint8_t& c : pair.cells) c &= ~kBox;
        pair.cells[board.cellOf(a)] |= kBox;
        pair.cells[board.cellOf(b)] |= kBox;
        for (int p = 0; p < board.squareCount(); ++p) {
          if (p == a || p == b) continue;
          pair.player = board.cellOf(p);
          INFO("boxes on squares " << a << ", " << b << ", player on " << p);
          CHECK_FALSE(bruteForce(pair, true).solvable);
        }
      }
    CHECK(checked == patterns.pairCount());
  }
}

TEST_CASE(
    "astar's pattern preprocessing stops at a slice's end and resumes: sliced or whole, the same "
    "patterns") {
  // The build checks its deadline between candidates. How many slices it
  // takes depends on the machine (XSokoban 5: about 30 ms, a dozen 1 ms
  // slices here); what it finds must not.
  const Collection xsokoban = testing::bundled("XSokoban");
  REQUIRE(xsokoban.levels.size() >= 5);
  Board board(xsokoban.levels[4]);
  PushDistances distances(board, board.goals());
  DeadPatterns whole(board, pushDeadSquares(board), false, distances);
  REQUIRE(whole.build(Deadline(Deadline::Clock::now() + std::chrono::hours(1))));
  REQUIRE(whole.pairCount() > 0);
  DeadPatterns sliced(board, pushDeadSquares(board), false, distances);
  CHECK_FALSE(sliced.build(Deadline(Deadline::Clock::now())));  // a slice already over
  CHECK_FALSE(sliced.done());
  for (int slices = 0; slices < 100000; ++slices)
    if (sliced.build(Deadline(Deadline::Clock::now() + std::chrono::milliseconds(1)))) break;
  CHECK(sliced.done());
  CHECK(sliced.pairCount() == whole.pairCount());
  CHECK(sliced.tripleCount() == whole.tripleCount());
}

namespace {

// Builds the dead patterns of every level of Microban I, XSokoban and
// Sasquatch I (295) in order, as astar and the sink solver do, and calls
// `check(board, distances, built)` on each, the level named in any
// failure; checks that every level was visited and that patterns of both
// sizes were found.
template <class Check>
void forEachPatternLevel(Check check) {
  int levels = 0, pairs = 0, triples = 0;
  for (const char* name : {"Microban_I", "XSokoban", "Sasquatch_I"}) {
    const Collection collection = testing::bundled(name);
    for (size_t i = 0; i < collection.levels.size(); ++i) {
      Board board(collection.levels[i]);
      if (!board.tooLarge().empty()) continue;
      PushDistances distances(board, board.goals());
      INFO(name << " " << i + 1);
      DeadPatterns built(board, pushDeadSquares(board), false, distances);
      REQUIRE(built.build(Deadline(Deadline::Clock::now() + std::chrono::hours(1))));
      check(board, distances, built);
      ++levels, pairs += built.pairCount(), triples += built.tripleCount();
    }
  }
  CHECK(levels == 155 + 90 + 50);
  CHECK(pairs > 0);
  CHECK(triples > 0);
}

}  // namespace

TEST_CASE(
    "dead patterns: the memory of earlier candidates' solvable and unsolvable states finds the "
    "same patterns as searching each candidate alone") {
  // A state remembered as unsolvable, or holding a dead pair, leads
  // nowhere, and one remembered as solvable settles a candidate sooner. A
  // state of an undecided candidate's search is taken as solvable too: that
  // can never make a wrong pattern, but could hide one, so this checks that
  // none is hidden here.
  forEachPatternLevel(
      [](const Board& board, const PushDistances& distances, const DeadPatterns& remembering) {
        DeadPatterns alone(board, pushDeadSquares(board), false, distances);
        alone.forgetEarlierStates();
        REQUIRE(alone.build(Deadline(Deadline::Clock::now() + std::chrono::hours(1))));
        CHECK(remembering.pairCount() == alone.pairCount());
        CHECK(remembering.tripleCount() == alone.tripleCount());
      });
}

TEST_CASE(
    "dead patterns judged on demand, squares met in any order, are the patterns found beforehand") {
  // A search meets squares in its own order; judging each square's
  // candidates then must find what the whole build finds. Here every
  // square is met, last square first, and every pair of squares is asked
  // of both.
  forEachPatternLevel(
      [](const Board& board, const PushDistances& distances, const DeadPatterns& built) {
        DeadPatterns onDemand(board, pushDeadSquares(board), false, distances);
        onDemand.judgeOnDemand();
        const int n = board.squareCount();
        for (int s = n - 1; s >= 0; --s)
          if (onDemand.unjudged(static_cast<Square>(s)))
            onDemand.judgeAround(static_cast<Square>(s), uint64_t{1} << 40);
        CHECK(onDemand.pairCount() == built.pairCount());
        CHECK(onDemand.tripleCount() == built.tripleCount());
        std::vector<uint8_t> occupied(n, 0);
        int differ = 0;
        for (Square a = 0; a < n; ++a)
          for (Square b = a + 1; b < n; ++b) {
            occupied[a] = occupied[b] = 1;
            differ += built.matches(occupied, b) != onDemand.matches(occupied, b);
            occupied[a] = occupied[b] = 0;
          }
        CHECK(differ == 0);
      });
}

TEST_CASE(
    "dead patterns judged on demand stop for good when out of room, keeping what they found") {
  // XSokoban 1: its first square with a dead pair, judged with room and
  // without. Without room the judging ends (and frees its searches' memory)
  // at the first piece past the limit; what was found stays found.
  const Collection xsokoban = testing::bundled("XSokoban");
  Board board(xsokoban.levels[0]);
  PushDistances distances(board, board.goals());
  const std::vector<uint8_t> dead = pushDeadSquares(board);
  DeadPatterns roomy(board, dead, false, distances), cramped(board, dead, false, distances);
  roomy.judgeOnDemand();
  cramped.judgeOnDemand();
  Square first = kNoSquare;
  for (Square s = 0; s < board.squareCount() && first == kNoSquare; ++s) {
    roomy.judgeAround(s, uint64_t{1} << 40);
    if (roomy.pairCount() > 0) first = s;
  }
  REQUIRE(first != kNoSquare);
  CHECK_FALSE(roomy.done());
  for (Square s = 0; s <= first; ++s) cramped.judgeAround(s, 0);
  CHECK(cramped.done());
  CHECK(cramped.pairCount() <= roomy.pairCount());
  const int found = cramped.pairCount() + cramped.tripleCount();
  const uint64_t bytes = cramped.memoryBytes();
  for (Square s = first + 1; s < board.squareCount(); ++s) {
    CHECK_FALSE(cramped.unjudged(s));
    cramped.judgeAround(s, uint64_t{1} << 40);
  }
  CHECK(cramped.pairCount() + cramped.tripleCount() == found);
  CHECK(cramped.memoryBytes() == bytes);
}

TEST_CASE("per-region push distances are the exact lone-box push counts (brute force)") {
  //   #####       A lone box's pushes to a goal depend on which side of it
  //   #a$b#       the player is: from a it is pushed right, from b left.
  std::mt19937 rng(5);
  int levels = 0;
  for (int trial = 0; trial < 200 && levels < 8; ++trial) {
    std::optional<Level> level = randomSmallLevel(rng, 1);
    if (!level) continue;
    ++levels;
    Board board(*level);
    PushDistances distances(board, board.goals());
    const int n = board.squareCount();
    for (int t = 0; t < static_cast<int>(board.goals().size()); ++t)
      for (int s = 0; s < n; ++s)
        for (int p = 0; p < n; ++p) {
          if (p == s) continue;
          // 0-1 breadth-first search over (box, player): walks are free, pushes cost one.
          std::vector<int> best(n * n, -1);
          std::deque<std::pair<int, int>> open{{s * n + p, 0}};
          int exact = PushDistances::kUnreachable;
          while (!open.empty()) {
            auto [state, cost] = open.front();
            open.pop_front();
            if (best[state] >= 0) continue;
            best[state] = cost;
            int box = state / n, player = state % n;
            if (box == board.goals()[t]) {
              exact = cost;
              break;
            }
            for (Direction d : kDirections) {
              Square q = board.neighbor(static_cast<Square>(player), d);
              if (q == kNoSquare) continue;
              if (q != box) {
                open.push_front({box * n + q, cost});
                continue;
              }
              Square to = board.neighbor(static_cast<Square>(box), d);
              if (to != kNoSquare) open.push_back({to * n + q, cost + 1});
            }
          }
          INFO("level\n"
               << writeLevel(*level) << "box " << s << ", player " << p << ", goal " << t);
          REQUIRE(distances.rowFor(static_cast<Square>(s), static_cast<Square>(p))[t] == exact);
        }
  }
  CHECK(levels == 8);
}
