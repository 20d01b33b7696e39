#include "pull_distances.h"

#include <algorithm>
#include <array>

namespace soko {

std::vector<std::array<uint8_t, 4>> sidesAroundBox(const Board& board) {
  const int n = board.squareCount();
  std::vector<std::array<uint8_t, 4>> sides(n);
  std::vector<uint32_t> mark(n, 0);
  std::vector<Square> stack;
  uint32_t stamp = 0;
  for (int s = 0; s < n; ++s) {
    sides[s].fill(0xFF);
    uint8_t label = 0;
    for (Direction d : kDirections) {
      Square start = board.neighbor(static_cast<Square>(s), d);
      int di = static_cast<int>(d);
      if (start == kNoSquare || sides[s][di] != 0xFF) continue;
      ++stamp;
      mark[s] = stamp;  // the box
      mark[start] = stamp;
      stack.assign(1, start);
      while (!stack.empty()) {
        Square q = stack.back();
        stack.pop_back();
        for (Direction e : kDirections) {
          Square r = board.neighbor(q, e);
          if (r == kNoSquare || mark[r] == stamp) continue;
          mark[r] = stamp;
          stack.push_back(r);
        }
      }
      for (Direction e : kDirections) {
        Square r = board.neighbor(static_cast<Square>(s), e);
        if (r != kNoSquare && mark[r] == stamp) sides[s][static_cast<int>(e)] = label;
      }
      ++label;
    }
  }
  return sides;
}

PullDistances::PullDistances(const Board& board, const std::vector<Square>& targets)
    : targets_(static_cast<int>(targets.size())) {
  const int n = board.squareCount();
  cost_.assign(static_cast<size_t>(n) * targets_, kUnreachable);
  nearest_.assign(n, kUnreachable);
  const auto sides = sidesAroundBox(board);
  std::vector<int32_t> dist(static_cast<size_t>(n) * 4);
  std::vector<uint32_t> queue;
  for (int t = 0; t < targets_; ++t) {
    std::fill(dist.begin(), dist.end(), -1);
    queue.clear();
    Square from = targets[t];
    for (Direction d : kDirections)
      if (board.neighbor(from, d) != kNoSquare) {
        dist[from * 4 + static_cast<int>(d)] = 0;
        queue.push_back(from * 4 + static_cast<int>(d));
      }
    for (size_t head = 0; head < queue.size(); ++head) {
      uint32_t state = queue[head];
      Square box = static_cast<Square>(state / 4);
      int side = static_cast<int>(state % 4);
      for (Direction e : kDirections) {
        // Push towards e: the player stands on the opposite side.
        int behind = static_cast<int>(opposite(e));
        Square to = board.neighbor(box, e);
        if (to == kNoSquare || board.neighbor(box, opposite(e)) == kNoSquare) continue;
        if (sides[box][behind] != sides[box][side]) continue;
        uint32_t next = to * 4u + static_cast<uint32_t>(behind);
        if (dist[next] >= 0) continue;
        dist[next] = dist[state] + 1;
        queue.push_back(next);
      }
    }
    for (int s = 0; s < n; ++s) {
      int32_t best = kUnreachable;
      for (int d = 0; d < 4; ++d)
        if (dist[s * 4 + d] >= 0) best = std::min(best, dist[s * 4 + d]);
      cost_[static_cast<size_t>(s) * targets_ + t] = best;
      nearest_[s] = std::min(nearest_[s], best);
    }
  }
}

std::vector<uint8_t> doorwaySquares(const Board& board) {
  // Tarjan's articulation points, iteratively (boards can be large).
  const int n = board.squareCount();
  std::vector<uint8_t> door(n, 0);
  std::vector<int> order(n, -1), low(n, 0), parent(n, -1), childCount(n, 0);
  std::vector<std::pair<int, int>> stack;  // square, next direction to try
  int counter = 0;
  for (int root = 0; root < n; ++root) {
    if (order[root] >= 0) continue;
    order[root] = low[root] = counter++;
    stack.push_back({root, 0});
    while (!stack.empty()) {
      auto& [s, dir] = stack.back();
      if (dir < 4) {
        Square r = board.neighbor(static_cast<Square>(s), kDirections[dir++]);
        if (r == kNoSquare) continue;
        if (order[r] < 0) {
          parent[r] = s;
          ++childCount[s];
          order[r] = low[r] = counter++;
          stack.push_back({r, 0});
        } else if (r != parent[s]) {
          low[s] = std::min(low[s], order[r]);
        }
        continue;
      }
      int done = s;
      stack.pop_back();
      int p = parent[done];
      if (p >= 0) {
        low[p] = std::min(low[p], low[done]);
        if (parent[p] >= 0 && low[done] >= order[p]) door[p] = 1;
      }
    }
    if (childCount[root] > 1) door[root] = 1;
  }
  return door;
}

}  // namespace soko
