#include "optimizer_strategy.h"

#include <algorithm>

#include "search/solution.h"
#include "solution_path.h"
#include "strategies/astar.h"
#include "strategies/fess/fess.h"

namespace soko {
namespace {

// The widths of the vicinity rounds, narrow to wide; the last has k = boxes.
std::vector<VicinityWidth> roundWidths(int boxes) {
  std::vector<VicinityWidth> w;
  if (boxes > 0) w.push_back({0});
  // One box moved within 4 squares first: on large levels the round of one
  // box anywhere may not end within seconds, and a round gives nothing
  // before it ends (narrower radii, or more of them, measured worse).
  if (1 < boxes) w.push_back({1, 4});
  if (1 < boxes) w.push_back({1});
  for (int radius : {2, 4, 8})
    for (int k : {2, 3})
      if (k < boxes) w.push_back({k, radius});
  for (int k = 2; k < boxes; ++k) w.push_back({k});
  w.push_back({boxes});
  return w;
}

// The round before which the push-optimal search runs: the first that lets
// two boxes go anywhere. Only levels whose narrower rounds end quickly (the
// small ones) get there soon; on large ones astar's expansions (each one
// dearer than a round's) would take the time the rounds use better.
size_t proofRound(const std::vector<VicinityWidth>& rounds) {
  for (size_t i = 0; i < rounds.size(); ++i)
    if (rounds[i].k >= 2 && rounds[i].radius >= Vicinity::kAnyDistance) return i;
  return rounds.size() - 1;
}

// The other solvers, in turn: fess variants that reach most levels quickly
// and take the boxes to the goals in different orders.
const FessVariant kOtherSolvers[] = {FessVariant{}, fessFourSpaces(), fessFlatEstimate(),
                                     fessNoPlanOrder(), fessNoRoomOrder()};

}  // namespace

const char* provenName(Proven p, OptimizeMetric m) {
  switch (p) {
    case Proven::Optimal:
      return "optimal";
    case Proven::FirstCount:
      return m == OptimizeMetric::Pushes ? "fewest pushes" : "fewest moves";
    default:
      return "no";
  }
}

OptimizerStrategy::OptimizerStrategy(const Level& level, const std::string& steps, int moves,
                                     int pushes, OptimizeMetric metric, uint64_t memoryBudgetBytes,
                                     std::vector<std::string> others)
    : level_(level),
      metric_(metric),
      budget_(memoryBudgetBytes),
      analysis_(level),
      best_(steps),
      bestCost_(Cost::of(metric, moves, pushes)),
      bestMoves_(moves),
      bestPushes_(pushes),
      given_(std::move(others)) {
  LevelAnalysis& a = analysis_;
  prep_.add([&a] { return a.buildBoard(); });
  prep_.add([this] {
    if (!analysis_.board().tooLarge().empty())
      prep_.end(SolveStatus::Declined, analysis_.board().tooLarge());
    return true;
  });
  prep_.add([&a] { return a.buildPushDead(); });
  prep_.add([this] {
    // The push bound only speeds the searches up: without room for its
    // table they search without it.
    useBound_ = analysis_.goalDistanceBytes() <= budget_ / 4;
    return !useBound_ || analysis_.buildGoalDistances();
  });
  prep_.add([this] {
    // Windows need every square's distance to every other; a board too big
    // for them in an eighth of the budget goes without windows.
    const Board& board = analysis_.board();
    const int n = board.squareCount();
    if (!squareDistances_) {
      if (PullDistances::bytesFor(n, n) > budget_ / 8) {
        window_ = std::size(kWindowLengths);
        return true;
      }
      std::vector<Square> all(n);
      for (int s = 0; s < n; ++s) all[s] = static_cast<Square>(s);
      squareDistances_ = std::make_unique<PullDistances>(board, all, true);
    }
    return squareDistances_->buildPiece();
  });
}

OptimizerStrategy::~OptimizerStrategy() = default;

uint64_t OptimizerStrategy::budgetLeft() const {
  const uint64_t used = analysis_.memoryBytes() + (vicinity_ ? vicinity_->memoryBytes() : 0) +
                        (squareDistances_ ? squareDistances_->memoryBytes() : 0);
  return used < budget_ ? budget_ - used : 0;
}

bool OptimizerStrategy::prepare(const Deadline& deadline) {
  if (!prep_.run(deadline)) return false;
  const Board& board = analysis_.board();
  zobrist_ = std::make_unique<Zobrist>(board.squareCount());
  tables_ = std::make_unique<VicinityTables>(
      VicinityTables{board, analysis_.pushDead(), useBound_ ? &analysis_.goalDistances() : nullptr,
                     *zobrist_, squareDistances_.get()});
  resetVicinity();
  rounds_ = roundWidths(board.boxCount());
  for (const std::string& steps : given_) join(steps);
  given_.clear();
  prepared_ = true;
  return true;
}

bool OptimizerStrategy::adopt(const std::string& lurd) {
  CheckedSolution c = checkSolution(level_, lurd);
  if (!c.ok()) return false;
  const Cost cost = Cost::of(metric_, c.moves, c.pushes);
  if (!(cost < bestCost_)) return false;
  best_ = c.steps;
  bestCost_ = cost;
  bestMoves_ = c.moves;
  bestPushes_ = c.pushes;
  resetVicinity();
  positions_.clear();
  return true;
}

void OptimizerStrategy::resetVicinity() {
  const Board& board = analysis_.board();
  vicinity_ = std::make_unique<Vicinity>(board);
  vicinity_->add(boxConfigurations(board, best_));
  // Only the first round goes through the others' configurations too: the
  // wider rounds around all of them cost more than they find (measured on
  // 14 XSokoban levels within 10 s).
  if (round_ == 0)
    for (const auto& configurations : others_) vicinity_->add(configurations);
}

void OptimizerStrategy::join(const std::string& steps) {
  if (steps == best_) return;
  // The dearer of it and the best joins the others.
  const std::string previous = best_;
  others_.push_back(boxConfigurations(analysis_.board(), adopt(steps) ? previous : steps));
  resetVicinity();
}

// Runs a strategy of the schedule (another solver, the proof) for at most
// `cap` expansions of its own within the deadline's node limit: nothing
// while it goes on, else how it ended, its expansions counted as done.
std::optional<SolveStatus> OptimizerStrategy::runInner(Strategy& inner, const Deadline& deadline,
                                                       uint64_t cap) {
  uint64_t limit = cap;
  if (deadline.nodeLimit() != Deadline::kNoNodeLimit)
    limit = std::min(
        limit, deadline.nodeLimit() > nodesDone_ ? deadline.nodeLimit() - nodesDone_ : uint64_t{0});
  const SolveStatus s = inner.run(Deadline(deadline.end(), limit));
  const uint64_t nodes = inner.stats().nodes;
  if (s == SolveStatus::Running && nodes < cap) return std::nullopt;
  nodesDone_ += nodes;
  return s;
}

// One other solver: its solution, when it finds one within its node limit,
// joins the vicinity (and becomes the best when cheaper). Unsolvable when it
// is over and the schedule goes on.
SolveStatus OptimizerStrategy::runOtherSolver(const Deadline& deadline) {
  if (!other_) other_ = makeFessStrategy(level_, budgetLeft() / 2, kOtherSolvers[otherSolver_]);
  const std::optional<SolveStatus> ended = runInner(*other_, deadline, kOtherSolverNodes);
  if (!ended) return SolveStatus::Running;
  const SolveStatus s = *ended;
  ++otherSolver_;
  if (s == SolveStatus::Solved) {
    CheckedSolution c = checkSolution(level_, other_->solution());
    if (c.ok()) join(c.steps);
  }
  other_.reset();
  return SolveStatus::Unsolvable;
}

SolveStatus OptimizerStrategy::finishProven() {
  proven_ = Proven::Optimal;
  return SolveStatus::Solved;
}

// One vicinity round: Running at the deadline; Unsolvable when the round is
// over and the schedule goes on; Solved once proven optimal; OutOfMemory.
SolveStatus OptimizerStrategy::searchRound(const Deadline& deadline) {
  const VicinityWidth width = rounds_[round_];
  const bool everything = round_ + 1 == rounds_.size();
  if (!search_)
    search_ = std::make_unique<VicinitySearch>(*tables_, *vicinity_, width, metric_, bestCost_,
                                               budgetLeft(), SearchEnds::level(analysis_.board()));
  const SolveStatus s = search_->run(deadline, nodesDone_);
  if (s == SolveStatus::Running) return s;
  nodesDone_ += search_->nodes();
  std::vector<PushStep> pushes = search_->pushes();
  search_.reset();
  if (s == SolveStatus::OutOfMemory) {
    note_ = "the memory budget ended the round of " + widthText(width);
    return s;
  }
  bool improved = false;
  if (s == SolveStatus::Solved) {
    std::optional<std::string> lurd = pushesToLurd(level_, pushes);
    if (!lurd) {
      note_ = "internal error: the pushes found cannot be played";
      return SolveStatus::Failed;
    }
    improved = adopt(*lurd);  // then the same round again, around it
  }
  if (!improved && !everything) {
    ++round_;  // nothing cheaper within this width
    resetVicinity();
  }
  return everything ? finishProven() : SolveStatus::Unsolvable;
}

std::string OptimizerStrategy::widthText(VicinityWidth w) const {
  if (w.k >= analysis_.board().boxCount()) return "every position";
  std::string t = std::to_string(w.k) + (w.k == 1 ? " box" : " boxes") + " moved";
  if (w.radius < Vicinity::kAnyDistance) t += " within " + std::to_string(w.radius) + " squares";
  return t;
}

SolveStatus OptimizerStrategy::runProof(const Deadline& deadline) {
  if (!proof_)
    proof_ = makeBestFirstStrategy(
        level_, budgetLeft(),
        metric_ == OptimizeMetric::Pushes ? BestFirstKind::Pushes : BestFirstKind::Moves);
  const std::optional<SolveStatus> ended = runInner(*proof_, deadline, kProofNodes);
  if (!ended) return SolveStatus::Running;
  const SolveStatus s = *ended;
  proofDone_ = true;
  if (s == SolveStatus::Solved) {
    // Its first count is the least possible; the best has no more than it.
    if (adopt(proof_->solution())) round_ = 0;  // cheap rounds first around the new one
    proven_ = Proven::FirstCount;
    proof_.reset();
    // astar-moves is optimal by moves then pushes: the whole metric.
    if (metric_ == OptimizeMetric::Moves) return finishProven();
    note_ = "astar proved the pushes least";
    return SolveStatus::Unsolvable;
  }
  note_ = s == SolveStatus::Running
              ? "astar did not finish within " + std::to_string(kProofNodes) + " expansions"
              : std::string("astar ended ") + statusName(s);
  proof_.reset();
  return SolveStatus::Unsolvable;
}

// The best solution with pushes[from, to) replaced by `pushes`, adopted when
// cheaper.
bool OptimizerStrategy::spliceWindow(const std::vector<PushStep>& pushes) {
  const size_t to = std::min(windowFrom_ + kWindowLengths[window_], positions_.size() - 1);
  std::vector<PushStep> all;
  for (size_t i = 1; i <= windowFrom_; ++i) all.push_back(positions_[i].push);
  all.insert(all.end(), pushes.begin(), pushes.end());
  for (size_t i = to + 1; i < positions_.size(); ++i) all.push_back(positions_[i].push);
  std::optional<std::string> lurd = pushesToLurd(level_, all);
  return lurd && adopt(*lurd);
}

// One window of the best solution: Running at the deadline; Unsolvable when
// it is over and the schedule goes on (the next window, or the rounds).
SolveStatus OptimizerStrategy::searchWindow(const Deadline& deadline) {
  const Board& board = analysis_.board();
  if (positions_.empty()) positions_ = solutionPositions(board, best_);
  const size_t length = kWindowLengths[window_];
  const size_t last = positions_.size() - 1;
  if (windowFrom_ + 1 >= last && windowFrom_ > 0) {  // this pass over the solution is done
    windowFrom_ = 0;
    if (++window_ == std::size(kWindowLengths) && windowsImproved_) {
      window_ = 0;  // again, around what changed
      windowsImproved_ = false;
    }
    return SolveStatus::Unsolvable;
  }
  const size_t to = std::min(windowFrom_ + length, last);
  const SolutionPosition& a = positions_[windowFrom_];
  const SolutionPosition& b = positions_[to];
  if (!search_) {
    const Cost window = Cost::of(metric_, b.moves - a.moves, static_cast<int>(to - windowFrom_));
    search_ = std::make_unique<VicinitySearch>(
        *tables_, *vicinity_, VicinityWidth{board.boxCount()}, metric_, window, budgetLeft(),
        SearchEnds{a.boxes, a.player, b.boxes, b.player});
    windowNodesBefore_ = nodesDone_;
  }
  const uint64_t cap = windowNodesBefore_ + kWindowNodesPerPush * length;
  const Deadline capped(deadline.end(), std::min(deadline.nodeLimit(), cap));
  SolveStatus s = search_->run(capped, nodesDone_);
  if (s == SolveStatus::Running && !(nodesDone_ + search_->nodes() >= cap)) return s;
  nodesDone_ += search_->nodes();
  const bool found = s == SolveStatus::Solved || search_->answerSoFar();
  std::vector<PushStep> pushes = search_->pushes();
  search_.reset();
  if (found && spliceWindow(pushes)) {
    windowsImproved_ = true;  // the same start again, on the new solution
  } else {
    windowFrom_ += std::max<size_t>(1, length / 2);
  }
  return SolveStatus::Unsolvable;
}

SolveStatus OptimizerStrategy::run(const Deadline& deadline) {
  if (!prepared_ && !prepare(deadline)) {
    if (prep_.status() == SolveStatus::Running) return SolveStatus::Running;
    note_ = prep_.why();
    return prep_.status();
  }
  // Each call below returns Unsolvable when its round or phase is over and
  // the schedule goes on.
  for (;;) {
    if (otherSolver_ < std::size(kOtherSolvers)) {
      const SolveStatus s = runOtherSolver(deadline);
      if (s != SolveStatus::Unsolvable) return s;
      continue;
    }
    const bool windowNext = round_ == 1 && window_ < std::size(kWindowLengths);
    const bool proofNext = !proofDone_ && round_ == proofRound(rounds_);
    const SolveStatus s = windowNext  ? searchWindow(deadline)
                          : proofNext ? runProof(deadline)
                                      : searchRound(deadline);
    if (s != SolveStatus::Unsolvable) return s;
  }
}

SearchStats OptimizerStrategy::stats() const {
  SearchStats s;
  s.nodes = nodesDone_;
  s.memoryBytes = analysis_.memoryBytes() + (vicinity_ ? vicinity_->memoryBytes() : 0);
  if (search_) {
    s.nodes += search_->nodes();
    s.stored = search_->stored();
    s.memoryBytes += search_->memoryBytes();
  }
  for (const Strategy* running : {proof_.get(), other_.get()}) {
    if (!running) continue;
    const SearchStats p = running->stats();
    s.nodes += p.nodes;
    s.stored = p.stored;
    s.memoryBytes += p.memoryBytes;
  }
  s.depth = static_cast<int>(round_);
  return s;
}

std::string OptimizerStrategy::message() const {
  std::string m = "vicinity rounds done: " + std::to_string(round_);
  if (round_ > 0 && round_ <= rounds_.size()) m += ", the last " + widthText(rounds_[round_ - 1]);
  if (!others_.empty()) m += "; other solutions joined: " + std::to_string(others_.size());
  if (!note_.empty()) m += "; " + note_;
  return m;
}

}  // namespace soko
