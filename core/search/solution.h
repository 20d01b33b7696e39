// Turning a search's pushes into a full LURD: the player walks (fewest moves)
// to the square behind each box, then pushes.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "level.h"

namespace soko {

struct PushStep {
  int boxCell;    // the box's cell before the push
  Direction dir;  // where it goes
};

// Nothing when a push cannot be played (a bug in the caller's search).
std::optional<std::string> pushesToLurd(const Level& level, const std::vector<PushStep>& pushes);

}  // namespace soko
