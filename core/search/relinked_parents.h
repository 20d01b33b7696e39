// The parents of a best-first search's positions where a shorter way
// replaced the one the node store recorded first (the store keeps its first
// parent; the replacements live here), and the pushes that lead to a node.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "analysis/board.h"
#include "moves.h"
#include "node_store.h"
#include "solution.h"

namespace soko {

class RelinkedParents {
 public:
  struct Link {
    uint32_t parent, move;  // move: a MoveGenerator code
  };

  void relink(uint32_t node, uint32_t parent, uint32_t move) { replaced_[node] = {parent, move}; }
  size_t size() const { return replaced_.size(); }

  // The pushes from the root to `node` of `store`, first push first.
  std::vector<PushStep> pushesTo(const Board& board, const NodeStore& store, uint32_t node) const {
    std::vector<PushStep> pushes;
    for (Link l = link(store, node); l.parent != NodeStore::kNone; l = link(store, l.parent))
      pushes.push_back({board.cellOf(movedBox(l.move)), movedDir(l.move)});
    std::reverse(pushes.begin(), pushes.end());
    return pushes;
  }

 private:
  Link link(const NodeStore& store, uint32_t i) const {
    auto it = replaced_.find(i);
    return it != replaced_.end() ? it->second : Link{store.parent(i), store.move(i)};
  }

  std::unordered_map<uint32_t, Link> replaced_;  // [node] its parent by the shorter way
};

}  // namespace soko
