#include "pi_corral.h"

#include <algorithm>

namespace soko {

PiCorral::PiCorral(const Board& board, std::vector<uint8_t> dead)
    : board_(board),
      dead_(dead.empty() ? std::vector<uint8_t>(board.squareCount(), 0) : std::move(dead)),
      own_(board),
      fenceMark_(board.squareCount(), 0),
      best_(board.squareCount(), 0) {}

bool PiCorral::find(const std::vector<uint8_t>& occupied, Square player) {
  own_.label(occupied);
  return find(occupied, own_, player);
}

bool PiCorral::find(const std::vector<uint8_t>& occupied, const Regions& regions, Square player) {
  ++stats_.calls;
  regions_ = &regions;
  playerRegion_ = regions.regionOf(player);
  // The corral components are the regions the player is not in: the
  // labels say which, so no square is flooded again.
  const int count = regions.count();
  if (count <= 1) return false;
  // Each component's boxes, once, in square order: a corral's fence is the
  // union of its components' (growing a corral rescans no squares).
  if (static_cast<int>(boxesOf_.size()) < count) boxesOf_.resize(count);
  for (int c = 0; c < count; ++c) boxesOf_[c].clear();
  const int n = board_.squareCount();
  for (int s = 0; s < n; ++s) {
    if (!occupied[s]) continue;
    for (Direction d : kDirections) {
      Square t = board_.neighbor(static_cast<Square>(s), d);
      if (t == kNoSquare || occupied[t]) continue;
      const int c = regions.regionOf(t);
      if (c == playerRegion_) continue;
      auto& boxes = boxesOf_[c];
      if (boxes.empty() || boxes.back() != s) boxes.push_back(static_cast<Square>(s));
    }
  }
  inCorral_.assign(count, 0);
  int bestPushes = -1;
  for (int c = 0; c < count && bestPushes != 0; ++c) {
    if (c == playerRegion_) continue;
    bool offGoal = false;
    int pushes = tryCorral(c, occupied, offGoal);
    if (pushes < 0 || !offGoal || (bestPushes >= 0 && pushes >= bestPushes)) continue;
    bestPushes = pushes;
    std::fill(best_.begin(), best_.end(), 0);
    for (Square b : fenceBoxes_) best_[b] = 1;
  }
  if (bestPushes < 0) return false;
  bestPushes_ = bestPushes;
  ++stats_.found;
  if (bestPushes == 0) ++stats_.dead;
  return true;
}

uint32_t PiCorral::nextFenceStamp() {
  if (++fenceStamp_ == 0) std::fill(fenceMark_.begin(), fenceMark_.end(), 0), fenceStamp_ = 1;
  return fenceStamp_;
}

int PiCorral::tryCorral(int start, const std::vector<uint8_t>& occupied, bool& offGoal) {
  std::fill(inCorral_.begin(), inCorral_.end(), 0);
  inCorral_[start] = 1;
  // (The player's region is never in the corral.)
  auto inC = [&](Square s) { return !occupied[s] && inCorral_[regions_->regionOf(s)]; };
  auto otherCorral = [&](Square s) { return !occupied[s] && !reachable(s) && !inCorral_[regions_->regionOf(s)]; };
  for (;;) {
    const uint32_t stamp = nextFenceStamp();
    fenceBoxes_.clear();
    offGoal = false;
    for (size_t c = 0; c < inCorral_.size(); ++c) {
      if (!inCorral_[c]) continue;
      for (Square t : boxesOf_[c]) {
        if (fenceMark_[t] == stamp) continue;
        fenceMark_[t] = stamp;
        fenceBoxes_.push_back(t);
        offGoal |= !board_.isGoal(t);
      }
    }
    auto isF = [&](Square s) { return occupied[s] && fenceMark_[s] == stamp; };
    int pushes = 0, merge = -1;
    for (Square b : fenceBoxes_) {
      for (Direction d : kDirections) {
        Square from = board_.neighbor(b, opposite(d)), to = board_.neighbor(b, d);
        if (from == kNoSquare || to == kNoSquare) continue;
        if (inC(from) || isF(from) || isF(to) || dead_[to]) continue;  // impossible, or in no solution
        if (inC(to) && reachable(from)) {
          ++pushes;  // into the corral, possible now
          continue;
        }
        // A push that may become possible through a neighbouring corral:
        // take that corral in. Anything else breaks the rules.
        if (otherCorral(from)) merge = regions_->regionOf(from);
        else if (!inC(to) && otherCorral(to)) merge = regions_->regionOf(to);
        else return -1;
        break;
      }
      if (merge >= 0) break;
    }
    if (merge < 0) return pushes;
    inCorral_[merge] = 1;
  }
}

}  // namespace soko
