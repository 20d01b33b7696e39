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
// A radius narrows it further (YASO's vicinity squares): each box moved
// must stand within that many steps (across and down, walls ignored) of a
// square the configuration held and this one left.
//
// Kept as one bitset per configuration: a test looks up each box's bit.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_set>
#include <vector>

#include "analysis/board.h"

namespace soko {

class Vicinity {
 public:
  static constexpr int kAnyDistance = 1 << 20;

  explicit Vicinity(const Board& board);

  // Adds the configurations (sorted box squares) a solution passes through;
  // ones already held are skipped.
  void add(const std::vector<std::vector<Square>>& configurations);
  size_t size() const { return words_.size() / wordsPer_; }

  // Whether the boxes (any order) are within k of a configuration held, each
  // box moved at most `radius` steps from a square left. Every configuration
  // is within k once k reaches the box count.
  bool within(const Square* boxes, int k, int radius = kAnyDistance) const;

  // A search asks about the children of one position at a time: focus() on
  // the parent keeps the configurations a single push can bring within k
  // (those with at most k + 1 of the parent's boxes elsewhere), and
  // childWithin() asks only them about the parent with the box on `from`
  // pushed to `to`.
  void focus(const Square* parent, int k) const;
  bool childWithin(const Square* child, Square from, Square to, int k, int radius) const;

  uint64_t memoryBytes() const {
    return (words_.capacity() + scratch_.capacity()) * 8 + x_.size() * 8 +
           candidates_.capacity() * sizeof(Candidate) + blockUnions_.capacity() * 8 +
           held_.size() * (wordsPer_ * 8 + 48);
  }

 private:
  void load(const Square* boxes) const;  // into scratch_
  // Each square of scratch_ - held is within `radius` of a square of held - scratch_.
  bool near(const uint64_t* held, int radius) const;

  int boxCount_;
  std::vector<int> x_, y_;       // [square] column and row
  size_t wordsPer_;              // 64-bit words per configuration
  std::vector<uint64_t> words_;  // [configuration * wordsPer_ + word]
  mutable std::vector<uint64_t> scratch_;
  mutable std::vector<Square> moved_, left_;
  struct Candidate {
    uint32_t configuration;
    int elsewhere;  // the parent's boxes not on its squares
  };
  mutable std::vector<Candidate> candidates_;  // of the focused parent
  mutable int fewestElsewhere_ = 0;            // among them
  // The configurations in blocks of kBlock, each with the union of its
  // squares: a parent with more than k + 1 boxes off a block's union has at
  // least that many off each of its configurations, so focus() skips the
  // block after one comparison of words (the configurations near a parent
  // sit together along a solution, a push changing one box).
  static constexpr size_t kBlock = 16;
  std::vector<uint64_t> blockUnions_;     // [block * wordsPer_ + word]
  std::unordered_set<std::string> held_;  // each configuration's words, to skip repeats
  // The boxes in scratch_ off the squares of `words`.
  int off(const uint64_t* words) const;
  bool has(size_t configuration, Square s) const {
    return (words_[configuration * wordsPer_ + s / 64] >> (s % 64)) & 1;
  }
  // Boxes not on configuration c's squares, counted up to limit + 1.
  int elsewhere(size_t c, const Square* boxes, int limit) const;
};

}  // namespace soko
