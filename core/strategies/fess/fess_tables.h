// The per-level tables FESS searches with, made once and shared by the fess
// variants of a portfolio: the goals' push distances and reach (from the
// shared level analysis), the tunnel stops, the lone-box pushes to the
// nearest goals, the packing plan and its goal-room order, the hotspots and
// the dead patterns (judged as the searches' pushes reach squares).
//
// Built in pieces (preparation.h) by whichever fess asks first; a level
// whose tables would not fit the memory budget is declined at once, before
// any of them is built.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "analysis/level_analysis.h"
#include "deadlock/dead_patterns.h"
#include "goal_room.h"
#include "hotspots.h"
#include "packing_plan.h"
#include "preparation.h"

namespace soko {

class FessTables {
 public:
  // `memoryBudget`: the bytes the tables must fit in.
  FessTables(std::shared_ptr<LevelAnalysis> analysis, uint64_t memoryBudget);
  FessTables(const FessTables&) = delete;
  FessTables& operator=(const FessTables&) = delete;

  // Builds pieces until the tables are complete (true), or the deadline
  // passes or the level is declined (false; status() says which).
  bool prepare(const Deadline& deadline) { return prep_.run(deadline); }
  bool step() { return prep_.step(); }                   // one piece
  SolveStatus status() const { return prep_.status(); }  // Running, or Declined
  const std::string& why() const { return prep_.why(); }

  // Once prepare() returned true:
  const Board& board() const { return analysis_->board(); }
  const std::vector<uint8_t>& dead() const { return analysis_->pushDead(); }
  const PushDistances& distances() const { return analysis_->goalDistances(); }
  const std::vector<uint8_t>& goalReach() const { return analysis_->goalReach(); }
  const std::vector<uint8_t>& tunnelStops() const { return tunnelStops_; }
  const std::vector<int>& nearest() const { return nearest_; }  // nearestGoalPushes
  const PackingPlan& plan() const { return planner_->plan(); }
  const GoalRoomOrder& roomOrder() const { return *roomOrder_; }
  Hotspots& hotspots() { return *hotspots_; }  // its rows are made as the searches ask
  // Judged on demand: the searches' pushes judge the squares they reach.
  DeadPatterns& patterns() { return *patterns_; }

  uint64_t memoryBytes() const;

 private:
  // The bytes of the tables a level needs, before any is built.
  uint64_t tableBytes() const;
  bool declineIfTooLarge();

  std::shared_ptr<LevelAnalysis> analysis_;
  uint64_t budget_;
  Preparation prep_;
  std::vector<uint8_t> tunnelStops_;
  std::vector<int> nearest_;
  std::unique_ptr<PackingPlanner> planner_;
  std::unique_ptr<GoalRoomOrder> roomOrder_;
  std::unique_ptr<Hotspots> hotspots_;
  std::unique_ptr<DeadPatterns> patterns_;
};

}  // namespace soko
