// The four sides of a square about to hold a box: which are free, and which
// of them the player can walk between without a flood. Two free sides at
// right angles meet round the corner when the diagonal square between them
// is free too; most boxes stand in the open, and this settles them at once.
//
// The free sides and the free corners make an 8-bit shape; the groups of
// every shape are worked out once, at compile time, so a question is a table
// read (the union of sides it replaced was 2-5 % of fess's instructions).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "board.h"

namespace soko {

namespace box_sides_detail {

inline constexpr int kCorners[4][2] = {{0, 2}, {0, 3}, {1, 2}, {1, 3}};  // up/down x left/right

struct Groups {
  std::array<std::array<uint8_t, 4>, 256> root{}, joined{};
};

// Every shape's groups, by the union BoxSides once did itself (the same
// roots, so callers that number parts by root see the same numbers).
constexpr Groups makeGroups() {
  Groups g;
  for (unsigned shape = 0; shape < 256; ++shape) {
    int group[4] = {0, 1, 2, 3};
    auto find = [&group](int d) {
      while (group[d] != d) d = group[d];
      return d;
    };
    const unsigned free = shape & 15;
    for (int k = 0; k < 4; ++k) {
      const int a = kCorners[k][0], b = kCorners[k][1];
      if ((free >> a & 1) && (free >> b & 1) && (shape >> (4 + k) & 1)) group[find(a)] = find(b);
    }
    for (int d = 0; d < 4; ++d) {
      g.root[shape][d] = static_cast<uint8_t>(find(d));
      unsigned mask = 0;
      for (int e = 0; e < 4; ++e)
        if ((free >> e & 1) && find(e) == find(d)) mask |= 1u << e;
      g.joined[shape][d] = static_cast<uint8_t>(mask);
    }
  }
  return g;
}
inline constexpr Groups kGroups = makeGroups();

}  // namespace box_sides_detail

struct BoxSides {
  Square nb[4];       // [direction] neighbour, kNoSquare past the edge
  unsigned open = 0;  // bit per direction: a free neighbour

  // `occupied` marks the squares boxes stand on (`square` itself is not looked at).
  BoxSides(const Board& board, Square square, const std::vector<uint8_t>& occupied) {
    for (int d = 0; d < 4; ++d) {
      nb[d] = board.neighbor(square, static_cast<Direction>(d));
      if (nb[d] != kNoSquare && !occupied[nb[d]]) open |= 1u << d;
    }
    unsigned corners = 0;
    for (int k = 0; k < 4; ++k) {
      const auto [a, b] = box_sides_detail::kCorners[k];
      if (!(open >> a & 1) || !(open >> b & 1)) continue;
      const Square diagonal = board.neighbor(nb[a], static_cast<Direction>(b));
      if (diagonal != kNoSquare && !occupied[diagonal]) corners |= 1u << k;
    }
    shape_ = static_cast<uint8_t>(open | corners << 4);
  }

  // A side of d's group (the same for every side of it); d itself when alone.
  int root(int d) const { return box_sides_detail::kGroups.root[shape_][d]; }
  // The free sides joined to side d round corners (d included when free).
  unsigned joined(int d) const { return box_sides_detail::kGroups.joined[shape_][d]; }

 private:
  uint8_t shape_ = 0;
};

}  // namespace soko
