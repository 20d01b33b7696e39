// A search tree kept by Zobrist keys alone, for searches that "walk the
// tree" instead of storing positions (soko-dotnet's idea): each position is a
// 64-bit key, its parent's index, the push that led to it and its depth,
// 18 bytes in order of discovery, plus a 4-byte slot table (open
// addressing, load at most 3/4). Boxes are not stored: the search keeps one
// live position and walks it along parent links to the next one it needs
// (TreeWalker below).
//
// Positions are told apart by key only. Two positions sharing a 64-bit key
// would be taken for one (odds about n^2 / 2^65: 1e-7 at two million
// positions); a solution is still replayed and verified, so the risk is a
// missed solution, never a wrong one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "analysis/board.h"

namespace soko {

class KeyTree {
 public:
  static constexpr uint32_t kNone = 0xFFFFFFFF;

  explicit KeyTree(uint64_t budgetBytes) : budget_(budgetBytes) {}

  struct Insert {
    uint32_t index = kNone;
    bool inserted = false;
    bool full = false;  // not stored: the budget would be passed
  };
  Insert insert(uint64_t key, uint32_t parent, uint32_t move);

  uint32_t size() const { return static_cast<uint32_t>(nodes_.size()); }
  uint32_t parent(uint32_t i) const { return nodes_[i].parent; }
  uint32_t move(uint32_t i) const { return nodes_[i].move; }
  uint16_t depth(uint32_t i) const { return depth_[i]; }
  uint64_t memoryBytes() const;

 private:
  struct Node {
    uint64_t key;
    uint32_t parent, move;
  };
  bool grow();

  uint64_t budget_;
  std::vector<Node> nodes_;
  std::vector<uint16_t> depth_;
  std::vector<uint32_t> slots_;  // node index + 1, 0 = empty; a power of two
  size_t capacity_ = 0;
};

// One live position moved about a KeyTree: undoes pushes up to the common
// ancestor of where it is and where it must go, then plays the pushes down.
class TreeWalker {
 public:
  TreeWalker(const Board& board, const KeyTree& tree);

  // Makes the live position that of node `target`; returns the player's square there.
  Square moveTo(uint32_t target);
  const std::vector<Square>& boxes() const { return boxes_; }  // unsorted
  uint64_t steps() const { return steps_; }                    // pushes played or undone so far

 private:
  void push(Square from, Direction d);  // the box on `from` moves one square
  void unpush(uint32_t node);

  const Board& board_;
  const KeyTree& tree_;
  std::vector<Square> boxes_;
  std::vector<int> boxAt_;  // [square] index into boxes_, -1 if none
  uint32_t at_ = 0;         // the node the live position is (the root to start)
  std::vector<uint32_t> down_;
  uint64_t steps_ = 0;
};

}  // namespace soko
