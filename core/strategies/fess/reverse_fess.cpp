#include "reverse_fess.h"

#include <algorithm>

#include "analysis/board.h"
#include "analysis/level_analysis.h"
#include "analysis/reach.h"
#include "analysis/regions.h"
#include "analysis/zobrist.h"
#include "feature_cells.h"
#include "fess.h"
#include "macro_moves.h"
#include "macro_pulls.h"
#include "preparation.h"
#include "quantities.h"
#include "search/block_array.h"
#include "search/meeting.h"
#include "search/node_store.h"
#include "search/solution.h"
#include "search/sorted_squares.h"

namespace soko {
namespace {

// Boxes matched to start squares each can still be pulled to (Kuhn's
// augmenting paths over the lone-box pull distances): without a perfect
// matching the position cannot be pulled back to the start.
class StartMatching {
 public:
  explicit StartMatching(const PullDistances& pulls)
      : pulls_(pulls), n_(pulls.targetCount()), boxOf_(n_), seen_(n_, 0) {}

  bool reaches(Square s, int start) const {
    return pulls_.distance(s, start) < PullDistances::kUnreachable;
  }
  // A perfect matching of `boxes`? When found, startOf[box] holds it.
  bool match(const std::vector<Square>& boxes, std::vector<int>& startOf) {
    std::fill(boxOf_.begin(), boxOf_.end(), -1);
    startOf.assign(boxes.size(), -1);
    for (int b = 0; b < static_cast<int>(boxes.size()); ++b) {
      if (++stamp_ == 0) std::fill(seen_.begin(), seen_.end(), 0), stamp_ = 1;
      if (!augment(b, boxes, startOf)) return false;
    }
    return true;
  }
  uint64_t memoryBytes() const { return static_cast<uint64_t>(n_) * 8; }

 private:
  bool augment(int b, const std::vector<Square>& boxes, std::vector<int>& startOf) {
    const int32_t* row = pulls_.row(boxes[b]);
    for (int t = 0; t < n_; ++t) {
      if (row[t] >= PullDistances::kUnreachable || seen_[t] == stamp_) continue;
      seen_[t] = stamp_;
      if (boxOf_[t] < 0 || augment(boxOf_[t], boxes, startOf)) {
        boxOf_[t] = b;
        startOf[b] = t;
        return true;
      }
    }
    return false;
  }

  const PullDistances& pulls_;
  int n_;
  std::vector<int> boxOf_;      // [start] box, -1 for none
  std::vector<uint32_t> seen_;  // [start] == stamp_ when tried in this augment
  uint32_t stamp_ = 0;
};

// Levels with more boxes than this skip the matching (each takes up to
// boxes^3 steps): pruning only by the blocked squares.
constexpr int kMatchingMaxBoxes = 64;

// Boxes times squares squared: what one expansion's macro pulls may cost
// at most (about a second here).
constexpr uint64_t kMaxExpansionWork = 1'000'000'000;

class ReverseFessSearch : public Strategy, public MeetingSide {
 public:
  ReverseFessSearch(const LevelAnalysis& analysis, uint64_t budget)
      : board_(analysis.board()),
        pulls_(analysis.startPullDistances()),
        dead_(analysis.pushDead()),
        budget_(budget),
        zobrist_(board_.squareCount()),
        store_(board_.boxCount(), board_.squareCount(), budget / 2),
        blocked_(board_.squareCount(), 0),
        isStart_(board_.squareCount(), 0),
        occupied_(board_.squareCount(), 0),
        macroPulls_(board_, blocked_),
        regions_(board_),
        matching_(pulls_),
        matchable_(board_.boxCount() <= kMatchingMaxBoxes),
        cells_(kSpaceOnGoals | kSpaceEstimate16 | kSpaceEstimate32, estimate(board_.goals())) {
    for (Square s = 0; s < board_.squareCount(); ++s) blocked_[s] = pulls_.dead(s);
    for (Square b : board_.startBoxes()) isStart_[b] = 1, occupied_[b] = 1;
    startNormal_ = Reach(board_).fill(occupied_, board_.startPlayer());
    for (Square b : board_.startBoxes()) occupied_[b] = 0;
  }

  bool setMemoryBudget(uint64_t bytes) override {
    budget_ = bytes;
    store_.setBudget(bytes / 2);
    return true;
  }
  // Out of memory between expansions only.
  bool resumesWithMoreMemory() const override { return started_; }

  SolveStatus run(const Deadline& deadline) override {
    if (!started_) {
      if (!start()) return SolveStatus::OutOfMemory;
      started_ = true;
    }
    while (solvedIndex_ == NodeStore::kNone) {
      if (deadline.reached(nodes_)) return SolveStatus::Running;
      const uint64_t reserve = expansionReserve(), used = memoryBytes();
      if (used + reserve > budget_) return SolveStatus::OutOfMemory;
      store_.setBudget(budget_ - reserve - (used - store_.memoryBytes()));
      uint32_t node;
      if (!cells_.next(node, [this](uint32_t candidate, uint32_t weight) {
            return info_[candidate].expanded || weight != info_[candidate].weight;
          })) {
        message_ = "every position reachable by macro pulls was searched";
        return SolveStatus::Unsolvable;
      }
      if (!expand(node)) return SolveStatus::OutOfMemory;
      ++nodes_;
    }
    return SolveStatus::Solved;
  }

  std::string solution() const override {
    if (met()) return met_;
    if (solvedIndex_ == NodeStore::kNone) return "";
    return pushesToLurd(board_.level(), pathPushes(solvedIndex_)).value_or("");
  }

  MeetingSide* meetingSide() override { return this; }
  uint32_t findPosition(const Square* sortedBoxes, Square normal, uint64_t key) const override {
    const uint32_t i = store_.find(sortedBoxes, normal, key);
    return i == NodeStore::kNone ? kNotFound : i;
  }
  void prefetchPosition(uint64_t key) const override { store_.prefetch(key); }
  void touchPosition(uint64_t key) const override { store_.touch(key); }
  std::vector<PushStep> pathPushes(uint32_t i) const override;

  SearchStats stats() const override {
    SearchStats s;
    s.nodes = nodes_;
    s.stored = store_.size();
    s.memoryBytes = memoryBytes();
    s.depth = depth_;
    s.bestBound = bestOnStarts_;
    return s;
  }

  std::string message() const override {
    return "cells " + std::to_string(cells_.count()) + ", pruned: matching " +
           std::to_string(prunedMatching_) + (met() ? "; met the forward search" : "") +
           (message_.empty() ? "" : "; " + message_);
  }

 private:
  struct NodeInfo {
    uint32_t weight;   // accumulated move weight
    uint16_t depth;    // macro pulls from the solved position
    uint8_t expanded;  // taken up already: later queue entries for it are stale
  };
  struct Child {
    MacroPull move;
    Features features;
    uint64_t key;
    uint32_t existing;  // the stored node when seen before, else NodeStore::kNone
  };

  uint64_t memoryBytes() const {
    return store_.memoryBytes() + info_.memoryBytes() + cells_.memoryBytes() +
           macroPulls_.memoryBytes() + matching_.memoryBytes() +
           moves_.capacity() * sizeof(MacroPull) + children_.capacity() * sizeof(Child) +
           static_cast<uint64_t>(board_.squareCount()) * 48;
  }
  // What one expansion may add outside the store: a block of node info,
  // the cells' growth, and a doubling of the move and child lists.
  uint64_t expansionReserve() const {
    const uint64_t lists = std::max<uint64_t>(moves_.capacity(), 4u * board_.squareCount());
    return info_.blockBytes() + cells_.growthReserve() +
           lists * (sizeof(MacroPull) + sizeof(Child)) * 2;
  }

  uint32_t nearestCost(Square s) const {
    return static_cast<uint32_t>(std::min(pulls_.nearest(s), 1 << 16));
  }
  uint32_t estimate(const std::vector<Square>& boxes) const {
    uint32_t h = 0;
    for (Square b : boxes) h += nearestCost(b);
    return h;
  }

  // Features of `boxes`, which `occupied_` marks; labels their player regions.
  Features features(const std::vector<Square>& boxes) {
    Features f;
    for (Square b : boxes) f.onGoals += isStart_[b];
    f.estimate = estimate(boxes);
    f.connectivity = regions_.label(occupied_);
    return f;
  }

  bool isStartPosition(const std::vector<Square>& sortedBoxes, Square normal) const {
    return normal == startNormal_ && sortedBoxes == board_.startBoxes();
  }

  // The solved position with the player in each of its regions.
  bool start() {
    current_ = board_.goals();
    std::sort(current_.begin(), current_.end());
    for (Square b : current_) occupied_[b] = 1;
    const Features f = features(current_);
    std::vector<Square> normals;
    for (Square s = 0; s < board_.squareCount(); ++s)
      if (!occupied_[s] && regions_.smallest(s) == s) normals.push_back(s);
    for (Square b : current_) occupied_[b] = 0;
    if (matchable_ && !matching_.match(current_, startOf_)) {
      message_ = "some box on a goal can be pulled to no start square of its own";
      return true;  // the queues stay empty: unsolvable
    }
    const uint64_t boxKey = zobrist_.boxes(current_.data(), board_.boxCount());
    for (Square normal : normals) {
      const uint64_t key = boxKey ^ zobrist_.player(normal);
      NodeStore::Insert r = store_.insert(current_.data(), normal, key, NodeStore::kNone, 0);
      if (r.full) return false;
      info_.push_back({0, 0, 0});
      if (isStartPosition(current_, normal)) solvedIndex_ = r.index;
      cells_.enqueue(r.index, f, 0);
    }
    return true;
  }

  // Expands `node`: false when the store is full.
  bool expand(uint32_t node) {
    const int n = board_.boxCount();
    current_.resize(n);
    store_.boxes(node, current_.data());
    const Square player = store_.player(node);
    info_[node].expanded = 1;
    const NodeInfo parent = info_[node];
    depth_ = parent.depth;
    for (Square b : current_) occupied_[b] = 1;
    const Features pf = features(current_);
    const bool parentMatched = matchable_ && matching_.match(current_, startOf_);
    moves_.clear();
    for (int i = 0; i < n; ++i)
      macroPulls_.generateFor(i, current_, occupied_, regions_, regions_.regionOf(player), moves_);
    const uint64_t boxKey = zobrist_.boxes(current_.data(), n);
    children_.clear();
    for (const MacroPull& m : moves_) {
      occupied_[m.from] = 0;
      occupied_[m.to] = 1;
      child_ = current_;
      child_[m.box] = m.to;
      resortOne(child_, m.box);
      prepare(m, pf, parent.weight, boxKey, parentMatched);
      occupied_[m.to] = 0;
      occupied_[m.from] = 1;
    }
    for (Square b : current_) occupied_[b] = 0;
    // The advisors: the unpacker puts a box on a start square (fewest
    // pulls), the connector joins most player regions.
    int unpacker = -1, connector = -1;
    for (int i = 0; i < static_cast<int>(children_.size()); ++i) {
      const Child& c = children_[i];
      if (!isStart_[c.move.from] && isStart_[c.move.to] &&
          (unpacker < 0 || c.move.pulls < children_[unpacker].move.pulls))
        unpacker = i;
      if (c.features.connectivity < pf.connectivity &&
          (connector < 0 || c.features.connectivity < children_[connector].features.connectivity ||
           (c.features.connectivity == children_[connector].features.connectivity &&
            c.features.estimate < children_[connector].features.estimate)))
        connector = i;
    }
    for (int i = 0; i < static_cast<int>(children_.size()); ++i) {
      const Child& c = children_[i];
      const uint32_t weight = parent.weight + (i == unpacker || i == connector ? 0 : 1);
      if (c.existing != NodeStore::kNone) {
        if (weight < info_[c.existing].weight) {
          info_[c.existing].weight = weight;
          cells_.enqueue(c.existing, c.features, weight);
        }
        continue;
      }
      child_ = current_;
      child_[c.move.box] = c.move.to;
      resortOne(child_, c.move.box);
      const uint32_t move = static_cast<uint32_t>(c.move.from) << 16 | c.move.to;
      NodeStore::Insert r = store_.insert(child_.data(), c.move.normal, c.key, node, move);
      if (r.full) return false;
      if (!r.inserted) continue;
      info_.push_back({weight, static_cast<uint16_t>(std::min(parent.depth + 1, 0xFFFF)), 0});
      bestOnStarts_ = std::max(bestOnStarts_, c.features.onGoals);
      if (isStartPosition(child_, c.move.normal) ||
          meetAt(r.index, child_.data(), c.move.normal, c.key, false, board_.level())) {
        solvedIndex_ = r.index;
        return true;
      }
      cells_.enqueue(r.index, c.features, weight);
    }
    return true;
  }

  // The child by `m` (`child_` and `occupied_` show it) as a candidate
  // for queueing, unless pruned, or stored already and not worth queueing
  // again (an advisor could make it cheaper only if it weighs more than
  // the parent).
  void prepare(const MacroPull& m, const Features& pf, uint32_t parentWeight, uint64_t boxKey,
               bool parentMatched) {
    const uint64_t key =
        boxKey ^ zobrist_.box(m.from) ^ zobrist_.box(m.to) ^ zobrist_.player(m.normal);
    uint32_t existing = store_.find(child_.data(), m.normal, key);
    if (existing != NodeStore::kNone) {
      if (info_[existing].expanded || info_[existing].weight <= parentWeight) return;
    } else if (matchable_ && !(parentMatched && matching_.reaches(m.to, startOf_[m.box])) &&
               !matching_.match(child_, childStartOf_)) {
      ++prunedMatching_;
      return;
    }
    // Features only for a child that may be queued (the normalised player
    // came with the move): most children were stored already.
    Features f;
    f.onGoals = pf.onGoals - isStart_[m.from] + isStart_[m.to];
    f.estimate = pf.estimate - nearestCost(m.from) + nearestCost(m.to);
    f.connectivity = regions_.child(occupied_, m.from, m.to, m.player).count;
    children_.push_back({m, f, key, existing});
  }

  const Board& board_;
  const PullDistances& pulls_;
  const std::vector<uint8_t>& dead_;  // for pushes: the reversed path's
  uint64_t budget_;
  Zobrist zobrist_;
  NodeStore store_;
  std::vector<uint8_t> blocked_;   // [square] no start square reachable by pulls from it
  std::vector<uint8_t> isStart_;   // [square] a box's start square
  std::vector<uint8_t> occupied_;  // [square] scratch
  MacroPulls macroPulls_;
  Regions regions_;  // the expanded position's player regions
  StartMatching matching_;
  bool matchable_;
  std::vector<int> startOf_, childStartOf_;  // [box] start number of the matching
  FeatureCells cells_;
  BlockArray<NodeInfo> info_;  // [node]
  std::vector<Square> current_, child_;
  std::vector<MacroPull> moves_;
  std::vector<Child> children_;
  Square startNormal_ = kNoSquare;
  bool started_ = false;
  uint32_t solvedIndex_ = NodeStore::kNone;
  uint64_t nodes_ = 0, prunedMatching_ = 0;
  int depth_ = 0, bestOnStarts_ = 0;
  std::string message_;
};

// The pushes from stored position i to the solved position: each macro
// pull taken back, a box pushed from where it was pulled to, to where it
// came from, the player ending in the parent's region.
std::vector<PushStep> ReverseFessSearch::pathPushes(uint32_t i) const {
  MacroMoves moves(board_, dead_);
  std::vector<uint8_t> occupied(board_.squareCount(), 0);
  std::vector<Square> boxes(board_.boxCount());
  std::vector<PushStep> pushes;
  for (uint32_t c = i; store_.parent(c) != NodeStore::kNone; c = store_.parent(c)) {
    const uint32_t p = store_.parent(c);
    store_.boxes(c, boxes.data());
    for (Square b : boxes) occupied[b] = 1;
    const uint32_t move = store_.move(c);
    const auto steps = moves.path(occupied, store_.player(c), static_cast<Square>(move & 0xFFFF),
                                  static_cast<Square>(move >> 16), store_.player(p));
    for (Square b : boxes) occupied[b] = 0;
    if (steps.empty()) return {};
    for (const auto& st : steps) pushes.push_back({board_.cellOf(st.box), st.dir});
  }
  return pushes;
}

// Builds the board and the start squares' pull distances in its first
// slices, then searches.
class ReverseFessStrategy : public PreparedStrategy {
 public:
  ReverseFessStrategy(std::shared_ptr<LevelAnalysis> analysis, uint64_t budget, bool countAnalysis)
      : PreparedStrategy(budget),
        analysis_(std::move(analysis)),
        budget_(budget),
        countAnalysis_(countAnalysis) {
    LevelAnalysis& a = *analysis_;
    prep_.add([&a] { return a.buildBoard(); });
    prep_.add([this] { return declineIfUnfit(); });
    prep_.add([&a] { return a.buildPushDead(); });
    prep_.add([&a] { return a.buildStartPullDistances(); });
  }

 protected:
  std::unique_ptr<Strategy> makeSearch(uint64_t budget) override {
    return std::make_unique<ReverseFessSearch>(*analysis_, budget);
  }
  uint64_t preparedBytes() const override { return countAnalysis_ ? analysis_->memoryBytes() : 0; }

 private:
  bool declineIfUnfit() {
    const Board& b = analysis_->board();
    if (!b.tooLarge().empty()) {
      prep_.end(SolveStatus::Declined, b.tooLarge());
    } else if (static_cast<int>(b.goals().size()) != b.boxCount()) {
      prep_.end(SolveStatus::Declined, "the backward search needs as many goals as boxes (" +
                                           countText(b.goals().size()) + " goals, " +
                                           countText(b.boxCount()) + " boxes)");
    } else if (const uint64_t work =
                   static_cast<uint64_t>(b.boxCount()) * b.squareCount() * b.squareCount();
               work > kMaxExpansionWork) {
      // Each box's pulls flood the player's part once per square reached:
      // on a large open board one expansion would outlast any slice.
      prep_.end(SolveStatus::Declined, "the backward search's moves would take up to " +
                                           countText(work) + " steps per position on this board (" +
                                           countText(b.boxCount()) + " boxes, " +
                                           countText(b.squareCount()) + " squares; at most " +
                                           countText(kMaxExpansionWork) + ")");
    } else if (const uint64_t bytes = PullDistances::bytesFor(b.squareCount(), b.boxCount());
               bytes > budget_ / 2) {
      prep_.end(
          SolveStatus::Declined,
          tooLargeForBudget("the pull-distance table for " + countText(b.boxCount()) +
                                " start squares on " + countText(b.squareCount()) + " squares",
                            bytes, budget_ / 2));
    }
    return true;
  }

  std::shared_ptr<LevelAnalysis> analysis_;
  uint64_t budget_;
  bool countAnalysis_;
};

}  // namespace

std::unique_ptr<Strategy> makeReverseFessStrategy(const Level& level, uint64_t memoryBudgetBytes) {
  return std::make_unique<ReverseFessStrategy>(std::make_shared<LevelAnalysis>(level),
                                               memoryBudgetBytes, true);
}

std::unique_ptr<Strategy> makeReverseFessStrategy(std::shared_ptr<LevelAnalysis> analysis,
                                                  uint64_t memoryBudgetBytes) {
  return std::make_unique<ReverseFessStrategy>(std::move(analysis), memoryBudgetBytes, false);
}

}  // namespace soko
