// The single-sink variant: its file format, rules, verifier, solver (against
// an exhaustive search written here), corridor checker and CLI command.
#include <catch2/catch.hpp>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <fstream>
#include <map>
#include <optional>
#include <random>
#include <string>

#include "analysis/board.h"
#include "analysis/reach.h"
#include "sink/corridor.h"
#include "sink/sink_game.h"
#include "sink/sink_level.h"
#include "sink/sink_solver.h"

using namespace soko;

namespace {

// Five stones, the sink on the board's right edge.
const char* kLevel =
    "#7\n#9\n#*********\n#*y......*\n#*.o..o..*\n#*...o.*.*\n#*..o..o.*\n#*.......x\n#*********\n";

SinkLevel sink(const std::string& text) {
  SinkParse p = parseSinkLevel(text);
  INFO(p.error);
  REQUIRE(p.ok());
  return p.level;
}

// Rows without the '#' header: builds "#h\n#w\n#row..." text.
std::string rows(const std::vector<std::string>& r) {
  std::string t = "#" + std::to_string(r.size()) + "\n#" + std::to_string(r[0].size()) + "\n";
  for (const auto& row : r) t += "#" + row + "\n";
  return t;
}

struct SinkOutcome {
  SolveStatus status;
  int pushes = 0;
};

SinkOutcome solve(const SinkLevel& level, bool pusher = true, bool patterns = true) {
  SinkSolverOptions o;
  o.timeLimitSeconds = 0;
  o.maxNodes = 100000;  // the levels here need a few dozen positions at most
  o.memoryBudgetBytes = 256ull << 20;
  o.stonePusher = pusher;
  o.patterns = patterns;
  SinkSolver s(level, o);
  SolveStatus status = s.solve();
  if (status == SolveStatus::Solved) REQUIRE(verifySink(level, s.solution()).solved);
  return {status, s.solutionPushes()};
}

// Fewest pushes by brute force over (stones, player square): 0-1 BFS, walks cost nothing.
std::optional<int> bruteForce(const SinkLevel& l) {
  std::string stones(l.wall.size(), '0');
  for (int c : l.stones) stones[c] = '1';
  std::map<std::pair<std::string, int>, int> best;
  std::deque<std::tuple<std::string, int, int>> open;
  open.push_back({stones, l.player, 0});
  best[{stones, l.player}] = 0;
  while (!open.empty()) {
    auto [s, p, cost] = open.front();
    open.pop_front();
    if (best[{s, p}] < cost) continue;
    if (s.find('1') == std::string::npos) return cost;
    for (Direction d : kDirections) {
      int q = l.step(p, d);
      if (q < 0 || l.wall[q]) continue;
      std::string ns = s;
      int add = 0;
      if (s[q] == '1') {
        int r = l.step(q, d);
        if (r < 0 || l.wall[r] || s[r] == '1') continue;
        ns[q] = '0';
        if (r != l.sink) ns[r] = '1';
        add = 1;
      }
      auto it = best.find({ns, q});
      if (it != best.end() && it->second <= cost + add) continue;
      best[{ns, q}] = cost + add;
      if (add)
        open.push_back({ns, q, cost + 1});
      else
        open.push_front({ns, q, cost});
    }
  }
  return std::nullopt;
}

std::optional<SinkLevel> randomSinkLevel(std::mt19937& rng, int stones) {
  const int w = 7, h = 6;
  std::uniform_int_distribution<int> pct(0, 99);
  std::vector<std::string> r(h, std::string(w, '*'));
  std::vector<std::pair<int, int>> floor;
  for (int y = 1; y < h - 1; ++y)
    for (int x = 1; x < w - 1; ++x)
      if (pct(rng) >= 15) r[y][x] = '.', floor.push_back({x, y});
  if (static_cast<int>(floor.size()) < stones + 2) return std::nullopt;
  std::shuffle(floor.begin(), floor.end(), rng);
  r[floor[0].second][floor[0].first] = 'y';
  r[floor[1].second][floor[1].first] = 'x';
  for (int i = 0; i < stones; ++i) r[floor[2 + i].second][floor[2 + i].first] = 'o';
  SinkParse p = parseSinkLevel(rows(r));
  if (!p.ok()) return std::nullopt;
  return p.level;
}

}  // namespace

TEST_CASE("sink format: header, rows, case, walls and petersohn/sokoban's option lines") {
  SinkLevel l = sink(std::string("blocklist-number=2\n") + kLevel);
  CHECK(l.height == 7);
  CHECK(l.width == 9);
  CHECK(l.stones.size() == 5);
  CHECK(l.sink == l.index(8, 5));
  CHECK(l.player == l.index(1, 1));
  CHECK(l.wall[l.index(0, 0)]);
  CHECK(l.wall[l.index(6, 3)]);
  CHECK_FALSE(l.wall[l.index(2, 1)]);
  CHECK(looksLikeSinkLevel(kLevel));
  CHECK_FALSE(looksLikeSinkLevel("#####\n#@$.#\n#####\n"));
  // Upper case is the same; short rows are padded with wall; unknown characters are walls.
  SinkLevel u = sink("#2\n#4\n#Y.O\n#?.X.\n");
  CHECK(u.stones == std::vector<int>{2});
  CHECK(u.sink == u.index(2, 1));
  CHECK(u.wall[u.index(3, 0)]);
  CHECK(u.wall[u.index(0, 1)]);
  // Round trip.
  CHECK(writeSinkLevel(sink(writeSinkLevel(l))) == writeSinkLevel(l));
}

TEST_CASE("sink format errors say what is wrong") {
  CHECK(parseSinkLevel("#a\n#3\n#y.x\n").error.find("#height") != std::string::npos);
  CHECK(parseSinkLevel("#1\n#3\n#y.o\n").error == "there is no sink 'x'");
  CHECK(parseSinkLevel("#1\n#3\n#x.o\n").error == "there is no player 'y'");
  SinkParse two = parseSinkLevel("#1\n#4\n#yxoy\n");
  CHECK(two.error == "more than one player 'y'");
  CHECK(two.line == 3);
  CHECK(parseSinkLevel("#1\n#2\n#yxo\n").error.find("longer") != std::string::npos);
  CHECK(parseSinkLevel("#3\n#2\n#yx\n").error.find("rows") != std::string::npos);
}

TEST_CASE("sink rules: a stone pushed onto the sink disappears, undo brings it back") {
  SinkGame g(sink("#1\n#5\n#yo.x.\n"));
  CHECK(g.play('r') == StepOutcome::Pushed);
  CHECK(g.stonesLeft() == 1);
  CHECK(g.play('R') == StepOutcome::Pushed);
  CHECK(g.stonesLeft() == 0);
  CHECK(g.solved());
  CHECK_FALSE(g.hasStone(g.sink()));
  CHECK(g.play('r') == StepOutcome::Moved);  // the player walks over the sink
  CHECK(g.play('R') == StepOutcome::NotAPush);
  CHECK(g.history() == "RRr");
  REQUIRE(g.undo());
  REQUIRE(g.undo());
  CHECK(g.stonesLeft() == 1);
  CHECK(g.hasStone(g.start().index(2, 0)));
  REQUIRE(g.redo());
  CHECK(g.solved());
  g.seek(1);
  CHECK(g.stonesLeft() == 1);
  CHECK(g.fullHistory() == "RRr");
  g.seek(3);
  CHECK(g.solved());
  g.restart();
  CHECK(g.hasStone(g.start().index(1, 0)));
  CHECK(g.pushes() == 0);
  // Stones block stones and walls block stones.
  SinkGame b(sink("#1\n#5\n#yoo.x\n"));
  CHECK(b.play('r') == StepOutcome::Blocked);
  CHECK(b.walkPath(b.start().index(4, 0)) == std::nullopt);
}

TEST_CASE("sink verify: legal, illegal and unfinished solutions") {
  SinkLevel l = sink("#1\n#5\n#yo.x.\n");
  CHECK(verifySink(l, "RR").solved);
  VerifyResult half = verifySink(l, "R");
  CHECK(half.legal);
  CHECK_FALSE(half.solved);
  VerifyResult bad = verifySink(l, "L");
  CHECK_FALSE(bad.legal);
  CHECK(bad.failedStep == 0);
}

TEST_CASE("sink solver: a five-stone level, and a stone in a corner is unsolvable") {
  SinkOutcome five = solve(sink(kLevel));
  CHECK(five.status == SolveStatus::Solved);
  CHECK(five.pushes == solve(sink(kLevel), false, false).pushes);
  SinkOutcome corner = solve(sink(rows({"*****", "*o..*", "*..y*", "*..x*", "*****"})));
  CHECK(corner.status == SolveStatus::Unsolvable);
  SinkOutcome none = solve(sink("#1\n#3\n#y.x\n"));
  CHECK(none.status == SolveStatus::Solved);
  CHECK(none.pushes == 0);
}

TEST_CASE("sink solver finds the fewest pushes, with and without the stone pusher and patterns") {
  std::mt19937 rng(7);
  int solvable = 0, unsolvable = 0;
  for (int trial = 0; trial < 300 && (solvable < 40 || unsolvable < 10); ++trial) {
    std::optional<SinkLevel> l = randomSinkLevel(rng, 1 + trial % 3);
    if (!l) continue;
    INFO(writeSinkLevel(*l));
    std::optional<int> best = bruteForce(*l);
    for (bool pusher : {true, false})
      for (bool patterns : {true, false}) {
        INFO("pusher " << pusher << ", patterns " << patterns);
        SinkOutcome o = solve(*l, pusher, patterns);
        if (best) {
          REQUIRE(o.status == SolveStatus::Solved);
          CHECK(o.pushes == *best);
        } else {
          CHECK(o.status == SolveStatus::Unsolvable);
        }
      }
    (best ? solvable : unsolvable)++;
  }
  CHECK(solvable >= 40);
  CHECK(unsolvable >= 10);
}

namespace {
// Asks the corridor check about the start position, `moved` being each stone in turn.
bool corridorShut(const SinkLevel& l) {
  Board b(sinkBoard(l));
  std::vector<uint8_t> occupied(b.squareCount(), 0);
  for (int c : l.stones)
    if (b.squareOf(c) != kNoSquare) occupied[b.squareOf(c)] = 1;
  Reach reach(b);
  reach.fill(occupied, b.squareOf(l.player));
  CorridorCheck check(b);
  for (int c : l.stones)
    if (b.squareOf(c) != kNoSquare && check.deadlock(occupied, reach, b.squareOf(c))) return true;
  return false;
}
}  // namespace

TEST_CASE(
    "corridor check: a shut run is dead, and one an end stone can open, or holding the sink, is "
    "not") {
  CHECK(
      corridorShut(sink(rows({"*******", "*y.o..*", "***.oo*", "***...*", "****x**", "*******"}))));
  // The end stone has floor above and below: it can move out of the way.
  CHECK_FALSE(corridorShut(
      sink(rows({"*******", "*y....*", "**.o..*", "***.oo*", "***...*", "****x**", "*******"}))));
  // The run holds the sink: pushing the left stone in sinks it.
  CHECK_FALSE(corridorShut(sink(rows({"*******", "*y.o.x*", "***.o**", "***...*", "*******"}))));
}

TEST_CASE("corridor check never condemns a solvable position (brute force)") {
  std::mt19937 rng(99);
  int shut = 0;
  for (int trial = 0; trial < 20000 && shut < 30; ++trial) {
    std::optional<SinkLevel> l = randomSinkLevel(rng, 2 + trial % 3);
    if (!l || !corridorShut(*l)) continue;
    ++shut;
    INFO(writeSinkLevel(*l));
    CHECK_FALSE(bruteForce(*l));
  }
  CHECK(shut >= 30);
}

TEST_CASE("soko solve-sink solves a sink file and reports bad ones") {
  std::string path = "sink_cli_test_level.txt";
  std::ofstream(path) << kLevel;
  // The level needs one position.
  std::string cmd = std::string(SOKO_CLI) + " solve-sink " + path +
                    " --time 0 --nodes 1000 > sink_cli_test_out.txt";
  CHECK(std::system(cmd.c_str()) == 0);
  std::ifstream out("sink_cli_test_out.txt");
  std::string text((std::istreambuf_iterator<char>(out)), std::istreambuf_iterator<char>());
  CHECK(text.find("status: solved") != std::string::npos);
  std::ofstream(path) << "#1\n#3\n#y.o\n";
  int bad = std::system(
      (std::string(SOKO_CLI) + " solve-sink " + path + " 2>/dev/null >/dev/null").c_str());
  CHECK(WEXITSTATUS(bad) == 2);
  std::remove(path.c_str());
  std::remove("sink_cli_test_out.txt");
}

TEST_CASE("random text never breaks the sink parser, rules or verifier") {
  std::mt19937 rng(3);
  const std::string cells = "..oO**#? ";
  int parsed = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    int h = 1 + static_cast<int>(rng() % 6), w = 1 + static_cast<int>(rng() % 6);
    std::vector<std::string> grid(h);
    for (auto& row : grid)
      for (int x = static_cast<int>(rng() % (w + 2)); x > 0; --x)
        row += cells[rng() % cells.size()];
    // Usually one sink and one player; sometimes none, two, or a broken header.
    for (char c : {'x', 'y', 'X', 'Y'}) {
      auto& row = grid[rng() % h];
      if (c >= 'a' ? rng() % 10 != 0 : rng() % 10 == 0)
        row.insert(row.begin() + rng() % (row.size() + 1), c);
    }
    std::string text =
        "#" + std::to_string(h) + "\n#" + (rng() % 20 ? std::to_string(w) : "w") + "\n";
    for (const auto& row : grid) text += "#" + row + (rng() % 4 ? "\n" : "\r\n");
    SinkParse p = parseSinkLevel(text);
    if (!p.ok()) continue;
    ++parsed;
    SinkGame g(p.level);
    std::string steps;
    for (int i = 0; i < 30; ++i) steps += "udlrUDLR"[rng() % 8];
    g.playAll(steps);
    while (g.undo()) {
    }
    CHECK(g.stonesLeft() == static_cast<int>(p.level.stones.size()));
    CHECK(g.player() == p.level.player);
    VerifyResult v = verifySink(p.level, steps);
    CHECK(v.moves <= static_cast<int>(steps.size()));
    CHECK(parseSinkLevel(writeSinkLevel(p.level)).ok());
  }
  CHECK(parsed > 300);
}
