#include "meeting.h"

namespace soko {

bool MeetingSide::meetAt(uint32_t mine, const Square* sortedBoxes, Square normal, uint64_t key,
                         bool forward, const Level& level) {
  if (!other_) return false;
  const uint32_t theirs = other_->findPosition(sortedBoxes, normal, key);
  if (theirs == kNotFound) return false;
  std::vector<PushStep> pushes = forward ? pathPushes(mine) : other_->pathPushes(theirs);
  for (const PushStep& p : forward ? other_->pathPushes(theirs) : pathPushes(mine))
    pushes.push_back(p);
  met_ = pushesToLurd(level, pushes).value_or("");
  return met();
}

}  // namespace soko
