#include "store_paths.h"

#include <algorithm>

#include "moves.h"

namespace soko {

std::vector<PushStep> pushesToNode(const Board& board, const NodeStore& store, uint32_t node) {
  std::vector<PushStep> pushes;
  for (uint32_t i = node; store.parent(i) != NodeStore::kNone; i = store.parent(i))
    pushes.push_back({board.cellOf(movedBox(store.move(i))), movedDir(store.move(i))});
  std::reverse(pushes.begin(), pushes.end());
  return pushes;
}

void appendPushesFromPulls(const Board& board, const NodeStore& store, uint32_t node,
                           std::vector<PushStep>& out) {
  // A pull of the box on b towards d is undone by pushing it back from b+d towards -d.
  for (uint32_t i = node; store.parent(i) != NodeStore::kNone; i = store.parent(i)) {
    Square b = movedBox(store.move(i));
    Direction d = movedDir(store.move(i));
    out.push_back({board.cellOf(board.neighbor(b, d)), opposite(d)});
  }
}

}  // namespace soko
