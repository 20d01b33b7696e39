// hbox's small local rules where the seed is vague, as plain functions so
// they can be tested on their own. `occupied[s]` != 0 marks a box.
#pragma once

#include <cstdint>

#include "../board.h"
#include "../search/pull_distances.h"

namespace soko {

// Can a box on `s` be pulled from some side? With `now`, some side has two
// free squares in a row: the puller could pull it at once (the seed's
// puller-deadlock guard, and pri4's "blocked box" is its negation). Without,
// some side has no wall in those two squares and at most one box there: it
// becomes pullable once that neighbour moves (the milder guard).
inline bool hboxPullable(const Board& board, const uint8_t* occupied, Square s, bool now) {
  for (Direction d : kDirections) {
    Square a = board.neighbor(s, d);
    if (a == kNoSquare) continue;
    Square b = board.neighbor(a, d);
    if (b == kNoSquare) continue;
    int boxes = (occupied[a] != 0) + (occupied[b] != 0);
    if (now ? boxes == 0 : boxes < 2) return true;
  }
  return false;
}

// Inertia: after pulling a box onto `box` along d, pull again (towards
// `next`) while the box is in a tunnel (walls on both sides across the pull)
// or on a square of little value: not a target, and `next` is nearer to some
// target than `box` is.
inline bool hboxKeepPulling(const Board& board, const PullDistances& pd, const uint8_t* isTarget, Square box,
                            Square next, Direction d) {
  bool across = d == Direction::Up || d == Direction::Down;
  Square a = board.neighbor(box, across ? Direction::Left : Direction::Up);
  Square b = board.neighbor(box, across ? Direction::Right : Direction::Down);
  if (a == kNoSquare && b == kNoSquare) return true;
  return !isTarget[box] && pd.nearest(next) < pd.nearest(box);
}

}  // namespace soko
