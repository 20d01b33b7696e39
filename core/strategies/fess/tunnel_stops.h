// Tunnel stops: squares of a one-wide corridor where a box pushed in never
// needs to stop, so macro pushes ending there can be dropped.
//
//   #######
//   #  #  #   s (marked x) has walls on both sides across the corridor,
//   #  x  #   is no goal, and every way from its left neighbour p to its
//   #  #  #   right neighbour q goes through s.
//   #######
//
// Why it is sound. Let position C have a box B on such a square s, pushed
// there from p (the player stands on p; the other case is the mirror image).
// While B stays on s, s cuts the floor in two: the player, on p's side,
// never reaches q's side, so no box there moves and no box crosses. B can
// only move along the corridor, and pushing it back towards p needs the
// player on q: so a solution from C first plays some pushes σ on p's side,
// then pushes B on to q (it must move, s is no goal). If q holds a box, or a
// wall, or is dead, that push is impossible and C is dead. Otherwise take C+,
// B pushed on to q, the player on s: p's side holds the same boxes, s is a
// free pocket of it, so σ is legal from C+ and ends where σ then B's push
// end from C. Hence C+ is solvable whenever C is; C+ is one push further,
// so the macro push that made C also makes C+ (further along a straight
// corridor, so this ends), and dropping C loses no solution.
#pragma once

#include <cstdint>
#include <vector>

#include "analysis/board.h"

namespace soko {

// [square] 1 where a pushed box never needs to stop.
std::vector<uint8_t> tunnelStops(const Board& board);

}  // namespace soko
