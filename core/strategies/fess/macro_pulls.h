// Macro pulls, the reverse search's moves (reverse_fess.h): a box taken from
// its square to any square it can reach by a series of pulls while every
// other box stays put, the player walking freely in between. A pull in
// direction d moves the box onto the player's square and the player one
// further, so that square must be free.
//
// Found per box by a breadth-first search over (box square, player side)
// states; each new square's player part is flooded once, which gives every
// side of the box the player reaches there and the smallest square of its
// part (the child's normalised player). Each (target square, player part)
// pair is reported once, with the fewest pulls.
#pragma once

#include <cstdint>
#include <vector>

#include "analysis/board.h"
#include "analysis/regions.h"

namespace soko {

struct MacroPull {
  uint16_t box;     // index into the position's box list
  Square from, to;  // the box's squares before and after
  Square player;    // where the player stands after the last pull
  Square normal;    // the smallest square of the player's part afterwards
  uint16_t pulls;   // single pulls it takes
};

class MacroPulls {
 public:
  // `blocked`: squares no box may be pulled onto (no start square of a box
  // can be reached from them).
  MacroPulls(const Board& board, const std::vector<uint8_t>& blocked);

  // Every macro pull of box `index` of `boxes`, added to `out`. `occupied`
  // marks the boxes (restored on return); `regions` labels the position and
  // `playerRegion` is the player's region in it.
  void generateFor(int index, const std::vector<Square>& boxes, std::vector<uint8_t>& occupied,
                   const Regions& regions, int playerRegion, std::vector<MacroPull>& out);

  uint64_t memoryBytes() const;

 private:
  // Floods the free squares from `start` with the moving box on `box`
  // (`occupied` shows the others); returns the smallest square flooded.
  Square flood(const std::vector<uint8_t>& occupied, Square box, Square start);

  const Board& board_;
  const std::vector<uint8_t>& blocked_;
  std::vector<uint32_t> stateStamp_;  // [square * 4 + side] == stamp_ when visited
  std::vector<uint16_t> depth_;       // [state] pulls
  uint32_t stamp_ = 0;
  std::vector<uint32_t> queue_;
  std::vector<uint32_t> floodMark_;  // [square] == floodStamp_ when flooded
  uint32_t floodStamp_ = 0;
  std::vector<Square> stack_;  // room for every square
};

}  // namespace soko
