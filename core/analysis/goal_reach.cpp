#include "goal_reach.h"

namespace soko {

void markGoalReach(const Board& board, const std::vector<uint8_t>& walls, int g, std::vector<uint8_t>& table,
                   std::vector<uint8_t>& seen, std::vector<Square>& stack) {
  const size_t goals = board.goals().size();
  const Square goal = board.goals()[g];
  if (walls[goal]) return;
  seen.assign(board.squareCount(), 0);
  stack.assign(1, goal);
  seen[goal] = 1;
  while (!stack.empty()) {
    Square s = stack.back();
    stack.pop_back();
    table[static_cast<size_t>(s) * goals + g] = 1;
    for (Direction d : kDirections) {
      Square to = board.neighbor(s, d);
      if (to == kNoSquare || walls[to] || seen[to]) continue;
      Square player = board.neighbor(to, d);
      if (player == kNoSquare || walls[player]) continue;
      seen[to] = 1;
      stack.push_back(to);
    }
  }
}

std::vector<uint8_t> goalReachTable(const Board& board) {
  const int goals = static_cast<int>(board.goals().size());
  std::vector<uint8_t> table(static_cast<size_t>(board.squareCount()) * goals, 0);
  const std::vector<uint8_t> none(board.squareCount(), 0);
  std::vector<uint8_t> seen;
  std::vector<Square> stack;
  for (int g = 0; g < goals; ++g) markGoalReach(board, none, g, table, seen, stack);
  return table;
}

}  // namespace soko
