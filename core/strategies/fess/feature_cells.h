// FESS's feature spaces and their round robin: a position goes into one cell
// of each space its variant uses (each pairs one measure with player
// regions, see fess.h), and the search takes the cells in turn, expanding
// from each the position reached with the least accumulated weight, newest
// first among equals.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "cell_index.h"
#include "cell_queue.h"

namespace soko {

// What a position is projected by onto the feature spaces.
struct Features {
  int onGoals = 0;       // boxes on goals: all of them is solved
  int connectivity = 0;  // player regions
  // Goals filled while an earlier goal of their group is empty, and boxes
  // the plan parks missing from their squares while the goals they wait
  // out are filled. Keeps the packing advisor to the plan's order;
  // onGoals - outOfPlan counts the goals filled in plan order.
  int outOfPlan = 0;
  int hot = 0;            // hotspots: boxes cutting some other box off from every goal (hotspots.h)
  uint32_t estimate = 0;  // pushes to the nearest goals
};

class FeatureCells {
 public:
  // `spaces`: FessSpace bits; `startEstimate`: the start's estimate, which
  // the estimate spaces count fractions of.
  FeatureCells(uint32_t spaces, uint32_t startEstimate)
      : spaces_(spaces), startEstimate_(startEstimate) {}

  // Queues `node` with `weight` in its cell of each space.
  void enqueue(uint32_t node, const Features& f, uint32_t weight);
  // The next cell with work, its best node, skipping the nodes stale(node,
  // weight) calls stale (expanded already, or queued again since with less
  // weight); false when every cell is empty.
  template <class Stale>
  bool next(uint32_t& node, Stale stale) {
    for (size_t tried = 0; tried < cells_.size(); ++tried) {
      CellQueue& c = cells_[cursor_];
      cursor_ = (cursor_ + 1) % cells_.size();
      uint32_t weight, candidate;
      int64_t freed;
      while (c.pop(weight, candidate, freed)) {
        openBytes_ += freed;
        if (stale(candidate, weight)) continue;
        node = candidate;
        return true;
      }
      openBytes_ += freed;
    }
    return false;
  }

  size_t count() const { return cells_.size(); }
  uint64_t memoryBytes() const {
    return openBytes_ + cells_.capacity() * sizeof(CellQueue) + cellOf_.memoryBytes();
  }
  // What one expansion may add: a doubling of the cell list and of its
  // index, and in each space a doubling of a queue level twice the largest
  // yet doubled.
  uint64_t growthReserve() const {
    return cells_.capacity() * sizeof(CellQueue) + 2 * cellOf_.memoryBytes() +
           2 * static_cast<uint64_t>(std::popcount(spaces_)) * largestQueueGrowth_;
  }

 private:
  // `estimate` in 1/parts of the start's (64-bit: unreachable squares count 2^16 pushes each).
  uint32_t fractionOfStart(uint32_t estimate, uint64_t parts) const {
    return static_cast<uint32_t>(
        std::min<uint64_t>(estimate * parts / (startEstimate_ + 1ull), 255));
  }
  static uint32_t cellKey(uint32_t space, uint32_t value, uint32_t connectivity) {
    return space << 16 | std::min(value, 255u) << 8 | std::min(connectivity, 255u);
  }
  void enqueueIn(uint32_t cellKey, uint32_t node, uint32_t weight);

  uint32_t spaces_;
  uint32_t startEstimate_;
  std::vector<CellQueue> cells_;
  CellIndex cellOf_;  // feature key -> cell
  size_t cursor_ = 0;
  int64_t openBytes_ = 0;            // held by the cells' queues, in bytes
  uint64_t largestQueueGrowth_ = 0;  // the largest one push has added to openBytes_
};

}  // namespace soko
