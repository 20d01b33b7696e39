// The box configurations near a solution (the "vicinity" of YASO's
// optimizer, rebuilt from its published description): a configuration is
// within k of the solution when moving at most k of its boxes elsewhere
// gives one of the configurations the solution passes through. Boxes are
// alike, so a configuration is a set of squares and "k boxes moved" is the
// size of the set difference.
//
//   solution passes   . $ $ .     within 1:  $ . $ .   (one box elsewhere)
//                                 not:       $ . . $   (two boxes elsewhere)
//
// Kept as one bitset per configuration: a test is a popcount per word.
#pragma once

#include <cstdint>
#include <vector>

#include "analysis/board.h"

namespace soko {

class Vicinity {
 public:
  Vicinity(int squareCount, int boxCount);

  // Adds the configurations (sorted box squares) a solution passes through;
  // ones already held are skipped.
  void add(const std::vector<std::vector<Square>>& configurations);
  size_t size() const { return words_.size() / wordsPer_; }

  // Whether the boxes (any order) are within k of a configuration held.
  // Every configuration is within k once k reaches the box count.
  bool within(const Square* boxes, int k) const;

  uint64_t memoryBytes() const { return (words_.capacity() + scratch_.capacity()) * 8; }

 private:
  void load(const Square* boxes) const;  // into scratch_

  int boxCount_;
  size_t wordsPer_;              // 64-bit words per configuration
  std::vector<uint64_t> words_;  // [configuration * wordsPer_ + word]
  mutable std::vector<uint64_t> scratch_;
};

}  // namespace soko
