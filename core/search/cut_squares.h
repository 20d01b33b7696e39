// Cut squares: for a fixed set of boxes, which neighbours of a square stay
// connected when one more box stands on that square. A depth-first search
// numbers the free squares of one component once (Tarjan's low links);
// afterwards each question about a square of it takes a few comparisons
// instead of a flood.
//
// With the square s blocked, its neighbours fall into parts: each DFS child
// c of s whose subtree has no edge climbing above s (low[c] >= disc[s]) is a
// part of its own; everything else in s's component is one more part.
#pragma once

#include <cstdint>
#include <vector>

#include "../board.h"

namespace soko {

class CutSquares {
 public:
  explicit CutSquares(const Board& board);

  // Numbers the free squares of `root`'s component (`occupied` marks the
  // boxes): the only ones a box on `root` can be pushed through.
  void build(const std::vector<uint8_t>& occupied, Square root);
  // The sides of the component's square `s` (bit per direction, among `open`, its
  // free sides) still joined to its free neighbour `start` when a box stands
  // on `s`. When that is not all of `open`, `smallest` gets the least square
  // of start's part, else kNoSquare.
  unsigned sides(Square s, Square start, unsigned open, Square& smallest) const;

 private:
  static constexpr Square kRest = kNoSquare;  // the part that is not a split-off subtree
  // The part of `s`'s neighbour `n`: the child heading its split-off subtree, or kRest.
  Square part(Square s, Square n) const;
  bool inSubtree(Square v, Square c) const { return disc_[c] <= disc_[v] && disc_[v] <= last_[c]; }

  const Board& board_;
  std::vector<int32_t> disc_, low_, last_;  // [square] DFS number (-1: not in the component), low link, last number in subtree
  std::vector<Square> parent_, subtreeMin_;
  Square componentMin_ = kNoSquare;  // the component's least square
  std::vector<std::pair<Square, uint8_t>> stack_;
};

}  // namespace soko
