#include "sink_solver.h"

#include <algorithm>
#include <optional>

#include "analysis/board.h"
#include "analysis/level_analysis.h"
#include "search/best_first.h"
#include "search/bucket_queue.h"
#include "deadlock/dead_patterns.h"
#include "deadlock/freeze.h"
#include "preparation.h"
#include "search/moves.h"
#include "search/node_store.h"
#include "analysis/push_distances.h"
#include "analysis/zobrist.h"
#include "search/relinked_parents.h"
#include "corridor.h"
#include "sink_game.h"

namespace soko {
namespace {

constexpr uint32_t kNone = NodeStore::kNone;
constexpr Square kGone = kNoSquare;  // a sunk stone: sorts after every square

// The search, over the analysis and stone patterns made beforehand.
class SinkSearch : public Strategy {
 public:
  // `patterns`: nullptr when the options ask for none.
  SinkSearch(const SinkLevel& level, const SinkSolverOptions& options, const LevelAnalysis& analysis,
             const DeadPatterns* patterns)
      : level_(level),
        options_(options),
        analysis_(analysis),
        board_(analysis.board()),
        n_(board_.boxCount()),
        zobrist_(board_.squareCount()),
        store_(n_, board_.squareCount(), options.memoryBudgetBytes - options.memoryBudgetBytes / 3),
        dead_(analysis.pushDead()),
        moves_(board_, MoveMode::Push, dead_),
        freeze_(board_, dead_, std::vector<uint8_t>(board_.squareCount(), 0)),
        distances_(analysis.goalDistances()),
        patterns_(patterns),
        corridor_(board_),
        pusherReach_(board_),
        pusherOccupied_(board_.squareCount(), 0),
        queue_(1024, 32),
        child_(n_) {}

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
    if (!message_.empty() || !patterns_) return message_;
    return std::to_string(patterns_->pairCount()) + " dead pairs, " + std::to_string(patterns_->tripleCount()) +
           " dead triples found beforehand";
  }

 private:
  uint64_t memoryBytes() const {
    return store_.memoryBytes() + analysis_.memoryBytes() + queue_.memoryBytes() +
           g_.capacity() * sizeof(uint32_t) + h_.capacity() * sizeof(uint32_t) + closed_.memoryBytes() +
           relinked_.size() * (sizeof(RelinkedParents::Link) + 24) + (patterns_ ? patterns_->memoryBytes() : 0);
  }

  std::optional<SolveStatus> start() {
    if (n_ != static_cast<int>(level_.stones.size())) {
      message_ = "a stone stands where the player can never reach";
      return SolveStatus::Unsolvable;
    }
    if (n_ > 0 && board_.goals().empty()) {
      message_ = "the player can never reach the sink";
      return SolveStatus::Unsolvable;
    }
    std::vector<Square> boxes = board_.startBoxes();
    int32_t h = bound(boxes.data(), n_, board_.startPlayer());
    if (h >= PushDistances::kUnreachable) {
      message_ = "some stone can never reach the sink";
      return SolveStatus::Unsolvable;
    }
    if (auto s = add(boxes.data(), n_, board_.startPlayer(), kNone, 0, 0, h)) return s;
    bestBound_ = h;
    return std::nullopt;
  }

  int32_t bound(const Square* boxes, int count, Square player) const {
    int32_t h = 0;
    for (int i = 0; i < count; ++i) h += distances_.rowFor(boxes[i], player)[0];
    return std::min(h, PushDistances::kUnreachable);
  }

  uint64_t key(const Square* boxes, int count, Square normal) const {
    return zobrist_.boxes(boxes, count) ^ zobrist_.player(normal);
  }

  // Stores a position (stones sorted, `count` of them), or improves its path.
  // Positions the stone pusher passes through are stored but not queued.
  std::optional<SolveStatus> add(const Square* boxes, int count, Square player, uint32_t parent, uint32_t move,
                                 uint32_t g, int32_t h, bool queue = true) {
    std::copy(boxes, boxes + count, padded_.begin());
    std::fill(padded_.begin() + count, padded_.end(), kGone);
    Square normal = moves_.normalise(boxes, player, count);
    NodeStore::Insert r = store_.insert(padded_.data(), normal, key(boxes, count, normal), parent, move);
    if (r.full) return SolveStatus::OutOfMemory;
    if (r.inserted) {
      g_.push_back(g);
      h_.push_back(static_cast<uint32_t>(h));
      if (queue) queue_.push(static_cast<int>(g + h), h, r.index);
    } else if (!closed_.has(r.index) && g < g_[r.index]) {
      g_[r.index] = g;
      relinked_.relink(r.index, parent, move);
      if (queue) queue_.push(static_cast<int>(g + h), h, r.index);
    }
    lastAdded_ = r.index;
    return std::nullopt;
  }

  // What runBestFirst() asks (search/best_first.h).
  friend SolveStatus soko::runBestFirst<SinkSearch>(SinkSearch& search, const Deadline& deadline);
  uint64_t expanded() const { return expanded_; }
  bool overBudget() const { return memoryBytes() > options_.memoryBudgetBytes; }
  bool isGoal(uint32_t id) const { return h_[id] == 0; }
  SolveStatus exhausted() {
    message_ = "every position reachable by pushes was searched";
    return SolveStatus::Unsolvable;
  }

  // The next node to expand; entries left behind by a better path (f past
  // the queue's last level is not known exactly) are skipped.
  bool pop(uint32_t& id) {
    return popOpen(queue_, closed_, store_.size(), id, [this](uint32_t i, int f) {
      return f < 1023 && f != static_cast<int>(g_[i] + h_[i]);
    });
  }

  // Loads node `id`'s stones into stones_ (sunk ones last, as kGone); returns how many are left.
  int load(uint32_t id) {
    store_.boxes(id, stones_.data());
    return static_cast<int>(std::find(stones_.begin(), stones_.end(), kGone) - stones_.begin());
  }

  std::optional<SolveStatus> expand(uint32_t id) {
    ++expanded_;
    depth_ = static_cast<int>(g_[id]);
    bestBound_ = std::max<int>(bestBound_, g_[id] + h_[id]);
    if (options_.stonePusher) {
      // Sink every stone that goes straight home; the last position reached
      // is expanded in place of this one.
      for (;;) {
        uint32_t next;
        std::optional<SolveStatus> s;
        if (!pushHome(id, next, s)) break;
        if (s) return s;
        id = next;
        closed_.close(id, store_.size());
        if (h_[id] == 0) return finish(id);
      }
    }
    const int count = load(id);
    const Square player = store_.player(id);
    moves_.load(stones_.data(), player, false, count);
    const Square sink = board_.goals().front();
    for (const BoxMove& m : moves_.moves()) {
      Square to;
      Square after = moves_.child(m, child_.data(), to);
      int childCount = count;
      if (to == sink) {
        std::remove(child_.begin(), child_.begin() + count, to);
        --childCount;
      }
      moves_.normalise(child_.data(), after, childCount);
      if (to != sink) {
        if (freeze_.pushDeadlock(moves_.occupied(), to)) continue;
        if (patterns_ && patterns_->matches(moves_.occupied(), to)) continue;
        if (corridor_.deadlock(moves_.occupied(), moves_.reach(), to)) continue;
      }
      int32_t h = bound(child_.data(), childCount, after);
      if (h >= PushDistances::kUnreachable) continue;
      if (auto s = add(child_.data(), childCount, after, id, moves_.code(m), g_[id] + 1, h)) return s;
    }
    return std::nullopt;
  }

  // Finds a stone of node `id` that can be pushed into the sink with every
  // push lowering its distance by one, and stores the positions on the way;
  // `next` is the last. False when no stone can go.
  bool pushHome(uint32_t id, uint32_t& next, std::optional<SolveStatus>& status) {
    const int count = load(id);
    const std::vector<Square>& start = stones_;  // nothing below loads another node
    const Square sink = board_.goals().front();
    for (int k = 0; k < count; ++k) {
      std::vector<std::pair<Square, Direction>> path;
      Square stone = start[k], player = store_.player(id);
      for (int i = 0; i < count; ++i) pusherOccupied_[start[i]] = 1;
      bool home = false;
      for (;;) {
        pusherReach_.fill(pusherOccupied_, player);
        int32_t d = distances_.rowFor(stone, player)[0];
        bool moved = false;
        for (Direction e : kDirections) {
          Square to = board_.neighbor(stone, e), behind = board_.neighbor(stone, opposite(e));
          if (to == kNoSquare || behind == kNoSquare || pusherOccupied_[to] || dead_[to]) continue;
          if (!pusherReach_.reachable(behind)) continue;
          if (to != sink && distances_.rowFor(to, stone)[0] != d - 1) continue;
          if (to == sink && d != 1) continue;
          path.push_back({stone, e});
          pusherOccupied_[stone] = 0;
          if (to != sink) pusherOccupied_[to] = 1;
          player = stone;
          stone = to;
          moved = true;
          break;
        }
        if (!moved || stone == sink) {
          home = stone == sink;
          break;
        }
      }
      for (int i = 0; i < count; ++i) pusherOccupied_[start[i]] = 0;
      if (stone != sink) pusherOccupied_[stone] = 0;
      if (!home) continue;
      // Replay the pushes as stored positions.
      std::vector<Square> boxes(start.begin(), start.begin() + count);
      uint32_t parent = id;
      uint32_t g = g_[id];
      for (auto [from, e] : path) {
        Square to = board_.neighbor(from, e);
        auto it = std::find(boxes.begin(), boxes.end(), from);
        if (to == sink) boxes.erase(it);
        else *it = to, std::sort(boxes.begin(), boxes.end());
        int32_t h = bound(boxes.data(), static_cast<int>(boxes.size()), from);
        status = add(boxes.data(), static_cast<int>(boxes.size()), from, parent, encodeMove(from, e), ++g, h, false);
        if (status) return true;
        parent = lastAdded_;
        closed_.close(parent, store_.size());
      }
      next = parent;
      return true;
    }
    return false;
  }

  SolveStatus finish(uint32_t id) {
    SinkGame game(level_);
    for (auto [cell, d] : relinked_.pushesTo(board_, store_, id)) {
      std::optional<std::string> walk = game.walkPath(level_.step(cell, opposite(d)));
      if (!walk || game.playAll(*walk) != walk->size() || game.play(lurdChar(d, true)) != StepOutcome::Pushed) {
        message_ = "internal error: the pushes found cannot be played";
        return SolveStatus::Failed;
      }
    }
    solution_ = game.history();
    return SolveStatus::Solved;
  }

  SinkLevel level_;
  SinkSolverOptions options_;
  const LevelAnalysis& analysis_;
  const Board& board_;
  int n_;
  Zobrist zobrist_;
  NodeStore store_;
  const std::vector<uint8_t>& dead_;
  MoveGenerator moves_;
  FreezeCheck freeze_;
  const PushDistances& distances_;
  const DeadPatterns* patterns_;  // nullptr: none
  CorridorCheck corridor_;
  Reach pusherReach_;
  std::vector<uint8_t> pusherOccupied_;
  BucketQueue queue_;
  std::vector<Square> child_;
  std::vector<Square> padded_ = std::vector<Square>(n_);
  std::vector<Square> stones_ = std::vector<Square>(n_);  // scratch: a stored node's stones
  std::vector<uint32_t> g_, h_;
  ClosedSet closed_;
  RelinkedParents relinked_;
  uint32_t lastAdded_ = kNone;
  bool started_ = false;
  uint64_t expanded_ = 0;
  int depth_ = 0, bestBound_ = -1;
  std::string solution_, message_;
};

// Builds the board, the sink's push distances and the stone patterns in its
// first slices, then searches.
class SinkStrategy : public PreparedStrategy {
 public:
  SinkStrategy(const SinkLevel& level, const SinkSolverOptions& options)
      : PreparedStrategy(options.memoryBudgetBytes), level_(level), options_(options) {
    prep_.add([this] {
      analysis_ = std::make_unique<LevelAnalysis>(sinkBoard(level_));
      analysis_->buildBoard();
      if (!analysis_->board().tooLarge().empty()) prep_.end(SolveStatus::Declined, analysis_->board().tooLarge());
      return true;
    });
    prep_.add([this] { return analysis_->buildPushDead(); });
    prep_.add([this] { return analysis_->buildGoalDistances(); });
    prep_.add([this] {
      if (!options_.patterns) return true;
      if (!patterns_)
        patterns_ = std::make_unique<DeadPatterns>(analysis_->board(), analysis_->pushDead(), true,
                                                   analysis_->goalDistances());
      return patterns_->buildPiece();
    });
  }

 protected:
  std::unique_ptr<Strategy> makeSearch(uint64_t budget) override {
    SinkSolverOptions options = options_;
    options.memoryBudgetBytes = budget;
    return std::make_unique<SinkSearch>(level_, options, *analysis_, patterns_.get());
  }
  uint64_t preparedBytes() const override {
    return (analysis_ ? analysis_->memoryBytes() : 0) + (patterns_ ? patterns_->memoryBytes() : 0);
  }

 private:
  SinkLevel level_;
  SinkSolverOptions options_;
  std::unique_ptr<LevelAnalysis> analysis_;
  std::unique_ptr<DeadPatterns> patterns_;
};

}  // namespace

SinkSolver::SinkSolver(const SinkLevel& level, const SinkSolverOptions& options)
    : SearchRunner(options.timeLimitSeconds, options.maxNodes, [level](const std::string& lurd) { return verifySink(level, lurd); }) {
  start([&] { return std::make_unique<SinkStrategy>(level, options); });
}

}  // namespace soko
