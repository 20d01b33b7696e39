#include "perfect_matching.h"

namespace soko {

bool hasPerfectMatching(const std::vector<std::vector<Square>>& options, int squares) {
  std::vector<int> owner(squares, -1);    // [square] the item matched to it
  std::vector<int> visited(squares, -1);  // [square] the round that last tried it
  auto augment = [&](auto&& self, int item, int round) -> bool {
    for (Square s : options[item]) {
      if (visited[s] == round) continue;
      visited[s] = round;
      if (owner[s] < 0 || self(self, owner[s], round)) {
        owner[s] = item;
        return true;
      }
    }
    return false;
  };
  for (int item = 0; item < static_cast<int>(options.size()); ++item)
    if (!augment(augment, item, item)) return false;
  return true;
}

}  // namespace soko
