// The player's regions in positions of a few boxes, remembered per set of
// box squares. A search over two or three boxes (dead_patterns.h) meets each
// box set many times, from different parents and player squares, and each
// time needs the least square of the player's region (its normalised
// square). Labelling every free square of a box set once turns the floods
// that follow into lookups; a set that leaves the board in one piece (most
// do) keeps no labels at all.
//
// A set made by a push from a set in one piece is often known to be in one
// piece without a flood: the square the box left joins the player's region,
// so only the square it went to can split the board, and it does not if
// its free neighbours reach each other within a few squares of it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "analysis/board.h"

namespace soko {

class FewBoxRegions {
 public:
  explicit FewBoxRegions(const Board& board);

  // Each free square's region's least square among `boxes` (sorted, at most
  // three), or nullptr when the free squares are one region; valid until the
  // next call.
  const Square* labels(const Square* boxes, int count);
  // The same for `boxes` made by a push onto `to` (kNoSquare: the box left
  // the board) from a set whose free squares were one region.
  const Square* labelsAfterPush(const Square* boxes, int count, Square to);
  // The least square of the region of `player` (a free square) among
  // `labels(boxes, count)`: what MoveGenerator::normalise gives.
  static Square normalise(const Square* labels, const Square* boxes, int count, Square player);

  // Forgets every box set and frees its memory.
  void clear();
  uint64_t memoryBytes() const;

  // Box sets and split sets' labels remembered at most (then all are
  // forgotten and it starts again): about 15 MB, counted in memoryBytes().
  static constexpr size_t kMaxSets = size_t{1} << 18;
  static constexpr size_t kMaxLabels = size_t{1} << 22;
  static constexpr int kMargin = 2;  // squares around a pushed box searched for a way round it

 private:
  static constexpr uint32_t kWhole = ~uint32_t{0};  // the free squares are one region
  static constexpr Square kBox = kNoSquare - 1;     // while labelling: a box's square

  // The set's labels, made (or its wholeness taken from `whole`) when new.
  const Square* find(const Square* boxes, int count, bool whole);
  const Square* entry(size_t at) const;  // the labels of the set in slot `at`
  // Where `key` is, or the empty slot where it would go.
  size_t slotOf(uint64_t key) const;
  void grow();  // twice the slots
  // Labels every free square with its region's least square (in
  // labelling_); the number of regions.
  int label(const Square* boxes, int count);
  // Do the free neighbours of `to` (a box of `boxes`) reach each other
  // within kMargin squares of it?
  bool joinedAround(const Square* boxes, int count, Square to);

  const Board& board_;
  std::vector<int16_t> x_, y_;  // [square] column and row
  // The box sets met, by open addressing (at most half full): a set's key
  // (0 in an empty slot) and its entry, kWhole or where its labels start.
  std::vector<uint64_t> keys_;
  std::vector<uint32_t> entries_;
  size_t sets_ = 0;
  // The split sets' labels, a square each (kNoSquare under a box), in
  // chunks of chunkSquares_ reserved once, which never move (one vector
  // grown by copying took a fifth of a small level's first expansion:
  // Sasquatch I 49); an entry is chunk * chunkSquares_ + offset.
  std::vector<std::vector<Square>> chunks_;
  size_t chunkSquares_ = 0;
  std::vector<Square> labelling_, stack_;  // scratch
  std::vector<uint32_t> seen_;             // [square] == flood_ when reached by joinedAround
  uint32_t flood_ = 0;
};

}  // namespace soko
