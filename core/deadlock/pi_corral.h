// PI-corral pruning: when the player is fenced off from a region whose fence
// boxes can only ever be pushed into it, some fence box must move first, so
// only the pushes of the fence boxes need trying.
//
//   #########
//   #@   $ .#   the right part is a corral; its fence boxes can be pushed
//   #    $ .#   only rightwards, into it, from where the player stands:
//   #########   solving must start with one of those two pushes.
//
// Why it is sound. Let C be a set of free squares the player cannot reach and
// F every box touching C. C's neighbours are walls and F boxes, so while no F
// box moves, no box enters C and the player never does. Take any solution and
// its first push p of an F box (there is one while some F box is off goal).
// The checks below make every push of an F box that could become possible
// before F moves either impossible (the player would stand in C or on an F
// box, or the box would land on an F box or a dead square) or a push into C
// that the player can make right now. So p is legal now, and playing it first,
// then the solution's earlier pushes (none touches p's squares: the box left
// a square no other box could enter, and went into C), then the rest, solves
// the level with the same number of pushes. By induction on that number, a
// complete search keeping only F's pushes still reaches a solution.
//
// Corrals next to each other are merged when a fence push leads from one to
// the other. Of the PI-corrals found, the one with the fewest legal pushes is
// reported; none at all means the position is a deadlock.
#pragma once

#include <cstdint>
#include <vector>

#include "analysis/board.h"
#include "analysis/regions.h"

namespace soko {

class PiCorral {
 public:
  // `dead`: squares no box may be pushed onto (a push there is never part of a solution).
  PiCorral(const Board& board, std::vector<uint8_t> dead);

  // `occupied` marks the boxes; `player` stands anywhere in its region.
  // True when a PI-corral with a box off goal exists; fence() then marks its
  // boxes and pushes() counts the pushes they have now.
  bool find(const std::vector<uint8_t>& occupied, Square player);
  // The same, with `regions` labelling this position already (no flood).
  bool find(const std::vector<uint8_t>& occupied, const Regions& regions, Square player);
  // find() in pieces, for a caller that stops between corrals: start(), then
  // tryNext() until it returns true, then found() tells the outcome.
  // `occupied` and `regions` must stay as they are meanwhile.
  void start(const std::vector<uint8_t>& occupied, const Regions& regions, Square player);
  bool tryNext(const std::vector<uint8_t>& occupied);
  bool found();
  const std::vector<uint8_t>& fence() const { return best_; }  // [square] 1 on the chosen fence
  int pushes() const { return bestPushes_; }

  struct Stats {
    uint64_t calls = 0, found = 0, dead = 0;
  };
  const Stats& stats() const { return stats_; }
  uint64_t memoryBytes() const { return static_cast<uint64_t>(board_.squareCount()) * 24; }

 private:
  // Grows the corral from component `start`; -1 when it is not a PI-corral,
  // else its legal push count (fence marked in fenceMark_ == fenceStamp_).
  int tryCorral(int start, const std::vector<uint8_t>& occupied, bool& offGoal);
  uint32_t nextFenceStamp();  // a fresh mark for fenceMark_

  const Board& board_;
  std::vector<uint8_t> dead_;
  bool reachable(Square s) const { return regions_->regionOf(s) == playerRegion_; }

  Regions own_;                      // labels for the call without regions
  const Regions* regions_ = nullptr;  // the position's regions during find()
  int playerRegion_ = -1;
  std::vector<int> component_;       // [square] corral component, -1 none
  std::vector<uint8_t> inCorral_;    // [component] part of the corral being grown
  std::vector<uint32_t> fenceMark_;  // [square]
  uint32_t fenceStamp_ = 0;
  std::vector<Square> fenceBoxes_;
  std::vector<std::vector<Square>> squaresOf_;  // [component]
  std::vector<std::vector<Square>> boxesOf_;    // [component] boxes next to it
  std::vector<uint8_t> best_;
  int bestPushes_ = 0;
  // Where the pieces of a search are.
  int count_ = 0;        // corrals of the position
  int next_ = 0;         // the next to try
  int bestSoFar_ = -1;   // the fewest legal pushes yet, -1 none
  Stats stats_;
};

}  // namespace soko
