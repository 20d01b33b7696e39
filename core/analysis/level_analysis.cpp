#include "level_analysis.h"

#include <algorithm>

#include "dead_squares.h"
#include "goal_reach.h"

namespace soko {

LevelAnalysis::LevelAnalysis(const Level& level) : level_(level) {}

bool LevelAnalysis::buildBoard() {
  if (!board_) {
    board_.emplace(level_);
    level_ = Level{};  // the board keeps its own copy
  }
  return true;
}

bool LevelAnalysis::buildPushDead() {
  if (pushDead_.empty()) pushDead_ = pushDeadSquares(*board_);
  return true;
}

bool LevelAnalysis::buildGoalDistances() {
  if (!goalDistances_) goalDistances_ = std::make_unique<PushDistances>(*board_, board_->goals(), true);
  return goalDistances_->complete() || goalDistances_->buildPiece();
}

uint64_t LevelAnalysis::goalDistanceBytes() const {
  return PushDistances::bytesFor(board_->squareCount(), static_cast<int>(board_->goals().size()));
}

bool LevelAnalysis::buildGoalReach() {
  const int goals = static_cast<int>(board_->goals().size());
  const size_t bytes = static_cast<size_t>(board_->squareCount()) * goals;
  if (goalsReached_ < 0) {
    // Zeroed 16 MB a piece, so that a large table's page faults are spread out.
    if (goalReach_.capacity() < bytes) goalReach_.reserve(bytes);
    goalReach_.resize(std::min(bytes, goalReach_.size() + (size_t{16} << 20)), 0);
    if (goalReach_.size() < bytes) return false;
    noWalls_.assign(board_->squareCount(), 0);
    goalsReached_ = 0;
  } else if (goalsReached_ < goals) {
    markGoalReach(*board_, noWalls_, goalsReached_++, goalReach_, seen_, stack_);
  }
  if (goalsReached_ < goals) return false;
  noWalls_ = {};
  seen_ = {};
  stack_ = {};
  return true;
}

uint64_t LevelAnalysis::goalReachBytes() const {
  return static_cast<uint64_t>(board_->squareCount()) * board_->goals().size();
}

uint64_t LevelAnalysis::memoryBytes() const {
  uint64_t bytes = level_.cells.size() + pushDead_.size() + goalReach_.size();
  if (board_) bytes += board_->level().cells.size() + static_cast<uint64_t>(board_->squareCount()) * 16;
  if (goalDistances_) bytes += goalDistances_->memoryBytes();
  return bytes;
}

}  // namespace soko
