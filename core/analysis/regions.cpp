#include "regions.h"

#include <algorithm>

#include "box_sides.h"
#include "reach.h"

namespace soko {

Regions::Regions(const Board& board)
    : board_(board),
      label_(board.squareCount(), -1),
      mark_(board.squareCount(), 0),
      stack_(board.squareCount() + 1) {}

// The floods keep their state in locals and stack squares by hand (each
// square enters once at most): they run for every position fess expands.
int Regions::label(const std::vector<uint8_t>& occupied) {
  const int n = board_.squareCount();
  std::fill(label_.begin(), label_.end(), -1);
  smallest_.clear();
  const uint8_t* const occ = occupied.data();
  int32_t* const label = label_.data();
  Square* const stack = stack_.data();
  int count = 0;
  for (int s = 0; s < n; ++s) {
    if (occ[s] || label[s] >= 0) continue;
    // Squares are scanned in order, so a region's first square is its smallest.
    smallest_.push_back(static_cast<Square>(s));
    label[s] = count;
    size_t top = 0;
    stack[top++] = static_cast<Square>(s);
    while (top > 0) {
      const Square q = stack[--top];
      for (Direction d : kDirections) {
        const Square t = board_.neighbor(q, d);
        if (t == kNoSquare || occ[t] || label[t] >= 0) continue;
        label[t] = count;
        stack[top++] = t;
      }
    }
    ++count;
  }
  count_ = count;
  return count_;
}

template <class Visit>
void Regions::flood(const std::vector<uint8_t>& child, Square start, Square& smallest,
                    Visit visit) {
  if (++stamp_ == 0) std::fill(mark_.begin(), mark_.end(), 0), stamp_ = 1;
  mark_[start] = stamp_;
  smallest = start;
  if (visit(start)) return;
  const uint8_t* const occ = child.data();
  floodMarked(
      board_, start, mark_.data(), stamp_, stack_.data(),
      [occ](Square n, Direction) { return !occ[n]; },
      [&](Square n) {
        smallest = std::min(smallest, n);
        return visit(n);
      });
}

Regions::Child Regions::child(const std::vector<uint8_t>& child, Square from, Square to,
                              Square player, unsigned sides, Square smallest) {
  // Freeing `from` (with `to` still free) joins the regions round it.
  int joined[4], m = 0;
  Square least = from;
  for (Direction d : kDirections) {
    Square n = board_.neighbor(from, d);
    if (n == kNoSquare || label_[n] < 0) continue;
    const int l = label_[n];
    if (std::find(joined, joined + m, l) != joined + m) continue;
    joined[m++] = l;
    least = std::min(least, smallest_[l]);
  }
  int count = count_ + 1 - m;
  // The region `to` is in then, and its smallest square.
  if (std::find(joined, joined + m, label_[to]) == joined + m) least = smallest_[label_[to]];

  // Filling `to` may split that region: its free sides, grouped when they
  // meet round a corner (the diagonal square between them is free).
  const BoxSides around(board_, to, child);
  const Square* nb = around.nb;
  const unsigned open = around.open;
  auto root = [&](int d) { return around.root(d); };
  unsigned pending = 0;  // one bit per group root not yet shown joined to the player's
  int playerSide = -1;
  for (int d = 0; d < 4; ++d)
    if (nb[d] == player) playerSide = d;
  const bool known = sides != kUnknownSides;
  for (int d = 0; d < 4; ++d)
    if ((open >> d & 1) && (known ? !(sides >> d & 1) : root(d) != root(playerSide)))
      pending |= 1u << root(d);
  auto found = [&](Square s, unsigned& left) {
    for (int d = 0; d < 4; ++d)
      if (nb[d] == s && (open >> d & 1)) left &= ~(1u << root(d));
    return left == 0;
  };
  Square normal = least;
  if (pending != 0 && !known) {
    flood(child, player, smallest, [&](Square s) { return found(s, pending); });
    if (pending != 0) normal = smallest;  // split: the player's part was flooded whole
  } else if (pending != 0) {
    normal = smallest;  // split, and the caller flooded the player's part
  }
  if (pending != 0) {
    // Count the other parts.
    while (pending != 0) {
      ++count;
      int start = __builtin_ctz(pending);
      pending &= ~(1u << start);
      if (pending == 0) break;
      Square ignored;
      unsigned left = pending;
      flood(child, nb[start], ignored, [&](Square s) { return found(s, left); });
      pending = left;
    }
    return {count, normal};
  }
  // One region round `to`: its smallest square stays, unless it was `to`.
  if (normal == to) flood(child, player, normal, [](Square) { return false; });
  return {count, normal};
}

}  // namespace soko
