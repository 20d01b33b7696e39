// How a push search ends once it has found the pushes of a solution.
#pragma once

#include <string>
#include <vector>

#include "level.h"
#include "solution.h"
#include "strategy.h"

namespace soko {

// Solved with `pushes` played out as the full LURD in `solution`; or, if a
// push cannot be played (a bug in the search), Failed with `message` saying so.
SolveStatus solvedBy(const Level& level, const std::vector<PushStep>& pushes, std::string& solution,
                     std::string& message);

}  // namespace soko
