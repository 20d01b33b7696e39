// Out of plan, FESS's fourth feature: boxes standing in areas the packing
// plan is about to close off. A box parked inside the goal room, next to
// goals that the plan fills soon, gets walled in when they are filled and
// can then reach no goal left empty.
//
//   ##########
//   #@ $ ..$ #   the plan fills the left goal first: once it holds a
//   ##########   box, the box west of it can reach no goal left.
//
// Counted per position: with the goals that hold boxes and the next
// `lookahead` empty goals of the plan treated as walls, the boxes off goals
// from which a lone box can be pushed to none of the remaining empty goals
// (other boxes ignored). The pull search from those goals depends only on
// which goals are filled, so its answers are kept per filling.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "../board.h"
#include "packing_plan.h"

namespace soko {

class OutOfPlan {
 public:
  OutOfPlan(const Board& board, const PackingPlan& plan, int lookahead);

  // `occupied` marks the boxes of `boxes`.
  int count(const std::vector<Square>& boxes, const std::vector<uint8_t>& occupied);

  uint64_t memoryBytes() const { return memory_; }

 private:
  const std::vector<uint8_t>& reachable(const std::vector<uint8_t>& occupied);

  const Board& board_;
  std::vector<Square> order_;  // the plan's goals, first to fill first
  int lookahead_;
  std::string filling_;        // scratch key: which goals hold boxes
  std::unordered_map<std::string, std::vector<uint8_t>> cache_;  // filling -> [square] can reach a goal left
  std::vector<uint8_t> wall_;  // [square] scratch
  std::vector<Square> queue_;
  uint64_t memory_ = 0;
};

}  // namespace soko
