#include "solved_by.h"

#include <optional>

namespace soko {

SolveStatus solvedBy(const Level& level, const std::vector<PushStep>& pushes, std::string& solution,
                     std::string& message) {
  std::optional<std::string> lurd = pushesToLurd(level, pushes);
  if (!lurd) {
    message = "internal error: the pushes found cannot be played";
    return SolveStatus::Failed;
  }
  solution = *lurd;
  return SolveStatus::Solved;
}

}  // namespace soko
