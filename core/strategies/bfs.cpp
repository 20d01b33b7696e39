#include "bfs.h"

#include <algorithm>
#include <functional>
#include <optional>

#include "analysis/board.h"
#include "analysis/dead_squares.h"
#include "analysis/level_analysis.h"
#include "analysis/regions.h"
#include "analysis/zobrist.h"
#include "deadlock/freeze.h"
#include "preparation.h"
#include "search/key_tree.h"
#include "search/moves.h"
#include "search/node_store.h"
#include "search/solution.h"
#include "search/solved_by.h"
#include "search/store_paths.h"

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
        moves_(board, mode,
               mode == MoveMode::Push ? pushDeadSquares(board) : pullDeadSquares(board)),
        freeze_(board, mode == MoveMode::Push ? pushDeadSquares(board) : std::vector<uint8_t>{},
                targets(board, mode)),
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
  enum class Result { Ok, Full, Met, Paused };

  // Adds a start position; false when the budget is out.
  bool addRoot(const Square* boxes, Square player) {
    Square normal = moves_.normalise(boxes, player);
    return !store_.insert(boxes, normal, key(boxes, normal), NodeStore::kNone, 0).full;
  }
  // Is root `i` already at the target (a level solved in zero moves)?
  std::optional<Meeting> rootMeets(uint32_t i, const Target& target) { return meets(i, target); }
  uint32_t roots() const { return store_.size(); }  // before the first expansion

  bool layerDone() const { return next_ >= layerEnd_; }
  bool exhausted() const { return layerDone() && layerEnd_ == store_.size(); }
  uint32_t nextLayerSize() const { return store_.size() - layerEnd_; }
  void startLayer() {
    layerEnd_ = store_.size();
    ++depth_;
  }

  // Expands the layer's next position, or goes on with the one the last
  // call left Paused: between two moves, the clock is read every
  // clockMask + 1 moves (see clockMask()).
  Result expandOne(const Target& target, Meeting& meeting, const Deadline& deadline,
                   uint64_t clockMask) {
    if (move_ == kNoMove) {
      index_ = next_++;
      ++expanded_;
      store_.boxes(index_, parent_.data());
      moves_.load(parent_.data(), store_.player(index_));
      move_ = 0;
    }
    const uint32_t index = index_;
    const std::vector<BoxMove>& moves = moves_.moves();
    for (size_t k = move_, first = move_; k < moves.size(); ++k) {
      if (k > first && (k & clockMask) == 0 && deadline.expired()) {
        move_ = k;
        return Result::Paused;
      }
      const BoxMove& m = moves[k];
      Square to;
      Square player = moves_.child(m, child_.data(), to);
      Square normal = moves_.normalise(child_.data(), player);
      bool frozen = mode_ == MoveMode::Push ? freeze_.pushDeadlock(moves_.occupied(), to)
                                            : freeze_.pullDeadlock(moves_.occupied(), to);
      if (frozen) continue;
      NodeStore::Insert r =
          store_.insert(child_.data(), normal, key(child_.data(), normal), index, moves_.code(m));
      if (r.full) return Result::Full;
      if (!r.inserted) continue;
      if (auto met = meets(r.index, target)) {
        meeting = *met;
        return Result::Met;
      }
    }
    move_ = kNoMove;
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
  // The position being expanded and its next move, kNoMove between expansions.
  static constexpr size_t kNoMove = ~size_t{0};
  uint32_t index_ = 0;
  size_t move_ = kNoMove;
};

// Which searches run: forward, reverse or both.
enum class Sides { Forward, Reverse, Both };

class BfsSearch : public Strategy {
 public:
  BfsSearch(const Board& board, uint64_t budget, Sides sides)
      : board_(board),
        zobrist_(board_.squareCount()),
        sides_(sides),
        budget_(budget),
        clockMask_(clockMask(board.boxCount(), board.squareCount())) {
    // Seeding the frontiers: a region of the solved position, or a root's
    // check against the target, per piece (there are thousands on a board
    // with thousands of goals).
    prep_.add([this] { return makeFrontiers(); });
    if (sides_ != Sides::Forward) prep_.add([this] { return addSolvedRoot(); });
    if (sides_ == Sides::Reverse) prep_.add([this] { return addStartTarget(); });
    prep_.add([this] { return checkRoot(); });
  }

  SolveStatus run(const Deadline& deadline) override {
    if (!prep_.run(deadline)) {
      if (prep_.status() != SolveStatus::Running && message_.empty()) message_ = prep_.why();
      return prep_.status();
    }
    for (;;) {
      Frontier* f = paused_;  // an expansion the last slice ended in goes on first
      if (!f) {
        const uint64_t nodes = expanded();
        if (deadline.nodesReached(nodes) || ((nodes & clockMask_) == 0 && deadline.expired()))
          return SolveStatus::Running;
        f = pick();
      }
      if (!f) {
        message_ = "every position reachable by " +
                   std::string(sides_ == Sides::Reverse ? "pulls" : "pushes") + " was searched";
        return SolveStatus::Unsolvable;
      }
      Frontier::Meeting m;
      Frontier::Result r = f->expandOne(targetFor(f), m, deadline, clockMask_);
      paused_ = r == Frontier::Result::Paused ? f : nullptr;
      if (r == Frontier::Result::Paused) return SolveStatus::Running;
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
  bool makeFrontiers() {
    const uint64_t share = sides_ == Sides::Both ? budget_ / 2 : budget_;
    if (sides_ != Sides::Reverse) {
      forward_ = std::make_unique<Frontier>(board_, zobrist_, MoveMode::Push, share);
      if (!forward_->addRoot(board_.startBoxes().data(), board_.startPlayer()))
        prep_.end(SolveStatus::OutOfMemory, "");
    }
    if (sides_ != Sides::Forward) {
      reverse_ = std::make_unique<Frontier>(board_, zobrist_, MoveMode::Pull, share);
      // The regions of the solved position, labelled once (a flood and a
      // scan of the board per region would cost regions x squares).
      onGoal_.assign(board_.squareCount(), 0);
      for (Square g : board_.goals()) onGoal_[g] = 1;
      solved_ = std::make_unique<Regions>(board_);
      regionCount_ = solved_->label(onGoal_);
    }
    return true;
  }

  // Every box on a goal, the player in the next region of that board (by
  // its least square); true once every region has its root.
  bool addSolvedRoot() {
    for (; square_ < board_.squareCount() && nextRegion_ < regionCount_; ++square_) {
      const Square s = static_cast<Square>(square_);
      if (onGoal_[s] || solved_->regionOf(s) != nextRegion_) continue;
      if (!reverse_->addRoot(board_.goals().data(), s)) prep_.end(SolveStatus::OutOfMemory, "");
      ++nextRegion_;
      return false;
    }
    solved_.reset();
    onGoal_ = {};
    return true;
  }

  // The target of the reverse search alone: the start position.
  bool addStartTarget() {
    goal_ = std::make_unique<NodeStore>(board_.boxCount(), board_.squareCount(), 1 << 20);
    const Square* boxes = board_.startBoxes().data();
    Square normal = reverse_->moves().normalise(boxes, board_.startPlayer());
    if (goal_->insert(boxes, normal, reverse_->key(boxes, normal), NodeStore::kNone, 0).full)
      prep_.end(SolveStatus::OutOfMemory, "");
    return true;
  }

  // Whether the next root is at the target already: the search is over.
  bool checkRoot() {
    Frontier* first = forward_ ? forward_.get() : reverse_.get();
    if (rootChecked_ == first->roots()) return true;
    if (auto met = first->rootMeets(rootChecked_++, targetFor(first)))
      prep_.end(meet(first, *met), "");
    return false;
  }

  Frontier::Target targetFor(const Frontier* f) const {
    Frontier::Target t;
    if (sides_ == Sides::Forward)
      t.allOnGoals = true;
    else if (sides_ == Sides::Reverse)
      t.store = goal_.get();
    else
      t.store = f == forward_.get() ? &reverse_->store() : &forward_->store();
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
      current_ =
          forward_->nextLayerSize() <= reverse_->nextLayerSize() ? forward_.get() : reverse_.get();
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
  Preparation prep_;
  std::vector<uint8_t> onGoal_;      // [square], while the solved roots are added
  std::unique_ptr<Regions> solved_;  // the solved position's player regions, meanwhile
  int regionCount_ = 0, nextRegion_ = 0, square_ = 0;
  uint32_t rootChecked_ = 0;  // roots checked against the target
  std::unique_ptr<Frontier> forward_, reverse_;
  std::unique_ptr<NodeStore> goal_;
  Frontier* current_ = nullptr;
  Frontier* paused_ = nullptr;  // the frontier whose expansion the last slice ended in
  std::string solution_, message_;
};

// Forward breadth-first search that stores keys only (search/key_tree.h)
// and walks one live position from node to node: fewer bytes per position,
// some time spent walking.
class WalkingBfsSearch : public Strategy {
 public:
  WalkingBfsSearch(const Board& board, uint64_t budget)
      : board_(board),
        clockMask_(clockMask(board.boxCount(), board.squareCount())),
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
      KeyTree::Insert r = tree_.insert(
          zobrist_.boxes(boxes, board_.boxCount()) ^ zobrist_.player(normal), KeyTree::kNone, 0);
      if (r.full) return SolveStatus::OutOfMemory;
      if (solved(boxes)) return finish(r.index);
    }
    for (;;) {
      if (move_ == kNoMove) {  // else an expansion the last slice ended in goes on
        if (deadline.nodesReached(expanded_) ||
            ((expanded_ & clockMask_) == 0 && deadline.expired()))
          return SolveStatus::Running;
        if (next_ >= tree_.size()) {
          message_ = "every position reachable by pushes was searched";
          return SolveStatus::Unsolvable;
        }
        id_ = next_++;
        ++expanded_;
        Square player = walker_.moveTo(id_);
        const std::vector<Square>& boxes = walker_.boxes();
        moves_.load(boxes.data(), player);
        base_ = zobrist_.boxes(boxes.data(), board_.boxCount());
        move_ = 0;
      }
      const uint32_t id = id_;
      const uint64_t base = base_;
      const std::vector<BoxMove>& moves = moves_.moves();
      for (size_t k = move_, first = move_; k < moves.size(); ++k) {
        if (k > first && (k & clockMask_) == 0 && deadline.expired()) {
          move_ = k;
          return SolveStatus::Running;
        }
        const BoxMove& m = moves[k];
        Square to, from = moves_.boxes()[m.box];
        Square after = moves_.child(m, child_.data(), to);
        Square normal = moves_.normalise(child_.data(), after);
        if (freeze_.pushDeadlock(moves_.occupied(), to)) continue;
        uint64_t key = base ^ zobrist_.box(from) ^ zobrist_.box(to) ^ zobrist_.player(normal);
        KeyTree::Insert r = tree_.insert(key, id, moves_.code(m));
        if (r.full) return SolveStatus::OutOfMemory;
        if (r.inserted && solved(child_.data())) return finish(r.index);
      }
      move_ = kNoMove;
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
    return std::all_of(boxes, boxes + board_.boxCount(),
                       [&](Square s) { return board_.isGoal(s); });
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
  // The position being expanded, its boxes' key and its next move; kNoMove between expansions.
  static constexpr size_t kNoMove = ~size_t{0};
  uint32_t id_ = 0;
  uint64_t base_ = 0;
  size_t move_ = kNoMove;
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
      if (!analysis_.board().tooLarge().empty())
        prep_.end(SolveStatus::Declined, analysis_.board().tooLarge());
      return true;
    });
  }

 protected:
  std::unique_ptr<Strategy> makeSearch(uint64_t budget) override {
    return make_(analysis_.board(), budget);
  }
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
  return std::make_unique<BoardFirst>(level, memoryBudgetBytes,
                                      [](const Board& board, uint64_t bytes) {
                                        return std::make_unique<WalkingBfsSearch>(board, bytes);
                                      });
}

std::unique_ptr<Strategy> makeBfsStrategy(const Level& level, uint64_t memoryBudgetBytes) {
  return makeBfs(level, memoryBudgetBytes, Sides::Forward);
}
std::unique_ptr<Strategy> makeReverseBfsStrategy(const Level& level, uint64_t memoryBudgetBytes) {
  return makeBfs(level, memoryBudgetBytes, Sides::Reverse);
}
std::unique_ptr<Strategy> makeBidirectionalBfsStrategy(const Level& level,
                                                       uint64_t memoryBudgetBytes) {
  return makeBfs(level, memoryBudgetBytes, Sides::Both);
}

}  // namespace soko
