// hbox's small local rules where hbox 1.3.5 by fastrgv is vague, as plain
// functions so they can be tested on their own. `occupied[s]` != 0 marks a
// box.
#pragma once

#include <cstdint>

#include "analysis/board.h"
#include "analysis/pull_distances.h"

namespace soko {

// Can a box on `s` be pulled from some side? With `now`, some side has two
// free squares in a row: the puller could pull it at once (hbox's original
// puller-deadlock guard). Without, some side has no wall in those two
// squares and at most one box there: it becomes pullable once that
// neighbour moves (the milder guard; pri4's "blocked box" is its negation).
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
inline bool hboxKeepPulling(const Board& board, const PullDistances& pd, const uint8_t* isTarget,
                            Square box, Square next, Direction d) {
  bool across = d == Direction::Up || d == Direction::Down;
  Square a = board.neighbor(box, across ? Direction::Left : Direction::Up);
  Square b = board.neighbor(box, across ? Direction::Right : Direction::Down);
  if (a == kNoSquare && b == kNoSquare) return true;
  return !isTarget[box] && pd.nearest(next) < pd.nearest(box);
}

// "Halfway": hbox drops pri2..pri5 once BoG, a recent average of boxes on
// goals, passes 2/3 of the boxes. The average is taken over the positions
// the pri1 queue hands out (the search's front in boxes on goals), as an
// exponential moving average over about the last 16 of them. Averaging over
// every popped position instead lets the pri2..pri5 queues, which by design
// pick positions with few boxes home, hold it down until the search is
// nearly over (measured: XSokoban 12 and 17 went halfway only a few thousand
// positions before their solutions).
class HalfwayTracker {
 public:
  explicit HalfwayTracker(int boxes) : boxes_(boxes) {}
  // A position with `onGoals` boxes home was popped from queue `queue`.
  // True once halfway is reached (and from then on).
  bool note(int queue, int onGoals) {
    if (halfway_ || queue != 1) return halfway_;
    average_ += (onGoals - average_) / 16.0;
    halfway_ = average_ * 3 > 2.0 * boxes_;
    return halfway_;
  }
  bool halfway() const { return halfway_; }

 private:
  int boxes_;
  double average_ = 0;
  bool halfway_ = false;
};

}  // namespace soko
