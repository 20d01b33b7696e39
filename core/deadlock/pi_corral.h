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
//
// Growing a corral looks at its fence boxes in a fixed order (by corral
// component, then as met around it) and merges in whatever the first box
// that breaks the rules needs. A box found to keep them keeps them as the
// corral grows (each of its pushes stays impossible, dead or into the
// corral), so once the fence is large only the others are looked at again,
// least first (a heap): on a board of hundreds of small corrals (a
// checkerboard of boxes and goals) rescanning the whole fence after every
// merge took 95 % of fess's time. The corrals found are the same either way.
//
// There, each of hundreds of corrals still grows into one that takes in most
// of the board: tens of thousands of box checks a position (Sasquatch VIII
// 48, 280 boxes), against at most hundreds on levels of up to 50 boxes. So
// a position's search stops after kWorkPerSquare checks per square of the
// board, keeping the best corral found so far (none may be found): leaving
// a PI-corral unused is always sound, it only prunes less.
#pragma once

#include <cstdint>
#include <vector>

#include "analysis/board.h"
#include "analysis/regions.h"

namespace soko {

class PiCorral {
 public:
  // Box checks (and boxes taken into a fence) a position's search may make,
  // per square of the board.
  static constexpr uint64_t kWorkPerSquare = 16;
  // Fence boxes past which a fence is no longer rescanned whole after a
  // merge: for a small fence the heap costs more than it saves (the heap
  // after four merges, whatever the fence: fess on XSokoban 40 took 1.3 %
  // more instructions).
  static constexpr size_t kPlainFence = 64;
  struct Limits {
    uint64_t workPerSquare = kWorkPerSquare;
    size_t plainFence = kPlainFence;
  };

  // `dead`: squares no box may be pushed onto (a push there is never part of a solution).
  PiCorral(const Board& board, std::vector<uint8_t> dead);
  PiCorral(const Board& board, std::vector<uint8_t> dead, Limits limits);

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
    uint64_t stopped = 0;      // searches that ran out of their work
    uint64_t heapGrowths = 0;  // corrals whose fence grew past plainFence (Limits)
  };
  const Stats& stats() const { return stats_; }
  // Per square: the labels and marks (24 bytes), okMark_ and place_ (12),
  // the heap (a box at most twice, 16 bytes an entry).
  uint64_t memoryBytes() const { return static_cast<uint64_t>(board_.squareCount()) * 68; }

 private:
  // Grows the corral from component `start`; -1 when it is not a PI-corral
  // (or the work ran out), else its legal push count (fence in fenceBoxes_).
  int tryCorral(int start, const std::vector<uint8_t>& occupied, bool& offGoal);
  // tryCorral's growth from members_, the fence rescanned after each merge while small.
  int grow(const std::vector<uint8_t>& occupied, bool& offGoal);
  // The growth from members_ on, with the heap of boxes not known to keep the rules.
  int growWithHeap(const std::vector<uint8_t>& occupied, bool& offGoal);
  // Component `c`'s boxes join the fence (or move up in its order), those
  // not known to keep the rules queued.
  void addToFence(int c);
  // The legal pushes of the corral grown (and whether a fence box is off goal).
  int finish(const std::vector<uint8_t>& occupied, bool& offGoal) const;
  // What box `b`'s pushes need: kKeeps, kBreaks, or a component to merge.
  static constexpr int kKeeps = -1, kBreaks = -2;
  int needs(Square b, const std::vector<uint8_t>& occupied) const;
  uint32_t nextFenceStamp();  // a fresh mark for fenceMark_

  const Board& board_;
  std::vector<uint8_t> dead_;
  bool reachable(Square s) const { return regions_->regionOf(s) == playerRegion_; }

  Regions own_;                       // labels for the call without regions
  const Regions* regions_ = nullptr;  // the position's regions during find()
  int playerRegion_ = -1;
  std::vector<int> component_;       // [square] corral component, -1 none
  std::vector<uint8_t> inCorral_;    // [component] part of the corral being grown
  std::vector<int> members_;         // the components of the corral being grown
  std::vector<uint32_t> fenceMark_;  // [square]
  uint32_t fenceStamp_ = 0;
  std::vector<Square> fenceBoxes_;
  // While a corral grows: [square] its fence box keeps the rules (okMark_ ==
  // fenceStamp_), and its place in the fence order (component << 32 | index
  // in that component's boxes); the boxes not known to keep them, least place first.
  std::vector<uint32_t> okMark_;
  std::vector<uint64_t> place_;
  std::vector<std::pair<uint64_t, Square>> unchecked_;  // a min-heap
  std::vector<std::vector<Square>> squaresOf_;          // [component]
  std::vector<std::vector<Square>> boxesOf_;            // [component] boxes next to it
  std::vector<uint8_t> best_;
  int bestPushes_ = 0;
  // Where the pieces of a search are.
  int count_ = 0;       // corrals of the position
  int next_ = 0;        // the next to try
  int bestSoFar_ = -1;  // the fewest legal pushes yet, -1 none
  uint64_t work_ = 0;   // checks made so far for this position
  const uint64_t workLimit_;
  const size_t plainFence_;
  Stats stats_;
};

}  // namespace soko
