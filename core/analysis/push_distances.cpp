#include "push_distances.h"

#include <algorithm>

#include "pull_distances.h"

namespace soko {

PushDistances::PushDistances(const Board& board, const std::vector<Square>& targets)
    : board_(board), targets_(static_cast<int>(targets.size())) {
  const int n = board.squareCount();
  const auto sides = sidesAroundBox(board);
  region_.assign(n, {0, 0, 0, 0});
  for (int s = 0; s < n; ++s)
    for (int d = 0; d < 4; ++d) region_[s][d] = sides[s][d] == 0xFF ? 0 : std::min<uint8_t>(sides[s][d], 3);
  if (n <= kTableSquares) {
    regionTable_.assign(static_cast<size_t>(n) * n, 0);
    for (int s = 0; s < n; ++s) {
      uint8_t* row = &regionTable_[static_cast<size_t>(s) * n];
      std::vector<uint8_t> seen(n, 0);
      seen[s] = 1;
      for (Direction d : kDirections) {
        Square start = board.neighbor(static_cast<Square>(s), d);
        if (start == kNoSquare || seen[start]) continue;
        uint8_t label = region_[s][static_cast<int>(d)];
        seen[start] = 1;
        stack_.assign(1, start);
        while (!stack_.empty()) {
          Square q = stack_.back();
          stack_.pop_back();
          row[q] = label;
          for (Direction e : kDirections) {
            Square r = board.neighbor(q, e);
            if (r != kNoSquare && !seen[r]) seen[r] = 1, stack_.push_back(r);
          }
        }
      }
    }
  }
  cost_.assign(static_cast<size_t>(n) * kRows * targets_, kUnreachable);
  nearest_.assign(n, kUnreachable);
  // One backward breadth-first search per target over (box square, region):
  // pull the lone box away from the target; a pull from s' towards side d
  // undoes a push made from that side.
  std::vector<int32_t> dist(static_cast<size_t>(n) * 4);
  std::vector<uint32_t> queue;
  for (int t = 0; t < targets_; ++t) {
    std::fill(dist.begin(), dist.end(), -1);
    queue.clear();
    Square goal = targets[t];
    for (int d = 0; d < 4; ++d) {
      uint32_t state = goal * 4u + region_[goal][d];
      if (board.neighbor(goal, kDirections[d]) != kNoSquare && dist[state] < 0) {
        dist[state] = 0;
        queue.push_back(state);
      }
    }
    for (size_t head = 0; head < queue.size(); ++head) {
      uint32_t state = queue[head];
      Square box = static_cast<Square>(state / 4);
      int label = static_cast<int>(state % 4);
      for (Direction d : kDirections) {
        // The push that ended here left the player on side d of the box, in this region.
        if (sides[box][static_cast<int>(d)] == 0xFF || region_[box][static_cast<int>(d)] != label) continue;
        Square before = board.neighbor(box, d);
        if (before == kNoSquare || board.neighbor(before, d) == kNoSquare) continue;
        uint32_t prev = before * 4u + region_[before][static_cast<int>(d)];
        if (dist[prev] >= 0) continue;
        dist[prev] = dist[state] + 1;
        queue.push_back(prev);
      }
    }
    for (int s = 0; s < n; ++s) {
      int32_t any = kUnreachable;
      for (int r = 0; r < 4; ++r) {
        int32_t v = dist[s * 4 + r] >= 0 ? dist[s * 4 + r] : kUnreachable;
        cost_[(static_cast<size_t>(s) * kRows + r) * targets_ + t] = v;
        any = std::min(any, v);
      }
      cost_[(static_cast<size_t>(s) * kRows + kAny) * targets_ + t] = any;
      nearest_[s] = std::min(nearest_[s], any);
    }
  }
}

int PushDistances::regionOf(Square s, Square p) const {
  const int n = board_.squareCount();
  if (!regionTable_.empty()) return regionTable_[static_cast<size_t>(s) * n + p];
  // Walk from p around the box until a side of it is touched.
  scratch_.assign(n, 0);
  scratch_[s] = 1;
  scratch_[p] = 1;
  stack_.assign(1, p);
  while (!stack_.empty()) {
    Square q = stack_.back();
    stack_.pop_back();
    for (Direction e : kDirections) {
      Square r = board_.neighbor(q, e);
      if (r == kNoSquare) continue;
      if (r == s) return region_[s][static_cast<int>(opposite(e))];
      if (!scratch_[r]) scratch_[r] = 1, stack_.push_back(r);
    }
  }
  return kAny;  // p is cut off from the box: no push of it is possible anyway
}

}  // namespace soko
