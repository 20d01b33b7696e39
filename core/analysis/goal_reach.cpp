#include "goal_reach.h"

#include "reach.h"

namespace soko {

void markGoalReach(const Board& board, const std::vector<uint8_t>& walls, int g,
                   std::vector<uint8_t>& table, std::vector<uint32_t>& seen,
                   std::vector<Square>& stack) {
  const size_t goals = board.goals().size();
  const Square goal = board.goals()[g];
  if (walls[goal]) return;
  seen.assign(board.squareCount(), 0);
  stack.resize(board.squareCount());
  const auto free = [&](Square s) { return s != kNoSquare && !walls[s]; };
  const auto mark = [&](Square s) {
    table[static_cast<size_t>(s) * goals + g] = 1;
    return false;
  };
  seen[goal] = 1;
  mark(goal);
  // A pull onto t along d needs t and the square beyond it free.
  floodMarked(
      board, goal, seen.data(), 1, stack.data(),
      [&](Square t, Direction d) { return free(t) && free(board.neighbor(t, d)); }, mark);
}

std::vector<uint8_t> goalReachTable(const Board& board) {
  const int goals = static_cast<int>(board.goals().size());
  std::vector<uint8_t> table(static_cast<size_t>(board.squareCount()) * goals, 0);
  const std::vector<uint8_t> none(board.squareCount(), 0);
  std::vector<uint32_t> seen;
  std::vector<Square> stack;
  for (int g = 0; g < goals; ++g) markGoalReach(board, none, g, table, seen, stack);
  return table;
}

}  // namespace soko
