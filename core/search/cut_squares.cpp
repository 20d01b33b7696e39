#include "cut_squares.h"

#include <algorithm>

namespace soko {

CutSquares::CutSquares(const Board& board)
    : board_(board),
      disc_(board.squareCount(), -1),
      low_(board.squareCount(), 0),
      last_(board.squareCount(), 0),
      parent_(board.squareCount(), kNoSquare),
      subtreeMin_(board.squareCount(), kNoSquare) {
  stack_.reserve(board.squareCount());
}

void CutSquares::build(const std::vector<uint8_t>& occupied, Square root) {
  std::fill(disc_.begin(), disc_.end(), -1);
  int32_t clock = 0;
  disc_[root] = low_[root] = clock++;
  parent_[root] = kNoSquare;
  subtreeMin_[root] = root;
  stack_.assign(1, {root, 0});
  while (!stack_.empty()) {
    auto& [v, next] = stack_.back();
    if (next < 4) {
      Square t = board_.neighbor(v, static_cast<Direction>(next++));
      if (t == kNoSquare || occupied[t]) continue;
      if (disc_[t] < 0) {
        disc_[t] = low_[t] = clock++;
        parent_[t] = v;
        subtreeMin_[t] = t;
        stack_.push_back({t, 0});  // invalidates v and next
      } else if (t != parent_[v]) {
        low_[v] = std::min(low_[v], disc_[t]);
      }
      continue;
    }
    const Square done = v;
    stack_.pop_back();
    last_[done] = clock - 1;
    const Square p = parent_[done];
    if (p != kNoSquare) {
      low_[p] = std::min(low_[p], low_[done]);
      subtreeMin_[p] = std::min(subtreeMin_[p], subtreeMin_[done]);
    }
  }
  componentMin_ = subtreeMin_[root];
}

Square CutSquares::part(Square s, Square n) const {
  for (Direction d : kDirections) {
    Square c = board_.neighbor(s, d);
    if (c == kNoSquare || disc_[c] < 0 || parent_[c] != s || !inSubtree(n, c)) continue;
    return low_[c] >= disc_[s] ? c : kRest;
  }
  return kRest;
}

unsigned CutSquares::sides(Square s, Square start, unsigned open, Square& smallest) const {
  smallest = kNoSquare;
  Square nb[4];
  for (int d = 0; d < 4; ++d) nb[d] = board_.neighbor(s, static_cast<Direction>(d));
  const Square mine = part(s, start);
  unsigned reached = 0;
  for (int d = 0; d < 4; ++d)
    if ((open >> d & 1) && part(s, nb[d]) == mine) reached |= 1u << d;
  if (reached == open) return reached;
  if (mine != kRest) {
    smallest = subtreeMin_[mine];
    return reached;
  }
  // The rest of s's component: every square of it but s and the split-off
  // subtrees. Scanned upwards from the component's least square.
  Square split[4];
  int splits = 0;
  for (int d = 0; d < 4; ++d) {
    Square c = nb[d];
    if (c != kNoSquare && disc_[c] >= 0 && parent_[c] == s && low_[c] >= disc_[s]) split[splits++] = c;
  }
  for (int v = componentMin_; v < board_.squareCount(); ++v) {
    const Square q = static_cast<Square>(v);
    if (disc_[q] < 0 || q == s) continue;
    if (std::none_of(split, split + splits, [&](Square c) { return inSubtree(q, c); })) {
      smallest = q;
      break;
    }
  }
  return reached;
}

}  // namespace soko
