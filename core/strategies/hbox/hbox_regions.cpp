#include "hbox_regions.h"

#include <cassert>

#include "analysis/reach.h"

namespace soko {

PullerRegions::PullerRegions(const Board& board, const uint8_t* occupied)
    : board_(board),
      occupied_(occupied),
      mark_(board.squareCount(), 0),
      stack_(board.squareCount()),
      dist_(board.squareCount(), 0),
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

void PullerRegions::label(Square puller, const Square* boxes, int n, bool allAreas) {
  std::fill(label_.begin(), label_.end(), kNoArea);
  areaMin_.clear();
  areaHasStart_.clear();
  allAreas_ = allAreas;
  walkDistances(puller);
  if (allAreas) labelOtherAreas();
  boxes_ = boxes;
  boxCount_ = n;
}

// Breadth-first walking distances from the puller around the boxes; its
// region becomes area kPullerArea (one flood serves both).
void PullerRegions::walkDistances(Square from) {
  uint16_t* const label = label_.data();
  int32_t* const dist = dist_.data();
  const uint8_t* const occupied = occupied_;
  Square* const queue = stack_.data();
  const Square startPlayer = board_.startPlayer();
  Square smallest = from;
  size_t size = 0;
  queue[size++] = from;
  label[from] = kPullerArea;
  dist[from] = 0;
  for (size_t head = 0; head < size; ++head) {
    const Square s = queue[head];
    for (Direction d : kDirections) {
      const Square r = board_.neighbor(s, d);
      if (r == kNoSquare || label[r] != kNoArea || occupied[r]) continue;
      label[r] = kPullerArea;
      dist[r] = dist[s] + 1;
      smallest = std::min(smallest, r);
      queue[size++] = r;
    }
  }
  areaMin_.push_back(smallest);
  areaHasStart_.push_back(label[startPlayer] == kPullerArea);
}

// The other floor areas: label_[s] for free squares, with each area's
// smallest square and whether it holds the start.
void PullerRegions::labelOtherAreas() {
  const int squares = board_.squareCount();
  for (int s = 0; s < squares; ++s)
    if (!occupied_[s] && label_[s] == kNoArea) labelArea(static_cast<Square>(s), kNoSquare);
}

// The labelled position's area of `from`. `origin`: a box of the labelled
// position that the caller has moved off for a child (kept out).
uint16_t PullerRegions::labelArea(Square from, Square origin) {
  uint16_t* const label = label_.data();
  const uint8_t* const occupied = occupied_;
  Square* const stack = stack_.data();
  const Square startPlayer = board_.startPlayer();
  const uint16_t area = static_cast<uint16_t>(areaMin_.size());
  bool start = false;
  Square smallest = from;
  label[from] = area;
  size_t size = 0;
  stack[size++] = from;
  while (size > 0) {
    const Square q = stack[--size];
    start |= q == startPlayer;
    smallest = std::min(smallest, q);
    for (Direction d : kDirections) {
      const Square r = board_.neighbor(q, d);
      if (r == kNoSquare || label[r] != kNoArea || occupied[r] || r == origin) continue;
      label[r] = area;
      stack[size++] = r;
    }
  }
  areaMin_.push_back(smallest);
  areaHasStart_.push_back(start);
  return area;
}

// A pull of the labelled position that a child (the box on `origin` moved,
// now on `to`) still offers: another box, the puller's square in the
// labelled region and not `to`, its step back free in the child and not the
// freed origin (so free in the labelled position too).
bool PullerRegions::pullLeft(Square origin, Square to) const {
  for (int i = 0; i < boxCount_; ++i) {
    if (boxes_[i] == origin) continue;
    for (Direction d : kDirections) {
      const Square stand = board_.neighbor(boxes_[i], d);
      if (stand == kNoSquare || stand == to || label_[stand] != kPullerArea) continue;
      const Square step = board_.neighbor(stand, d);
      if (step != origin && freeSquare(step)) return true;
    }
  }
  return false;
}

PullerRegion PullerRegions::afterPull(Square origin, Square to, Square back, Direction d,
                                      bool corrals) {
  assert(allAreas_ || !corrals);
  PullerRegion region;
  if (!childRegion(origin, to, back, d, region)) {
    region = flood(back);
    if (corrals) region.corrals = countAreasAfterMove(origin, to);
  }
  return region;
}

// The child's region from the labelled areas when the change is local.
// False: flood instead.
bool PullerRegions::childRegion(Square origin, Square to, Square back, Direction d,
                                PullerRegion& r) {
  // When the ring round `to` is broken, a flood settles it. A look a few
  // squares further round `to` almost never found the pieces joined (none
  // of 139,937 such children of GRIGoRusha Special 1, 780 of 283,822 of
  // XSokoban 13, hbox 11, 50,000 expansions): `to` mostly cuts the region.
  if (!blockingKeepsJoined(board_, occupied_, to, origin)) return false;
  // A pull is still possible: the same box again, or one the expanded
  // position offered with another box whose squares the move left alone.
  const bool anyPull = freeSquare(board_.neighbor(back, d)) || pullLeft(origin, to);
  if (!anyPull) return false;
  // `back` lies in the puller's region: the child's region is that region
  // without `to`.
  const uint16_t region = kPullerArea;
  if (areaMin_[region] == to) return false;
  // Areas touching the freed origin merge with it; with the puller's region
  // when one of them is it (always so after more than one pull in a row).
  // Areas away from the puller are labelled only then, or for corrals.
  bool joins = false;
  for (Direction a : kDirections) {
    Square x = board_.neighbor(origin, a);
    joins |= freeSquare(x) && label_[x] == region;
  }
  uint16_t merged[4];
  int count = 0;
  for (Direction a : kDirections) {
    Square x = board_.neighbor(origin, a);
    if (!freeSquare(x) || !(joins || allAreas_)) continue;
    uint16_t l = areaOf(x, origin);
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
  if (allAreas_) r.corrals = static_cast<int>(areaMin_.size()) + (count == 0 ? 1 : 1 - count);
  return true;
}

// After flood(back) for a child whose box moved from `origin` to `to`: the
// floor areas, without scanning the board. Only the labelled position's
// region R, the freed origin and the areas around it can change; their
// squares are flooded from the squares next to `to` and from origin (every
// piece of R minus `to` touches `to`).
int PullerRegions::countAreasAfterMove(Square origin, Square to) {
  const uint16_t region = kPullerArea;
  uint16_t around[4];
  int others = 0;
  for (Direction a : kDirections) {
    Square x = board_.neighbor(origin, a);
    if (!freeSquare(x)) continue;
    uint16_t l = areaOf(x, origin);
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
