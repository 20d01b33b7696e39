// The Hungarian push bound of positions in a forward search, over the
// per-region push distances of analysis/push_distances.h.
#pragma once

#include <cstdint>
#include <vector>

#include "analysis/push_distances.h"
#include "hungarian.h"

namespace soko {

static_assert(PushDistances::kUnreachable == Hungarian::kInfinite,
              "an unreachable goal costs the matching's infinity");

// The Hungarian push bound of positions in a forward search. Computing it
// for a parent once and then for each child repairs only the rows that
// changed (the pushed box, and boxes whose player region changed).
class MatchingBound {
 public:
  MatchingBound(int boxCount, const PushDistances& distances);

  // The bound of a position (boxes in any order, the player on `player`);
  // remembered as the parent for child(). >= kUnreachable: no box-to-goal
  // matching exists, the position is dead.
  int32_t parent(const Square* boxes, Square player);
  // The bound of the parent with box `index` (parent order) moved to `to`
  // and the player on `player`.
  int32_t child(int index, Square to, Square player);

 private:
  const PushDistances& distances_;
  int n_;
  std::vector<Square> parentBoxes_;
  std::vector<const int32_t*> parentRows_;
  Hungarian parentMatch_, childMatch_;
};

}  // namespace soko
