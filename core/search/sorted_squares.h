// Keeping a position's box squares sorted (the stores' and the meeting's
// form of a position) as one box moves.
#pragma once

#include <cstddef>
#include <vector>

#include "analysis/board.h"

namespace soko {

// `squares` is sorted but for squares[i], which this moves to its place:
// after one box moves, cheaper than a sort.
inline void resortOne(std::vector<Square>& squares, size_t i) {
  const Square moved = squares[i];
  for (; i > 0 && squares[i - 1] > moved; --i) squares[i] = squares[i - 1];
  for (; i + 1 < squares.size() && squares[i + 1] < moved; ++i) squares[i] = squares[i + 1];
  squares[i] = moved;
}

}  // namespace soko
