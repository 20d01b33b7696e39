#include "solution_path.h"

#include <algorithm>

#include "game.h"
#include "lurd.h"
#include "verify.h"

namespace soko {

CheckedSolution checkSolution(const Level& level, std::string_view text) {
  CheckedSolution c;
  VerifyResult v = verify(level, text);
  c.moves = v.moves;
  c.pushes = v.pushes;
  if (v.solved) {
    Game game(level);
    game.playAll(parseLurd(text).steps);
    c.steps = game.history();  // lower-case pushes now upper case
    return c;
  }
  c.error = "the solution is not valid: " + v.error;
  if (v.failedStep >= 0) {
    // Where the player stood when the step failed.
    Game game(level);
    game.playAll(parseLurd(text).steps.substr(0, static_cast<size_t>(v.failedStep)));
    c.error += " (the player on column " + std::to_string(level.x(game.player()) + 1) + ", row " +
               std::to_string(level.y(game.player()) + 1) + ")";
  }
  return c;
}

std::vector<SolutionPosition> solutionPositions(const Board& board, const std::string& steps) {
  std::vector<SolutionPosition> out;
  std::vector<Square> boxes = board.startBoxes();
  const Level& level = board.level();
  int player = level.player;
  out.push_back({boxes, board.squareOf(player), 0, {}});
  int moves = 0;
  for (char step : steps) {
    Direction d = *lurdDirection(step);
    int next = level.step(player, d);
    ++moves;
    Square at = board.squareOf(next);
    auto it = std::find(boxes.begin(), boxes.end(), at);
    if (it != boxes.end()) {
      *it = board.neighbor(at, d);
      std::sort(boxes.begin(), boxes.end());
      out.push_back({boxes, at, moves, {next, d}});
    }
    player = next;
  }
  return out;
}

std::vector<std::vector<Square>> boxConfigurations(const Board& board, const std::string& steps) {
  std::vector<std::vector<Square>> out;
  for (SolutionPosition& p : solutionPositions(board, steps)) out.push_back(std::move(p.boxes));
  return out;
}

}  // namespace soko
