#include "box_pulls.h"

#include <algorithm>

namespace soko {

BoxPulls::BoxPulls(const Board& board)
    : board_(board),
      seen_(static_cast<size_t>(board.squareCount()) * 4, 0),
      expanded_(static_cast<size_t>(board.squareCount()) * 4, 0),
      state_(static_cast<size_t>(board.squareCount()) * 4),
      mark_(board.squareCount(), 0),
      wanted_(board.squareCount(), 0),
      stack_(board.squareCount()) {}

void BoxPulls::floodFrom(const std::vector<uint8_t>& occupied, Square start, const Square* want) {
  if (++markStamp_ == 0) {
    std::fill(mark_.begin(), mark_.end(), 0);
    std::fill(wanted_.begin(), wanted_.end(), 0);
    markStamp_ = 1;
  }
  // The squares wanted are stamped in wanted_ (the same stamp), so that each
  // square marked is checked against them at once.
  int missing = 0;
  if (want)
    for (int k = 0; k < 4; ++k)
      if (want[k] != kNoSquare && want[k] != start) ++missing, wanted_[want[k]] = markStamp_;
  mark_[start] = markStamp_;
  Square* const stack = stack_.data();
  int top = 0;
  stack[top++] = start;
  while (top > 0 && (!want || missing > 0)) {
    const Square s = stack[--top];
    ++work_;
    for (Direction d : kDirections) {
      const Square t = board_.neighbor(s, d);
      if (t == kNoSquare || occupied[t] || mark_[t] == markStamp_) continue;
      mark_[t] = markStamp_;
      if (want && wanted_[t] == markStamp_) --missing;
      stack[top++] = t;
    }
  }
}

const std::vector<uint32_t>& BoxPulls::flood(const std::vector<uint8_t>& occupied, Square start) {
  floodFrom(occupied, start, nullptr);
  return mark_;
}

bool BoxPulls::search(std::vector<uint8_t>& occupied, Square from, Square player,
                      const std::vector<uint8_t>* target, Reached* hit, std::vector<Reached>* all,
                      uint16_t maxPulls) {
  if (target && (*target)[from]) {
    if (hit) *hit = {from, player, 0, kNoSquare};
    return true;
  }
  if (work_ > workLimit_) return false;
  const uint64_t limit = workLimit_ - work_ < searchLimit_ ? workLimit_ : work_ + searchLimit_;
  if (++seenStamp_ == 0) {
    std::fill(seen_.begin(), seen_.end(), 0);
    std::fill(expanded_.begin(), expanded_.end(), 0);
    seenStamp_ = 1;
  }
  // The player's region with the box on `from`.
  floodFrom(occupied, player, nullptr);
  queue_.clear();
  for (Direction d : kDirections) {
    Square p = board_.neighbor(from, d);
    if (p == kNoSquare || occupied[p] || mark_[p] != markStamp_) continue;
    uint32_t st = from * 4u + static_cast<uint32_t>(d);
    seen_[st] = seenStamp_;
    state_[st] = {from, p, 0, kNoSquare};
    queue_.push_back(st);
  }
  if (all && !queue_.empty()) all->push_back({from, player, 0, kNoSquare});
  occupied[from] = 0;
  bool found = false;
  for (size_t h = 0; h < queue_.size() && !found && work_ <= limit; ++h) {
    const uint32_t st = queue_[h];
    if (expanded_[st] == seenStamp_) continue;
    const Reached here = state_[st];
    const Square s = here.to;
    // The sides of `s` the player reaches from this one.
    Square want[4];
    for (Direction d : kDirections) {
      Square p = board_.neighbor(s, d);
      want[static_cast<int>(d)] = (p != kNoSquare && !occupied[p]) ? p : kNoSquare;
    }
    occupied[s] = 1;
    floodFrom(occupied, here.player, want);
    occupied[s] = 0;
    ++work_;
    if (s != from) {
      if (target && (*target)[s]) {
        if (hit) *hit = here;
        found = true;
        break;
      }
      if (all) all->push_back(here);
    }
    if (here.pulls >= maxPulls) continue;
    for (Direction d : kDirections) {
      Square t = want[static_cast<int>(d)];
      if (t == kNoSquare || mark_[t] != markStamp_) continue;
      expanded_[s * 4u + static_cast<uint32_t>(d)] = seenStamp_;
      seen_[s * 4u + static_cast<uint32_t>(d)] = seenStamp_;
      Square u = board_.neighbor(t, d);
      if (u == kNoSquare || occupied[u]) continue;
      uint32_t next = t * 4u + static_cast<uint32_t>(d);
      if (seen_[next] == seenStamp_) continue;
      seen_[next] = seenStamp_;
      state_[next] = {t, u, static_cast<uint16_t>(here.pulls + 1),
                      here.first == kNoSquare ? t : here.first};
      queue_.push_back(next);
    }
  }
  occupied[from] = 1;
  return found;
}

}  // namespace soko
