#include "hbox.h"

#include <algorithm>
#include <optional>

#include "analysis/board.h"
#include "analysis/level_analysis.h"
#include "analysis/pull_distances.h"
#include "analysis/zobrist.h"
#include "bounds/hungarian.h"
#include "game.h"
#include "hbox_evaluation.h"
#include "hbox_queues.h"
#include "hbox_regions.h"
#include "hbox_rules.h"
#include "hbox_store.h"
#include "preparation.h"
#include "search/meeting.h"
#include "search/solution.h"

namespace soko {
namespace {

constexpr uint32_t kNone = HboxStore::kNone;

// How a position was reached: its parent, the pull ((from square << 2) |
// direction; kNone for a start), pulls and moves from the solved position.
struct Path {
  uint32_t parent, move, pulls, moves;
};

// The search: pops positions from the queues in turn and expands each by
// every pull the puller can reach (repeated while inertia says so), storing
// and queueing the positions it makes.
class HboxStrategy : public Strategy, public MeetingSide {
 public:
  // `analysis`: the level's analysis, maybe shared with other members of a
  // portfolio (the pull distances come from it); `countAnalysis`: this
  // search's bytes include it (false when the caller counts it).
  HboxStrategy(const Level& level, const SolverOptions& options, const HboxMethod& method,
               std::shared_ptr<LevelAnalysis> analysis, bool countAnalysis)
      : method_(method),
        analysis_(std::move(analysis)),
        countAnalysis_(countAnalysis),
        board_(level),
        n_(board_.boxCount()),
        targets_(board_.startBoxes()),
        zobrist_(board_.squareCount()),
        clockMask_(clockMask(n_, board_.squareCount())),
        store_(n_, board_.squareCount(), zobrist_),
        queues_(method),
        budget_(options.memoryBudgetBytes) {}

  bool setMemoryBudget(uint64_t bytes) override {
    budget_ = bytes;
    return true;
  }
  bool resumesWithMoreMemory() const override {
    return started_ && finished_ == SolveStatus::Running;
  }
  SolveStatus run(const Deadline& deadline) override;
  std::string solution() const override {
    if (met()) return met_;
    if (solvedIndex_ == kNone) return "";
    return pushesToLurd(board_.level(), pathPushes(solvedIndex_)).value_or("");
  }
  SearchStats stats() const override;
  std::string message() const override { return met() ? "met the forward search" : message_; }

  MeetingSide* meetingSide() override { return this; }
  uint32_t findPosition(const Square* sortedBoxes, Square normal, uint64_t key) const override;
  void prefetchPosition(uint64_t key) const override { store_.prefetch(key); }
  void touchPosition(uint64_t key) const override { store_.touch(key); }
  std::vector<PushStep> pathPushes(uint32_t i) const override;

 private:
  static constexpr uint64_t kMemoryMargin = 32ull << 20;  // room for a queue bucket to grow

  // A pull the expanded position allows, its child's region evaluated
  // before any store lookup (see collectFirstPulls()).
  struct FirstPull {
    int box;  // index into cur_
    Direction d;
    PullerRegion region;
    uint64_t key;  // the child's store key
  };
  // What storeChild() did with a child.
  enum class Stored { Yes, Stop, Solved, OutOfMemory };

  uint64_t memoryBytes() const {
    return store_.memoryBytes() + fixedBytes_ + queues_.memoryBytes() +
           (countAnalysis_ ? analysis_->memoryBytes() : 0);
  }
  SolveStatus admit();
  SolveStatus prepare();
  void clearSearch();
  SolveStatus addStarts();
  bool addNode(const Square* sortedBoxes, Square normal, uint64_t key, const Priorities& p,
               const Path& path, uint32_t& index);
  bool improve(uint32_t index, const Path& path);
  bool addNew(uint64_t key, const Priorities& p, const Path& path, uint32_t& index);
  void noteBoxesOnGoals(int onGoals);
  SolveStatus expand(uint32_t id);
  void collectFirstPulls(uint64_t boxKey);
  SolveStatus pullChain(int i, Direction d, Path path, uint64_t boxKey, int onTargets,
                        const PullerRegion* first);
  Stored storeChild(int i, Square to, uint64_t key, int onTargets, const PullerRegion& region,
                    const Path& path, uint32_t& index);
  void sortChild(int i, Square to);

  bool needCorrals() const { return method_.queue[2] && !halfway_; }
  // See hboxPullable(): hbox's original strict guard first; when it has
  // exhausted the search (it also cuts off solutions where a box is freed by
  // pulling its neighbour away first: 8 of Microban I's 155), the search
  // runs again with the milder one.
  bool pullable(Square s, bool now) const { return hboxPullable(board_, occupied_.data(), s, now); }
  bool keepPulling(Square box, Square next, Direction d) const {
    return hboxKeepPulling(board_, *pd_, isTarget_.data(), box, next, d);
  }

  const HboxMethod method_;
  const std::shared_ptr<LevelAnalysis> analysis_;
  const bool countAnalysis_;
  const Board board_;
  const int n_;
  const std::vector<Square> targets_;  // the start squares of the boxes: the puller's goals
  const Zobrist zobrist_;
  const uint64_t clockMask_;  // see clockMask()
  HboxStore store_;
  HboxQueues queues_;
  uint64_t budget_;
  uint64_t fixedBytes_ = 0;  // the tables prepare() builds

  // Built by prepare(), but the pull distances: the analysis's.
  const PullDistances* pd_ = nullptr;
  std::vector<uint8_t> isTarget_;  // [square]
  std::vector<uint8_t> occupied_;  // [square] the boxes of the position at hand
  std::optional<PullerRegions> regions_;
  std::optional<HboxEvaluation> evaluation_;

  // The expanded position and a child: boxes (cur_ and sorted_ in square
  // order, child_ in cur_'s order), the packed query, the first pulls.
  std::vector<Square> cur_, child_, sorted_;
  std::vector<uint8_t> packed_;
  std::vector<FirstPull> firstPulls_;
  mutable std::vector<uint8_t> lookup_;  // findPosition's query, packed

  HalfwayTracker halfwayTracker_{n_};
  bool halfway_ = false;
  bool admitted_ = false, started_ = false, prunedHeuristically_ = false;
  bool strictGuard_ = true;  // hbox's original guard; the milder one after it exhausted the search
  SolveStatus finished_ = SolveStatus::Running;
  uint32_t solvedIndex_ = kNone;
  uint64_t nodes_ = 0;
  int depth_ = 0;
  int bestHunEst_ = -1;
  std::string message_;
};

SolveStatus HboxStrategy::run(const Deadline& deadline) {
  if (!started_) {
    if (!admitted_) {
      const SolveStatus s = admit();
      if (s != SolveStatus::Running) return finished_ = s;
      admitted_ = true;
    }
    // The pull distances a start square at a time, in the slices
    // (preparation.h), unless another member built them already.
    analysis_->buildBoard();
    while (!analysis_->buildStartPullDistances())
      if (deadline.expired()) return SolveStatus::Running;
    pd_ = &analysis_->startPullDistances();
    started_ = true;
    SolveStatus s = prepare();
    if (s == SolveStatus::Running) s = addStarts();
    if (s != SolveStatus::Running) return finished_ = s;
  }
  if (finished_ != SolveStatus::Running) return finished_;
  for (;;) {
    if (deadline.nodesReached(nodes_) || ((nodes_ & clockMask_) == 0 && deadline.expired()))
      return SolveStatus::Running;
    // Not finished_: nothing has changed yet (resumesWithMoreMemory()).
    if ((nodes_ & 127) == 0 && memoryBytes() + store_.nextGrowthBytes() + kMemoryMargin > budget_)
      return SolveStatus::OutOfMemory;
    uint32_t id;
    const bool popped = queues_.pop(store_, id);
    if (!popped && strictGuard_ && prunedHeuristically_) {
      // hbox's original guard cut every way: search again with the milder one.
      strictGuard_ = false;
      prunedHeuristically_ = false;
      clearSearch();
      SolveStatus s = addStarts();
      if (s != SolveStatus::Running) return finished_ = s;
      continue;
    }
    if (!popped) {
      message_ = prunedHeuristically_ ? "every position was searched (hbox's puller-deadlock guard "
                                        "prunes, so this is no proof)"
                                      : "every position reachable by pulls was searched";
      return finished_ = SolveStatus::Unsolvable;
    }
    SolveStatus s = expand(id);
    ++nodes_;
    if (s != SolveStatus::Running) return finished_ = s;
  }
}

SearchStats HboxStrategy::stats() const {
  SearchStats s;
  s.nodes = nodes_;
  s.stored = store_.size();
  s.memoryBytes = memoryBytes();
  s.depth = depth_;
  s.bestBound = bestHunEst_;
  return s;
}

uint32_t HboxStrategy::findPosition(const Square* sortedBoxes, Square normal, uint64_t key) const {
  if (store_.size() == 0) return kNotFound;
  lookup_.resize(store_.packedBytes());
  store_.pack(lookup_.data(), sortedBoxes, normal);
  const uint32_t i = store_.find(lookup_.data(), key);
  return i == kNone ? kNotFound : i;
}

// The pulls from the solved position to stored position i, last first, are
// the pushes from i to the solved position.
std::vector<PushStep> HboxStrategy::pathPushes(uint32_t i) const {
  std::vector<PushStep> pushes;
  for (;;) {
    const auto entry = store_.entry(i);
    const uint32_t move = entry.move();
    if (move == kNone) break;
    Square from = static_cast<Square>(move >> 2);
    Direction d = static_cast<Direction>(move & 3);
    Square to = board_.neighbor(from, d);
    pushes.push_back({board_.cellOf(to), opposite(d)});
    i = entry.parent();
  }
  return pushes;
}

// Whether hbox can search the level at all (Declined, or Solved at once, if not).
SolveStatus HboxStrategy::admit() {
  if (!board_.tooLarge().empty()) {
    message_ = board_.tooLarge();
    return SolveStatus::Declined;
  }
  if (board_.level().goalCount() != n_) {
    message_ = "hbox needs as many goals as boxes";
    return SolveStatus::Declined;
  }
  if (n_ == 0 || board_.level().solved()) {
    solvedIndex_ = kNone;  // the empty solution
    return SolveStatus::Solved;
  }
  const int squares = board_.squareCount();
  // The tables below come before any position: refuse a budget they would pass.
  fixedBytes_ = uint64_t(squares) * (n_ * 4 + 24);  // match costs, scratch
  const uint64_t pullDistances = uint64_t(squares) * n_ * 4;
  const uint64_t tables = fixedBytes_ + pullDistances + queues_.fixedBytes();
  if (tables + kMemoryMargin > budget_) {
    message_ = tooLargeForBudget(
        "hbox's tables for " + countText(n_) + " boxes on " + countText(squares) + " squares",
        tables + kMemoryMargin, budget_);
    return SolveStatus::Declined;
  }
  return SolveStatus::Running;
}

// Once the pull distances are built: the rest of the level's tables.
SolveStatus HboxStrategy::prepare() {
  const int squares = board_.squareCount();
  isTarget_.assign(squares, 0);
  for (Square t : targets_) isTarget_[t] = 1;
  occupied_.assign(squares, 0);
  regions_.emplace(board_, occupied_.data());
  evaluation_.emplace(board_, targets_, *pd_, method_, occupied_.data());
  cur_.resize(n_);
  child_.resize(n_);
  sorted_.resize(n_);
  packed_.resize(store_.packedBytes());
  queues_.allocate();
  return SolveStatus::Running;
}

// Forgets every position and queue entry (the tables stay).
void HboxStrategy::clearSearch() {
  store_ = HboxStore(n_, board_.squareCount(), zobrist_);
  queues_ = HboxQueues(method_);
  queues_.allocate();
  halfwayTracker_ = HalfwayTracker(n_);
  halfway_ = false;
  bestHunEst_ = -1;
}

// The reverse search starts with the boxes on the goals: one start per
// player region round them from which a pull can be made.
SolveStatus HboxStrategy::addStarts() {
  const std::vector<Square>& goals = board_.goals();
  cur_.assign(goals.begin(), goals.end());
  std::sort(cur_.begin(), cur_.end());
  for (Square g : cur_) {
    if (pd_->dead(g)) {
      message_ = "a goal no box can be pushed onto";
      return SolveStatus::Unsolvable;
    }
    occupied_[g] = 1;
  }
  if (!evaluation_->start(cur_.data())) {
    message_ = "no one-to-one matching of goals to box starts";
    return SolveStatus::Unsolvable;
  }
  const uint64_t boxKey = zobrist_.boxes(cur_.data(), n_);
  int onTargets = 0;
  for (Square b : cur_) onTargets += isTarget_[b];
  const int squares = board_.squareCount();
  std::vector<uint8_t> seen(squares, 0);
  for (int s = 0; s < squares; ++s) {
    if (occupied_[s] || seen[s]) continue;
    PullerRegion region = regions_->flood(static_cast<Square>(s));
    for (int q = 0; q < squares; ++q)
      if (regions_->flooded(static_cast<Square>(q))) seen[q] = 1;
    if (!region.anyPull) continue;
    if (needCorrals()) region.corrals = regions_->countAreas();
    const Priorities p = evaluation_->priorities(cur_.data(), onTargets, region.corrals, halfway_);
    uint32_t index;
    const uint64_t key = boxKey ^ zobrist_.player(region.normal);
    if (!addNode(cur_.data(), region.normal, key, p, Path{kNone, kNone, 0, 0}, index))
      return SolveStatus::OutOfMemory;
  }
  for (Square g : cur_) occupied_[g] = 0;
  return SolveStatus::Running;
}

// Stores a position (sorted boxes) or improves the path to a stored one.
// False when the memory budget would be passed.
bool HboxStrategy::addNode(const Square* sortedBoxes, Square normal, uint64_t key,
                           const Priorities& p, const Path& path, uint32_t& index) {
  store_.pack(packed_.data(), sortedBoxes, normal);
  index = store_.find(packed_.data(), key);
  if (index != kNone) {
    if (improve(index, path)) queues_.push(index, p, HboxQueues::pri0Of(store_.entry(index)));
    return true;
  }
  return addNew(key, p, path, index);
}

// A shorter path (fewer pulls; with moveUpdates also equal pulls and fewer
// moves) to a stored position replaces its parent. True when the position
// is still open and its pri0 dropped: it must be queued again (the old
// entries are then skipped as stale).
bool HboxStrategy::improve(uint32_t index, const Path& path) {
  const uint32_t pulls = std::min<uint32_t>(path.pulls, 0xFFFF);
  const auto entry = store_.entry(index);
  const uint32_t oldPulls = entry.pulls();
  const uint32_t oldMoves = entry.moves();
  bool better =
      pulls < oldPulls || (method_.moveUpdates && pulls == oldPulls && path.moves < oldMoves);
  if (!better) return false;
  entry.setPath(path.parent, path.move, pulls, path.moves);
  return pulls < oldPulls && !entry.closed();
}

// Adds the position packed in packed_ (absent from the store).
bool HboxStrategy::addNew(uint64_t key, const Priorities& p, const Path& path, uint32_t& index) {
  if (store_.full() || memoryBytes() + store_.nextGrowthBytes() > budget_) return false;
  index = store_.add(packed_.data(), key);
  const auto entry = store_.entry(index);
  entry.setPath(path.parent, path.move, path.pulls, path.moves);
  entry.setHunEst(p.hunEst);
  queues_.push(index, p, HboxQueues::pri0Of(entry));
  if (bestHunEst_ < 0 || p.hunEst < bestHunEst_) bestHunEst_ = p.hunEst;
  return true;
}

// Halfway (see HalfwayTracker): the queues of pri2..pri5 are dropped.
void HboxStrategy::noteBoxesOnGoals(int onGoals) {
  if (halfway_ || !halfwayTracker_.note(queues_.lastQueue(), onGoals)) return;
  halfway_ = true;
  queues_.dropHalfway();
}

SolveStatus HboxStrategy::expand(uint32_t id) {
  const auto entry = store_.entry(id);
  Square normal;
  store_.unpack(id, cur_.data(), normal);
  const uint32_t move = entry.move();
  const uint32_t pulls = entry.pulls();
  const uint32_t moves = entry.moves();
  depth_ = static_cast<int>(pulls);
  Square puller = normal;  // where the last pull left it
  if (move != kNone) {
    Square to = board_.neighbor(static_cast<Square>(move >> 2), static_cast<Direction>(move & 3));
    puller = board_.neighbor(to, static_cast<Direction>(move & 3));
  }
  for (Square b : cur_) occupied_[b] = 1;
  regions_->label(puller, cur_.data(), n_, needCorrals());
  const uint64_t boxKey = zobrist_.boxes(cur_.data(), n_);
  int onTargets = 0;
  for (Square b : cur_) onTargets += isTarget_[b];
  noteBoxesOnGoals(evaluation_->expand(cur_.data(), onTargets));
  collectFirstPulls(boxKey);
  SolveStatus result = SolveStatus::Running;
  for (const FirstPull& f : firstPulls_) {
    const Square to = board_.neighbor(cur_[f.box], f.d);
    result = pullChain(f.box, f.d, Path{id, kNone, pulls, moves + regions_->walkDistance(to)},
                       boxKey, onTargets, &f.region);
    if (result != SolveStatus::Running) break;
  }
  for (Square b : cur_) occupied_[b] = 0;
  return result;
}

// The first pull of every chain, its child's region evaluated and its store
// slot prefetched, so that the lookups of pullChain(), each a likely cache
// miss, overlap instead of waiting one by one.
void HboxStrategy::collectFirstPulls(uint64_t boxKey) {
  firstPulls_.clear();
  for (int i = 0; i < n_; ++i) {
    for (Direction d : kDirections) {
      Square box = cur_[i];
      Square to = board_.neighbor(box, d);
      if (to == kNoSquare || occupied_[to] || !regions_->walks(to)) continue;
      Square back = board_.neighbor(to, d);
      if (back == kNoSquare || occupied_[back] || pd_->dead(to)) continue;
      occupied_[box] = 0;
      occupied_[to] = 1;
      FirstPull f{i, d, regions_->afterPull(box, to, back, d, needCorrals()), 0};
      f.key = boxKey ^ zobrist_.box(box) ^ zobrist_.box(to) ^ zobrist_.player(f.region.normal);
      store_.prefetch(f.key);
      if (other_) other_->prefetchPosition(f.key);
      occupied_[to] = 0;
      occupied_[box] = 1;
      firstPulls_.push_back(f);
    }
  }
#if defined(__wasm__)
  for (const FirstPull& f : firstPulls_) store_.touch(f.key);
  if (other_)
    for (const FirstPull& f : firstPulls_) other_->touchPosition(f.key);
#endif
}

// Pulls box i in direction d once, and again while inertia says so,
// storing every position on the way; `path` leads to the expanded position
// (its move unused) and counts the walk to the first pull; `first` is the
// first pull's region, evaluated already.
SolveStatus HboxStrategy::pullChain(int i, Direction d, Path path, uint64_t boxKey, int onTargets,
                                    const PullerRegion* first) {
  std::copy(cur_.begin(), cur_.end(), child_.begin());
  evaluation_->beginChild();
  const Square origin = cur_[i];
  Square from = origin;
  Square to = board_.neighbor(from, d);
  Square back = board_.neighbor(to, d);
  SolveStatus result = SolveStatus::Running;
  for (;;) {
    occupied_[from] = 0;
    occupied_[to] = 1;
    child_[i] = to;
    boxKey ^= zobrist_.box(from) ^ zobrist_.box(to);
    onTargets += isTarget_[to] - isTarget_[from];
    ++path.pulls;
    ++path.moves;
    path.move = (static_cast<uint32_t>(from) << 2) | static_cast<uint32_t>(d);
    from = to;
    // The minimal puller-deadlock guard: a moved box off target must stay
    // pullable from some side (see pullable()).
    if (!isTarget_[to] && !pullable(to, strictGuard_)) {
      prunedHeuristically_ = true;
      break;
    }
    const PullerRegion region =
        first ? *first : regions_->afterPull(origin, to, back, d, needCorrals());
    first = nullptr;
    const uint64_t key = boxKey ^ zobrist_.player(region.normal);
    store_.prefetch(key);  // the slot is likely a cache miss: fetch it while sorting
    if (other_) other_->prefetchPosition(key);
    sortChild(i, to);
    uint32_t index;
    const Stored stored = storeChild(i, to, key, onTargets, region, path, index);
    if (stored == Stored::Solved) result = SolveStatus::Solved;
    if (stored == Stored::OutOfMemory) result = SolveStatus::OutOfMemory;
    if (stored != Stored::Yes || !method_.inertia) break;
    Square next = back;
    Square nextBack = board_.neighbor(next, d);
    if (nextBack == kNoSquare || occupied_[nextBack] || pd_->dead(next) ||
        !keepPulling(to, next, d))
      break;
    const auto entry = store_.entry(index);
    path = Path{index, kNone, entry.pulls(), entry.moves()};
    to = next;
    back = nextBack;
  }
  occupied_[from] = 0;
  occupied_[origin] = 1;
  return result;
}

// Stores the child in child_ and sorted_ (box i pulled onto `to`, `key`,
// `onTargets` boxes on targets, the puller's region `region`) or improves
// the path to it, unless it is solved or a dead end.
HboxStrategy::Stored HboxStrategy::storeChild(int i, Square to, uint64_t key, int onTargets,
                                              const PullerRegion& region, const Path& path,
                                              uint32_t& index) {
  if (onTargets == n_ && region.reachesStart) {
    evaluation_->moveBox(i, to);
    const Priorities p =
        evaluation_->priorities(child_.data(), onTargets, region.corrals, halfway_);
    if (!addNode(sorted_.data(), region.normal, key, p, path, index)) return Stored::OutOfMemory;
    solvedIndex_ = index;
    return Stored::Solved;
  }
  // hbox 1.3.5 skips positions whose puller corral is tiny. Here "tiny"
  // means too small to pull anything from (e.g. one square hemmed in by
  // boxes): such a position has no child, so it is a dead end.
  if (!region.anyPull) return Stored::Stop;
  // Look the position up first: the Hungarian repair and the priorities
  // are only needed for new positions (and queued again ones).
  store_.pack(packed_.data(), sorted_.data(), region.normal);
  index = store_.find(packed_.data(), key);
  if (index != kNone) {
    if (improve(index, path)) {
      evaluation_->moveBox(i, to);
      const Priorities p =
          evaluation_->priorities(child_.data(), onTargets, region.corrals, halfway_);
      queues_.push(index, p, HboxQueues::pri0Of(store_.entry(index)));
    }
    return Stored::Yes;
  }
  if (!evaluation_->moveBox(i, to)) return Stored::Stop;
  const Priorities p = evaluation_->priorities(child_.data(), onTargets, region.corrals, halfway_);
  if (!addNew(key, p, path, index)) return Stored::OutOfMemory;
  // The forward search stored it too: the solution goes through it.
  if (meetAt(index, sorted_.data(), region.normal, key, false, board_.level()))
    return Stored::Solved;
  return Stored::Yes;
}

// The child's boxes in order: cur_ (sorted) with box i moved to `to`, slid
// into place rather than sorted.
void HboxStrategy::sortChild(int i, Square to) {
  std::copy(cur_.begin(), cur_.end(), sorted_.begin());
  int k = i;
  for (; k + 1 < n_ && sorted_[k + 1] < to; ++k) sorted_[k] = sorted_[k + 1];
  for (; k > 0 && sorted_[k - 1] > to; --k) sorted_[k] = sorted_[k - 1];
  sorted_[k] = to;
}

}  // namespace

int hboxStartEstimate(const Level& level) {
  Board board(level);
  if (!board.tooLarge().empty() || level.goalCount() != board.boxCount()) return -1;
  PullDistances pd(board, board.startBoxes());
  const int n = board.boxCount();
  std::vector<const int32_t*> rows;
  for (Square g : board.goals()) rows.push_back(pd.row(g));
  Hungarian h(n);
  int32_t total = h.solve(rows.data());
  return total >= Hungarian::kInfinite ? -1 : total;
}

int finalPlayerCell(const Level& level, const std::string& lurd) {
  Game game(level);
  return game.playAll(lurd) == lurd.size() ? game.player() : -1;
}

std::unique_ptr<Strategy> makeHboxStrategy(const Level& level, const SolverOptions& options,
                                           int method, std::shared_ptr<LevelAnalysis> shared) {
  HboxMethod m;
  if (!hboxMethod(method, m)) hboxMethod(1, m);
  const bool own = !shared;
  if (own) shared = std::make_shared<LevelAnalysis>(level);
  return std::make_unique<HboxStrategy>(level, options, m, std::move(shared), own);
}

}  // namespace soko
