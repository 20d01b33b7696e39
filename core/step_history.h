// The record of steps behind undo and redo, shared by the standard game and
// the single-sink game. `Rules` is the game deriving from it; it supplies
//   StepOutcome apply(char step);  // one LURD step on the position
//   void unapply(char step);       // takes back a step apply played
// and this keeps the record of what was played and what redo would replay.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>

#include "lurd.h"

namespace soko {

enum class StepOutcome {
  Moved,
  Pushed,
  Blocked,   // a wall, or a box that cannot move, or the board's edge
  NotAPush,  // an upper-case step where no box stands
};

template <class Rules>
class StepHistory {
 public:
  int moves() const { return static_cast<int>(cursor_); }
  bool canUndo() const { return cursor_ > 0; }
  bool canRedo() const { return cursor_ < steps_.size(); }

  // One step. A push needs a free square behind the box. `step` is a LURD
  // character; upper case demands a push.
  StepOutcome play(char step) {
    StepOutcome outcome = rules().apply(step);
    if (outcome != StepOutcome::Moved && outcome != StepOutcome::Pushed) return outcome;
    char recorded = lurdChar(*lurdDirection(step), outcome == StepOutcome::Pushed);
    // Playing the step that redo would play keeps the rest of the redo tail.
    if (cursor_ >= steps_.size() || steps_[cursor_] != recorded) {
      steps_.resize(cursor_);
      steps_ += recorded;
    }
    ++cursor_;
    return outcome;
  }
  StepOutcome move(Direction d) { return play(lurdChar(d, false)); }
  // Plays steps in order, stopping at the first that fails; returns how many were played.
  size_t playAll(std::string_view steps) {
    size_t played = 0;
    for (char s : steps) {
      StepOutcome o = play(s);
      if (o != StepOutcome::Moved && o != StepOutcome::Pushed) break;
      ++played;
    }
    return played;
  }

  bool undo() {
    if (cursor_ == 0) return false;
    rules().unapply(steps_[--cursor_]);
    return true;
  }
  bool redo() {
    if (cursor_ >= steps_.size()) return false;
    rules().apply(steps_[cursor_++]);
    return true;
  }
  void restart() { seek(0); }
  // Jumps to the position after `moves` steps of the history (undo/redo in one go).
  void seek(size_t moves) {
    moves = std::min(moves, steps_.size());
    while (cursor_ > moves) undo();
    while (cursor_ < moves) redo();
  }

  // LURD of the steps played so far, pushes in upper case.
  std::string history() const { return steps_.substr(0, cursor_); }
  // The whole history including the steps that redo would replay.
  const std::string& fullHistory() const { return steps_; }

 private:
  Rules& rules() { return static_cast<Rules&>(*this); }

  std::string steps_;  // every step played, pushes upper case
  size_t cursor_ = 0;  // steps of steps_ in effect
};

}  // namespace soko
