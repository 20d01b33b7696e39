// The solution of a macro-push search: the path to a stored position, each
// macro push as its single pushes (the player's walks between them are
// found again by pushesToLurd, search/solution.h).
#pragma once

#include <cstdint>
#include <vector>

#include "analysis/board.h"
#include "search/node_store.h"
#include "search/solution.h"

namespace soko {

// The pushes from the start to position `index` of `store`, whose moves are
// (from << 16 | to) macro pushes over `board` (`dead`: its dead squares).
// Empty if a macro push cannot be followed.
std::vector<PushStep> macroPathPushes(const Board& board, const std::vector<uint8_t>& dead,
                                      const NodeStore& store, uint32_t index);

}  // namespace soko
