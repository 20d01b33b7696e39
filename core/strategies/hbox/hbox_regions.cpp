#include "hbox_regions.h"

#include "analysis/reach.h"

namespace soko {

PullerRegions::PullerRegions(const Board& board, const uint8_t* occupied)
    : board_(board),
      occupied_(occupied),
      mark_(board.squareCount(), 0),
      stack_(board.squareCount()),
      dist_(board.squareCount(), 0),
      distMark_(board.squareCount(), 0),
      label_(board.squareCount(), kNoArea) {}

// The floods below keep their state in locals and push on stack_ by hand
// (a square enters at most once, marked as it does): with push_back, every
// store through a member made the compiler load the board's tables again.
// Measured on XSokoban 13, hbox 11, 50,000 expansions: 2.50 G instructions
// with push_back, 2.02 G this way.

PullerRegion PullerRegions::flood(Square from) {
  nextStamp();
  const uint32_t stamp = stamp_;
  uint32_t* const mark = mark_.data();
  const uint8_t* const occupied = occupied_;
  Square* const stack = stack_.data();
  size_t size = 0;
  Square smallest = from;
  bool anyPull = false;
  mark[from] = stamp;
  stack[size++] = from;
  while (size > 0) {
    const Square s = stack[--size];
    for (Direction d : kDirections) {
      const Square r = board_.neighbor(s, d);
      if (r == kNoSquare || mark[r] == stamp) continue;
      if (occupied[r]) {
        // A box next to the puller: pullable when the puller can step back.
        if (!anyPull) {
          const Square back = board_.neighbor(s, opposite(d));
          anyPull = back != kNoSquare && !occupied[back];
        }
        continue;
      }
      mark[r] = stamp;
      smallest = std::min(smallest, r);
      stack[size++] = r;
    }
  }
  PullerRegion region;
  region.normal = smallest;
  region.anyPull = anyPull;
  region.reachesStart = mark[board_.startPlayer()] == stamp;
  return region;
}

void PullerRegions::fillArea(Square start) {
  const uint32_t stamp = stamp_;
  uint32_t* const mark = mark_.data();
  const uint8_t* const occupied = occupied_;
  Square* const stack = stack_.data();
  size_t size = 0;
  stack[size++] = start;
  while (size > 0) {
    const Square q = stack[--size];
    for (Direction d : kDirections) {
      const Square r = board_.neighbor(q, d);
      if (r == kNoSquare || mark[r] == stamp || occupied[r]) continue;
      mark[r] = stamp;
      stack[size++] = r;
    }
  }
}

int PullerRegions::countAreas() {
  int areas = 1;
  const int squares = board_.squareCount();
  for (int s = 0; s < squares; ++s) {
    if (occupied_[s] || mark_[s] == stamp_) continue;
    ++areas;
    mark_[s] = stamp_;
    fillArea(static_cast<Square>(s));
  }
  return areas;
}

void PullerRegions::label(Square puller, const Square* boxes, int n) {
  walkDistances(puller);
  labelAreas();
  collectOffers(boxes, n);
}

// Breadth-first walking distances from the puller around the boxes.
void PullerRegions::walkDistances(Square from) {
  if (++distStamp_ == 0) {
    std::fill(distMark_.begin(), distMark_.end(), 0);
    distStamp_ = 1;
  }
  const uint32_t stamp = distStamp_;
  uint32_t* const mark = distMark_.data();
  int32_t* const dist = dist_.data();
  const uint8_t* const occupied = occupied_;
  Square* const queue = stack_.data();
  size_t size = 0;
  queue[size++] = from;
  mark[from] = stamp;
  dist[from] = 0;
  for (size_t head = 0; head < size; ++head) {
    const Square s = queue[head];
    for (Direction d : kDirections) {
      const Square r = board_.neighbor(s, d);
      if (r == kNoSquare || mark[r] == stamp || occupied[r]) continue;
      mark[r] = stamp;
      dist[r] = dist[s] + 1;
      queue[size++] = r;
    }
  }
}

// Every floor area: label_[s] for free squares, with each area's smallest
// square and whether it holds the start.
void PullerRegions::labelAreas() {
  const int squares = board_.squareCount();
  std::fill(label_.begin(), label_.end(), kNoArea);
  areaMin_.clear();
  areaHasStart_.clear();
  uint16_t* const label = label_.data();
  const uint8_t* const occupied = occupied_;
  Square* const stack = stack_.data();
  const Square startPlayer = board_.startPlayer();
  for (int s = 0; s < squares; ++s) {
    if (occupied[s] || label[s] != kNoArea) continue;
    const uint16_t area = static_cast<uint16_t>(areaMin_.size());
    bool start = false;
    label[s] = area;
    size_t size = 0;
    stack[size++] = static_cast<Square>(s);
    while (size > 0) {
      const Square q = stack[--size];
      start |= q == startPlayer;
      for (Direction d : kDirections) {
        const Square r = board_.neighbor(q, d);
        if (r == kNoSquare || label[r] != kNoArea || occupied[r]) continue;
        label[r] = area;
        stack[size++] = r;
      }
    }
    areaMin_.push_back(static_cast<Square>(s));
    areaHasStart_.push_back(start);
  }
}

void PullerRegions::collectOffers(const Square* boxes, int n) {
  offers_.clear();
  for (int i = 0; i < n; ++i) {
    for (Direction d : kDirections) {
      Square to = board_.neighbor(boxes[i], d);
      if (to == kNoSquare || occupied_[to] || !walks(to)) continue;
      Square back = board_.neighbor(to, d);
      if (back != kNoSquare && !occupied_[back]) offers_.push_back({boxes[i], to, back});
    }
  }
}

PullerRegion PullerRegions::afterPull(Square origin, Square to, Square back, Direction d,
                                      bool corrals) {
  PullerRegion region;
  if (!childRegion(origin, to, back, d, region)) {
    region = flood(back);
    if (corrals) region.corrals = countAreasAfterMove(origin, to, back);
  }
  return region;
}

// The child's region from the labelled areas when the change is local.
// False: flood instead.
bool PullerRegions::childRegion(Square origin, Square to, Square back, Direction d,
                                PullerRegion& r) {
  if (!blockingKeepsJoined(board_, occupied_, to, origin) && !reconnectsNearby(to, origin, back))
    return false;
  // A pull is still possible: the same box again, or one the expanded
  // position offered with another box whose squares the move left alone.
  bool anyPull = freeSquare(board_.neighbor(back, d));
  for (size_t k = 0; !anyPull && k < offers_.size(); ++k) {
    const PullOffer& o = offers_[k];
    anyPull = o.box != origin && o.stand != to && o.step != to;
  }
  if (!anyPull) return false;
  const uint16_t region = label_[back];
  if (areaMin_[region] == to) return false;
  // Areas touching the freed origin merge with it; with the puller's region
  // when one of them is it (always so after more than one pull in a row).
  uint16_t merged[4];
  int count = 0;
  bool joins = false;
  for (Direction a : kDirections) {
    Square x = board_.neighbor(origin, a);
    if (!freeSquare(x)) continue;
    uint16_t l = label_[x];
    joins |= l == region;
    if (std::find(merged, merged + count, l) == merged + count) merged[count++] = l;
  }
  Square smallest = areaMin_[region];
  bool start = areaHasStart_[region];
  if (joins) {
    smallest = std::min(smallest, origin);
    start |= board_.startPlayer() == origin;
    for (int k = 0; k < count; ++k) {
      smallest = std::min(smallest, areaMin_[merged[k]]);
      start |= areaHasStart_[merged[k]] != 0;
    }
  }
  r.normal = smallest;
  r.anyPull = true;
  // The start may lie in a merged area, under the box.
  r.reachesStart = start && board_.startPlayer() != to;
  r.corrals = static_cast<int>(areaMin_.size()) + (count == 0 ? 1 : 1 - count);
  return true;
}

// The slower local test: a flood from `back` around `to` (not entering
// `ignore`) that meets every free neighbour of `to` within a few squares.
bool PullerRegions::reconnectsNearby(Square to, Square ignore, Square back) {
  // Squares visited before giving up. A longer look costs more than the
  // floods it saves: where the neighbours do stay joined past the ring,
  // they mostly join round a long loop (hbox 11, 30,000 expansions,
  // XSokoban 52: 2.00 G instructions at 12, 2.06 G at 24, 2.11 G at 48,
  // 2.23 G at 96; 13 and 35 alike).
  constexpr size_t kLimit = 12;
  Square wanted[4];
  int missing = 0;
  for (Direction a : kDirections) {
    Square x = board_.neighbor(to, a);
    if (x != back && x != ignore && freeSquare(x)) wanted[missing++] = x;
  }
  if (missing == 0) return true;
  nextStamp();
  const uint32_t stamp = stamp_;
  uint32_t* const mark = mark_.data();
  const uint8_t* const occupied = occupied_;
  Square* const queue = stack_.data();
  mark[to] = stamp;
  if (ignore != kNoSquare) mark[ignore] = stamp;
  mark[back] = stamp;
  size_t size = 0;
  queue[size++] = back;
  for (size_t head = 0; head < size && head < kLimit; ++head) {
    const Square q = queue[head];
    for (Direction a : kDirections) {
      const Square r = board_.neighbor(q, a);
      if (r == kNoSquare || mark[r] == stamp || occupied[r]) continue;
      mark[r] = stamp;
      for (int k = 0; k < missing; ++k)
        if (wanted[k] == r) {
          wanted[k] = wanted[--missing];
          if (missing == 0) return true;
          break;
        }
      queue[size++] = r;
    }
  }
  return false;
}

// After flood(back) for a child whose box moved from `origin` to `to`: the
// floor areas, without scanning the board. Only the labelled position's
// region R, the freed origin and the areas around it can change; their
// squares are flooded from the squares next to `to` and from origin (every
// piece of R minus `to` touches `to`).
int PullerRegions::countAreasAfterMove(Square origin, Square to, Square back) {
  const uint16_t region = label_[back];
  uint16_t around[4];
  int others = 0;
  for (Direction a : kDirections) {
    Square x = board_.neighbor(origin, a);
    if (!freeSquare(x)) continue;
    uint16_t l = label_[x];
    if (l != region && std::find(around, around + others, l) == around + others)
      around[others++] = l;
  }
  int inside = 1;  // the puller's region, flooded already
  Square starts[5];
  int count = 0;
  for (Direction a : kDirections) {
    Square x = board_.neighbor(to, a);
    if (x != origin && freeSquare(x)) starts[count++] = x;
  }
  starts[count++] = origin;
  for (int k = 0; k < count; ++k) {
    if (mark_[starts[k]] == stamp_) continue;
    ++inside;
    mark_[starts[k]] = stamp_;
    fillArea(starts[k]);
  }
  return static_cast<int>(areaMin_.size()) - 1 - others + inside;
}

}  // namespace soko
