// The optimizer's schedule, searched in slices like every strategy: it holds
// the best solution so far (at first the one given) and improves it by exact
// searches through ever wider vicinities of it (vicinity_search.h):
//
//   others     first, the other solutions given join, and the fess
//              variants solve the level again, each within
//              a node limit: a solution sends the boxes to the goals in its
//              own way, and the vicinity holds the configurations of every
//              solution found (YASO's optimizer combines several the same
//              way), so the rounds below can join parts of them;
//   k = 0      the configurations the solution passes through: the best
//              walks between its pushes and the best order among them;
//   windows    each stretch of 8, then 16 pushes (overlapping by half)
//              replaced by the cheapest way between its ends, any box
//              anywhere, within a node limit a window; the passes repeat
//              while they find something;
//   k = 1      one box moved within 4 squares, then anywhere;
//   k = 2, 3   two or three boxes moved, each within 2, then 4, then 8
//              squares, then anywhere; then k = 4, 5, ... anywhere;
//   k = boxes  every configuration: the answer is proven optimal.
// A round that finds a cheaper solution is searched again around it.
//
// Before the first round that lets two boxes go anywhere, the push-optimal
// search (astar; astar-moves for the moves metric) gets a fixed number of
// expansions: on small levels it proves the
// first count optimal, and its solution is taken when it is cheaper. Every
// schedule is counted in expansions, so the clock decides only where a run
// stops. solution() is the best so far at any time, never a worse one.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "analysis/level_analysis.h"
#include "analysis/zobrist.h"
#include "metric.h"
#include "preparation.h"
#include "solution_path.h"
#include "strategy.h"
#include "vicinity.h"
#include "vicinity_search.h"

namespace soko {

// What is proven about the optimizer's answer.
enum class Proven : uint8_t {
  Nothing,
  FirstCount,  // the metric's first count is the least possible (astar)
  Optimal,     // no solution is cheaper by the metric
};

const char* provenName(Proven p, OptimizeMetric m);  // "no", "fewest pushes", "optimal"

// Expansions the push-optimal search gets, once.
inline constexpr uint64_t kProofNodes = 200'000;
// Window lengths in pushes, and the expansions a window gets per push.
inline constexpr int kWindowLengths[] = {8, 16};
inline constexpr uint64_t kWindowNodesPerPush = 200;
// Expansions each other solver gets to find a solution of its own.
inline constexpr uint64_t kOtherSolverNodes = 10'000;

class OptimizerStrategy : public Strategy {
 public:
  // `steps`: a checked solution of the level (solution_path.h); `others`:
  // more checked solutions, which join the first round's vicinity.
  OptimizerStrategy(const Level& level, const std::string& steps, int moves, int pushes,
                    OptimizeMetric metric, uint64_t memoryBudgetBytes,
                    std::vector<std::string> others = {});
  ~OptimizerStrategy() override;

  SolveStatus run(const Deadline& deadline) override;
  std::string solution() const override { return best_; }
  SearchStats stats() const override;
  std::string message() const override;

  Proven proven() const { return proven_; }
  int bestMoves() const { return bestMoves_; }  // of solution()
  int bestPushes() const { return bestPushes_; }
  // Solutions given or found by the other solvers that the vicinity holds
  // besides the best.
  int otherSolutions() const { return static_cast<int>(others_.size()); }

 private:
  bool prepare(const Deadline& deadline);
  SolveStatus searchRound(const Deadline& deadline);
  SolveStatus runProof(const Deadline& deadline);
  SolveStatus runOtherSolver(const Deadline& deadline);
  std::optional<SolveStatus> runInner(Strategy& inner, const Deadline& deadline, uint64_t cap);
  void resetVicinity();                 // the best solution's configurations and the others'
  void join(const std::string& steps);  // a checked solution: the best, or one of the others
  SolveStatus searchWindow(const Deadline& deadline);
  bool spliceWindow(const std::vector<PushStep>& pushes);  // true when adopted
  bool adopt(const std::string& lurd);                     // true when cheaper than the best
  uint64_t budgetLeft() const;
  SolveStatus finishProven();
  std::string widthText(VicinityWidth w) const;  // "2 boxes moved within 4 squares"

  Level level_;
  OptimizeMetric metric_;
  uint64_t budget_;
  LevelAnalysis analysis_;
  Preparation prep_;
  bool prepared_ = false;
  bool useBound_ = false;
  std::unique_ptr<Zobrist> zobrist_;
  std::unique_ptr<VicinityTables> tables_;
  std::unique_ptr<Vicinity> vicinity_;
  std::unique_ptr<PullDistances> squareDistances_;  // for windows; none on huge boards
  std::unique_ptr<VicinitySearch> search_;
  std::vector<SolutionPosition> positions_;  // of the best solution, for windows
  size_t window_ = 0;                        // kWindowLengths index; past the end: windows done
  size_t windowFrom_ = 0;                    // the next window's first position
  bool windowsImproved_ = false;             // in this pass over the lengths
  uint64_t windowNodesBefore_ = 0;
  std::unique_ptr<Strategy> other_;                       // the other solver running
  size_t otherSolver_ = 0;                                // the next of them; past the end: done
  std::vector<std::vector<std::vector<Square>>> others_;  // configurations of every other one
  std::unique_ptr<Strategy> proof_;
  bool proofDone_ = false;
  std::vector<VicinityWidth> rounds_;  // in order; the last is unrestricted
  size_t round_ = 0;                   // the round searching or next
  uint64_t nodesDone_ = 0;             // expansions of the searches finished
  std::string best_;
  Cost bestCost_;
  int bestMoves_ = 0, bestPushes_ = 0;
  std::vector<std::string> given_;  // the other solutions given, until prepared
  Proven proven_ = Proven::Nothing;
  std::string note_;  // for message()
};

}  // namespace soko
