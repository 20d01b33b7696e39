// The four sides of a square about to hold a box: which are free, and which
// of them the player can walk between without a flood. Two free sides at
// right angles meet round the corner when the diagonal square between them
// is free too; most boxes stand in the open, and this settles them at once.
#pragma once

#include <cstdint>
#include <vector>

#include "board.h"

namespace soko {

struct BoxSides {
  Square nb[4];                 // [direction] neighbour, kNoSquare past the edge
  unsigned open = 0;            // bit per direction: a free neighbour
  int group[4] = {0, 1, 2, 3};  // sides joined round a corner share a root

  // `occupied` marks the squares boxes stand on (`square` itself is not looked at).
  BoxSides(const Board& board, Square square, const std::vector<uint8_t>& occupied) {
    for (int d = 0; d < 4; ++d) {
      nb[d] = board.neighbor(square, static_cast<Direction>(d));
      if (nb[d] != kNoSquare && !occupied[nb[d]]) open |= 1u << d;
    }
    static constexpr int kCorners[4][2] = {{0, 2}, {0, 3}, {1, 2}, {1, 3}};  // up/down x left/right
    for (auto [a, b] : kCorners) {
      if (!(open >> a & 1) || !(open >> b & 1)) continue;
      Square diagonal = board.neighbor(nb[a], static_cast<Direction>(b));
      if (diagonal != kNoSquare && !occupied[diagonal]) group[root(a)] = root(b);
    }
  }

  int root(int d) const {
    while (group[d] != d) d = group[d];
    return d;
  }
};

}  // namespace soko
