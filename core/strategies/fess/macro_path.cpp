#include "macro_path.h"

#include <algorithm>

#include "macro_moves.h"

namespace soko {

std::vector<PushStep> macroPathPushes(const Board& board, const std::vector<uint8_t>& dead,
                                      const NodeStore& store, uint32_t index) {
  std::vector<uint32_t> chain;
  for (uint32_t i = index; i != NodeStore::kNone; i = store.parent(i)) chain.push_back(i);
  std::reverse(chain.begin(), chain.end());
  MacroMoves moves(board, dead);
  std::vector<uint8_t> occupied(board.squareCount(), 0);
  std::vector<PushStep> pushes;
  const int n = board.boxCount();
  std::vector<Square> boxes(n);
  for (size_t k = 1; k < chain.size(); ++k) {
    uint32_t parent = chain[k - 1], child = chain[k];
    store.boxes(parent, boxes.data());
    for (int i = 0; i < n; ++i) occupied[boxes[i]] = 1;
    uint32_t move = store.move(child);
    auto steps = moves.path(occupied, store.player(parent), static_cast<Square>(move >> 16),
                            static_cast<Square>(move & 0xFFFF), store.player(child));
    for (int i = 0; i < n; ++i) occupied[boxes[i]] = 0;
    if (steps.empty()) return {};
    for (const auto& st : steps) pushes.push_back({board.cellOf(st.box), st.dir});
  }
  return pushes;
}

}  // namespace soko
