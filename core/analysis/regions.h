// Player regions: the connected parts of the floor left free by the boxes.
// A search labels a position's regions once, then answers for each child one
// box move away without flooding the whole board again: moving a box from
// `from` to `to` can only join the regions round `from` and split the one
// round `to`, so a few local floods settle the child.
#pragma once

#include <cstdint>
#include <vector>

#include "board.h"

namespace soko {

class Regions {
 public:
  explicit Regions(const Board& board);

  // Labels the free squares of `occupied` (boxes marked non-zero); returns
  // the number of regions.
  int label(const std::vector<uint8_t>& occupied);
  int count() const { return count_; }
  // The region of a free square of the labelled position, and its smallest square.
  int regionOf(Square s) const { return label_[s]; }
  Square smallest(Square s) const { return smallest_[label_[s]]; }

  struct Child {
    int count;      // regions
    Square normal;  // the smallest square of the player's region
  };
  // The labelled position with the box on `from` moved to `to`; `child`
  // shows that position, and `player`, a free neighbour of `to`, stands in
  // it. Equal to labelling `child` afresh.
  // When the caller knows them already: `sides`, the sides of `to` (bit per
  // direction) the player reaches, and when that is not every free side,
  // `smallest`, the least square of the player's part.
  static constexpr unsigned kUnknownSides = 0xFF;
  Child child(const std::vector<uint8_t>& child, Square from, Square to, Square player,
              unsigned sides = kUnknownSides, Square smallest = kNoSquare);

 private:
  // Floods the free squares of `child` from `start` until visit(square)
  // returns true; `smallest` gets the least square flooded.
  template <class Visit>
  void flood(const std::vector<uint8_t>& child, Square start, Square& smallest, Visit visit);

  const Board& board_;
  std::vector<int32_t> label_;    // [square] region, -1 on a box (labelled position)
  std::vector<Square> smallest_;  // [region]
  int count_ = 0;
  std::vector<uint32_t> mark_;  // [square] == stamp_ when flooded
  uint32_t stamp_ = 0;
  std::vector<Square> stack_;  // room for every square: each is stacked once at most
};

}  // namespace soko
