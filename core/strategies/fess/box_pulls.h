// Pulls of one box while every other box stays put: the reverse game for a
// single box, used by the packing plan to take boxes off their goals.
//
// A breadth-first search over (box square, player side) states. The sides
// of a square the player can walk between while the box stands on it are one
// state. With the other boxes fixed, two sides of a square are joined while
// the box stands on it exactly when the edges from the square to them lie in
// the same biconnected component (block) of the free squares, so a search
// that runs long finds the blocks once (Tarjan's depth-first search) and
// reads every later state's sides from them instead of flooding the board
// once per state; a short one floods (cheaper than finding the blocks).
// A pull moves the box onto the square the player stands on and the player
// one further on, so that square must be free too.
#pragma once

#include <cstdint>
#include <vector>

#include "analysis/board.h"

namespace soko {

// What a BoxPulls search may skip: squares more than `maxPulls` pulls away
// are not searched; `regionFlooded`: the last flood() was from the player's
// square with these boxes, so the search reads it instead of flooding again.
struct PullLimits {
  uint16_t maxPulls = 0xFFFF;
  bool regionFlooded = false;
};

class BoxPulls {
 public:
  explicit BoxPulls(const Board& board);

  struct Reached {
    Square to;       // the box's square
    Square player;   // a square of the player's region there
    uint16_t pulls;  // pulls it takes, fewest
    Square first;    // where the first pull took the box (kNoSquare for `from` itself)
  };

  // Searches the pulls of the box on `from` (marked in `occupied`, which
  // marks every box and is restored on return), the player somewhere in the
  // region of `player`, until it reaches a square of `target` (a [square]
  // mask; `from` itself counts). True when it does, with that square in
  // `hit` when given. mayReach() goes first: most searches for a way out
  // find none, and it settles them without searching.
  bool reach(std::vector<uint8_t>& occupied, Square from, Square player,
             const std::vector<uint8_t>& target, Reached* hit, PullLimits limits = {}) {
    return mayReach(occupied, from, target) &&
           search(occupied, from, player, &target, hit, nullptr, limits);
  }
  // False when the box on `from` cannot reach a square of `target` even
  // with the player free to stand anywhere: each pull needs only the two
  // squares ahead of the box free of the other boxes. A relaxation of
  // reach() (whatever it finds, this finds), far cheaper: no floods of the
  // player's region, one visit per square. True says nothing.
  bool mayReach(const std::vector<uint8_t>& occupied, Square from,
                const std::vector<uint8_t>& target);
  // Adds to `all` every (square, player region) the box on `from` can be
  // taken to, `from` with the player's region included, fewest pulls first.
  void collect(std::vector<uint8_t>& occupied, Square from, Square player,
               std::vector<Reached>& all, PullLimits limits = {}) {
    search(occupied, from, player, nullptr, nullptr, &all, limits);
  }

  // Squares the player reaches from `start` (marked in the returned mask
  // until the next flood(), reach() or collect()), walking around the boxes of `occupied`.
  const std::vector<uint32_t>& flood(const std::vector<uint8_t>& occupied, Square start);
  uint32_t floodStamp() const { return regionStamp_; }
  bool flooded(Square s) const { return region_[s] == regionStamp_; }  // by the last flood

  // Elementary steps taken so far (squares flooded, states expanded): what the caller budgets.
  uint64_t work() const { return work_; }
  void charge(uint64_t steps) { work_ += steps; }  // the caller's own steps
  // Past `total` steps of work in all, the searches flood and expands no more,
  // and one search stops after `perSearch` steps: it finds nothing more (a
  // bound on the time a search can take).
  void setWorkLimit(uint64_t total, uint64_t perSearch) {
    workLimit_ = total, searchLimit_ = perSearch;
  }

 private:
  bool search(std::vector<uint8_t>& occupied, Square from, Square player,
              const std::vector<uint8_t>* target, Reached* hit, std::vector<Reached>* all,
              PullLimits limits);
  // Marks the squares reachable from `start` with `stamp` in `marks`; stops
  // early once every square of `want` (up to 4, kNoSquare for none) is marked.
  void floodFrom(std::vector<uint32_t>& marks, uint32_t stamp, const std::vector<uint8_t>& occupied,
                 Square start, const Square* want);
  void sidesJoined(std::vector<uint8_t>& occupied, uint32_t st, Square player, bool blocks,
                   Square want[4]);
  // A square's share of findBlocks() in flood steps: what it costs, measured
  // in instructions, against one square flooded.
  static constexpr uint64_t kBlockWork = 4;
  // Labels every edge between free squares of `root`'s component with its
  // block: block_[square * 4 + direction], the same on both ends.
  void findBlocks(const std::vector<uint8_t>& occupied, Square root);

  const Board& board_;
  std::vector<uint32_t> seen_;      // [square * 4 + side] == seenStamp_ when queued
  std::vector<uint32_t> expanded_;  // [state] == seenStamp_ when expanded
  uint32_t seenStamp_ = 0;
  std::vector<Reached> state_;  // [state]
  std::vector<uint32_t> queue_;
  // The player's region (flood()), apart from the floods of a square's sides
  // (mark_), so that several searches in one position can read it.
  std::vector<uint32_t> region_;  // [square] == regionStamp_ when flooded
  uint32_t regionStamp_ = 0;
  uint64_t regionSize_ = 0;       // the squares it took: its work
  std::vector<uint32_t> mark_;    // [square] == markStamp_ when flooded
  std::vector<uint32_t> wanted_;  // [square] == markStamp_ when the flood stops once it is reached
  uint32_t markStamp_ = 0;
  std::vector<Square> stack_;      // a square each at most
  std::vector<uint32_t> relaxed_;  // [square] == relaxedStamp_ when mayReach() got there
  uint32_t relaxedStamp_ = 0;
  // findBlocks(): discovery order and lowest reachable order per square
  // (order_[s] <= orderBase_: not seen yet this search), the depth-first path,
  // the edges not yet given a block, and the labels.
  std::vector<uint32_t> order_, low_;
  uint32_t orderBase_ = 0, orderNext_ = 0;
  struct Frame {
    Square at, parent;
    int next;  // the next direction to try
  };
  std::vector<Frame> path_;
  std::vector<uint32_t> edges_;  // square * 4 + direction, 2 per square at most (a grid)
  std::vector<uint32_t> block_;
  uint32_t blockNext_ = 0;
  uint64_t work_ = 0;
  uint64_t workLimit_ = ~uint64_t{0}, searchLimit_ = ~uint64_t{0};
};

}  // namespace soko
