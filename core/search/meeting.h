// Bidirectional search by two strategies at once (the portfolio's fess,
// forward, and hbox, backward): each looks its new positions up in the other's
// store, and a position found in both joins the start to the solution. Both
// name a position the same way: its boxes' squares, sorted, and the player's
// square normalised to the smallest of its region.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "analysis/board.h"
#include "solution.h"

namespace soko {

class MeetingSide {
 public:
  static constexpr uint32_t kNotFound = 0xFFFFFFFF;
  virtual ~MeetingSide() = default;

  // The stored position with these boxes (sorted) and normalised player, or
  // kNotFound. `key` is its Zobrist key: both sides key positions with
  // Zobrist(squareCount) and its default seed, boxes ^ player(normal).
  virtual uint32_t findPosition(const Square* sortedBoxes, Square normal, uint64_t key) const = 0;
  // Starts loading where findPosition(…, key) will look (a likely cache miss).
  virtual void prefetchPosition(uint64_t key) const = 0;
  // WebAssembly's stand-in for prefetchPosition() (it has no prefetch):
  // loads the slot, so that a batch of these in a tight loop overlaps the
  // misses. Without it fess's lookups in hbox 11's store waited on each
  // (5 % of the default's time in wasm on XSokoban 28, against 1.6 % natively).
  virtual void touchPosition(uint64_t key) const = 0;
  // The pushes along stored position i's path: from the start to it (a
  // forward search) or from it to the solved position (a backward one).
  virtual std::vector<PushStep> pathPushes(uint32_t i) const = 0;

  // The other side from now on; nullptr to stop looking (it is going away).
  void meet(const MeetingSide* other) { other_ = other; }
  // A position both sides stored was found: solution() is the one through it.
  bool met() const { return !met_.empty(); }

 protected:
  // Looks this side's new position `mine` (these boxes, normalised player
  // and key) up on the other side. When it is there, met_ gets the LURD
  // through it and the answer is true.
  bool meetAt(uint32_t mine, const Square* sortedBoxes, Square normal, uint64_t key, bool forward,
              const Level& level);

  const MeetingSide* other_ = nullptr;
  std::string met_;
};

}  // namespace soko
