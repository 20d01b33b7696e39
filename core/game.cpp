#include "game.h"

#include <algorithm>
#include <cctype>
#include <deque>
#include <limits>
#include <queue>

#include "lurd.h"

namespace soko {

Game::Game(Level level) : start_(std::move(level)), player_(start_.player) {
  boxes_.assign(start_.cells.size(), 0);
  for (size_t c = 0; c < start_.cells.size(); ++c) {
    if (start_.cells[c] & kBox) {
      boxes_[c] = 1;
      if (!(start_.cells[c] & kGoal)) ++boxesOffGoal_;
    }
  }
}

StepOutcome Game::apply(char step) {
  std::optional<Direction> d = lurdDirection(step);
  if (!d) return StepOutcome::Blocked;
  int next = start_.step(player_, *d);
  if (next < 0 || isWall(next)) return StepOutcome::Blocked;
  if (!hasBox(next)) {
    if (isPush(step)) return StepOutcome::NotAPush;
    player_ = next;
    return StepOutcome::Moved;
  }
  int beyond = start_.step(next, *d);
  if (!free(beyond)) return StepOutcome::Blocked;
  boxes_[next] = 0;
  boxes_[beyond] = 1;
  boxesOffGoal_ += (isGoal(next) ? 1 : 0) - (isGoal(beyond) ? 1 : 0);
  player_ = next;
  ++pushesDone_;
  return StepOutcome::Pushed;
}

void Game::unapply(char step) {
  Direction d = *lurdDirection(step);
  int back = start_.step(player_, opposite(d));
  if (isPush(step)) {
    int box = start_.step(player_, d);
    boxes_[box] = 0;
    boxes_[player_] = 1;
    boxesOffGoal_ += (isGoal(box) ? 1 : 0) - (isGoal(player_) ? 1 : 0);
    --pushesDone_;
  }
  player_ = back;
}

Level Game::currentLevel() const {
  Level level = start_;
  for (size_t c = 0; c < level.cells.size(); ++c) {
    level.cells[c] = static_cast<uint8_t>((level.cells[c] & ~kBox) | (boxes_[c] ? kBox : 0));
  }
  level.player = player_;
  level.solutions.clear();
  return level;
}

// Breadth-first walking distances from `from`, treating boxes (and the cell
// `blockedExtra`, if not -1) as walls. -1 where unreachable.
std::vector<int> Game::walkDistances(int from, int blockedExtra) const {
  std::vector<int> dist(start_.cells.size(), -1);
  std::deque<int> queue{from};
  dist[from] = 0;
  while (!queue.empty()) {
    int cell = queue.front();
    queue.pop_front();
    for (Direction d : kDirections) {
      int next = start_.step(cell, d);
      if (next < 0 || dist[next] >= 0 || next == blockedExtra || !free(next)) continue;
      dist[next] = dist[cell] + 1;
      queue.push_back(next);
    }
  }
  return dist;
}

std::optional<std::string> Game::walkPath(int target) const {
  if (target < 0 || target >= static_cast<int>(start_.cells.size())) return std::nullopt;
  if (target == player_) return std::string();
  if (!free(target)) return std::nullopt;
  // Search backwards from the target so the path can be read off forwards.
  std::vector<int> dist = walkDistances(target, -1);
  if (dist[player_] < 0) return std::nullopt;
  std::string path;
  for (int cell = player_; cell != target;) {
    for (Direction d : kDirections) {
      int next = start_.step(cell, d);
      if (next >= 0 && dist[next] == dist[cell] - 1) {
        path += lurdChar(d, false);
        cell = next;
        break;
      }
    }
  }
  return path;
}

std::optional<std::string> Game::pushPath(int box, int target) const {
  const int n = static_cast<int>(start_.cells.size());
  if (box < 0 || box >= n || target < 0 || target >= n || !hasBox(box)) return std::nullopt;
  if (box == target) return std::string();
  if (isWall(target) || (hasBox(target))) return std::nullopt;

  // Dijkstra over (box cell, side the player stands on after the last push),
  // cost = pushes first, then moves. State n*4 is "no push yet".
  using Cost = std::pair<int, int>;  // pushes, moves
  const Cost kInf{std::numeric_limits<int>::max(), 0};
  const int start = n * 4;
  std::vector<Cost> best(static_cast<size_t>(n) * 4 + 1, kInf);
  std::vector<int> parent(best.size(), -1);
  using Item = std::pair<Cost, int>;
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> open;
  best[start] = {0, 0};
  open.push({best[start], start});
  int goalState = -1;

  // The game's own box at `box` moves; the other boxes stay as they are.
  auto freeFor = [&](int cell) {
    return cell >= 0 && !isWall(cell) && (!hasBox(cell) || cell == box);
  };
  while (!open.empty()) {
    auto [cost, state] = open.top();
    open.pop();
    if (cost != best[state]) continue;
    int boxAt = state == start ? box : state / 4;
    int playerAt =
        state == start ? player_ : start_.step(boxAt, opposite(static_cast<Direction>(state % 4)));
    if (boxAt == target) {
      goalState = state;
      break;
    }
    // Walking distances with the box moved to boxAt.
    std::vector<int> dist(n, -1);
    std::deque<int> queue{playerAt};
    dist[playerAt] = 0;
    while (!queue.empty()) {
      int cell = queue.front();
      queue.pop_front();
      for (Direction d : kDirections) {
        int next = start_.step(cell, d);
        if (!freeFor(next) || next == boxAt || dist[next] >= 0) continue;
        dist[next] = dist[cell] + 1;
        queue.push_back(next);
      }
    }
    for (Direction d : kDirections) {
      int from = start_.step(boxAt, opposite(d));
      int to = start_.step(boxAt, d);
      if (from < 0 || dist[from] < 0 || !freeFor(to)) continue;
      int next = to * 4 + static_cast<int>(d);
      Cost c{cost.first + 1, cost.second + dist[from] + 1};
      if (c < best[next]) {
        best[next] = c;
        parent[next] = state;
        open.push({c, next});
      }
    }
  }
  if (goalState < 0) return std::nullopt;

  // Rebuild: the chain of pushes, then the walks between them.
  std::vector<int> chain;
  for (int s = goalState; s != start; s = parent[s]) chain.push_back(s);
  std::reverse(chain.begin(), chain.end());
  Game replay = *this;
  std::string lurd;
  int boxAt = box;
  for (int s : chain) {
    Direction d = static_cast<Direction>(s % 4);
    std::optional<std::string> walk = replay.walkPath(start_.step(boxAt, opposite(d)));
    if (!walk) return std::nullopt;  // cannot happen: the search found this walk
    replay.playAll(*walk);
    replay.play(lurdChar(d, true));
    lurd += *walk + lurdChar(d, true);
    boxAt = start_.step(boxAt, d);
  }
  return lurd;
}

}  // namespace soko
