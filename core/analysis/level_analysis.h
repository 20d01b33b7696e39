// What the strategies learn about a level before searching it, made once per
// level and shared: the members of a portfolio hold the same object, so the
// board, its dead squares, the goals' push distances and the start squares'
// pull distances are built by whichever member asks first and read by the
// others.
//
// Built in pieces (preparation.h): each build* call does a bounded piece of
// work and returns true once that part is complete; the accessors below a
// build* call may be used only after it returned true.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "board.h"
#include "level.h"
#include "pull_distances.h"
#include "push_distances.h"

namespace soko {

class LevelAnalysis {
 public:
  explicit LevelAnalysis(const Level& level);
  LevelAnalysis(const LevelAnalysis&) = delete;
  LevelAnalysis& operator=(const LevelAnalysis&) = delete;

  // One pass over the level's cells.
  bool buildBoard();
  const Board& board() const { return *board_; }

  // Dead squares for pushes (dead_squares.h); a pass over the squares.
  bool buildPushDead();
  const std::vector<uint8_t>& pushDead() const { return pushDead_; }

  // Lone-box push distances to the goals, a goal per piece (needs the board).
  bool buildGoalDistances();
  const PushDistances& goalDistances() const { return *goalDistances_; }
  // Their bytes, before they are built.
  uint64_t goalDistanceBytes() const;

  // Which goals a lone box reaches from each square (goal_reach.h), a goal per piece.
  bool buildGoalReach();
  const std::vector<uint8_t>& goalReach() const { return goalReach_; }
  uint64_t goalReachBytes() const;

  // Lone-box pull distances to the boxes' start squares (the reverse
  // searches' goals), a start square per piece (needs the board).
  bool buildStartPullDistances();
  const PullDistances& startPullDistances() const { return *startPullDistances_; }

  uint64_t memoryBytes() const;

 private:
  Level level_;  // until the board is built
  std::optional<Board> board_;
  std::vector<uint8_t> pushDead_;
  std::unique_ptr<PushDistances> goalDistances_;
  std::unique_ptr<PullDistances> startPullDistances_;
  std::vector<uint8_t> goalReach_;  // [square * goals + goal]
  int goalsReached_ = -1;           // goals marked in goalReach_; -1 before it is made
  std::vector<uint8_t> noWalls_;    // scratch while building
  std::vector<uint32_t> seen_;
  std::vector<Square> stack_;
};

}  // namespace soko
