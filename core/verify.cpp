#include "verify.h"

#include "game.h"
#include "lurd.h"

namespace soko {

VerifyResult verify(const Level& level, std::string_view lurdText) {
  VerifyResult r;
  LurdParse parsed = parseLurd(lurdText);
  if (!parsed.error.empty()) {
    r.error = parsed.error + " (at character " + std::to_string(parsed.errorAt + 1) + ")";
    return r;
  }
  Game game(level);
  for (size_t i = 0; i < parsed.steps.size(); ++i) {
    char step = parsed.steps[i];
    StepOutcome o = game.play(step);
    if (o == StepOutcome::Moved || o == StepOutcome::Pushed) continue;
    r.failedStep = static_cast<long>(i);
    r.error =
        "step " + std::to_string(i + 1) + " '" + std::string(1, step) + "' " +
        (o == StepOutcome::NotAPush ? "should push a box but there is none there" : "is blocked");
    break;
  }
  r.moves = game.moves();
  r.pushes = game.pushes();
  r.legal = r.failedStep < 0;
  r.solved = r.legal && game.solved();
  if (r.legal && !r.solved) r.error = "the steps are legal but the level is not solved at the end";
  return r;
}

std::string VerifyResult::describe() const {
  std::string counts = std::to_string(moves) + " moves, " + std::to_string(pushes) + " pushes";
  if (solved) return "solves the level: " + counts;
  return error + " (" + counts + " played)";
}

}  // namespace soko
