#include "cut_squares.h"

#include <algorithm>

namespace soko {

CutSquares::CutSquares(const Board& board)
    : board_(board),
      disc_(board.squareCount(), -1),
      low_(board.squareCount(), 0),
      last_(board.squareCount(), 0),
      parent_(board.squareCount(), kNoSquare),
      subtreeMin_(board.squareCount(), kNoSquare),
      root_(board.squareCount(), kNoSquare),
      stack_(board.squareCount()) {}

// Plain arrays and the frame's fields in locals: this runs once per
// position searched for macro pushes (6-12 % of fess's instructions on
// XSokoban 50 and Sasquatch I 30 before it did).
void CutSquares::build(const std::vector<uint8_t>& occupied, Square blocked) {
  std::fill(disc_.begin(), disc_.end(), -1);
  const uint8_t* const occ = occupied.data();
  int32_t* const disc = disc_.data();
  int32_t* const low = low_.data();
  int32_t* const last = last_.data();
  Square* const parent = parent_.data();
  Square* const subtreeMin = subtreeMin_.data();
  Square* const rootOf = root_.data();
  Frame* const stack = stack_.data();
  int32_t clock = 0;
  const int squares = board_.squareCount();
  for (int r = 0; r < squares; ++r) {
    const Square root = static_cast<Square>(r);
    if (occ[root] || root == blocked || disc[root] >= 0) continue;
    disc[root] = low[root] = clock++;
    parent[root] = kNoSquare;
    subtreeMin[root] = root;  // the least square of the component, as roots rise
    rootOf[root] = root;
    size_t depth = 0;
    stack[depth++] = {root, 0};
    while (depth > 0) {
      Frame& f = stack[depth - 1];
      const Square v = f.at;
      int next = f.next;
      Square child = kNoSquare;
      for (; next < 4; ++next) {
        const Square t = board_.neighbor(v, static_cast<Direction>(next));
        if (t == kNoSquare || occ[t] || t == blocked) continue;
        if (disc[t] < 0) {
          child = t;
          ++next;
          break;
        }
        if (t != parent[v]) low[v] = std::min(low[v], disc[t]);
      }
      if (child != kNoSquare) {
        f.next = static_cast<uint8_t>(next);
        disc[child] = low[child] = clock++;
        parent[child] = v;
        subtreeMin[child] = child;
        rootOf[child] = root;
        stack[depth++] = {child, 0};
        continue;
      }
      --depth;
      last[v] = clock - 1;
      const Square p = parent[v];
      if (p != kNoSquare) {
        low[p] = std::min(low[p], low[v]);
        subtreeMin[p] = std::min(subtreeMin[p], subtreeMin[v]);
      }
    }
  }
}

Square CutSquares::partMin(Square s, Square part) const {
  if (part != kRest)
    return subtreeMin_[part];  // a split-off subtree, or a whole other component from its root
  // The rest of s's component: every square of it but s and the split-off
  // subtrees. Scanned upwards from the component's least square.
  Square split[4];
  int splits = 0;
  for (Direction d : kDirections) {
    Square c = board_.neighbor(s, d);
    if (c != kNoSquare && disc_[c] >= 0 && parent_[c] == s && low_[c] >= disc_[s])
      split[splits++] = c;
  }
  const Square root = root_[s];
  for (int v = subtreeMin_[root]; v < board_.squareCount(); ++v) {
    const Square q = static_cast<Square>(v);
    if (disc_[q] < 0 || q == s || root_[q] != root) continue;
    if (std::none_of(split, split + splits, [&](Square c) { return inSubtree(q, c); })) return q;
  }
  return kNoSquare;
}

Square CutSquares::partWithout(Square s, Square n) const {
  if (root_[n] != root_[s]) return root_[n];
  // Under a DFS child of s: that child's own part when its subtree climbs no
  // higher than s, else the rest.
  for (Direction d : kDirections) {
    const Square c = board_.neighbor(s, d);
    if (c != kNoSquare && disc_[c] >= 0 && parent_[c] == s && inSubtree(n, c))
      return low_[c] >= disc_[s] ? c : kRest;
  }
  return kRest;
}

std::array<uint8_t, 4> CutSquares::sideLabels(Square s) const {
  std::array<uint8_t, 4> labels;
  labels.fill(0xFF);
  Square parts[4];
  uint8_t next = 0;
  for (int d = 0; d < 4; ++d) {
    const Square n = board_.neighbor(s, static_cast<Direction>(d));
    if (n == kNoSquare || disc_[n] < 0) continue;
    parts[d] = partWithout(s, n);
    for (int e = 0; e < d && labels[d] == 0xFF; ++e)
      if (labels[e] != 0xFF && parts[e] == parts[d]) labels[d] = labels[e];
    if (labels[d] == 0xFF) labels[d] = next++;
  }
  return labels;
}

uint8_t CutSquares::partLabel(Square s, Square p) const {
  const Square part = partWithout(s, p);
  const std::array<uint8_t, 4> labels = sideLabels(s);
  for (int d = 0; d < 4; ++d)
    if (labels[d] != 0xFF && partWithout(s, board_.neighbor(s, static_cast<Direction>(d))) == part)
      return labels[d];
  return 0xFF;
}

unsigned CutSquares::sides(Square s, Square start, unsigned open, Square& smallest,
                           Square freed) const {
  smallest = kNoSquare;
  Square nb[4];
  for (int d = 0; d < 4; ++d) nb[d] = board_.neighbor(s, static_cast<Direction>(d));
  if (s == freed) {  // the box back on its own square: the numbered position's components
    unsigned reached = 0;
    for (int d = 0; d < 4; ++d)
      if ((open >> d & 1) && root_[nb[d]] == root_[start]) reached |= 1u << d;
    if (reached != open) smallest = subtreeMin_[root_[start]];
    return reached;
  }
  // s's DFS children: a child whose subtree climbs no higher than s heads a
  // part of its own; other squares of s's component are in the rest, and
  // other components are parts named by their roots.
  struct ChildPart {
    int32_t first, last;
    Square part;
  } children[4];
  int childCount = 0;
  for (int d = 0; d < 4; ++d) {
    const Square c = nb[d];
    if (c != kNoSquare && disc_[c] >= 0 && parent_[c] == s)
      children[childCount++] = {disc_[c], last_[c], low_[c] >= disc_[s] ? c : kRest};
  }
  const Square root = root_[s];
  auto partOf = [&](Square n) {
    if (n == freed) return kFreed;
    if (root_[n] != root) return root_[n];
    for (int k = 0; k < childCount; ++k)
      if (children[k].first <= disc_[n] && disc_[n] <= children[k].last) return children[k].part;
    return kRest;
  };
  Square parts[4];
  bool anyFreed = false;
  for (int d = 0; d < 4; ++d)
    if (open >> d & 1) parts[d] = partOf(nb[d]), anyFreed |= parts[d] == kFreed;
  const int startSide = static_cast<int>(std::find(nb, nb + 4, start) - nb);
  // Sides in one part are joined whatever the freed square joins.
  if (!anyFreed) {
    unsigned reached = 0;
    for (int d = 0; d < 4; ++d)
      if ((open >> d & 1) && parts[d] == parts[startSide]) reached |= 1u << d;
    if (reached == open) return reached;
  }
  // The parts the freed square joins.
  Square joined[4];
  int joins = 0;
  if (freed != kNoSquare)
    for (Direction d : kDirections) {
      Square m = board_.neighbor(freed, d);
      if (m == kNoSquare || m == s || disc_[m] < 0) continue;
      const Square p = partOf(m);
      if (std::find(joined, joined + joins, p) == joined + joins) joined[joins++] = p;
    }
  auto joinedPart = [&](Square p) {
    return std::find(joined, joined + joins, p) == joined + joins ? p : kFreed;
  };
  const Square mine = joinedPart(parts[startSide]);
  unsigned reached = 0;
  for (int d = 0; d < 4; ++d)
    if ((open >> d & 1) && joinedPart(parts[d]) == mine) reached |= 1u << d;
  if (reached == open) return reached;
  if (mine != kFreed) {
    smallest = partMin(s, mine);
    return reached;
  }
  smallest = freed;
  for (int k = 0; k < joins; ++k) smallest = std::min(smallest, partMin(s, joined[k]));
  return reached;
}

}  // namespace soko
