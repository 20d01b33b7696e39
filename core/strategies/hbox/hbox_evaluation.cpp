#include "hbox_evaluation.h"

#include <algorithm>

#include "hbox_rules.h"

namespace soko {

HboxEvaluation::HboxEvaluation(const Board& board, const std::vector<Square>& targets,
                               const PullDistances& pd, const HboxMethod& method,
                               const uint8_t* occupied)
    : board_(board),
      targets_(targets),
      pd_(pd),
      method_(method),
      occupied_(occupied),
      n_(static_cast<int>(targets.size())),
      doorway_(doorwaySquares(board)),
      rows_(n_),
      hp_(n_),
      hc_(n_) {
  buildMatchCosts();
}

// The Hungarian costs: pull distances scaled by n+1 plus 1 where a box
// would be matched to a target it is not standing on. The total divided by
// n+1 is HunEst exactly, and among equally short matchings the one leaving
// most boxes on their own targets wins, so pri1 ("boxes on their assigned
// goal") does not depend on how ties happen to fall.
void HboxEvaluation::buildMatchCosts() {
  const int squares = board_.squareCount();
  int32_t longest = 0;
  for (int s = 0; s < squares; ++s)
    for (int j = 0; j < n_; ++j)
      if (!pd_.dead(static_cast<Square>(s)) &&
          pd_.distance(static_cast<Square>(s), j) < PullDistances::kUnreachable)
        longest = std::max(longest, pd_.distance(static_cast<Square>(s), j));
  tieScale_ = n_ + 1;
  if (int64_t(longest + 1) * tieScale_ * n_ >= Hungarian::kInfinite / 2)
    tieScale_ = 1;  // no room: plain costs
  matchCost_.assign(static_cast<size_t>(squares) * n_, Hungarian::kInfinite);
  for (int s = 0; s < squares; ++s)
    for (int j = 0; j < n_; ++j) {
      int32_t d = pd_.distance(static_cast<Square>(s), j);
      if (d >= PullDistances::kUnreachable) continue;
      matchCost_[static_cast<size_t>(s) * n_ + j] =
          d * tieScale_ + (tieScale_ > 1 && targets_[j] != static_cast<Square>(s) ? 1 : 0);
    }
}

int HboxEvaluation::squaredDistances(const Hungarian& h, const Square* boxes) const {
  int sum = 0;
  for (int i = 0; i < n_; ++i) {
    int d = pd_.distance(boxes[i], h.columnOf(i));
    sum += d * d;
  }
  return sum;
}

bool HboxEvaluation::start(const Square* boxes) {
  if (!method_.hungarian) return true;
  for (int i = 0; i < n_; ++i) rows_[i] = matchRow(boxes[i]);
  hunEst0_ = hp_.solve(rows_.data());
  if (hunEst0_ >= Hungarian::kInfinite) return false;
  hunEst0_ /= tieScale_;
  bmx0_ = squaredDistances(hp_, boxes);
  hc_ = hp_;
  return true;
}

int HboxEvaluation::expand(const Square* boxes, int onTargets) {
  if (!method_.hungarian) return onTargets;
  for (int i = 0; i < n_; ++i) rows_[i] = matchRow(boxes[i]);
  hp_.solveWarm(rows_.data());
  int home = 0;
  for (int i = 0; i < n_; ++i) home += boxes[i] == targets_[hp_.columnOf(i)];
  return home;
}

// pri1..pri6 for the boxes `boxes` (row order of hc_):
//   pri1: boxes not on their Hungarian-assigned target (any target without Hungarian)
//   pri2: corrals - 1, corrals being the connected floor areas between boxes
//   pri3: boxes blocking doorways: on a square whose removal splits the empty board
//   pri4: blocked boxes: not pullable even once one neighbouring box moves
//         (two boxes, or a wall, on every side). Counting boxes not pullable
//         at once instead marks nearly every box of a packed room, and the
//         pri4 queue then pulls boxes apart rather than home: on XSokoban
//         1-90 at 300,000 positions each that solved 30 levels, this 33.
//   pri5: 60 (bmx0 - bmx) / bmx0, bmx the sum of squared box-target pull distances
//   pri6: 60 HunEst / HunEst0
Priorities HboxEvaluation::priorities(const Square* boxes, int onTargets, int corrals,
                                      bool halfway) const {
  Priorities p;
  if (method_.hungarian) {
    int home = 0;
    for (int i = 0; i < n_; ++i) home += boxes[i] == targets_[hc_.columnOf(i)];
    p.pri[1] = n_ - home;
    p.hunEst = hc_.total() / tieScale_;
  } else {
    p.pri[1] = n_ - onTargets;
  }
  const bool early = !halfway;
  if (method_.queue[2] && early) p.pri[2] = corrals - 1;
  if (method_.queue[3] && early) {
    int doors = 0;
    for (int i = 0; i < n_; ++i) doors += doorway_[boxes[i]];
    p.pri[3] = doors;
  }
  if (method_.queue[4] && early) {
    int blocked = 0;
    for (int i = 0; i < n_; ++i) blocked += !hboxPullable(board_, occupied_, boxes[i], false);
    p.pri[4] = blocked;
  }
  if (method_.queue[5] && early && bmx0_ > 0) {
    int bmx = squaredDistances(hc_, boxes);
    p.pri[5] = std::clamp(60 * (bmx0_ - bmx) / bmx0_, 0, kMaxPriority);
  }
  if (method_.queue[6] && hunEst0_ > 0) p.pri[6] = std::min(kMaxPriority, 60 * p.hunEst / hunEst0_);
  for (int k = 1; k <= 6; ++k) p.pri[k] = std::min(p.pri[k], kMaxPriority);
  return p;
}

}  // namespace soko
