// The rules of the single-sink variant: a position, the history of steps
// with undo and redo, path finding for mouse play, and verification of a
// LURD solution. Steps are LURD characters as in standard Sokoban (upper
// case demands a push; a lower-case step into a stone pushes it too).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "../game.h"
#include "../verify.h"
#include "sink_level.h"

namespace soko {

class SinkGame {
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
  int moves() const { return static_cast<int>(cursor_); }
  int pushes() const { return pushesDone_; }
  bool canUndo() const { return cursor_ > 0; }
  bool canRedo() const { return cursor_ < history_.size(); }

  StepOutcome play(char step);
  StepOutcome move(Direction d) { return play(lurdChar(d, false)); }
  size_t playAll(std::string_view steps);  // stops at the first step that fails
  bool undo();
  bool redo();
  void restart();
  // Jumps to the position after `moves` steps of the history (undo/redo in one go).
  void seek(size_t moves);

  std::string history() const { return history_.substr(0, cursor_); }
  // The whole history including the steps that redo would replay.
  const std::string& fullHistory() const { return history_; }
  // The current position as a level, e.g. to solve from here.
  SinkLevel currentLevel() const;
  // Fewest-moves walk to `target` around walls and stones, lower-case LURD;
  // "" when already there, nothing when unreachable.
  std::optional<std::string> walkPath(int target) const;

 private:
  bool free(int cell) const { return cell >= 0 && !isWall(cell) && !hasStone(cell); }
  StepOutcome apply(char step, bool& sank);

  SinkLevel start_;
  std::vector<uint8_t> stones_;  // [cell]
  int player_;
  int stonesLeft_;
  int pushesDone_ = 0;
  std::string history_;     // steps, pushes upper case
  std::vector<uint8_t> sank_;  // [step] 1 when that push sank its stone
  size_t cursor_ = 0;
};

// Replays a LURD solution; `solved` when no stone is left at the end.
VerifyResult verifySink(const SinkLevel& level, std::string_view lurdText);

}  // namespace soko
