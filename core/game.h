// The rules of Sokoban: a level, the current position and the history of
// steps, with undo and redo, and path finding for mouse play.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "level.h"

namespace soko {

enum class StepOutcome {
  Moved,
  Pushed,
  Blocked,         // a wall, or a box that cannot move, or the board's edge
  NotAPush,        // an upper-case step where no box stands
};

class Game {
 public:
  explicit Game(Level level);

  const Level& start() const { return start_; }
  int width() const { return start_.width; }
  int height() const { return start_.height; }
  int player() const { return player_; }
  bool isWall(int cell) const { return start_.has(cell, kWall); }
  bool isGoal(int cell) const { return start_.has(cell, kGoal); }
  bool isInterior(int cell) const { return start_.has(cell, kInterior); }
  bool hasBox(int cell) const { return boxes_[cell] != 0; }
  bool solved() const { return boxesOffGoal_ == 0; }
  int moves() const { return static_cast<int>(cursor_); }
  int pushes() const { return pushesDone_; }
  bool canUndo() const { return cursor_ > 0; }
  bool canRedo() const { return cursor_ < history_.size(); }

  // One step. A push needs a free square behind the box. `step` is a LURD
  // character; upper case demands a push.
  StepOutcome play(char step);
  StepOutcome move(Direction d) { return play(lurdChar(d, false)); }
  // Plays steps in order, stopping at the first that fails; returns how many were played.
  size_t playAll(std::string_view steps);

  bool undo();
  bool redo();
  void restart();
  // Jumps to the position after `moves` steps of the history (undo/redo in one go).
  void seek(size_t moves);

  // LURD of the steps played so far, pushes in upper case.
  std::string history() const { return history_.substr(0, cursor_); }
  // The whole history including the steps that redo would replay.
  const std::string& fullHistory() const { return history_; }

  // The current position as a level (title and notes kept), e.g. to solve from here.
  Level currentLevel() const;

  // Fewest-moves walk to `target` around walls and boxes, as lower-case LURD;
  // "" when already there, nothing when unreachable.
  std::optional<std::string> walkPath(int target) const;
  // Moves the box on `box` to `target` with the fewest pushes (then fewest
  // moves) pushing no other box; the full LURD including walks, or nothing.
  std::optional<std::string> pushPath(int box, int target) const;

 private:
  std::vector<int> walkDistances(int from, int blockedExtra) const;
  bool free(int cell) const { return cell >= 0 && !isWall(cell) && !hasBox(cell); }
  StepOutcome apply(char step);  // without touching the redo tail
  void unapply(char step);

  Level start_;
  std::vector<uint8_t> boxes_;  // [cell] 1 where a box stands
  int player_;
  int boxesOffGoal_ = 0;
  int pushesDone_ = 0;
  std::string history_;  // every step played, pushes upper case
  size_t cursor_ = 0;    // steps of history_ in effect
};

}  // namespace soko
