// Replays a LURD solution on a level and says what it does.
#pragma once

#include <string>
#include <string_view>

#include "level.h"

namespace soko {

struct VerifyResult {
  bool legal = false;   // every step could be played
  bool solved = false;  // legal, and every box is on a goal at the end
  int moves = 0;        // steps played (all of them when legal)
  int pushes = 0;
  long failedStep = -1;  // 0-based index of the first illegal step, or -1
  std::string error;     // why the solution is not legal, or "" when it is

  std::string describe() const;  // one line for people
};

VerifyResult verify(const Level& level, std::string_view lurdText);

}  // namespace soko
