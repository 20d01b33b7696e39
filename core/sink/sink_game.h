// The rules of the single-sink variant: a position, the history of steps
// with undo and redo, path finding for mouse play, and verification of a
// LURD solution. Steps are LURD characters as in standard Sokoban (upper
// case demands a push; a lower-case step into a stone pushes it too).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sink_level.h"
#include "step_history.h"
#include "verify.h"

namespace soko {

// Undo, redo and the history of steps come from StepHistory.
class SinkGame : public StepHistory<SinkGame> {
 public:
  explicit SinkGame(SinkLevel level);

  const SinkLevel& start() const { return start_; }
  int width() const { return start_.width; }
  int height() const { return start_.height; }
  int player() const { return player_; }
  int sink() const { return start_.sink; }
  bool isWall(int cell) const { return start_.wall[cell] != 0; }
  bool hasStone(int cell) const { return stones_[cell] != 0; }
  int stonesLeft() const { return stonesLeft_; }
  bool solved() const { return stonesLeft_ == 0; }
  int pushes() const { return pushesDone_; }

  // The current position as a level, e.g. to solve from here.
  SinkLevel currentLevel() const;
  // Fewest-moves walk to `target` around walls and stones, lower-case LURD;
  // "" when already there, nothing when unreachable.
  std::optional<std::string> walkPath(int target) const;

 private:
  friend class StepHistory<SinkGame>;
  bool free(int cell) const { return cell >= 0 && !isWall(cell) && !hasStone(cell); }
  StepOutcome apply(char step);
  void unapply(char step);

  SinkLevel start_;
  std::vector<uint8_t> stones_;  // [cell]
  int player_;
  int stonesLeft_;
  int pushesDone_ = 0;
};

// Replays a LURD solution; `solved` when no stone is left at the end.
VerifyResult verifySink(const SinkLevel& level, std::string_view lurdText);

}  // namespace soko
