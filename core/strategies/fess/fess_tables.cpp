#include "fess_tables.h"

#include "tunnel_stops.h"

namespace soko {
namespace {

// Pushes for a lone box from each square to its nearest goal, the player
// anywhere it needs to be (a relaxation: never more than the truth).
// [square] distance, or kFar when no goal can be reached.
std::vector<int> nearestGoalPushes(const Board& board) {
  const int n = board.squareCount();
  std::vector<int> dist(n, kFar);
  std::vector<Square> queue;
  for (Square g : board.goals()) dist[g] = 0, queue.push_back(g);
  // Pull outwards from every goal at once: a pull to t needs the square beyond t.
  for (size_t h = 0; h < queue.size(); ++h) {
    Square s = queue[h];
    for (Direction d : kDirections) {
      Square t = board.neighbor(s, d);
      if (t == kNoSquare || dist[t] <= dist[s] + 1) continue;
      if (board.neighbor(t, d) == kNoSquare) continue;
      dist[t] = dist[s] + 1;
      queue.push_back(t);
    }
  }
  return dist;
}

}  // namespace

FessTables::FessTables(std::shared_ptr<LevelAnalysis> analysis, uint64_t memoryBudget)
    : analysis_(std::move(analysis)), budget_(memoryBudget) {
  LevelAnalysis& a = *analysis_;
  prep_.add([&a] { return a.buildBoard(); });
  prep_.add([this] { return declineIfTooLarge(); });
  prep_.add([&a] { return a.buildPushDead(); });
  prep_.add([&a] { return a.buildGoalDistances(); });
  prep_.add([&a] { return a.buildGoalReach(); });
  prep_.add([this] {
    tunnelStops_ = soko::tunnelStops(board());
    nearest_ = nearestGoalPushes(board());
    hotspots_ = std::make_unique<Hotspots>(board());
    planner_ = std::make_unique<PackingPlanner>(board());
    return true;
  });
  prep_.add([this] { return planner_->step(); });
  prep_.add([this] {
    if (!roomOrder_) roomOrder_ = std::make_unique<GoalRoomOrder>(board(), plan(), dead(), true);
    return roomOrder_->buildPiece();
  });
  prep_.add([this] {
    patterns_ = std::make_unique<DeadPatterns>(board(), dead(), false, distances());
    patterns_->judgeOnDemand();
    return true;
  });
}

uint64_t FessTables::tableBytes() const {
  return analysis_->goalDistanceBytes() + analysis_->goalReachBytes();
}

// Once the board is known: a level too large for the solvers' square
// numbers, or whose tables would pass the budget, goes no further.
bool FessTables::declineIfTooLarge() {
  const Board& b = board();
  if (!b.tooLarge().empty()) {
    prep_.end(SolveStatus::Declined, b.tooLarge());
    return true;
  }
  const uint64_t bytes = tableBytes();
  if (bytes > budget_)
    prep_.end(SolveStatus::Declined,
              tooLargeForBudget("the push-distance and goal-reach tables for " +
                                    countText(b.goals().size()) + " goals on " +
                                    countText(b.squareCount()) + " squares",
                                bytes, budget_));
  return true;
}

uint64_t FessTables::memoryBytes() const {
  uint64_t bytes = analysis_->memoryBytes() + tunnelStops_.size() + nearest_.size() * sizeof(int);
  if (hotspots_) bytes += hotspots_->memoryBytes();
  if (patterns_) bytes += patterns_->memoryBytes();
  return bytes;
}

}  // namespace soko
