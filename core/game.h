// The rules of Sokoban: a level, the current position and the history of
// steps, with undo and redo, and path finding for mouse play.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "level.h"
#include "step_history.h"

namespace soko {

// Undo, redo and the history of steps come from StepHistory.
class Game : public StepHistory<Game> {
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
  int pushes() const { return pushesDone_; }

  // The current position as a level (title and notes kept), e.g. to solve from here.
  Level currentLevel() const;

  // Fewest-moves walk to `target` around walls and boxes, as lower-case LURD;
  // "" when already there, nothing when unreachable.
  std::optional<std::string> walkPath(int target) const;
  // Moves the box on `box` to `target` with the fewest pushes (then fewest
  // moves) pushing no other box; the full LURD including walks, or nothing.
  std::optional<std::string> pushPath(int box, int target) const;

 private:
  friend class StepHistory<Game>;
  std::vector<int> walkDistances(int from, int blockedExtra) const;
  bool free(int cell) const { return cell >= 0 && !isWall(cell) && !hasBox(cell); }
  StepOutcome apply(char step);  // without touching the redo tail
  void unapply(char step);

  Level start_;
  std::vector<uint8_t> boxes_;  // [cell] 1 where a box stands
  int player_;
  int boxesOffGoal_ = 0;
  int pushesDone_ = 0;
};

}  // namespace soko
