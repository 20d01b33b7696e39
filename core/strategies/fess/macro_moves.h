// Macro pushes: a box taken from its square to any square it can reach by a
// series of pushes while every other box stays put, the player walking
// freely in between. One macro push is one move of the FESS search, however
// many pushes it takes, so the search's depth counts decisions rather than
// steps, and tunnels and long corridors cost nothing extra.
//
// Found per box by a breadth-first search over (box square, player side)
// states; the sides of a square that the player can walk between while the
// box stands on it form one state, found round the corner when the diagonal
// square is free, else from the cut squares of the board without the moving
// box (one DFS per box, search/cut_squares.h). Each (target square, player
// region) pair is reported once, with the fewest pushes.
#pragma once

#include <cstdint>
#include <vector>

#include "analysis/board.h"
#include "analysis/cut_squares.h"
#include "analysis/regions.h"

namespace soko {

struct MacroPush {
  uint16_t box;     // index into the position's box list
  Square from, to;  // the box's squares before and after
  Square player;    // where the player stands after the last push
  uint16_t pushes;  // single pushes it takes
  // What the search saw of the player's region afterwards, so the caller
  // need not flood it again: the sides of `to` (bit per direction) the
  // player reaches, and, when that is not every free side (the box splits
  // a region), the smallest square of the player's part; else kNoSquare.
  uint8_t sides = 0xFF;
  Square smallest = kNoSquare;
};

class MacroMoves {
 public:
  // `dead`: squares no box may be pushed onto. `noStop` (optional): squares
  // a box may pass but where no macro push is reported to end (tunnel stops).
  MacroMoves(const Board& board, const std::vector<uint8_t>& dead,
             std::vector<uint8_t> noStop = {});

  // Every macro push of every box. `occupied` marks the boxes (restored on
  // return); `player` is any square of the player's region. With `only`,
  // just the boxes on squares it marks.
  void generate(const std::vector<Square>& boxes, std::vector<uint8_t>& occupied, Square player,
                std::vector<MacroPush>& out, const std::vector<uint8_t>* only = nullptr);
  // The same, with `regions` labelling this position already (no flood).
  void generate(const std::vector<Square>& boxes, std::vector<uint8_t>& occupied,
                const Regions& regions, Square player, std::vector<MacroPush>& out,
                const std::vector<uint8_t>* only = nullptr);

  // The first generate() a box at a time, for a caller that stops between
  // boxes: startPosition() (with `regions` labelling the position), then
  // generateFor() for each box, then endPosition().
  void startPosition(const Regions& regions, Square player);
  void generateFor(int index, const std::vector<Square>& boxes, std::vector<uint8_t>& occupied,
                   std::vector<MacroPush>& out, const std::vector<uint8_t>* only = nullptr);
  void endPosition() { labelled_ = nullptr; }

  struct Step {
    Square box;  // before the push
    Direction dir;
  };
  // The single pushes of a macro push from a position whose player is on
  // `player`: `from` to `to`, ending with the player in `playerEnd`'s region.
  // Empty when impossible.
  std::vector<Step> path(std::vector<uint8_t>& occupied, Square player, Square from, Square to,
                         Square playerEnd);

  uint64_t memoryBytes() const;

 private:
  // The macro push of one box of the position generate() is at.
  void generateBox(int index, const std::vector<Square>& boxes, std::vector<uint8_t>& occupied,
                   const std::vector<uint8_t>& playerReach, std::vector<MacroPush>& out);
  // Which sides of the moving box on `box` (bit per direction) the player
  // on `start`, one of them, can walk to. When not all free ones,
  // `smallest` gets the least square of the player's part.
  unsigned sidesReached(const std::vector<uint8_t>& occupied, Square box, Square start,
                        Square& smallest);
  // Floods from `start` with the moving box on `box`; returns the stamp.
  uint32_t flood(const std::vector<uint8_t>& occupied, Square box, Square start);
  // The same flood, stopping as soon as visit(square) returns true.
  template <class Visit>
  uint32_t floodUntil(const std::vector<uint8_t>& occupied, Square box, Square start, Visit visit);
  // The BFS of one box, the player starting on `side`, a free neighbour of
  // `from` (kNoSquare: none, no pushes); with `want`, stops at the state
  // matching it and returns its index (or -1).
  int search(Square from, std::vector<uint8_t>& occupied, Square side, std::vector<MacroPush>* out,
             uint16_t boxIndex, Square wantTo, Square wantPlayer);
  // A neighbour of `from` where inRegion(square) holds, or kNoSquare.
  template <class InRegion>
  Square startSide(Square from, InRegion inRegion) const;

  const Board& board_;
  const std::vector<uint8_t>& dead_;
  std::vector<uint8_t> noStop_;       // [square], or empty
  std::vector<uint32_t> stateStamp_;  // [square * 4 + side] == stamp_ when visited
  uint32_t stamp_ = 0;
  std::vector<int32_t> parent_;  // [state] previous state, for paths
  std::vector<uint16_t> depth_;  // [state] pushes
  std::vector<uint32_t> queue_;
  std::vector<uint32_t> floodMark_;  // [square]
  uint32_t floodStamp_ = 0;
  std::vector<Square> stack_;  // floodUntil's: room for every square
  std::vector<uint8_t> reachScratch_;
  CutSquares cuts_;                    // of the position, every box in place
  bool cutsBuilt_ = false;             // for the position being searched
  Square searchFrom_ = kNoSquare;      // the searched box's square in the position
  const Regions* labelled_ = nullptr;  // the position's regions, while generate() has them
  int playerRegion_ = -1;              // the player's, in labelled_
};

}  // namespace soko
