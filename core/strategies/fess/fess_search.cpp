#include "fess_search.h"

#include <algorithm>

#include "advisors.h"
#include "analysis/board.h"
#include "analysis/reach.h"
#include "analysis/zobrist.h"
#include "deadlock/pi_corral.h"
#include "feature_cells.h"
#include "feature_measure.h"
#include "fess_pruning.h"
#include "fess_tables.h"
#include "goal_room.h"
#include "macro_moves.h"
#include "macro_path.h"
#include "search/block_array.h"
#include "search/meeting.h"
#include "search/node_store.h"
#include "search/solution.h"
#include "search/sorted_squares.h"

namespace soko {
namespace {

// The search, over tables made beforehand (fess_tables.h).
class FessSearch : public Strategy, public MeetingSide {
 public:
  // `countTables`: the tables' bytes count as this search's (not when a
  // portfolio shares them and counts them once itself).
  FessSearch(FessTables& tables, uint64_t budget, FessVariant variant, bool countTables)
      : tables_(tables),
        countTables_(countTables),
        board_(tables.board()),
        budget_(budget),
        zobrist_(board_.squareCount()),
        store_(board_.boxCount(), board_.squareCount(), storeShare(budget)),
        reach_(board_),
        dead_(tables.dead()),
        goal_(board_.goalMask()),
        pruning_(tables, goal_),
        moves_(board_, dead_, tables.tunnelStops()),
        piCorral_(board_, dead_),
        plan_(tables.plan()),
        roomOrder_(variant.goalRoomOrder ? &tables.roomOrder() : nullptr),
        measure_(tables, goal_),
        occupied_(board_.squareCount(), 0),
        cells_(variant.spaces, measure_.estimate(board_.startBoxes())),
        pieceMask_(costlyPieces(board_) ? 0 : 31) {}

  bool setMemoryBudget(uint64_t bytes) override {
    budget_ = bytes;
    store_.setBudget(storeShare(bytes));
    return true;
  }
  // Out of memory between expansions (run()'s reserve check), not within one.
  bool resumesWithMoreMemory() const override { return store_.size() > 0 && x_.step == Step::None; }

  SolveStatus run(const Deadline& deadline) override {
    if (board_.boxCount() > static_cast<int>(board_.goals().size())) {
      message_ = "the level has more boxes than goals";
      return SolveStatus::Unsolvable;
    }
    if (store_.size() == 0 && !start()) return SolveStatus::OutOfMemory;
    while (solvedIndex_ == NodeStore::kNone) {
      if (x_.step == Step::None) {  // a new expansion
        // The clock before every 8th expansion where pieces are cheap (a
        // read is a call out to JavaScript in WebAssembly: 1 % of the time).
        if (deadline.nodesReached(nodes_) ||
            ((nodes_ & (pieceMask_ == 0 ? 0 : 7)) == 0 && deadline.expired()))
          return SolveStatus::Running;
        const uint64_t reserve = expansionReserve(), used = memoryBytes();
        if (used + reserve > budget_) return SolveStatus::OutOfMemory;
        store_.setBudget(budget_ - reserve - (used - store_.memoryBytes()));
        uint32_t node;
        if (!nextNode(node)) {
          if (!roomSkipped_
                   .empty()) {  // the goal-room order was a guess: take back what it left out
            reopenRoomSkipped();
            continue;
          }
          message_ = "every position reachable by macro pushes was searched";
          return SolveStatus::Unsolvable;
        }
        if (!takeUp(node)) {  // a corral deadlock: expanded, with no child
          ++nodes_;
          continue;
        }
      }
      const Outcome o = expandSome(deadline);
      if (o == Outcome::Paused) return SolveStatus::Running;
      if (o == Outcome::Full) return SolveStatus::OutOfMemory;
      ++nodes_;
    }
    return SolveStatus::Solved;
  }

  std::string solution() const override;

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
    s.bestBound = bestPacked_;
    return s;
  }

  std::string message() const override {
    return "cells " + std::to_string(cells_.count()) + ", " + pruning_.tally() + ", pi-corrals " +
           std::to_string(piCorral_.stats().found) + " (dead " +
           std::to_string(piCorral_.stats().dead) + ")" +
           (roomOrder_ ? "" : "; goal-room order lifted") +
           (met() ? "; met the backward search" : "") + (message_.empty() ? "" : "; " + message_);
  }

 private:
  struct NodeInfo {
    uint32_t weight;   // accumulated move weight
    uint16_t depth;    // macro pushes from the start
    uint8_t expanded;  // taken up already: later queue entries for it are stale
  };

  // The node store takes what the rest leaves (it checks its own growth);
  // until the search starts, half.
  static uint64_t storeShare(uint64_t budget) { return budget / 2; }

  // What one expansion may add outside the store: a block of node info,
  // the cells' growth (feature_cells.h) and a table of the matching's. Kept
  // free, so a search stops within its budget instead of past it.
  uint64_t expansionReserve() const {
    return info_.blockBytes() + cells_.growthReserve() + pruning_.growthReserve();
  }

  uint64_t memoryBytes() const {
    return store_.memoryBytes() + info_.memoryBytes() + cells_.memoryBytes() +
           pruning_.memoryBytes() + piCorral_.memoryBytes() +
           pushes_.capacity() * sizeof(MacroPush) +
           (candidates_.capacity() + children_.capacity()) * sizeof(Child) + moves_.memoryBytes() +
           roomSkipped_.capacity() * 4 + static_cast<uint64_t>(board_.squareCount()) * 64 +
           // The dead patterns grow as this search judges squares: counted
           // here even when the portfolio counts the tables (twice then,
           // but a turn's judging cannot push the portfolio past its budget).
           (countTables_ ? tables_.memoryBytes() : pruning_.patternBytes());
  }

  bool start() {
    const auto& boxes = board_.startBoxes();
    for (Square b : boxes) occupied_[b] = 1;
    Square normal = reach_.fill(occupied_, board_.startPlayer());
    Features f = measure_.position(boxes, occupied_);
    for (Square b : boxes) occupied_[b] = 0;
    uint64_t key = zobrist_.boxes(boxes.data(), board_.boxCount()) ^ zobrist_.player(normal);
    NodeStore::Insert r = store_.insert(boxes.data(), normal, key, NodeStore::kNone, 0);
    if (r.full) return false;
    info_.push_back({0, 0, 0});
    if (f.onGoals == board_.boxCount()) solvedIndex_ = r.index;
    cells_.enqueue(r.index, f, 0);
    return true;
  }

  // Round robin over the cells: the next position to expand.
  bool nextNode(uint32_t& node) {
    return cells_.next(node, [this](uint32_t candidate, uint32_t weight) {
      // Stale: expanded already, or queued again since with less weight.
      return info_[candidate].expanded || weight != info_[candidate].weight;
    });
  }

  // An expansion goes in named steps: takeUp (the corral check, the
  // position's features and matching), the PI-corral, generating the macro
  // pushes, preparing the children (local deadlocks, features, keys),
  // evaluating them (store and matching) and the advisors, and queueing.
  // Each step pauses between two of its pieces (a corral, a box, a push, a
  // child) when the slice ends, and goes on in the next: the search is the
  // same.
  enum class Step : uint8_t { None, PiCorral, Generate, Prepare, Evaluate, Queue };
  enum class Outcome : uint8_t { Done, Paused, Full };
  struct Expansion {
    Step step = Step::None;
    NodeInfo parent{};
    Square player = kNoSquare;
    const std::vector<uint8_t>* fence = nullptr;         // the PI-corral's fence boxes, or none
    uint64_t boxKey = 0;                                 // of the position's boxes
    size_t next = 0;                                     // the step's next piece
    int packer = -1, connector = -1, hotspotMover = -1;  // the advisors' children, -1 none
  };

  // Where one piece of an expansion costs much (a matching over hundreds of
  // boxes, a flood of a large board), the clock and the memory are looked
  // at after every piece (one expansion there can grow its children and the
  // hotspot rows by far more than the reserve); elsewhere the clock after
  // every 32nd.
  static bool costlyPieces(const Board& b) {
    return static_cast<uint64_t>(b.boxCount()) * (b.goals().size() + b.squareCount()) > 20'000;
  }

  // After piece `i` of a step (`mask`: pieceMask_): Paused when the slice
  // is over, Full when the memory is.
  Outcome after(size_t i, uint64_t mask, const Deadline& deadline) {
    if ((i & mask) != 0) return Outcome::Done;
    if (mask == 0 && memoryBytes() > budget_) return Outcome::Full;
    return deadline.expired() ? Outcome::Paused : Outcome::Done;
  }

  // Whether `v` can take `more` elements without its next growth passing
  // the budget. Asked where pieces are costly: elsewhere an expansion has
  // few children, and the reserve covers them.
  template <class T>
  bool roomFor(const std::vector<T>& v, size_t more) const {
    if (v.size() + more <= v.capacity()) return true;
    const size_t grown = std::max(2 * v.capacity(), v.size() + more);
    return memoryBytes() + (grown - v.capacity()) * sizeof(T) <= budget_;
  }

  // Takes `node` up for expansion: false when a corral search proves it
  // dead. Corral searches cost hundreds of positions each, so they run when
  // a position is taken up rather than for every child made: most children
  // are never expanded.
  bool takeUp(uint32_t node) {
    const int n = board_.boxCount();
    current_.resize(n);
    store_.boxes(node, current_.data());
    const Square player = store_.player(node);
    info_[node].expanded = 1;
    currentNode_ = node;
    x_ = Expansion{};
    x_.parent = info_[node];
    depth_ = x_.parent.depth;
    for (Square b : current_) occupied_[b] = 1;
    // The box last pushed (none at the start): the corrals next to it.
    const Square moved =
        x_.parent.depth > 0 ? static_cast<Square>(store_.move(node) & 0xFFFF) : kNoSquare;
    if (pruning_.takeUpDead(current_, occupied_, player, moved)) {
      for (Square b : current_) occupied_[b] = 0;
      x_.step = Step::None;
      return false;
    }
    parentFeatures_ = measure_.position(current_, occupied_);
    pushes_.clear();
    piCorral_.start(occupied_, measure_.regions(), player);
    x_.player = player;
    x_.boxKey = zobrist_.boxes(current_.data(), n);
    x_.step = Step::PiCorral;
    return true;
  }

  Outcome expandSome(const Deadline& deadline) {
    Outcome o = Outcome::Done;
    if (x_.step == Step::PiCorral && (o = findPiCorral(deadline)) != Outcome::Done) return o;
    if (x_.step == Step::Generate && (o = generateChildren(deadline)) != Outcome::Done) return o;
    if (x_.step == Step::Prepare && (o = prepareChildren(deadline)) != Outcome::Done) return o;
    if (x_.step == Step::Evaluate && (o = evaluateChildren(deadline)) != Outcome::Done) return o;
    return queueChildren(deadline);
  }

  // With a PI-corral, one of its fence boxes must move first (sound: see
  // pi_corral.h); the other boxes' pushes can wait. A corral at a time;
  // both it and the macro pushes reuse the regions measure_.position() labelled.
  Outcome findPiCorral(const Deadline& deadline) {
    const uint64_t mask = pieceMask_;
    for (size_t i = 1; !piCorral_.tryNext(occupied_); ++i)
      if (const Outcome o = after(i, mask, deadline); o != Outcome::Done) return o;
    if (piCorral_.found()) x_.fence = &piCorral_.fence();
    moves_.startPosition(measure_.regions(), x_.player);
    x_.step = Step::Generate, x_.next = 0;
    return Outcome::Done;
  }

  // Every macro push of the position, a box at a time.
  Outcome generateChildren(const Deadline& deadline) {
    const size_t n = current_.size();
    const uint64_t mask = pieceMask_;
    for (size_t i = x_.next; i < n;) {
      // A box's macro pushes: one per (square, player region) at most.
      if (mask == 0 && !roomFor(pushes_, 4 * static_cast<size_t>(board_.squareCount())))
        return Outcome::Full;
      moves_.generateFor(static_cast<int>(i++), current_, occupied_, pushes_, x_.fence);
      if (const Outcome o = after(i, mask, deadline); o != Outcome::Done) return x_.next = i, o;
    }
    moves_.endPosition();
    // Room for every push's child at once: a large expansion's candidates
    // are not copied over as they grow.
    candidates_.clear();
    if (mask == 0 && !roomFor(candidates_, pushes_.size())) return Outcome::Full;
    candidates_.reserve(pushes_.size());
    x_.step = Step::Prepare, x_.next = 0;
    return Outcome::Done;
  }

  // Each push's child past the local deadlock checks becomes a candidate,
  // with its features and key. Two passes over the children: this one finds
  // their keys and prefetches their store slots, so that the next one's
  // lookups, each a likely cache miss, overlap instead of waiting one by one.
  Outcome prepareChildren(const Deadline& deadline) {
    const int n = board_.boxCount();
    const uint64_t boxKey = x_.boxKey, mask = pieceMask_;
    const uint32_t node = currentNode_;
    for (size_t i = x_.next, end = pushes_.size(); i < end;) {
      const MacroPush& m = pushes_[i++];
      if (m.to == m.from) continue;  // only the player changes sides: pointless
      if (roomOrder_ && roomOrder_->skips(m, occupied_)) {  // see goal_room.h
        if (roomSkipped_.empty() || roomSkipped_.back() != node) roomSkipped_.push_back(node);
        continue;
      }
      occupied_[m.from] = 0;
      occupied_[m.to] = 1;
      const bool candidate = prepare(m, boxKey);
      occupied_[m.to] = 0;
      occupied_[m.from] = 1;
      // Solved: no later child matters. (A solved child is never stored
      // already, and needs no matching, so evaluate() keeps it.)
      if (candidate && candidates_.back().features.onGoals == n) break;
      if (const Outcome o = after(i, mask, deadline); o != Outcome::Done) return x_.next = i, o;
    }
#if defined(__wasm__)
    for (const Child& c : candidates_) store_.touch(c.key);
    if (other_)
      for (const Child& c : candidates_) other_->touchPosition(c.key);
#endif
    children_.clear();
    if (mask == 0 && !roomFor(children_, candidates_.size())) return Outcome::Full;
    children_.reserve(candidates_.size());
    x_.step = Step::Evaluate, x_.next = 0;
    return Outcome::Done;
  }

  // The candidates against the store and the matching; then the advisors.
  Outcome evaluateChildren(const Deadline& deadline) {
    const int n = board_.boxCount();
    const uint64_t mask = pieceMask_;
    for (size_t i = x_.next, end = candidates_.size(); i < end;) {
      const Child& c = candidates_[i++];
      occupied_[c.move.from] = 0;
      occupied_[c.move.to] = 1;
      bool keep = evaluate(c);
      occupied_[c.move.to] = 0;
      occupied_[c.move.from] = 1;
      if (keep && children_.back().features.onGoals == n) {  // solved: only this child matters
        children_.erase(children_.begin(), children_.end() - 1);
        break;
      }
      if (const Outcome o = after(i, mask, deadline); o != Outcome::Done) return x_.next = i, o;
    }
    for (Square b : current_) occupied_[b] = 0;
    const Advice a =
        advise(children_, parentFeatures_, goal_, plan_, measure_.hotspots(), board_, current_);
    x_.packer = a.packer, x_.connector = a.connector, x_.hotspotMover = a.hotspotMover;
    x_.step = Step::Queue, x_.next = 0;
    return Outcome::Done;
  }

  // Each child at its weight: stored and queued when new, queued again when
  // an advisor made a stored one cheaper. Done at once when a child solves
  // the level or meets the backward search.
  Outcome queueChildren(const Deadline& deadline) {
    const int n = board_.boxCount();
    const int packer = x_.packer, connector = x_.connector, hotspotMover = x_.hotspotMover;
    const NodeInfo parent = x_.parent;
    const uint32_t node = currentNode_;
    const uint64_t mask = pieceMask_;
    for (size_t k = x_.next, end = children_.size(); k < end;) {
      const int i = static_cast<int>(k++);
      const Child& c = children_[i];
      // (An extra 1 or 2 for moves packing out of plan order solved Microban
      // I 144 but two XSokoban levels fewer within 50K expansions.)
      const uint32_t weight =
          parent.weight + ((i == packer || i == connector || i == hotspotMover) ? 0 : 1);
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
      uint32_t move = static_cast<uint32_t>(c.move.from) << 16 | c.move.to;
      NodeStore::Insert r = store_.insert(child_.data(), c.player, c.key, node, move);
      if (r.full) return Outcome::Full;
      if (!r.inserted) continue;
      info_.push_back({weight, static_cast<uint16_t>(std::min(parent.depth + 1, 0xFFFF)), 0});
      bestPacked_ = std::max(bestPacked_, c.features.onGoals);
      if (c.features.onGoals == n || meets(r.index, c.key)) {
        solvedIndex_ = r.index;
        break;
      }
      cells_.enqueue(r.index, c.features, weight);
      if (const Outcome o = after(k, mask, deadline); o != Outcome::Done) return x_.next = k, o;
    }
    x_.step = Step::None;
    return Outcome::Done;
  }

  // A new position `child_` (stored as `index`, with `key`) the backward
  // search has stored too: the solution goes through it.
  bool meets(uint32_t index, uint64_t key) {
    return meetAt(index, child_.data(), store_.player(index), key, true, board_.level());
  }

  // Every position reachable was searched, but some expansions left out
  // moves the goal-room order skipped: expand those again without it, so
  // "unsolvable" stays a proof.
  void reopenRoomSkipped() {
    roomOrder_ = nullptr;
    const int n = board_.boxCount();
    for (uint32_t node : roomSkipped_) {
      current_.resize(n);
      store_.boxes(node, current_.data());
      for (Square b : current_) occupied_[b] = 1;
      const Features f = measure_.position(current_, occupied_);
      for (Square b : current_) occupied_[b] = 0;
      info_[node].expanded = 0;
      cells_.enqueue(node, f, info_[node].weight);
    }
    roomSkipped_.clear();
  }

  // The child by `m`, with `occupied_` already showing it, checked for
  // local deadlocks; added to candidates_ with its features and key
  // unless pruned (false). Its store slot is prefetched.
  bool prepare(const MacroPush& m, uint64_t parentBoxKey) {
    // Patterns are judged within what the search's budget leaves (the
    // store's reserve kept).
    const auto room = [this] {
      const uint64_t used = memoryBytes() + expansionReserve();
      return used < budget_ ? budget_ - used : 0;
    };
    if (pruning_.pushDead(occupied_, m.to, room)) return false;
    Square normal = m.player;
    const Features f = measure_.child(parentFeatures_, m, occupied_, normal);
    uint64_t key =
        parentBoxKey ^ zobrist_.box(m.from) ^ zobrist_.box(m.to) ^ zobrist_.player(normal);
    store_.prefetch(key);
    if (other_) other_->prefetchPosition(key);
    candidates_.push_back({m, f, normal, NodeStore::kNone, key});
    return true;
  }

  // A candidate child, with `occupied_` already showing it, against the
  // store and the matching. False when pruned.
  bool evaluate(const Child& c) {
    const MacroPush& m = c.move;
    child_ = current_;
    child_[m.box] = m.to;
    resortOne(child_, m.box);
    uint32_t existing = store_.find(child_.data(), c.player, c.key);
    if (existing != NodeStore::kNone) {
      // Seen before: worth a second look only if an advisor could make it
      // cheaper than it was, and it still waits in its queue.
      if (info_[existing].expanded || info_[existing].weight <= info_[currentNode_].weight)
        return false;
      children_.push_back(c);
      children_.back().existing = existing;
      measure_.finishChild(parentFeatures_, m, child_, occupied_, children_.back().features);
      return true;
    }
    const bool solved = c.features.onGoals == board_.boxCount();
    if (!solved && pruning_.unmatched(child_, occupied_, m)) return false;
    children_.push_back(c);
    measure_.finishChild(parentFeatures_, m, child_, occupied_, children_.back().features);
    return true;
  }

  FessTables& tables_;
  bool countTables_;
  const Board& board_;
  uint64_t budget_;
  Zobrist zobrist_;
  NodeStore store_;
  Reach reach_;
  const std::vector<uint8_t>& dead_;
  std::vector<uint8_t> goal_;
  FessPruning pruning_;
  MacroMoves moves_;
  PiCorral piCorral_;
  const PackingPlan& plan_;
  const GoalRoomOrder* roomOrder_;     // until the search runs dry
  std::vector<uint32_t> roomSkipped_;  // nodes whose expansion it cut
  FeatureMeasure measure_;             // the features; the expanded position's regions and hotspots
  std::vector<uint8_t> occupied_;      // [square] scratch
  FeatureCells cells_;
  uint64_t pieceMask_;       // after piece i of a step, the clock is read when i & pieceMask_ is 0
                             // (costlyPieces())
  Expansion x_;              // the expansion under way
  Features parentFeatures_;  // of the expanded position
  std::vector<Square> current_, child_;
  std::vector<MacroPush> pushes_;
  std::vector<Child>
      candidates_;  // children past the local deadlock checks, before the store lookup
  std::vector<Child> children_;
  BlockArray<NodeInfo> info_;  // [node]
  uint32_t currentNode_ = 0;   // the node being expanded
  uint32_t solvedIndex_ = NodeStore::kNone;
  uint64_t nodes_ = 0;
  int depth_ = 0;
  int bestPacked_ = 0;
  std::string message_;
};

std::string FessSearch::solution() const {
  if (met()) return met_;
  if (solvedIndex_ == NodeStore::kNone) return "";
  const std::vector<PushStep> pushes = pathPushes(solvedIndex_);
  if (pushes.empty() && store_.parent(solvedIndex_) != NodeStore::kNone) return "";
  return pushesToLurd(board_.level(), pushes).value_or("");
}

std::vector<PushStep> FessSearch::pathPushes(uint32_t index) const {
  return macroPathPushes(board_, dead_, store_, index);
}

}  // namespace

std::unique_ptr<Strategy> makeFessSearch(FessTables& tables, uint64_t memoryBudgetBytes,
                                         FessVariant variant, bool countTables) {
  return std::make_unique<FessSearch>(tables, memoryBudgetBytes, variant, countTables);
}

}  // namespace soko
