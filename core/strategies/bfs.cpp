#include "bfs.h"

#include <algorithm>
#include <functional>
#include <optional>

#include "analysis/board.h"
#include "analysis/level_analysis.h"
#include "analysis/dead_squares.h"
#include "deadlock/freeze.h"
#include "preparation.h"
#include "search/key_tree.h"
#include "search/moves.h"
#include "search/node_store.h"
#include "search/solution.h"
#include "search/store_paths.h"
#include "analysis/zobrist.h"
#include "search/solved_by.h"

namespace soko {
namespace {

// One direction of a breadth-first search. The node store keeps positions
// in the order they were found, so it is also the queue: [next_, layerEnd_)
// is the rest of the layer being expanded, [layerEnd_, size) the next one.
class Frontier {
 public:
  Frontier(const Board& board, const Zobrist& zobrist, MoveMode mode, uint64_t budget)
      : board_(board),
        zobrist_(zobrist),
        mode_(mode),
        store_(board.boxCount(), board.squareCount(), budget),
        moves_(board, mode, mode == MoveMode::Push ? pushDeadSquares(board) : pullDeadSquares(board)),
        freeze_(board, mode == MoveMode::Push ? pushDeadSquares(board) : std::vector<uint8_t>{}, targets(board, mode)),
        child_(board.boxCount()),
        parent_(board.boxCount()),
        meetBoxes_(board.boxCount()) {}

  // Where a search ends: every box on a goal, or a position in another store.
  struct Target {
    bool allOnGoals = false;
    const NodeStore* store = nullptr;
  };
  struct Meeting {
    uint32_t here = NodeStore::kNone, there = NodeStore::kNone;
  };
  enum class Result { Ok, Full, Met };

  // Adds a start position; false when the budget is out.
  bool addRoot(const Square* boxes, Square player) {
    Square normal = moves_.normalise(boxes, player);
    return !store_.insert(boxes, normal, key(boxes, normal), NodeStore::kNone, 0).full;
  }
  // Is a root already at the target (a level solved in zero moves)?
  std::optional<Meeting> rootsMeet(const Target& target) {
    for (uint32_t i = 0; i < store_.size(); ++i)
      if (auto m = meets(i, target)) return m;
    return std::nullopt;
  }

  bool layerDone() const { return next_ >= layerEnd_; }
  bool exhausted() const { return layerDone() && layerEnd_ == store_.size(); }
  uint32_t nextLayerSize() const { return store_.size() - layerEnd_; }
  void startLayer() {
    layerEnd_ = store_.size();
    ++depth_;
  }

  Result expandOne(const Target& target, Meeting& meeting) {
    uint32_t index = next_++;
    ++expanded_;
    store_.boxes(index, parent_.data());
    moves_.load(parent_.data(), store_.player(index));
    for (const BoxMove& m : moves_.moves()) {
      Square to;
      Square player = moves_.child(m, child_.data(), to);
      Square normal = moves_.normalise(child_.data(), player);
      bool frozen = mode_ == MoveMode::Push ? freeze_.pushDeadlock(moves_.occupied(), to)
                                            : freeze_.pullDeadlock(moves_.occupied(), to);
      if (frozen) continue;
      NodeStore::Insert r = store_.insert(child_.data(), normal, key(child_.data(), normal), index, moves_.code(m));
      if (r.full) return Result::Full;
      if (!r.inserted) continue;
      if (auto met = meets(r.index, target)) {
        meeting = *met;
        return Result::Met;
      }
    }
    return Result::Ok;
  }

  const NodeStore& store() const { return store_; }
  uint64_t expanded() const { return expanded_; }
  int depth() const { return std::max(depth_, 0); }
  MoveGenerator& moves() { return moves_; }
  uint64_t key(const Square* boxes, Square normal) const {
    return zobrist_.boxes(boxes, board_.boxCount()) ^ zobrist_.player(normal);
  }

 private:
  static std::vector<uint8_t> targets(const Board& board, MoveMode mode) {
    std::vector<uint8_t> t(board.squareCount(), 0);
    for (Square s : mode == MoveMode::Push ? board.goals() : board.startBoxes()) t[s] = 1;
    return t;
  }
  std::optional<Meeting> meets(uint32_t i, const Target& target) {
    std::vector<Square>& boxes = meetBoxes_;
    store_.boxes(i, boxes.data());
    if (target.allOnGoals &&
        std::all_of(boxes.begin(), boxes.end(), [&](Square s) { return board_.isGoal(s); }))
      return Meeting{i, NodeStore::kNone};
    if (target.store) {
      uint32_t there = target.store->find(boxes.data(), store_.player(i), store_.key(i));
      if (there != NodeStore::kNone) return Meeting{i, there};
    }
    return std::nullopt;
  }

  const Board& board_;
  const Zobrist& zobrist_;
  MoveMode mode_;
  NodeStore store_;
  MoveGenerator moves_;
  FreezeCheck freeze_;
  std::vector<Square> child_, parent_;  // scratch: a child's boxes, the expanded position's
  std::vector<Square> meetBoxes_;       // scratch: the position meets() looks at
  uint32_t next_ = 0, layerEnd_ = 0;
  uint64_t expanded_ = 0;
  int depth_ = -1;  // of the layer being expanded; the roots are layer 0
};

// Which searches run: forward, reverse or both.
enum class Sides { Forward, Reverse, Both };

// The clock is read once per so many expansions (mask + 1): 256 on ordinary
// levels, fewer where one expansion floods a large board once per box move,
// so that a slice ends soon after its time.
uint64_t clockMask(const Board& board) {
  const uint64_t work = static_cast<uint64_t>(board.boxCount() + 1) * board.squareCount();  // squares flooded, about
  uint64_t every = 256;
  while (every > 1 && every * work > (uint64_t{1} << 22)) every /= 2;
  return every - 1;
}

class BfsSearch : public Strategy {
 public:
  BfsSearch(const Board& board, uint64_t budget, Sides sides)
      : board_(board), zobrist_(board_.squareCount()), sides_(sides), budget_(budget),
        clockMask_(clockMask(board)) {}

  SolveStatus run(const Deadline& deadline) override {
    if (!started_) {
      started_ = true;
      if (auto s = start()) return *s;
    }
    for (;;) {
      const uint64_t nodes = expanded();
      if (deadline.nodesReached(nodes) || ((nodes & clockMask_) == 0 && deadline.expired())) return SolveStatus::Running;
      Frontier* f = pick();
      if (!f) {
        message_ = "every position reachable by " + std::string(sides_ == Sides::Reverse ? "pulls" : "pushes") +
                   " was searched";
        return SolveStatus::Unsolvable;
      }
      Frontier::Meeting m;
      Frontier::Result r = f->expandOne(targetFor(f), m);
      if (r == Frontier::Result::Full) return SolveStatus::OutOfMemory;
      if (r == Frontier::Result::Met) return meet(f, m);
    }
  }

  std::string solution() const override { return solution_; }

  uint64_t expanded() const {
    return (forward_ ? forward_->expanded() : 0) + (reverse_ ? reverse_->expanded() : 0);
  }

  SearchStats stats() const override {
    SearchStats s;
    s.nodes = expanded();
    for (const auto* f : {forward_.get(), reverse_.get()}) {
      if (!f) continue;
      s.stored += f->store().size();
      s.memoryBytes += f->store().memoryBytes();
      s.depth += f->depth();
    }
    if (goal_) s.memoryBytes += goal_->memoryBytes();
    return s;
  }

  std::string message() const override { return message_; }

 private:
  // Seeds the frontiers; a status when the search is already over.
  std::optional<SolveStatus> start() {
    const uint64_t share = sides_ == Sides::Both ? budget_ / 2 : budget_;
    if (sides_ != Sides::Reverse) {
      forward_ = std::make_unique<Frontier>(board_, zobrist_, MoveMode::Push, share);
      if (!forward_->addRoot(board_.startBoxes().data(), board_.startPlayer())) return SolveStatus::OutOfMemory;
    }
    if (sides_ != Sides::Forward) {
      reverse_ = std::make_unique<Frontier>(board_, zobrist_, MoveMode::Pull, share);
      if (!addSolvedRoots()) return SolveStatus::OutOfMemory;
    }
    if (sides_ == Sides::Reverse) {
      // The target of the reverse search alone: the start position.
      goal_ = std::make_unique<NodeStore>(board_.boxCount(), board_.squareCount(), 1 << 20);
      const Square* boxes = board_.startBoxes().data();
      Square normal = reverse_->moves().normalise(boxes, board_.startPlayer());
      if (goal_->insert(boxes, normal, reverse_->key(boxes, normal), NodeStore::kNone, 0).full)
        return SolveStatus::OutOfMemory;
    }
    Frontier* first = forward_ ? forward_.get() : reverse_.get();
    if (auto met = first->rootsMeet(targetFor(first))) return meet(first, *met);
    return std::nullopt;
  }

  // Every box on a goal, the player in each region of that board in turn.
  bool addSolvedRoots() {
    const std::vector<Square>& goals = board_.goals();  // sorted: squares follow cell order
    std::vector<uint8_t> seen(board_.squareCount(), 0);
    for (Square g : goals) seen[g] = 1;
    MoveGenerator& mg = reverse_->moves();
    for (int s = 0; s < board_.squareCount(); ++s) {
      if (seen[s]) continue;
      mg.normalise(goals.data(), static_cast<Square>(s));
      for (int t = s; t < board_.squareCount(); ++t)
        if (mg.reachable(static_cast<Square>(t))) seen[t] = 1;
      if (!reverse_->addRoot(goals.data(), static_cast<Square>(s))) return false;
    }
    return true;
  }

  Frontier::Target targetFor(const Frontier* f) const {
    Frontier::Target t;
    if (sides_ == Sides::Forward) t.allOnGoals = true;
    else if (sides_ == Sides::Reverse) t.store = goal_.get();
    else t.store = f == forward_.get() ? &reverse_->store() : &forward_->store();
    return t;
  }

  // The frontier to expand next, or nullptr when a side has run dry (then
  // no position links the start to a solved one).
  Frontier* pick() {
    for (Frontier* f : {forward_.get(), reverse_.get()}) {
      if (!f || !f->layerDone()) continue;
      if (f->exhausted()) return nullptr;
    }
    if (sides_ != Sides::Both) {
      Frontier* f = forward_ ? forward_.get() : reverse_.get();
      if (f->layerDone()) f->startLayer();
      return f;
    }
    // A layer is finished before the other side moves: any meeting then has
    // the fewest pushes (see meet()).
    if (!current_ || current_->layerDone()) {
      current_ = forward_->nextLayerSize() <= reverse_->nextLayerSize() ? forward_.get() : reverse_.get();
      current_->startLayer();
    }
    return current_;
  }

  // A position found by `f` is also a target. With whole layers expanded in
  // turn, the forward side holds every position within df pushes and the
  // reverse side every one within dr pulls of a solved position, and none is
  // in both; so every solution is longer than df + dr, and a child found now
  // (df + 1 deep) meeting a stored position (at most dr deep) is optimal.
  SolveStatus meet(Frontier* f, const Frontier::Meeting& m) {
    std::vector<PushStep> pushes;
    if (f == forward_.get()) {
      pushes = pushesToNode(board_, forward_->store(), m.here);
      if (reverse_) appendPushesFromPulls(board_, reverse_->store(), m.there, pushes);
    } else {
      if (forward_) pushes = pushesToNode(board_, forward_->store(), m.there);
      appendPushesFromPulls(board_, reverse_->store(), m.here, pushes);
    }
    return solvedBy(board_.level(), pushes, solution_, message_);
  }

  const Board& board_;
  Zobrist zobrist_;
  Sides sides_;
  uint64_t budget_;
  uint64_t clockMask_;  // see clockMask()
  bool started_ = false;
  std::unique_ptr<Frontier> forward_, reverse_;
  std::unique_ptr<NodeStore> goal_;
  Frontier* current_ = nullptr;
  std::string solution_, message_;
};

// Forward breadth-first search that stores keys only (search/key_tree.h)
// and walks one live position from node to node: fewer bytes per position,
// some time spent walking.
class WalkingBfsSearch : public Strategy {
 public:
  WalkingBfsSearch(const Board& board, uint64_t budget)
      : board_(board),
        clockMask_(clockMask(board)),
        zobrist_(board_.squareCount()),
        tree_(budget),
        walker_(board_, tree_),
        moves_(board_, MoveMode::Push, pushDeadSquares(board_)),
        freeze_(board_, pushDeadSquares(board_), board_.goalMask()),
        child_(board_.boxCount()) {}

  SolveStatus run(const Deadline& deadline) override {
    if (!started_) {
      started_ = true;
      const Square* boxes = board_.startBoxes().data();
      Square normal = moves_.normalise(boxes, board_.startPlayer());
      KeyTree::Insert r = tree_.insert(zobrist_.boxes(boxes, board_.boxCount()) ^ zobrist_.player(normal),
                                       KeyTree::kNone, 0);
      if (r.full) return SolveStatus::OutOfMemory;
      if (solved(boxes)) return finish(r.index);
    }
    for (;;) {
      if (deadline.nodesReached(expanded_) || ((expanded_ & clockMask_) == 0 && deadline.expired()))
        return SolveStatus::Running;
      if (next_ >= tree_.size()) {
        message_ = "every position reachable by pushes was searched";
        return SolveStatus::Unsolvable;
      }
      uint32_t id = next_++;
      ++expanded_;
      Square player = walker_.moveTo(id);
      const std::vector<Square>& boxes = walker_.boxes();
      moves_.load(boxes.data(), player);
      const uint64_t base = zobrist_.boxes(boxes.data(), board_.boxCount());
      for (const BoxMove& m : moves_.moves()) {
        Square to, from = moves_.boxes()[m.box];
        Square after = moves_.child(m, child_.data(), to);
        Square normal = moves_.normalise(child_.data(), after);
        if (freeze_.pushDeadlock(moves_.occupied(), to)) continue;
        uint64_t key = base ^ zobrist_.box(from) ^ zobrist_.box(to) ^ zobrist_.player(normal);
        KeyTree::Insert r = tree_.insert(key, id, moves_.code(m));
        if (r.full) return SolveStatus::OutOfMemory;
        if (r.inserted && solved(child_.data())) return finish(r.index);
      }
    }
  }

  std::string solution() const override { return solution_; }
  SearchStats stats() const override {
    SearchStats s;
    s.nodes = expanded_;
    s.stored = tree_.size();
    s.memoryBytes = tree_.memoryBytes();
    s.depth = tree_.size() ? tree_.depth(std::min(next_, tree_.size() - 1)) : 0;
    return s;
  }
  std::string message() const override {
    if (!message_.empty() || expanded_ == 0) return message_;
    return std::to_string(walker_.steps() / expanded_) + " pushes walked per position expanded";
  }

 private:
  bool solved(const Square* boxes) const {
    return std::all_of(boxes, boxes + board_.boxCount(), [&](Square s) { return board_.isGoal(s); });
  }
  SolveStatus finish(uint32_t node) {
    std::vector<PushStep> pushes;
    for (uint32_t i = node; tree_.parent(i) != KeyTree::kNone; i = tree_.parent(i))
      pushes.push_back({board_.cellOf(movedBox(tree_.move(i))), movedDir(tree_.move(i))});
    std::reverse(pushes.begin(), pushes.end());
    return solvedBy(board_.level(), pushes, solution_, message_);
  }

  const Board& board_;
  uint64_t clockMask_;  // see clockMask()
  Zobrist zobrist_;
  KeyTree tree_;
  TreeWalker walker_;
  MoveGenerator moves_;
  FreezeCheck freeze_;
  std::vector<Square> child_;
  uint32_t next_ = 0;
  bool started_ = false;
  uint64_t expanded_ = 0;
  std::string solution_, message_;
};

// Builds the board in its first slice (a level too large for the square
// numbers is declined there), then makes the search.
class BoardFirst : public PreparedStrategy {
 public:
  using Make = std::function<std::unique_ptr<Strategy>(const Board&, uint64_t budget)>;
  BoardFirst(const Level& level, uint64_t budget, Make make)
      : PreparedStrategy(budget), analysis_(level), make_(std::move(make)) {
    prep_.add([this] {
      analysis_.buildBoard();
      if (!analysis_.board().tooLarge().empty()) prep_.end(SolveStatus::Declined, analysis_.board().tooLarge());
      return true;
    });
  }

 protected:
  std::unique_ptr<Strategy> makeSearch(uint64_t budget) override { return make_(analysis_.board(), budget); }
  uint64_t preparedBytes() const override { return analysis_.memoryBytes(); }

 private:
  LevelAnalysis analysis_;
  Make make_;
};

std::unique_ptr<Strategy> makeBfs(const Level& level, uint64_t budget, Sides sides) {
  return std::make_unique<BoardFirst>(level, budget, [sides](const Board& board, uint64_t bytes) {
    return std::make_unique<BfsSearch>(board, bytes, sides);
  });
}

}  // namespace

std::unique_ptr<Strategy> makeWalkingBfsStrategy(const Level& level, uint64_t memoryBudgetBytes) {
  return std::make_unique<BoardFirst>(level, memoryBudgetBytes, [](const Board& board, uint64_t bytes) {
    return std::make_unique<WalkingBfsSearch>(board, bytes);
  });
}

std::unique_ptr<Strategy> makeBfsStrategy(const Level& level, uint64_t memoryBudgetBytes) {
  return makeBfs(level, memoryBudgetBytes, Sides::Forward);
}
std::unique_ptr<Strategy> makeReverseBfsStrategy(const Level& level, uint64_t memoryBudgetBytes) {
  return makeBfs(level, memoryBudgetBytes, Sides::Reverse);
}
std::unique_ptr<Strategy> makeBidirectionalBfsStrategy(const Level& level, uint64_t memoryBudgetBytes) {
  return makeBfs(level, memoryBudgetBytes, Sides::Both);
}

}  // namespace soko
