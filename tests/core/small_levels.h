// Random small levels and their complete push graphs, for checking deadlock
// detectors against exhaustive search: a detector may only condemn positions
// from which no sequence of pushes solves the level.
#pragma once

#include <algorithm>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "analysis/board.h"
#include "format.h"

namespace soko::testing {

// Goals grown as a blob from the first of `floor` (shuffled), then the
// player and the boxes on the next free squares; false when the blob
// cannot grow to `boxes` goals.
inline bool placeGoalRoom(std::string& text, const std::vector<size_t>& floor, int boxes,
                          long stride) {
  std::vector<size_t> blob{floor[0]};
  text[floor[0]] = '.';
  for (size_t k = 0; k < blob.size() && static_cast<int>(blob.size()) < boxes; ++k)
    for (long step : {1L, -1L, stride, -stride}) {
      const long n = static_cast<long>(blob[k]) + step;
      if (n >= 0 && n < static_cast<long>(text.size()) && text[n] == ' ' &&
          static_cast<int>(blob.size()) < boxes)
        text[n] = '.', blob.push_back(static_cast<size_t>(n));
    }
  if (static_cast<int>(blob.size()) < boxes) return false;
  int placed = -1;  // the player first
  for (size_t i = 1; i < floor.size() && placed < boxes; ++i)
    if (text[floor[i]] == ' ') text[floor[i]] = placed++ < 0 ? '@' : '$';
  return placed == boxes;
}

// A random closed w x h level with `boxes` boxes and goals, or nothing if
// the dice made a bad one. `goalRoom`: the goals a blob grown from one floor
// square, where the order of filling matters.
inline std::optional<Level> randomSmallLevel(std::mt19937& rng, int boxes, int w = 7, int h = 6,
                                             int wallPct = 15, bool goalRoom = false) {
  std::string text;
  std::uniform_int_distribution<int> pct(0, 99);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x)
      text += (y == 0 || x == 0 || y == h - 1 || x == w - 1 || pct(rng) < wallPct) ? '#' : ' ';
    text += '\n';
  }
  std::vector<size_t> floor;
  for (size_t i = 0; i < text.size(); ++i)
    if (text[i] == ' ') floor.push_back(i);
  if (static_cast<int>(floor.size()) < 2 * boxes + 1) return std::nullopt;
  std::shuffle(floor.begin(), floor.end(), rng);
  if (goalRoom) {
    if (!placeGoalRoom(text, floor, boxes, w + 1)) return std::nullopt;
  } else {
    text[floor[0]] = '@';
    for (int i = 0; i < boxes; ++i) text[floor[1 + i]] = '$', text[floor[1 + boxes + i]] = '.';
  }
  Collection c = parseCollection(text);
  if (!c.errors.empty() || c.levels.size() != 1) return std::nullopt;
  Board b(c.levels[0]);
  if (b.boxCount() != boxes || static_cast<int>(b.goals().size()) != boxes) return std::nullopt;
  return c.levels[0];
}

// Calls visit(level) on up to `want` levels (of 20,000 tries) drawn from
// `seed`: the usual random kind (4 boxes, 8 x 6, 15 % walls) or, with
// `goalRoom`, levels whose goals form a room (5 boxes, 8 x 7, 20 % walls).
// Returns how many.
template <class Visit>
int forSmallLevels(uint32_t seed, bool goalRoom, int want, Visit visit) {
  std::mt19937 rng(seed);
  int levels = 0;
  for (int round = 0; round < 20000 && levels < want; ++round) {
    auto level =
        goalRoom ? randomSmallLevel(rng, 5, 8, 7, 20, true) : randomSmallLevel(rng, 4, 8, 6, 15);
    if (!level) continue;
    visit(*level);
    ++levels;
  }
  return levels;
}

// Every position reachable by pushes from the start (boxes sorted, player
// normalised to the smallest square of its region), and which can still be solved.
struct PushGraph {
  struct Position {
    std::vector<Square> boxes;
    Square player;
    bool solvable = false;
  };
  std::vector<Position> positions;
};

inline Square normalPlayer(const Board& b, const std::vector<uint8_t>& occ, Square player,
                           std::vector<uint8_t>* reachOut = nullptr) {
  std::vector<uint8_t> reach(b.squareCount(), 0);
  std::vector<Square> stack{player};
  reach[player] = 1;
  Square smallest = player;
  while (!stack.empty()) {
    Square s = stack.back();
    stack.pop_back();
    for (Direction d : kDirections) {
      Square n = b.neighbor(s, d);
      if (n != kNoSquare && !occ[n] && !reach[n])
        reach[n] = 1, smallest = std::min(smallest, n), stack.push_back(n);
    }
  }
  if (reachOut) *reachOut = reach;
  return smallest;
}

inline PushGraph pushGraph(const Level& level, size_t limit = 200000) {
  Board b(level);
  PushGraph g;
  std::map<std::pair<std::vector<Square>, Square>, int> index;
  std::vector<std::vector<int>> parents;  // reverse edges
  std::vector<uint8_t> occ(b.squareCount(), 0);
  auto add = [&](const std::vector<Square>& boxes, Square player, int parent) {
    for (Square s : boxes) occ[s] = 1;
    Square normal = normalPlayer(b, occ, player);
    for (Square s : boxes) occ[s] = 0;
    auto [it, inserted] = index.insert({{boxes, normal}, static_cast<int>(g.positions.size())});
    if (inserted) {
      g.positions.push_back({boxes, normal, false});
      parents.emplace_back();
    }
    if (parent >= 0) parents[it->second].push_back(parent);
  };
  add(b.startBoxes(), b.startPlayer(), -1);
  for (size_t i = 0; i < g.positions.size() && g.positions.size() < limit; ++i) {
    std::vector<Square> bx = g.positions[i].boxes;
    for (Square s : bx) occ[s] = 1;
    std::vector<uint8_t> reach;
    normalPlayer(b, occ, g.positions[i].player, &reach);
    for (Square s : bx) occ[s] = 0;
    for (size_t k = 0; k < bx.size(); ++k)
      for (Direction d : kDirections) {
        Square from = b.neighbor(bx[k], opposite(d)), to = b.neighbor(bx[k], d);
        if (from == kNoSquare || to == kNoSquare || !reach[from] ||
            std::count(bx.begin(), bx.end(), to))
          continue;
        std::vector<Square> next = bx;
        next[k] = to;
        std::sort(next.begin(), next.end());
        add(next, bx[k], static_cast<int>(i));
      }
  }
  std::vector<int> todo;
  for (size_t i = 0; i < g.positions.size(); ++i)
    if (std::all_of(g.positions[i].boxes.begin(), g.positions[i].boxes.end(),
                    [&](Square s) { return b.isGoal(s); }))
      g.positions[i].solvable = true, todo.push_back(static_cast<int>(i));
  while (!todo.empty()) {
    int i = todo.back();
    todo.pop_back();
    for (int p : parents[i])
      if (!g.positions[p].solvable) g.positions[p].solvable = true, todo.push_back(p);
  }
  return g;
}

}  // namespace soko::testing
