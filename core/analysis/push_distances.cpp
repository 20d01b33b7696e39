#include "push_distances.h"

#include <algorithm>

#include "pull_distances.h"

namespace soko {

PushDistances::PushDistances(const Board& board, const std::vector<Square>& targets, bool inPieces)
    : board_(board), targetSquares_(targets), targets_(targets.size()) {
  if (!inPieces)
    while (!buildPiece()) {
    }
}

uint64_t PushDistances::bytesFor(int squares, int targets) {
  const uint64_t n = static_cast<uint64_t>(squares);
  const uint64_t table = squares <= kTableSquares ? n * n : 0;
  return n * kRows * static_cast<uint64_t>(targets) * sizeof(int32_t) + table +
         n * (sizeof(int32_t) + 4 + 4 + 4 * sizeof(int32_t));
}

uint64_t PushDistances::memoryBytes() const {
  return cost_.memoryBytes() + nearest_.size() * sizeof(int32_t) + regionTable_.size() +
         (region_.size() + sides_.size()) * 4 + dist_.capacity() * sizeof(int32_t) +
         queue_.capacity() * sizeof(uint32_t);
}

bool PushDistances::buildPiece() {
  if (!cost_.allocated()) {
    start();
    return false;
  }
  if (!cost_.filled()) {  // the pages touched a share at a time (paged_table.h)
    cost_.fillPiece(kUnreachable);
    return false;
  }
  if (!regionTable_.empty() && tableRows_ < board_.squareCount()) {
    buildRegionRows();
    return false;
  }
  if (next_ < targets_) buildColumn(next_++);
  if (!complete()) return false;
  sides_ = {};
  dist_ = {};
  queue_ = {};
  return true;
}

// The sides around each square, their regions, and room for the tables.
void PushDistances::start() {
  const int n = board_.squareCount();
  sides_ = sidesAroundBox(board_);
  region_.assign(n, {0, 0, 0, 0});
  for (int s = 0; s < n; ++s)
    for (int d = 0; d < 4; ++d)
      region_[s][d] = sides_[s][d] == 0xFF ? 0 : std::min<uint8_t>(sides_[s][d], 3);
  if (n <= kTableSquares) regionTable_.assign(static_cast<size_t>(n) * n, 0);
  cost_.allocate(static_cast<size_t>(n) * kRows * targets_);  // each column written whole
  nearest_.assign(n, kUnreachable);
  dist_.resize(static_cast<size_t>(n) * 4);
}

// The next rows of the (box, player) region table: a flood per side of each box.
void PushDistances::buildRegionRows() {
  const int n = board_.squareCount();
  std::vector<uint8_t> seen(n);
  const int end = std::min(n, tableRows_ + kTableRowsPerPiece);
  for (int s = tableRows_; s < end; ++s) {
    uint8_t* row = &regionTable_[static_cast<size_t>(s) * n];
    std::fill(seen.begin(), seen.end(), 0);
    seen[s] = 1;
    for (Direction d : kDirections) {
      Square start = board_.neighbor(static_cast<Square>(s), d);
      if (start == kNoSquare || seen[start]) continue;
      uint8_t label = region_[s][static_cast<int>(d)];
      seen[start] = 1;
      stack_.assign(1, start);
      while (!stack_.empty()) {
        Square q = stack_.back();
        stack_.pop_back();
        row[q] = label;
        for (Direction e : kDirections) {
          Square r = board_.neighbor(q, e);
          if (r != kNoSquare && !seen[r]) seen[r] = 1, stack_.push_back(r);
        }
      }
    }
  }
  tableRows_ = end;
}

// One backward breadth-first search from target t over (box square,
// region): pull the lone box away from the target; a pull from s' towards
// side d undoes a push made from that side.
void PushDistances::buildColumn(size_t t) {
  const int n = board_.squareCount();
  std::fill(dist_.begin(), dist_.end(), -1);
  queue_.clear();
  Square goal = targetSquares_[t];
  for (int d = 0; d < 4; ++d) {
    uint32_t state = goal * 4u + region_[goal][d];
    if (board_.neighbor(goal, kDirections[d]) != kNoSquare && dist_[state] < 0) {
      dist_[state] = 0;
      queue_.push_back(state);
    }
  }
  for (size_t head = 0; head < queue_.size(); ++head) {
    uint32_t state = queue_[head];
    Square box = static_cast<Square>(state / 4);
    int label = static_cast<int>(state % 4);
    for (Direction d : kDirections) {
      // The push that ended here left the player on side d of the box, in this region.
      if (sides_[box][static_cast<int>(d)] == 0xFF || region_[box][static_cast<int>(d)] != label)
        continue;
      Square before = board_.neighbor(box, d);
      if (before == kNoSquare || board_.neighbor(before, d) == kNoSquare) continue;
      uint32_t prev = before * 4u + region_[before][static_cast<int>(d)];
      if (dist_[prev] >= 0) continue;
      dist_[prev] = dist_[state] + 1;
      queue_.push_back(prev);
    }
  }
  const size_t targets = targets_;
  for (int s = 0; s < n; ++s) {
    int32_t any = kUnreachable;
    for (int r = 0; r < 4; ++r) {
      int32_t v = dist_[s * 4 + r] >= 0 ? dist_[s * 4 + r] : kUnreachable;
      cost_[(static_cast<size_t>(s) * kRows + r) * targets + t] = v;
      any = std::min(any, v);
    }
    cost_[(static_cast<size_t>(s) * kRows + kAny) * targets + t] = any;
    nearest_[s] = std::min(nearest_[s], any);
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
