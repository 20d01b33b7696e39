#include "sink_game.h"

#include <algorithm>

#include "lurd.h"

namespace soko {

SinkGame::SinkGame(SinkLevel level)
    : start_(std::move(level)),
      stones_(start_.wall.size(), 0),
      player_(start_.player),
      stonesLeft_(static_cast<int>(start_.stones.size())) {
  for (int c : start_.stones) stones_[c] = 1;
}

StepOutcome SinkGame::apply(char step) {
  std::optional<Direction> d = lurdDirection(step);
  if (!d) return StepOutcome::Blocked;
  int next = start_.step(player_, *d);
  if (next < 0 || isWall(next)) return StepOutcome::Blocked;
  if (!hasStone(next)) {
    if (isPush(step)) return StepOutcome::NotAPush;
    player_ = next;
    return StepOutcome::Moved;
  }
  int beyond = start_.step(next, *d);
  if (!free(beyond)) return StepOutcome::Blocked;
  stones_[next] = 0;
  if (beyond == start_.sink) {
    --stonesLeft_;
  } else {
    stones_[beyond] = 1;
  }
  player_ = next;
  ++pushesDone_;
  return StepOutcome::Pushed;
}

// A push sank its stone exactly when it went onto the sink: no stone ever
// stands there.
void SinkGame::unapply(char step) {
  Direction d = *lurdDirection(step);
  int back = start_.step(player_, opposite(d));
  if (isPush(step)) {
    int stone = start_.step(player_, d);
    if (stone == start_.sink)
      ++stonesLeft_;
    else
      stones_[stone] = 0;
    stones_[player_] = 1;
    --pushesDone_;
  }
  player_ = back;
}

SinkLevel SinkGame::currentLevel() const {
  SinkLevel l = start_;
  l.stones.clear();
  for (int c = 0; c < static_cast<int>(stones_.size()); ++c)
    if (stones_[c]) l.stones.push_back(c);
  l.player = player_;
  return l;
}

std::optional<std::string> SinkGame::walkPath(int target) const {
  if (target < 0 || target >= static_cast<int>(stones_.size()) || !free(target))
    return std::nullopt;
  std::vector<int> from(stones_.size(), -1);
  std::vector<int> queue{player_};
  from[player_] = player_;
  for (size_t head = 0; head < queue.size() && from[target] < 0; ++head) {
    int c = queue[head];
    for (Direction d : kDirections) {
      int n = start_.step(c, d);
      if (!free(n) || from[n] >= 0) continue;
      from[n] = c;
      queue.push_back(n);
    }
  }
  if (from[target] < 0) return std::nullopt;
  std::string path;
  for (int c = target; c != player_; c = from[c]) {
    for (Direction d : kDirections)
      if (start_.step(from[c], d) == c) path += lurdChar(d, false);
  }
  std::reverse(path.begin(), path.end());
  return path;
}

VerifyResult verifySink(const SinkLevel& level, std::string_view lurdText) {
  VerifyResult r;
  LurdParse parsed = parseLurd(lurdText);
  if (!parsed.error.empty()) {
    r.error = parsed.error + " (at character " + std::to_string(parsed.errorAt + 1) + ")";
    return r;
  }
  SinkGame game(level);
  for (size_t i = 0; i < parsed.steps.size(); ++i) {
    StepOutcome o = game.play(parsed.steps[i]);
    if (o == StepOutcome::Moved || o == StepOutcome::Pushed) continue;
    r.failedStep = static_cast<long>(i);
    r.error =
        "step " + std::to_string(i + 1) + " '" + std::string(1, parsed.steps[i]) + "' " +
        (o == StepOutcome::NotAPush ? "should push a stone but there is none there" : "is blocked");
    break;
  }
  r.moves = game.moves();
  r.pushes = game.pushes();
  r.legal = r.failedStep < 0;
  r.solved = r.legal && game.solved();
  if (r.legal && !r.solved) r.error = "the steps are legal but stones are left at the end";
  return r;
}

}  // namespace soko
