#include "solution.h"

#include "game.h"

namespace soko {

std::optional<std::string> pushesToLurd(const Level& level, const std::vector<PushStep>& pushes) {
  Game game(level);
  std::string lurd;
  for (const PushStep& p : pushes) {
    int behind = level.step(p.boxCell, opposite(p.dir));
    if (behind < 0 || !game.hasBox(p.boxCell)) return std::nullopt;
    std::optional<std::string> walk = game.walkPath(behind);
    if (!walk || game.playAll(*walk) != walk->size()) return std::nullopt;
    if (game.play(lurdChar(p.dir, true)) != StepOutcome::Pushed) return std::nullopt;
    lurd += *walk;
    lurd += lurdChar(p.dir, true);
  }
  return lurd;
}

}  // namespace soko
