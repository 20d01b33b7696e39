// Reading a search's answer out of its node store: the parent links from a
// node back to a root, turned into pushes from the start position.
#pragma once

#include <cstdint>
#include <vector>

#include "analysis/board.h"
#include "node_store.h"
#include "solution.h"

namespace soko {

// Forward search (moves stored with encodeMove): the pushes from the root to `node`.
std::vector<PushStep> pushesToNode(const Board& board, const NodeStore& store, uint32_t node);

// Reverse search: the pulls from a root (a solved position) to `node`, read
// from `node` upwards, are the pushes that solve `node`'s position. Appends them.
void appendPushesFromPulls(const Board& board, const NodeStore& store, uint32_t node,
                           std::vector<PushStep>& out);

}  // namespace soko
