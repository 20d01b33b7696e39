#include "pi_corral.h"

#include <algorithm>

namespace soko {

PiCorral::PiCorral(const Board& board, std::vector<uint8_t> dead)
    : board_(board),
      dead_(dead.empty() ? std::vector<uint8_t>(board.squareCount(), 0) : std::move(dead)),
      own_(board),
      component_(board.squareCount(), -1),
      fenceMark_(board.squareCount(), 0),
      best_(board.squareCount(), 0) {}

bool PiCorral::find(const std::vector<uint8_t>& occupied, Square player) {
  own_.label(occupied);
  return find(occupied, own_, player);
}

bool PiCorral::find(const std::vector<uint8_t>& occupied, const Regions& regions, Square player) {
  start(occupied, regions, player);
  while (!tryNext(occupied)) {
  }
  return found();
}

void PiCorral::start(const std::vector<uint8_t>& occupied, const Regions& regions, Square player) {
  ++stats_.calls;
  const int n = board_.squareCount();
  regions_ = &regions;
  playerRegion_ = regions.regionOf(player);
  // The corrals: connected free squares the player cannot reach.
  std::fill(component_.begin(), component_.end(), -1);
  int count = 0;
  for (int s = 0; s < n; ++s) {
    if (occupied[s] || reachable(static_cast<Square>(s)) || component_[s] >= 0) continue;
    if (static_cast<int>(squaresOf_.size()) <= count) squaresOf_.emplace_back();
    auto& squares = squaresOf_[count];
    squares.assign(1, static_cast<Square>(s));
    component_[s] = count;
    for (size_t i = 0; i < squares.size(); ++i)
      for (Direction d : kDirections) {
        Square t = board_.neighbor(squares[i], d);
        if (t == kNoSquare || occupied[t] || component_[t] >= 0) continue;
        component_[t] = count;
        squares.push_back(t);
      }
    ++count;
  }
  // Each component's boxes, once: a corral's fence is the union of its
  // components' (growing a corral rescans no squares).
  for (int c = 0; c < count; ++c) {
    if (static_cast<int>(boxesOf_.size()) <= c) boxesOf_.emplace_back();
    auto& boxes = boxesOf_[c];
    boxes.clear();
    const uint32_t stamp = nextFenceStamp();
    for (Square s : squaresOf_[c])
      for (Direction d : kDirections) {
        Square t = board_.neighbor(s, d);
        if (t == kNoSquare || !occupied[t] || fenceMark_[t] == stamp) continue;
        fenceMark_[t] = stamp;
        boxes.push_back(t);
      }
  }
  inCorral_.assign(count, 0);
  count_ = count;
  next_ = 0;
  bestSoFar_ = -1;
}

// Grows a corral from the next component; true once every one was tried
// (or one with no legal push, the best there is, was found).
bool PiCorral::tryNext(const std::vector<uint8_t>& occupied) {
  if (next_ < count_ && bestSoFar_ != 0) {
    bool offGoal = false;
    const int pushes = tryCorral(next_++, occupied, offGoal);
    if (pushes >= 0 && offGoal && (bestSoFar_ < 0 || pushes < bestSoFar_)) {
      bestSoFar_ = pushes;
      std::fill(best_.begin(), best_.end(), 0);
      for (Square b : fenceBoxes_) best_[b] = 1;
    }
  }
  return next_ == count_ || bestSoFar_ == 0;
}

bool PiCorral::found() {
  if (bestSoFar_ < 0) return false;
  bestPushes_ = bestSoFar_;
  ++stats_.found;
  if (bestSoFar_ == 0) ++stats_.dead;
  return true;
}

uint32_t PiCorral::nextFenceStamp() {
  if (++fenceStamp_ == 0) std::fill(fenceMark_.begin(), fenceMark_.end(), 0), fenceStamp_ = 1;
  return fenceStamp_;
}

int PiCorral::tryCorral(int start, const std::vector<uint8_t>& occupied, bool& offGoal) {
  std::fill(inCorral_.begin(), inCorral_.end(), 0);
  inCorral_[start] = 1;
  auto inC = [&](Square s) { return !occupied[s] && component_[s] >= 0 && inCorral_[component_[s]]; };
  auto otherCorral = [&](Square s) { return !occupied[s] && component_[s] >= 0 && !inCorral_[component_[s]]; };
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
        if (otherCorral(from)) merge = component_[from];
        else if (!inC(to) && otherCorral(to)) merge = component_[to];
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
