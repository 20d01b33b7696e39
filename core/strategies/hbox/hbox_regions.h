// The puller's side of hbox's evaluation: the squares the puller reaches in
// a position (its region, named by its smallest square), whether a pull can
// start there, whether the real player start lies in it, and into how many
// floor areas the boxes cut the board (pri2's corrals).
//
// The expanded position is labelled once: walking distances from the
// puller (its region) and the other floor areas (all of them when corrals
// are counted, else each when a child first needs it). A child one pull
// away is then mostly settled from those labels: when taking the pulled
// box's new square out of the floor leaves that square's free neighbours
// connected (a look round its eight neighbours), the child's region is the
// expanded one's, joined with the areas round the square the box left.
// Otherwise the child's region is flooded.
//
//   #######    The box on o pulled right to t, the puller now on b:
//   #     #    t's free neighbours stay joined round t, so the child's
//   # otb #    region is the old one, grown by o and the areas touching o.
//   #     #
//   #######
//
// Why not the shared Regions (core/analysis/regions.h): its child() gives
// a child's region count and smallest square, but not whether the start
// lies in the region nor whether a pull is left, which hbox needs of every
// child. Labelling the expanded position with Regions::label() (and hbox's
// own child test on its labels) was measured, same search: XSokoban 13,
// hbox 11, 50,000 expansions 2.024 G -> 2.136 G instructions (+5.5%);
// XSokoban 21, hbox 1, 1.503 G -> 1.592 G (+5.9%). (core/deadlock/corral.h
// is another thing: a corral deadlock test, where hbox's pri2 only counts
// floor areas.)
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "analysis/board.h"

namespace soko {

struct PullerRegion {
  Square normal = kNoSquare;  // smallest square of the puller's region
  bool anyPull = false;       // some pull can be made from the puller's region
  bool reachesStart = false;  // the real player start lies in the puller's region
  int corrals = 1;            // floor areas between the boxes (when asked for)
};

class PullerRegions {
 public:
  // `occupied` ([square] != 0 on a box) is the caller's, kept up to date by
  // it and read here; it outlives this.
  PullerRegions(const Board& board, const uint8_t* occupied);

  // A position on its own: the region flooded from `from`.
  PullerRegion flood(Square from);
  // Lies `s` in the region of the last flood()?
  bool flooded(Square s) const { return mark_[s] == stamp_; }
  // After flood(): every floor area, counting the flooded region.
  int countAreas();

  // Labels the expanded position (boxes `boxes`, n of them, marked in
  // `occupied`), the puller on `puller`. Without `allAreas`, the floor
  // areas away from the puller are labelled when a child first asks for
  // them, and afterPull() cannot count corrals. `boxes` stays the caller's
  // and unchanged while its children are asked for.
  void label(Square puller, const Square* boxes, int n, bool allAreas);
  // Of the labelled position: can the puller walk to `s`, and in how many steps.
  bool walks(Square s) const { return label_[s] == kPullerArea; }
  int32_t walkDistance(Square s) const { return dist_[s]; }
  // A child of the labelled position, shown in `occupied`: the box on
  // `origin` pulled along d to `to`, the puller now on `back`. With
  // `corrals`, the floor areas are counted too.
  PullerRegion afterPull(Square origin, Square to, Square back, Direction d, bool corrals);

 private:
  static constexpr uint16_t kNoArea = 0xFFFF;
  static constexpr uint16_t kPullerArea = 0;  // the labelled puller's region

  bool freeSquare(Square s) const { return s != kNoSquare && !occupied_[s]; }
  void nextStamp() {
    if (++stamp_ == 0) {
      std::fill(mark_.begin(), mark_.end(), 0);
      stamp_ = 1;
    }
  }
  void fillArea(Square start);  // marks the floor area of `start` (itself marked already)
  void walkDistances(Square from);
  void labelOtherAreas();
  uint16_t labelArea(Square from, Square origin);
  // The labelled position's area of free `s`, while a child shows the box
  // on `origin` moved off (and onto a square of the puller's region).
  uint16_t areaOf(Square s, Square origin) {
    return label_[s] != kNoArea ? label_[s] : labelArea(s, origin);
  }
  bool pullLeft(Square origin, Square to) const;
  bool childRegion(Square origin, Square to, Square back, Direction d, PullerRegion& r);
  int countAreasAfterMove(Square origin, Square to);

  const Board& board_;
  const uint8_t* occupied_;
  std::vector<uint32_t> mark_;  // [square] == stamp_: flooded
  uint32_t stamp_ = 0;
  std::vector<Square> stack_;  // a flood's stack or queue: room for every square
  std::vector<int32_t> dist_;  // [square] walking distance from the labelled puller, where walks()
  std::vector<uint16_t> label_;        // [square] floor area of the labelled position
  std::vector<Square> areaMin_;        // [area] smallest square
  std::vector<uint8_t> areaHasStart_;  // [area] holds the real player start
  const Square* boxes_ = nullptr;      // of the labelled position (the caller's)
  int boxCount_ = 0;
  bool allAreas_ = true;  // every area labelled (else on demand)
};

}  // namespace soko
