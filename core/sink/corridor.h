// petersohn/sokoban's corridor checker for the sink variant. A corridor is a
// straight run of empty squares, one wide, that the player cannot reach:
// walls or stones on both sides all along it and at both ends.
//
//   *******     The two '+' squares: walls above, stones below, a wall at
//   *y.o++*     the right end and a stone at the left end. The stones
//   ***.oo*     below could only leave upwards with the player inside.
//
// The run opens only when an end stone moves across the run's axis, which
// needs floor on both of its sides there; a one-square run opens if any of
// its four neighbours is a stone that can move that way. When no end can
// open, the stones around it can never all reach the sink. Runs holding
// the sink are never corridors: a stone pushed in there is gone, which
// opens them (without that exception the rule condemns solvable levels).
// There is no proof that the rule is sound: a search over about 400,000
// random 7x6 boards found no solvable position it condemns, and the tests
// check it against brute force.
#pragma once

#include <cstdint>
#include <vector>

#include "analysis/board.h"
#include "analysis/reach.h"

namespace soko {

class CorridorCheck {
 public:
  explicit CorridorCheck(const Board& board);

  // After a push onto `moved`, with the stones in `occupied` and the
  // player's reach in `reach`: is a corridor next to `moved` shut for good?
  bool deadlock(const std::vector<uint8_t>& occupied, const Reach& reach, Square moved) const;

 private:
  // The run through `start` along `axis` (Right or Down): shut for good?
  bool shut(const std::vector<uint8_t>& occupied, const Reach& reach, Square start,
            Direction axis) const;
  // A stone on s with floor on both sides across `axis`.
  bool opens(const std::vector<uint8_t>& occupied, Square s, Direction axis) const;
  bool blocked(const std::vector<uint8_t>& occupied, Square s) const {
    return s == kNoSquare || occupied[s];
  }

  const Board& board_;
};

}  // namespace soko
