#include "astar.h"

#include <algorithm>
#include <optional>
#include <queue>

#include "analysis/board.h"
#include "analysis/level_analysis.h"
#include "analysis/push_distances.h"
#include "analysis/zobrist.h"
#include "bounds/matching_bound.h"
#include "deadlock/dead_patterns.h"
#include "deadlock/freeze.h"
#include "deadlock/pi_corral.h"
#include "preparation.h"
#include "search/best_first.h"
#include "search/bucket_queue.h"
#include "search/moves.h"
#include "search/node_store.h"
#include "search/relinked_parents.h"
#include "search/solved_by.h"

namespace soko {
namespace {

constexpr uint32_t kNone = NodeStore::kNone;
constexpr int kPrimaryLevels =
    1024;  // f (or the bound) beyond this is clamped: order is lost there
constexpr int kSecondaryLevels = 32;

// The search, over the level analysis and dead patterns made beforehand.
class BestFirstSearch : public Strategy {
 public:
  BestFirstSearch(const LevelAnalysis& analysis, const DeadPatterns& patterns, uint64_t budget,
                  BestFirstKind kind)
      : analysis_(analysis),
        board_(analysis.board()),
        kind_(kind),
        budget_(budget),
        zobrist_(board_.squareCount()),
        store_(board_.boxCount(), board_.squareCount(), budget - budget / 3),
        moves_(board_, MoveMode::Push, analysis.pushDead()),
        freeze_(board_, analysis.pushDead(), board_.goalMask()),
        piCorral_(board_, analysis.pushDead()),
        distances_(analysis.goalDistances()),
        bound_(board_.boxCount(), distances_),
        patterns_(patterns),
        child_(board_.boxCount()),
        parent_(board_.boxCount()) {
    if (kind_ != BestFirstKind::Moves)
      buckets_ = std::make_unique<BucketQueue>(kPrimaryLevels, kSecondaryLevels);
  }

  SolveStatus run(const Deadline& deadline) override {
    if (!started_) {
      started_ = true;
      if (auto s = start()) return *s;
    }
    return runBestFirst(*this, deadline);
  }

  std::string solution() const override { return solution_; }

  SearchStats stats() const override {
    SearchStats s;
    s.nodes = expanded_;
    s.stored = store_.size();
    s.memoryBytes = memoryBytes();
    s.depth = depth_;
    s.bestBound = bestBound_;
    return s;
  }

  std::string message() const override {
    if (!message_.empty()) return message_;
    return std::to_string(patterns_.pairCount()) + " dead pairs, " +
           std::to_string(patterns_.tripleCount()) + " dead triples found beforehand; " +
           std::to_string(piCorral_.stats().found) + " PI-corrals (" +
           std::to_string(piCorral_.stats().dead) + " dead)";
  }

 private:
  uint64_t memoryBytes() const {
    uint64_t b = store_.memoryBytes() + analysis_.memoryBytes() + patterns_.memoryBytes() +
                 piCorral_.memoryBytes() + g_.capacity() * sizeof(uint32_t) +
                 h_.capacity() * sizeof(uint16_t) + pushes_.capacity() * sizeof(uint16_t) +
                 closed_.memoryBytes() +
                 relinked_.size() * (sizeof(RelinkedParents::Link) + sizeof(uint32_t) + 16);
    if (buckets_) b += buckets_->memoryBytes();
    b += heap_.size() * sizeof(HeapItem);
    return b;
  }

  // The key the store uses for the player: normalised, or exact for moves.
  Square playerKey(Square player, Square normal) const {
    return kind_ == BestFirstKind::Moves ? player : normal;
  }

  std::optional<SolveStatus> start() {
    const Square* boxes = board_.startBoxes().data();
    Square player = board_.startPlayer();
    Square normal = moves_.normalise(boxes, player);
    int32_t h = bound_.parent(boxes, player);
    if (h >= PushDistances::kUnreachable) {
      message_ = "some box can reach no goal";
      return SolveStatus::Unsolvable;
    }
    Square p = playerKey(player, normal);
    NodeStore::Insert r = store_.insert(boxes, p, key(boxes, p), kNone, 0);
    if (r.full) return SolveStatus::OutOfMemory;
    g_.push_back(0);
    h_.push_back(static_cast<uint16_t>(std::min(h, 0xFFFF)));
    if (kind_ == BestFirstKind::Moves) pushes_.push_back(0);
    bestBound_ = h;
    if (h == 0) return finish(0);
    enqueue(0);
    return std::nullopt;
  }

  uint64_t key(const Square* boxes, Square p) const {
    return zobrist_.boxes(boxes, board_.boxCount()) ^ zobrist_.player(p);
  }

  // Queue order: A* by f, then by the bound (deeper first); greedy by the bound.
  void enqueue(uint32_t id) {
    if (kind_ == BestFirstKind::Moves) {
      uint64_t fm = static_cast<uint64_t>(g_[id]) + h_[id],
               fp = static_cast<uint64_t>(pushes_[id]) + h_[id];
      heap_.push({(fm << 24) | std::min<uint64_t>(fp, 0xFFFFFF), id});
    } else if (kind_ == BestFirstKind::Pushes) {
      buckets_->push(static_cast<int>(g_[id] + h_[id]), h_[id], id);
    } else {
      buckets_->push(h_[id], 0, id);
    }
  }

  // What runBestFirst() asks (search/best_first.h).
  friend SolveStatus soko::runBestFirst<BestFirstSearch>(BestFirstSearch& search,
                                                         const Deadline& deadline);
  uint64_t expanded() const { return expanded_; }
  bool overBudget() const { return memoryBytes() > budget_; }
  bool isGoal(uint32_t id) const { return kind_ != BestFirstKind::Greedy && h_[id] == 0; }
  SolveStatus exhausted() {
    message_ = "every position reachable by pushes was searched";
    return SolveStatus::Unsolvable;
  }

  // The next node to expand; entries left behind by a better path are skipped.
  bool pop(uint32_t& id) {
    if (kind_ != BestFirstKind::Moves)
      return popOpen(*buckets_, closed_, store_.size(), id, [this](uint32_t i, int primary) {
        return kind_ == BestFirstKind::Pushes && primary < kPrimaryLevels - 1 &&
               primary != static_cast<int>(g_[i] + h_[i]);
      });
    for (;;) {
      if (heap_.empty()) return false;
      HeapItem top = heap_.top();
      heap_.pop();
      id = top.id;
      if ((top.key >> 24) != static_cast<uint64_t>(g_[id]) + h_[id]) continue;
      if (closed_.close(id, store_.size())) return true;
    }
  }

  std::optional<SolveStatus> expand(uint32_t id) {
    ++expanded_;
    depth_ = static_cast<int>(kind_ == BestFirstKind::Moves ? pushes_[id] : g_[id]);
    if (kind_ != BestFirstKind::Greedy) bestBound_ = std::max<int>(bestBound_, g_[id] + h_[id]);
    const bool moves = kind_ == BestFirstKind::Moves;
    store_.boxes(id, parent_.data());
    moves_.load(parent_.data(), store_.player(id), moves);
    bound_.parent(moves_.boxes(), store_.player(id));
    // With a PI-corral only its fence boxes' pushes need trying, and a
    // PI-corral whose fence has none is a deadlock (deadlock/pi_corral.h).
    // That keeps the fewest pushes, not the fewest moves: astar-moves tries
    // every push.
    const std::vector<uint8_t>* fence = nullptr;
    if (!moves && piCorral_.find(moves_.occupied(), store_.player(id))) {
      if (piCorral_.pushes() == 0) return std::nullopt;  // a PI-corral no push opens: dead
      fence = &piCorral_.fence();
    }
    for (const BoxMove& m : moves_.moves()) {
      if (fence && !(*fence)[moves_.boxes()[m.box]]) continue;
      Square to;
      Square player = moves_.child(m, child_.data(), to);
      Square normal = moves_.normalise(child_.data(), player);
      if (freeze_.pushDeadlock(moves_.occupied(), to)) continue;
      if (patterns_.matches(moves_.occupied(), to)) continue;
      int32_t h = bound_.child(m.box, to, player);
      if (h >= PushDistances::kUnreachable) continue;
      uint32_t g = moves ? g_[id] + m.walk + 1 : g_[id] + 1;
      uint16_t pushes = moves ? static_cast<uint16_t>(pushes_[id] + 1) : 0;
      Square p = playerKey(player, normal);
      NodeStore::Insert r =
          store_.insert(child_.data(), p, key(child_.data(), p), id, moves_.code(m));
      if (r.full) return SolveStatus::OutOfMemory;
      if (r.inserted) {
        g_.push_back(g);
        h_.push_back(static_cast<uint16_t>(std::min(h, 0xFFFF)));
        if (moves) pushes_.push_back(pushes);
        if (kind_ == BestFirstKind::Greedy) {
          bestBound_ = bestBound_ < 0 ? h : std::min(bestBound_, h);
          if (h == 0) return finish(r.index);
        }
        enqueue(r.index);
      } else if (kind_ != BestFirstKind::Greedy && better(r.index, g, pushes)) {
        // A shorter way to a position not yet expanded (the bound is consistent,
        // so expanded ones are final): take it and queue the position again.
        g_[r.index] = g;
        if (moves) pushes_[r.index] = pushes;
        relinked_.relink(r.index, id, moves_.code(m));
        enqueue(r.index);
      }
    }
    return std::nullopt;
  }

  bool better(uint32_t i, uint32_t g, uint16_t pushes) const {
    if (closed_.has(i)) return false;
    if (kind_ == BestFirstKind::Moves) return g < g_[i] || (g == g_[i] && pushes < pushes_[i]);
    return g < g_[i];
  }

  SolveStatus finish(uint32_t id) {
    return solvedBy(board_.level(), relinked_.pushesTo(board_, store_, id), solution_, message_);
  }

  struct HeapItem {
    uint64_t key;
    uint32_t id;
    bool operator<(const HeapItem& o) const { return key > o.key || (key == o.key && id > o.id); }
  };

  const LevelAnalysis& analysis_;
  const Board& board_;
  BestFirstKind kind_;
  uint64_t budget_;
  Zobrist zobrist_;
  NodeStore store_;
  MoveGenerator moves_;
  FreezeCheck freeze_;
  PiCorral piCorral_;
  const PushDistances& distances_;
  MatchingBound bound_;
  const DeadPatterns& patterns_;
  std::vector<Square> child_, parent_;  // scratch: a child's boxes, the expanded position's
  std::vector<uint32_t> g_;             // [node] pushes, or moves for astar-moves
  std::vector<uint16_t> h_;             // [node] the push bound
  std::vector<uint16_t> pushes_;        // [node] astar-moves only
  ClosedSet closed_;
  RelinkedParents relinked_;
  std::unique_ptr<BucketQueue> buckets_;
  std::priority_queue<HeapItem> heap_;
  bool started_ = false;
  uint64_t expanded_ = 0;
  int depth_ = 0, bestBound_ = -1;
  std::string solution_, message_;
};

// Builds the push distances and dead patterns in its first slices, then searches.
class BestFirstStrategy : public PreparedStrategy {
 public:
  BestFirstStrategy(const Level& level, uint64_t budget, BestFirstKind kind)
      : PreparedStrategy(budget), analysis_(level), budget_(budget), kind_(kind) {
    LevelAnalysis& a = analysis_;
    prep_.add([&a] { return a.buildBoard(); });
    prep_.add([this] { return declineIfTooLarge(); });
    prep_.add([&a] { return a.buildPushDead(); });
    prep_.add([&a] { return a.buildGoalDistances(); });
    prep_.add([this] {
      if (!patterns_)
        patterns_ = std::make_unique<DeadPatterns>(analysis_.board(), analysis_.pushDead(), false,
                                                   analysis_.goalDistances());
      return patterns_->buildPiece();
    });
  }

 protected:
  std::unique_ptr<Strategy> makeSearch(uint64_t budget) override {
    return std::make_unique<BestFirstSearch>(analysis_, *patterns_, budget, kind_);
  }
  uint64_t preparedBytes() const override {
    return analysis_.memoryBytes() + (patterns_ ? patterns_->memoryBytes() : 0);
  }

 private:
  bool declineIfTooLarge() {
    const Board& b = analysis_.board();
    if (!b.tooLarge().empty()) {
      prep_.end(SolveStatus::Declined, b.tooLarge());
      return true;
    }
    const uint64_t bytes = analysis_.goalDistanceBytes();
    if (bytes > budget_)
      prep_.end(SolveStatus::Declined,
                tooLargeForBudget("the push-distance table for " + countText(b.goals().size()) +
                                      " goals on " + countText(b.squareCount()) + " squares",
                                  bytes, budget_));
    return true;
  }

  LevelAnalysis analysis_;
  uint64_t budget_;
  BestFirstKind kind_;
  std::unique_ptr<DeadPatterns> patterns_;
};

}  // namespace

std::unique_ptr<Strategy> makeBestFirstStrategy(const Level& level, uint64_t memoryBudgetBytes,
                                                BestFirstKind kind) {
  return std::make_unique<BestFirstStrategy>(level, memoryBudgetBytes, kind);
}

}  // namespace soko
