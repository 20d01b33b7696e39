#include <catch2/catch.hpp>

#include <algorithm>
#include <optional>
#include <random>
#include <set>

#include "format.h"
#include "search/dead_squares.h"
#include "search/freeze.h"
#include "solver.h"

using namespace soko;

namespace {

Level one(const std::string& text) {
  Collection c = parseCollection(text);
  REQUIRE(c.errors.empty());
  REQUIRE(c.levels.size() == 1);
  return c.levels[0];
}

std::vector<uint8_t> goalMask(const Board& b) {
  std::vector<uint8_t> m(b.squareCount(), 0);
  for (Square g : b.goals()) m[g] = 1;
  return m;
}

std::vector<uint8_t> boxMask(const Board& b) {
  std::vector<uint8_t> m(b.squareCount(), 0);
  for (Square s : b.startBoxes()) m[s] = 1;
  return m;
}

// Asks the push-freeze check about the box at (x, y) of the level's start position.
bool pushFrozen(const std::string& text, int x, int y) {
  Level l = one(text);
  Board b(l);
  FreezeCheck check(b, pushDeadSquares(b), goalMask(b));
  return check.pushDeadlock(boxMask(b), b.squareOf(l.index(x, y)));
}

// A random small closed level with `boxes` boxes, or nothing if the dice made a bad one.
std::optional<Level> randomLevel(std::mt19937& rng, int boxes) {
  const int w = 7, h = 6;
  std::string text;
  std::uniform_int_distribution<int> pct(0, 99);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) text += (y == 0 || x == 0 || y == h - 1 || x == w - 1 || pct(rng) < 15) ? '#' : ' ';
    text += '\n';
  }
  std::vector<size_t> floor;
  for (size_t i = 0; i < text.size(); ++i)
    if (text[i] == ' ') floor.push_back(i);
  if (static_cast<int>(floor.size()) < 2 * boxes + 1) return std::nullopt;
  std::shuffle(floor.begin(), floor.end(), rng);
  text[floor[0]] = '@';
  for (int i = 0; i < boxes; ++i) text[floor[1 + i]] = '$', text[floor[1 + boxes + i]] = '.';
  Collection c = parseCollection(text);
  if (!c.errors.empty() || c.levels.size() != 1) return std::nullopt;
  return c.levels[0];
}

// Every box arrangement (with the player's region) reachable by pushes from the start.
std::set<std::vector<Square>> reachableArrangements(const Level& level) {
  Board b(level);
  std::set<std::pair<std::vector<Square>, Square>> seen;
  std::set<std::vector<Square>> boxes;
  std::vector<std::pair<std::vector<Square>, Square>> todo{{b.startBoxes(), b.startPlayer()}};
  while (!todo.empty()) {
    auto [bx, player] = todo.back();
    todo.pop_back();
    std::vector<uint8_t> occ(b.squareCount(), 0), reach(b.squareCount(), 0);
    for (Square s : bx) occ[s] = 1;
    std::vector<Square> stack{player};
    reach[player] = 1;
    Square smallest = player;
    while (!stack.empty()) {
      Square s = stack.back();
      stack.pop_back();
      for (Direction d : kDirections) {
        Square n = b.neighbor(s, d);
        if (n != kNoSquare && !occ[n] && !reach[n]) reach[n] = 1, smallest = std::min(smallest, n), stack.push_back(n);
      }
    }
    if (!seen.insert({bx, smallest}).second) continue;
    boxes.insert(bx);
    for (size_t i = 0; i < bx.size(); ++i)
      for (Direction d : kDirections) {
        Square from = b.neighbor(bx[i], opposite(d)), to = b.neighbor(bx[i], d);
        if (from == kNoSquare || to == kNoSquare || !reach[from] || occ[to]) continue;
        std::vector<Square> next = bx;
        next[i] = to;
        std::sort(next.begin(), next.end());
        todo.push_back({next, bx[i]});
      }
  }
  return boxes;
}

}  // namespace

TEST_CASE("freeze: two boxes side by side on a wall, off goal, are a deadlock") {
  //   ######
  //   #$$  #   the boxes hold each other; the wall holds both
  //   #  ..#
  //   #@   #
  //   ######
  CHECK(pushFrozen("######\n# $$ #\n#  ..#\n#@   #\n######\n", 2, 1));
  // The same on goals is fine.
  CHECK_FALSE(pushFrozen("######\n# ** #\n#    #\n#@   #\n######\n", 2, 1));
  // One on a goal, one not: still a deadlock.
  CHECK(pushFrozen("######\n# *$ #\n#  . #\n#@   #\n######\n", 2, 1));
}

TEST_CASE("freeze: a square of four boxes is a deadlock anywhere") {
  const char* square =
      "########\n"
      "#      #\n"
      "#  $$  #\n"
      "#  $$  #\n"
      "# @....#\n"
      "########\n";
  CHECK(pushFrozen(square, 3, 2));
}

TEST_CASE("freeze: a box with room on one axis is not frozen") {
  CHECK_FALSE(pushFrozen("#######\n#     #\n#  $  #\n#  .  #\n#@    #\n#######\n", 3, 2));
  CHECK_FALSE(pushFrozen("######\n#    #\n# $$ #\n# .. #\n#@   #\n######\n", 2, 2));
}

TEST_CASE("freeze: a box between two dead squares on a wall is stuck on that axis") {
  //   #####
  //   #x$x#   left and right of the box are dead (top wall, no goal), and
  //   #   #   the wall blocks it vertically: frozen off goal.
  //   #@ .#
  //   #####
  CHECK(pushFrozen("#####\n# $ #\n#   #\n#@ .#\n#####\n", 2, 1));
}

TEST_CASE("freeze never condemns a position that can still be solved (brute force)") {
  std::mt19937 rng(2024);
  int checked = 0, deadlocks = 0;
  for (int round = 0; round < 400 && checked < 150; ++round) {
    std::optional<Level> level = randomLevel(rng, 2 + round % 2);
    if (!level) continue;
    Board b(*level);
    FreezeCheck check(b, pushDeadSquares(b), goalMask(b));
    std::vector<uint8_t> occ = boxMask(b);
    for (Square s : b.startBoxes()) {
      if (!check.pushDeadlock(occ, s)) continue;
      ++deadlocks;
      SolverOptions o;
      o.method = "bfs";
      o.timeLimitSeconds = 20;
      Solver solver(*level, o);
      INFO(writeLevel(*level));
      CHECK(solver.solve() == SolveStatus::Unsolvable);
    }
    ++checked;
  }
  CHECK(checked >= 100);
  CHECK(deadlocks >= 10);  // the test saw real deadlocks, not only easy passes
}

TEST_CASE("pull freeze never condemns an arrangement pushes can reach (brute force)") {
  std::mt19937 rng(77);
  int checked = 0, deadlocks = 0;
  for (int round = 0; round < 300 && checked < 80; ++round) {
    std::optional<Level> level = randomLevel(rng, 2);
    if (!level) continue;
    Board b(*level);
    std::set<std::vector<Square>> reachable = reachableArrangements(*level);
    FreezeCheck check(b, {}, boxMask(b));  // targets: the start squares
    // Try every arrangement of two boxes on the board.
    for (Square a = 0; a < b.squareCount(); ++a)
      for (Square c = a + 1; c < b.squareCount(); ++c) {
        std::vector<uint8_t> occ(b.squareCount(), 0);
        occ[a] = occ[c] = 1;
        if (!check.pullDeadlock(occ, a) && !check.pullDeadlock(occ, c)) continue;
        ++deadlocks;
        CHECK(reachable.count({a, c}) == 0);
      }
    ++checked;
  }
  CHECK(checked >= 50);
  CHECK(deadlocks >= 50);
}
