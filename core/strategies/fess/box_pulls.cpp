#include "box_pulls.h"

#include <algorithm>

#include "analysis/reach.h"

namespace soko {

BoxPulls::BoxPulls(const Board& board)
    : board_(board),
      seen_(static_cast<size_t>(board.squareCount()) * 4, 0),
      expanded_(static_cast<size_t>(board.squareCount()) * 4, 0),
      state_(static_cast<size_t>(board.squareCount()) * 4),
      region_(board.squareCount(), 0),
      mark_(board.squareCount(), 0),
      wanted_(board.squareCount(), 0),
      stack_(board.squareCount()),
      relaxed_(board.squareCount(), 0),
      order_(board.squareCount(), 0),
      low_(board.squareCount(), 0),
      path_(board.squareCount()),
      edges_(static_cast<size_t>(board.squareCount()) * 2 + 1),
      block_(static_cast<size_t>(board.squareCount()) * 4, 0) {}

void BoxPulls::findBlocks(const std::vector<uint8_t>& occupied, Square root) {
  if (orderNext_ > ~uint32_t{0} - static_cast<uint32_t>(order_.size()) - 1) {
    std::fill(order_.begin(), order_.end(), 0);
    orderNext_ = 0;
  }
  orderBase_ = orderNext_;
  // Raw arrays, the path and the edges sized for the worst case: this runs
  // once per long pull search and dominated the plan's time.
  const uint8_t* const occ = occupied.data();
  uint32_t* const order = order_.data();
  uint32_t* const low = low_.data();
  uint32_t* const block = block_.data();
  Frame* const path = path_.data();
  uint32_t* const edges = edges_.data();
  const uint32_t base = orderBase_;
  uint32_t next = orderNext_;
  size_t depth = 0, top = 0;
  uint64_t popped = 0;
  order[root] = low[root] = ++next;
  path[depth++] = {root, kNoSquare, 0};
  while (depth > 0) {
    // The frame's fields in locals: the stores to order and low below
    // could alias them otherwise.
    Frame& f = path[depth - 1];
    const Square at = f.at, parent = f.parent;
    const uint32_t orderAt = order[at];
    uint32_t lowAt = low[at];
    Square child = kNoSquare;
    int d = f.next;
    for (; d < 4; ++d) {
      const Square w = board_.neighbor(at, static_cast<Direction>(d));
      if (w == kNoSquare || occ[w] || w == parent) continue;
      const uint32_t orderW = order[w];
      if (orderW <= base) {  // not seen yet: a tree edge
        edges[top++] = at * 4u + static_cast<uint32_t>(d);
        child = w;
        ++d;
        break;
      }
      if (orderW < orderAt) {  // back to an ancestor
        edges[top++] = at * 4u + static_cast<uint32_t>(d);
        lowAt = std::min(lowAt, orderW);
      }
    }
    low[at] = lowAt;
    if (child != kNoSquare) {
      f.next = d;
      order[child] = low[child] = ++next;
      path[depth++] = {child, at, 0};
      continue;
    }
    --depth;
    ++popped;
    if (parent == kNoSquare) break;
    low[parent] = std::min(low[parent], lowAt);
    if (lowAt < order[parent]) continue;
    // parent cuts at's subtree off: the edges pushed since the tree edge
    // into at form one block.
    const uint32_t id = ++blockNext_;
    uint32_t edge;
    do {
      edge = edges[--top];
      const Direction e = static_cast<Direction>(edge % 4);
      block[edge] = id;
      block[board_.neighbor(static_cast<Square>(edge / 4), e) * 4u +
            static_cast<uint32_t>(opposite(e))] = id;
    } while (static_cast<Square>(edge / 4) != parent ||
             board_.neighbor(parent, static_cast<Direction>(edge % 4)) != at);
  }
  orderNext_ = next;
  work_ += kBlockWork * popped;
}

void BoxPulls::floodFrom(std::vector<uint32_t>& marks, uint32_t stamp,
                         const std::vector<uint8_t>& occupied, Square start, const Square* want) {
  // The squares wanted are stamped in wanted_ (the same stamp), so that each
  // square marked is checked against them at once.
  int missing = 0;
  if (want)
    for (int k = 0; k < 4; ++k)
      if (want[k] != kNoSquare && want[k] != start) ++missing, wanted_[want[k]] = stamp;
  const uint8_t* const occ = occupied.data();
  uint32_t* const mark = marks.data();
  const uint32_t* const wanted = wanted_.data();
  mark[start] = stamp;
  Square* const stack = stack_.data();
  int top = 0;
  stack[top++] = start;
  uint64_t popped = 0;
  while (top > 0 && (!want || missing > 0)) {
    const Square s = stack[--top];
    ++popped;
    for (Direction d : kDirections) {
      const Square t = board_.neighbor(s, d);
      if (t == kNoSquare || occ[t] || mark[t] == stamp) continue;
      mark[t] = stamp;
      missing -= wanted[t] == stamp;
      stack[top++] = t;
    }
  }
  work_ += popped;
}

const std::vector<uint32_t>& BoxPulls::flood(const std::vector<uint8_t>& occupied, Square start) {
  if (++regionStamp_ == 0) {
    std::fill(region_.begin(), region_.end(), 0);
    regionStamp_ = 1;
  }
  const uint64_t before = work_;
  floodFrom(region_, regionStamp_, occupied, start, nullptr);
  regionSize_ = work_ - before;
  return region_;
}

bool BoxPulls::mayReach(const std::vector<uint8_t>& occupied, Square from,
                        const std::vector<uint8_t>& target) {
  if (target[from]) return true;
  if (++relaxedStamp_ == 0) {
    std::fill(relaxed_.begin(), relaxed_.end(), 0);
    relaxedStamp_ = 1;
  }
  // `from` itself is free once the box leaves it. A pull onto t along d
  // needs t and the square beyond it free (analysis/goal_reach.h's
  // relaxation, with the other boxes as walls).
  const auto blocked = [&](Square s) { return s == kNoSquare || (occupied[s] && s != from); };
  bool found = false;
  relaxed_[from] = relaxedStamp_;
  work_ += floodMarked(
      board_, from, relaxed_.data(), relaxedStamp_, stack_.data(),
      [&](Square t, Direction d) { return !blocked(t) && !blocked(board_.neighbor(t, d)); },
      [&](Square t) { return found = target[t] != 0; });
  return found;
}

// The free sides of state `st`'s square that the player, standing on
// `player` (the side st % 4), reaches while the box is there; kNoSquare for the others.
void BoxPulls::sidesJoined(std::vector<uint8_t>& occupied, uint32_t st, Square player, bool blocks,
                           Square want[4]) {
  const Square s = static_cast<Square>(st / 4);
  for (Direction d : kDirections) {
    Square p = board_.neighbor(s, d);
    want[static_cast<int>(d)] = (p != kNoSquare && !occupied[p]) ? p : kNoSquare;
  }
  if (blocks) {
    for (uint32_t d = 0; d < 4; ++d)
      if (want[d] != kNoSquare && block_[s * 4u + d] != block_[st]) want[d] = kNoSquare;
    return;
  }
  if (++markStamp_ == 0) {
    std::fill(mark_.begin(), mark_.end(), 0);
    std::fill(wanted_.begin(), wanted_.end(), 0);
    markStamp_ = 1;
  }
  occupied[s] = 1;
  floodFrom(mark_, markStamp_, occupied, player, want);
  occupied[s] = 0;
  for (int d = 0; d < 4; ++d)
    if (want[d] != kNoSquare && mark_[want[d]] != markStamp_) want[d] = kNoSquare;
}

bool BoxPulls::search(std::vector<uint8_t>& occupied, Square from, Square player,
                      const std::vector<uint8_t>* target, Reached* hit, std::vector<Reached>* all,
                      PullLimits limits) {
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
  // The player's region with the box on `from` (flooded already: counted
  // as flooded again, so that the work is the same either way).
  const uint64_t before = work_;
  if (limits.regionFlooded)
    work_ += regionSize_;
  else
    flood(occupied, player);
  queue_.clear();
  for (Direction d : kDirections) {
    Square p = board_.neighbor(from, d);
    if (p == kNoSquare || occupied[p] || !flooded(p)) continue;
    uint32_t st = from * 4u + static_cast<uint32_t>(d);
    seen_[st] = seenStamp_;
    state_[st] = {from, p, 0, kNoSquare};
    queue_.push_back(st);
  }
  if (all && !queue_.empty()) all->push_back({from, player, 0, kNoSquare});
  occupied[from] = 0;
  // A state's sides come from a flood that stops once every free side is
  // seen, cheap while the search is short; once the floods have cost about
  // twice the player's region, from the blocks, found once.
  const uint64_t switchAt = work_ + 2 * (work_ - before);
  bool blocks = false;
  bool found = false;
  for (size_t h = 0; h < queue_.size() && !found && work_ <= limit; ++h) {
    const uint32_t st = queue_[h];
    if (expanded_[st] == seenStamp_) continue;
    const Reached here = state_[st];
    const Square s = here.to;
    ++work_;
    if (s != from) {
      if (target && (*target)[s]) {
        if (hit) *hit = here;
        found = true;
        break;
      }
      if (all) all->push_back(here);
    }
    if (!blocks && work_ > switchAt) findBlocks(occupied, from), blocks = true;
    Square want[4];
    sidesJoined(occupied, st, here.player, blocks, want);
    if (here.pulls >= limits.maxPulls) continue;
    for (Direction d : kDirections) {
      Square t = want[static_cast<int>(d)];
      if (t == kNoSquare) continue;
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
