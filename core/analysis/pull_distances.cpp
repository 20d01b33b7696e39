#include "pull_distances.h"

#include <algorithm>
#include <array>

#include "cut_squares.h"

namespace soko {

std::vector<std::array<uint8_t, 4>> sidesAroundBox(const Board& board) {
  // The cut squares of the empty board answer for every square at once
  // (a flood per square would cost squares^2 on a large board).
  CutSquares cuts(board);
  cuts.build(std::vector<uint8_t>(board.squareCount(), 0));
  std::vector<std::array<uint8_t, 4>> sides(board.squareCount());
  for (int s = 0; s < board.squareCount(); ++s) sides[s] = cuts.sideLabels(static_cast<Square>(s));
  return sides;
}

PullDistances::PullDistances(const Board& board, const std::vector<Square>& targets, bool inPieces)
    : board_(board), targetSquares_(targets), targets_(targets.size()) {
  if (!inPieces)
    while (!buildPiece()) {
    }
}

uint64_t PullDistances::bytesFor(int squares, int targets) {
  return static_cast<uint64_t>(squares) * (static_cast<uint64_t>(targets) * sizeof(int32_t) +
                                           sizeof(int32_t) + 4 + 4 * sizeof(int32_t));
}

uint64_t PullDistances::memoryBytes() const {
  return cost_.memoryBytes() + nearest_.size() * sizeof(int32_t) + sides_.size() * 4 +
         dist_.capacity() * sizeof(int32_t) + queue_.capacity() * sizeof(uint32_t);
}

bool PullDistances::buildPiece() {
  const int n = board_.squareCount();
  if (!cost_.allocated()) {
    sides_ = sidesAroundBox(board_);
    cost_.allocate(static_cast<size_t>(n) * targets_);  // each column written whole
    nearest_.assign(n, kUnreachable);
    dist_.resize(static_cast<size_t>(n) * 4);
  }
  if (!cost_.filled()) {  // the pages touched a share at a time (paged_table.h)
    cost_.fillPiece(kUnreachable);
    return false;
  }
  if (next_ < targets_) buildColumn(next_++);
  if (!complete()) return false;
  sides_ = {};
  dist_ = {};
  queue_ = {};
  return true;
}

void PullDistances::buildColumn(size_t t) {
  const int n = board_.squareCount();
  std::fill(dist_.begin(), dist_.end(), -1);
  queue_.clear();
  Square from = targetSquares_[t];
  for (Direction d : kDirections)
    if (board_.neighbor(from, d) != kNoSquare) {
      dist_[from * 4 + static_cast<int>(d)] = 0;
      queue_.push_back(from * 4 + static_cast<int>(d));
    }
  for (size_t head = 0; head < queue_.size(); ++head) {
    uint32_t state = queue_[head];
    Square box = static_cast<Square>(state / 4);
    int side = static_cast<int>(state % 4);
    for (Direction e : kDirections) {
      // Push towards e: the player stands on the opposite side.
      int behind = static_cast<int>(opposite(e));
      Square to = board_.neighbor(box, e);
      if (to == kNoSquare || board_.neighbor(box, opposite(e)) == kNoSquare) continue;
      if (sides_[box][behind] != sides_[box][side]) continue;
      uint32_t next = to * 4u + static_cast<uint32_t>(behind);
      if (dist_[next] >= 0) continue;
      dist_[next] = dist_[state] + 1;
      queue_.push_back(next);
    }
  }
  const size_t targets = targets_;
  for (int s = 0; s < n; ++s) {
    int32_t best = kUnreachable;
    for (int d = 0; d < 4; ++d)
      if (dist_[s * 4 + d] >= 0) best = std::min(best, dist_[s * 4 + d]);
    cost_[static_cast<size_t>(s) * targets + t] = best;
    nearest_[s] = std::min(nearest_[s], best);
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
