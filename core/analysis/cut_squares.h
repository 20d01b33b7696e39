// Cut squares: for a fixed set of boxes, which neighbours of a square stay
// connected when one more box stands on that square, and optionally one
// box's square is freed (the box being moved). One depth-first search
// numbers every free square (Tarjan's low links); afterwards each question
// takes a few comparisons instead of a flood.
//
// With the square s blocked, the free squares fall into parts: each DFS
// child c of s whose subtree has no edge climbing above s (low[c] >=
// disc[s]) is a part of its own; the rest of s's component is one more
// part; every other component is a part. A freed square joins the parts of
// its free neighbours into one.
//
// A macro push search asks this for every box of a position: numbering the
// position once, with each box's own square freed in the question, costs
// one search per position instead of one per box.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "board.h"

namespace soko {

class CutSquares {
 public:
  explicit CutSquares(const Board& board);

  // Numbers every free square of `occupied` (boxes marked non-zero), with
  // `blocked` (unless kNoSquare) taken as a box too.
  void build(const std::vector<uint8_t>& occupied, Square blocked = kNoSquare);
  // A box stands on `s` (a numbered square, or `freed`) and `freed` (the
  // blocked square of build, or kNoSquare) is free. The sides of `s` (bit
  // per direction, among `open`, its free sides) joined to its free
  // neighbour `start`. When that is not all of `open`, `smallest` gets the
  // least square of start's part, else kNoSquare.
  unsigned sides(Square s, Square start, unsigned open, Square& smallest,
                 Square freed = kNoSquare) const;
  // With a box on the numbered square `s` as well: [direction] a label
  // per part of the free floor its neighbours fall in, equal when the
  // player walks between them, numbered 0, 1, ... in direction order;
  // 0xFF past a wall or a box. A few comparisons, no flood.
  std::array<uint8_t, 4> sideLabels(Square s) const;
  // The label sideLabels(s) gives the part holding the numbered square `p`
  // (not s), or 0xFF when that part touches no side of s.
  uint8_t partLabel(Square s, Square p) const;

 private:
  static constexpr Square kRest = kNoSquare;  // the part of s's component that is not split off
  static constexpr Square kFreed = kNoSquare - 1;  // the parts the freed square joins
  // A part with `s` blocked (the child heading a split-off subtree, kRest,
  // or the root of another component): its least square.
  Square partMin(Square s, Square part) const;
  // The part with `s` blocked that the free square n (not s) falls in.
  Square partWithout(Square s, Square n) const;
  bool inSubtree(Square v, Square c) const { return disc_[c] <= disc_[v] && disc_[v] <= last_[c]; }

  const Board& board_;
  std::vector<int32_t> disc_, low_,
      last_;  // [square] DFS number (-1: not numbered), low link, last number in subtree
  std::vector<Square> parent_, subtreeMin_, root_;  // root_: [square] its component's DFS root
  struct Frame {
    Square at;
    uint8_t next;  // the next direction to try
  };
  std::vector<Frame> stack_;  // the depth-first path: a square each at most
};

}  // namespace soko
