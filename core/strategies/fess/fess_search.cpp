#include "fess_search.h"

#include <algorithm>
#include <bit>

#include "analysis/board.h"
#include "cell_index.h"
#include "cell_queue.h"
#include "fess_tables.h"
#include "goal_room.h"
#include "hotspots.h"
#include "macro_moves.h"
#include "deadlock/bipartite.h"
#include "search/block_array.h"
#include "deadlock/corral.h"
#include "deadlock/dead_patterns.h"
#include "deadlock/freeze.h"
#include "search/meeting.h"
#include "search/node_store.h"
#include "deadlock/pi_corral.h"
#include "analysis/reach.h"
#include "analysis/regions.h"
#include "search/solution.h"
#include "analysis/zobrist.h"

namespace soko {
namespace {

// What a position is projected by onto the feature spaces (see enqueue).
struct Features {
  int onGoals = 0;       // boxes on goals: all of them is solved
  int connectivity = 0;  // player regions
  // Goals filled while an earlier goal of their group is empty. Keeps the
  // packing advisor to the plan's order; onGoals - outOfPlan counts the
  // goals filled in plan order.
  int outOfPlan = 0;
  int hot = 0;            // hotspots: boxes cutting some other box off from every goal (hotspots.h)
  uint32_t estimate = 0;  // pushes to the nearest goals
};

// `squares` is sorted but for squares[i], which this moves to its place:
// after one box moves, cheaper than a sort.
void resortOne(std::vector<Square>& squares, size_t i) {
  const Square moved = squares[i];
  for (; i > 0 && squares[i - 1] > moved; --i) squares[i] = squares[i - 1];
  for (; i + 1 < squares.size() && squares[i + 1] < moved; ++i) squares[i] = squares[i + 1];
  squares[i] = moved;
}

// The search, over tables made beforehand (fess_tables.h).
class FessSearch : public Strategy, public MeetingSide {
 public:
  // `countTables`: the tables' bytes count as this search's (not when a
  // portfolio shares them and counts them once itself).
  FessSearch(FessTables& tables, uint64_t budget, FessVariant variant, bool countTables)
      : spaces_(variant.spaces),
        tables_(tables),
        countTables_(countTables),
        board_(tables.board()),
        budget_(budget),
        zobrist_(board_.squareCount()),
        store_(board_.boxCount(), board_.squareCount(), storeShare(budget)),
        reach_(board_),
        dead_(tables.dead()),
        goal_(board_.goalMask()),
        freeze_(board_, dead_, goal_),
        bipartite_(board_, tables.goalReach()),
        corral_(board_, dead_, kCorralBudget),
        moves_(board_, dead_, tables.tunnelStops()),
        piCorral_(board_, dead_),
        plan_(tables.plan()),
        roomOrder_(variant.goalRoomOrder ? &tables.roomOrder() : nullptr),
        hotspotTally_(tables.hotspots(), board_),
        nearest_(tables.nearest()),
        patterns_(tables.patterns()),
        occupied_(board_.squareCount(), 0),
        regions_(board_) {
    startEstimate_ = estimate(board_.startBoxes());
    int areas = 0;
    for (int a : plan_.area) areas = std::max(areas, a + 1);
    areaMinEmpty_.resize(areas);
  }

  bool setMemoryBudget(uint64_t bytes) override {
    budget_ = bytes;
    store_.setBudget(storeShare(bytes));
    return true;
  }

  SolveStatus run(const Deadline& deadline) override {
    if (board_.boxCount() > static_cast<int>(board_.goals().size())) {
      message_ = "the level has more boxes than goals";
      return SolveStatus::Unsolvable;
    }
    if (store_.size() == 0 && !start()) return SolveStatus::OutOfMemory;
    while (solvedIndex_ == NodeStore::kNone) {
      if (deadline.reached(nodes_)) return SolveStatus::Running;
      const uint64_t reserve = expansionReserve(), used = memoryBytes();
      if (used + reserve > budget_) return SolveStatus::OutOfMemory;
      store_.setBudget(budget_ - reserve - (used - store_.memoryBytes()));
      uint32_t node;
      if (!nextNode(node)) {
        if (!roomSkipped_.empty()) {  // the goal-room order was a guess: take back what it left out
          reopenRoomSkipped();
          continue;
        }
        message_ = "every position reachable by macro pushes was searched";
        return SolveStatus::Unsolvable;
      }
      if (!expand(node)) return SolveStatus::OutOfMemory;
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
    const auto& c = corral_.stats();
    return "cells " + std::to_string(cells_.size()) + ", corral checks " + std::to_string(c.checks) +
           " (deadlocks " + std::to_string(c.deadlocks) + ", gave up " + std::to_string(c.gaveUp) + ", cached " + std::to_string(c.cacheHits) +
           "), pruned: freeze " + std::to_string(prunedFreeze_) + ", bipartite " + std::to_string(prunedBipartite_) +
           ", corral " + std::to_string(prunedCorral_) + ", patterns " + std::to_string(prunedPattern_) + " (" +
           std::to_string(patterns_.pairCount()) + " pairs, " + std::to_string(patterns_.tripleCount()) +
           " triples), pi-corrals " + std::to_string(piCorral_.stats().found) +
           " (dead " + std::to_string(piCorral_.stats().dead) + ")" +
           (roomOrder_ ? "" : "; goal-room order lifted") + (met() ? "; met the backward search" : "") +
           (message_.empty() ? "" : "; " + message_);
  }

 private:
  // Positions per corral search. Measured within 50K expansions on XSokoban:
  // 100, 300 and 1000 solve about as many, and 100 costs least per position.
  static constexpr int kCorralBudget = 100;
  // Boxes a box must block before the hotspot advisor moves it. Measured
  // within 50K expansions on XSokoban: 1 solves 58, 2 solves 55.
  static constexpr int kHotspotMin = 1;

  struct NodeInfo {
    uint32_t weight;  // accumulated move weight
    uint16_t depth;   // macro pushes from the start
    uint8_t expanded; // taken up already: later queue entries for it are stale
  };
  struct Child {
    MacroPush move;
    Features features;
    Square player;     // normalised
    uint32_t existing;  // the stored node when this child was seen before, else kNone
    uint64_t key;
  };

  // The node store takes what the rest leaves (it checks its own growth);
  // until the search starts, half.
  static uint64_t storeShare(uint64_t budget) { return budget / 2; }

  // What one expansion may add outside the store: a block of node info, a
  // doubling of the cell list and of its index, and in each feature space
  // a doubling of a queue level twice the largest yet doubled. Kept free,
  // so a search stops within its budget instead of past it.
  uint64_t expansionReserve() const {
    return info_.blockBytes() + cells_.capacity() * sizeof(CellQueue) + 2 * cellOf_.memoryBytes() +
           2 * static_cast<uint64_t>(std::popcount(spaces_)) * largestQueueGrowth_;
  }

  uint64_t memoryBytes() const {
    return store_.memoryBytes() + info_.memoryBytes() + openBytes_ + cells_.capacity() * sizeof(CellQueue) +
           cellOf_.memoryBytes() + bipartite_.memoryBytes() + corral_.memoryBytes() + piCorral_.memoryBytes() +
           moves_.memoryBytes() + roomSkipped_.capacity() * 4 + static_cast<uint64_t>(board_.squareCount()) * 64 +
           (countTables_ ? tables_.memoryBytes() : 0);
  }

  bool start() {
    const auto& boxes = board_.startBoxes();
    for (Square b : boxes) occupied_[b] = 1;
    Square normal = reach_.fill(occupied_, board_.startPlayer());
    Features f = features(boxes);
    for (Square b : boxes) occupied_[b] = 0;
    uint64_t key = zobrist_.boxes(boxes.data(), board_.boxCount()) ^ zobrist_.player(normal);
    NodeStore::Insert r = store_.insert(boxes.data(), normal, key, NodeStore::kNone, 0);
    if (r.full) return false;
    info_.push_back({0, 0, 0});
    if (f.onGoals == board_.boxCount()) solvedIndex_ = r.index;
    enqueue(r.index, f, 0);
    return true;
  }

  uint32_t nearestCost(Square box) const { return static_cast<uint32_t>(std::min(nearest_[box], 1 << 16)); }
  uint32_t estimate(const std::vector<Square>& boxes) const {
    uint32_t h = 0;
    for (Square b : boxes) h += nearestCost(b);
    return h;
  }

  // The position goes into one cell of each feature space: boxes on goals,
  // goals filled in plan order, estimate (in sixteenths and in 32nds of the
  // start's) and hotspots, each beside connectivity. The round robin goes
  // over the cells of all five, and a position is expanded once, from
  // whichever cell comes first. Measured (fess alone, XSokoban at 10 s, both
  // cores busy): the first space alone 65 / 90; with plan order 66 (16
  // gained); with hotspots too 69 (28, 36, 71); with the estimate in
  // sixteenths 71 (31, 85), no level lost along the way; the 32nds as a
  // fifth space solve 23 (4.7 s) and 29 (0.8 s), which nothing had solved
  // in 60 s, and lose 16 and 52 at the 10 s edge (71 either way). Tried and
  // not kept: out of plan as a space (68), hotspots with the estimate
  // instead of connectivity (68), 32nds in place of sixteenths (70),
  // hotspots as a tie-break within cells (67), and moves the goal-room
  // order leaves out reaching the plan-order space only (66).
  void enqueue(uint32_t node, const Features& f, uint32_t weight) {
    const uint32_t inOrder = static_cast<uint32_t>(f.onGoals - f.outOfPlan);
    const uint32_t connectivity = static_cast<uint32_t>(f.connectivity);
    if (spaces_ & kSpaceOnGoals) enqueueIn(cellKey(0, static_cast<uint32_t>(f.onGoals), connectivity), node, weight);
    if (spaces_ & kSpacePlanOrder) enqueueIn(cellKey(1, inOrder, connectivity), node, weight);
    if (spaces_ & kSpaceEstimate16) enqueueIn(cellKey(2, fractionOfStart(f.estimate, 16), connectivity), node, weight);
    if (spaces_ & kSpaceHotspots) enqueueIn(cellKey(3, static_cast<uint32_t>(f.hot), connectivity), node, weight);
    if (spaces_ & kSpaceEstimate32) enqueueIn(cellKey(4, fractionOfStart(f.estimate, 32), connectivity), node, weight);
    if (spaces_ & kSpaceEstimate16Flat) enqueueIn(cellKey(5, fractionOfStart(f.estimate, 16), 0), node, weight);
  }
  // `estimate` in 1/parts of the start's (64-bit: unreachable squares count 2^16 pushes each).
  uint32_t fractionOfStart(uint32_t estimate, uint64_t parts) const {
    return static_cast<uint32_t>(std::min<uint64_t>(estimate * parts / (startEstimate_ + 1ull), 255));
  }
  static uint32_t cellKey(uint32_t space, uint32_t value, uint32_t connectivity) {
    return space << 16 | std::min(value, 255u) << 8 | std::min(connectivity, 255u);
  }
  void enqueueIn(uint32_t cellKey, uint32_t node, uint32_t weight) {
    bool added;
    const uint32_t cell = cellOf_.findOrAdd(cellKey, static_cast<uint32_t>(cells_.size()), added);
    if (added) cells_.emplace_back();
    const int64_t grown = cells_[cell].push(weight, node);
    openBytes_ += grown;
    largestQueueGrowth_ = std::max(largestQueueGrowth_, static_cast<uint64_t>(std::max<int64_t>(grown, 0)));
  }

  // Round robin: the next cell with work, its best position.
  bool nextNode(uint32_t& node) {
    for (size_t tried = 0; tried < cells_.size(); ++tried) {
      CellQueue& c = cells_[cursor_];
      cursor_ = (cursor_ + 1) % cells_.size();
      uint32_t weight, candidate;
      int64_t freed;
      while (c.pop(weight, candidate, freed)) {
        openBytes_ += freed;
        // Stale: expanded already, or queued again since with less weight.
        if (info_[candidate].expanded || weight != info_[candidate].weight) continue;
        node = candidate;
        return true;
      }
      openBytes_ += freed;
    }
    return false;
  }

  // Boxes of `boxes` (any order; `occupied_` marks them) out of plan: on a
  // goal ranked after an empty goal of its group.
  int outOfPlan(const std::vector<Square>& boxes) {
    std::fill(areaMinEmpty_.begin(), areaMinEmpty_.end(), 1 << 30);
    for (Square g : board_.goals())
      if (!occupied_[g]) areaMinEmpty_[plan_.area[g]] = std::min(areaMinEmpty_[plan_.area[g]], plan_.rank[g]);
    int count = 0;
    for (Square b : boxes)
      if (goal_[b] && plan_.rank[b] > areaMinEmpty_[plan_.area[b]]) ++count;
    return count;
  }

  // Features of `boxes` (any order); `occupied_` marks them. Labels their
  // player regions in `regions_` and sets `hotspotTally_` to them.
  Features features(const std::vector<Square>& boxes) {
    Features f;
    for (Square b : boxes) f.onGoals += goal_[b];
    f.outOfPlan = outOfPlan(boxes);
    f.estimate = estimate(boxes);
    hotspotTally_.setPosition(boxes);
    f.hot = hotspotTally_.count();
    f.connectivity = regions_.label(occupied_);
    return f;
  }

  // What every child needs before the store lookup: boxes on goals, the
  // estimate and player regions (the key needs the normalised player);
  // `normal` gets the player's normalised square (the smallest of its
  // region). Follows from the parent's features: player regions by local
  // floods and what the macro push search saw of the player's part.
  // `occupied_` shows the child.
  Features childFeatures(const MacroPush& move, Square& normal) {
    Features f;
    f.onGoals = parentFeatures_.onGoals - goal_[move.from] + goal_[move.to];
    f.estimate = parentFeatures_.estimate - nearestCost(move.from) + nearestCost(move.to);
    const Regions::Child c = regions_.child(occupied_, move.from, move.to, move.player, move.sides, move.smallest);
    f.connectivity = c.count;
    normal = c.normal;
    return f;
  }

  // The rest, only for a child that will be queued (most children were
  // stored already and are dropped): out of plan and hotspots. `child_`
  // (in any order) and `occupied_` show the child.
  void finishFeatures(const MacroPush& move, Features& f) {
    // A move between squares off goals leaves every goal as it was.
    f.outOfPlan = goal_[move.from] || goal_[move.to] ? outOfPlan(child_) : parentFeatures_.outOfPlan;
    f.hot = hotspotTally_.childCount(move.box, move.to);
  }

  bool expand(uint32_t node) {
    const int n = board_.boxCount();
    current_.resize(n);
    store_.boxes(node, current_.data());
    const Square player = store_.player(node);
    info_[node].expanded = 1;
    currentNode_ = node;
    const NodeInfo parentInfo = info_[node];
    depth_ = parentInfo.depth;
    for (Square b : current_) occupied_[b] = 1;
    // Corral searches cost hundreds of positions each, so they run when a
    // position is taken up rather than for every child made: most children
    // are never expanded.
    if (parentInfo.depth > 0) {
      uint32_t move = store_.move(node);
      if (corral_.deadlock(occupied_, player, static_cast<Square>(move & 0xFFFF))) {
        ++prunedCorral_;
        for (Square b : current_) occupied_[b] = 0;
        return true;
      }
    }
    parentFeatures_ = features(current_);
    // The parent's box-goal matching: most children keep it (see evaluate).
    parentMatched_ = !bipartite_.deadlock(current_, &parentGoal_);
    pushes_.clear();
    // With a PI-corral, one of its fence boxes must move first (sound: see
    // pi_corral.h); the other boxes' pushes can wait.
    // Both reuse the regions features() labelled.
    if (piCorral_.find(occupied_, regions_, player))
      moves_.generate(current_, occupied_, regions_, player, pushes_, &piCorral_.fence());
    else
      moves_.generate(current_, occupied_, regions_, player, pushes_);

    // Two passes over the children: the first finds their keys and
    // prefetches their store slots, so that the second's lookups, each a
    // likely cache miss, overlap instead of waiting one by one.
    const uint64_t boxKey = zobrist_.boxes(current_.data(), n);
    candidates_.clear();
    for (const MacroPush& m : pushes_) {
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
    }
    children_.clear();
    for (const Child& c : candidates_) {
      occupied_[c.move.from] = 0;
      occupied_[c.move.to] = 1;
      bool keep = evaluate(c);
      occupied_[c.move.to] = 0;
      occupied_[c.move.from] = 1;
      if (keep && children_.back().features.onGoals == n) {  // solved: only this child matters
        children_.erase(children_.begin(), children_.end() - 1);
        break;
      }
    }
    for (Square b : current_) occupied_[b] = 0;

    // Advisors: the next goal of the plan, the move that joins most regions,
    // and the move of the worst hotspot (or, when it is stuck, of its neighbour).
    // (Measured worse as advisors at weight 0: the move bringing a box
    // nearest the plan's next goal; the move clearing most doorways; the
    // move opening most squares to the player (explorer); the move freeing
    // most room links, with those links as a cell dimension.)
    int packer = -1, connector = -1;
    for (int i = 0; i < static_cast<int>(children_.size()); ++i) {
      const Child& c = children_[i];
      if (goal_[c.move.to] && !goal_[c.move.from] && c.features.outOfPlan <= parentFeatures_.outOfPlan) {
        if (packer < 0 || plan_.rank[c.move.to] < plan_.rank[children_[packer].move.to] ||
            (plan_.rank[c.move.to] == plan_.rank[children_[packer].move.to] &&
             c.move.pushes < children_[packer].move.pushes))
          packer = i;
      }
      if (c.features.connectivity < parentFeatures_.connectivity &&
          (connector < 0 || c.features.connectivity < children_[connector].features.connectivity ||
           (c.features.connectivity == children_[connector].features.connectivity &&
            c.features.estimate < children_[connector].features.estimate)))
        connector = i;
    }
    const int hotspotMover = hotspotAdvice();
    for (int i = 0; i < static_cast<int>(children_.size()); ++i) {
      const Child& c = children_[i];
      // (An extra 1 or 2 for moves packing out of plan order solved Microban
      // I 144 but two XSokoban levels fewer within 50K expansions.)
      const uint32_t weight = parentInfo.weight + ((i == packer || i == connector || i == hotspotMover) ? 0 : 1);
      if (c.existing != NodeStore::kNone) {
        if (weight < info_[c.existing].weight) {
          info_[c.existing].weight = weight;
          enqueue(c.existing, c.features, weight);
        }
        continue;
      }
      child_ = current_;
      child_[c.move.box] = c.move.to;
      resortOne(child_, c.move.box);
      uint32_t move = static_cast<uint32_t>(c.move.from) << 16 | c.move.to;
      NodeStore::Insert r = store_.insert(child_.data(), c.player, c.key, node, move);
      if (r.full) return false;
      if (!r.inserted) continue;
      info_.push_back({weight, static_cast<uint16_t>(std::min(parentInfo.depth + 1, 0xFFFF)), 0});
      bestPacked_ = std::max(bestPacked_, c.features.onGoals);
      if (c.features.onGoals == n || meets(r.index, c.key)) {
        solvedIndex_ = r.index;
        return true;
      }
      enqueue(r.index, c.features, weight);
    }
    return true;
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
      const Features f = features(current_);
      for (Square b : current_) occupied_[b] = 0;
      info_[node].expanded = 0;
      enqueue(node, f, info_[node].weight);
    }
    roomSkipped_.clear();
  }

  // Hotspot advisor: the child taking the box that blocks most others
  // (hotspots.h) where it blocks fewest. Opener: when that box cannot move,
  // the child moving a box next to it. -1 for none.
  int hotspotAdvice() {
    const int n = board_.boxCount();
    int hot = -1, hotScore = kHotspotMin - 1;
    for (int i = 0; i < n; ++i) {
      int s = hotspotTally_.score(i);
      if (s > hotScore) hot = i, hotScore = s;
    }
    if (hot < 0) return -1;
    int best = -1, bestScore = hotScore;
    bool moves = false;
    for (int i = 0; i < static_cast<int>(children_.size()); ++i) {
      const Child& c = children_[i];
      if (c.move.box != hot) continue;
      moves = true;
      int s = hotspotTally_.scoreAt(hot, c.move.to);
      if (s < bestScore || (best >= 0 && s == bestScore && c.features.estimate < children_[best].features.estimate)) best = i, bestScore = s;
    }
    if (moves) return best;
    for (int i = 0; i < static_cast<int>(children_.size()); ++i) {
      const Child& c = children_[i];
      bool next = false;
      for (Direction d : kDirections) next |= board_.neighbor(current_[hot], d) == c.move.from;
      if (next && (best < 0 || c.features.estimate < children_[best].features.estimate)) best = i;
    }
    return best;
  }

  // The child by `m`, with `occupied_` already showing it, checked for
  // local deadlocks; added to candidates_ with its features and key
  // unless pruned (false). Its store slot is prefetched.
  bool prepare(const MacroPush& m, uint64_t parentBoxKey) {
    if (freeze_.pushDeadlock(occupied_, m.to)) {
      ++prunedFreeze_;
      return false;
    }
    if (patterns_.matches(occupied_, m.to)) {
      ++prunedPattern_;
      return false;
    }
    Square normal = m.player;
    const Features f = childFeatures(m, normal);
    uint64_t key = parentBoxKey ^ zobrist_.box(m.from) ^ zobrist_.box(m.to) ^ zobrist_.player(normal);
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
      if (info_[existing].expanded || info_[existing].weight <= info_[currentNode_].weight) return false;
      children_.push_back(c);
      children_.back().existing = existing;
      finishFeatures(m, children_.back().features);
      return true;
    }
    const bool solved = c.features.onGoals == board_.boxCount();
    if (!solved) {
      bool stuckOnGoal = goal_[m.to] && freeze_.pushFrozen(occupied_, m.to);
      const bool keepsMatching = parentMatched_ && bipartite_.reaches(m.to, parentGoal_[m.box]);
      if (stuckOnGoal ? bipartite_.deadlockWithFrozen(child_, occupied_, freeze_)
                      : !keepsMatching && bipartite_.deadlock(child_)) {
        ++prunedBipartite_;
        return false;
      }
    }
    children_.push_back(c);
    finishFeatures(m, children_.back().features);
    return true;
  }

  uint32_t spaces_;  // FessSpace bits
  FessTables& tables_;
  bool countTables_;
  const Board& board_;
  uint64_t budget_;
  Zobrist zobrist_;
  NodeStore store_;
  Reach reach_;
  const std::vector<uint8_t>& dead_;
  std::vector<uint8_t> goal_;
  FreezeCheck freeze_;
  BipartiteCheck bipartite_;
  bool parentMatched_ = false;   // the expanded position has a perfect box-goal matching,
  std::vector<int> parentGoal_;  // [box] this goal for each
  CorralCheck corral_;
  MacroMoves moves_;
  PiCorral piCorral_;
  const PackingPlan& plan_;
  const GoalRoomOrder* roomOrder_;  // until the search runs dry
  std::vector<uint32_t> roomSkipped_;       // nodes whose expansion it cut
  HotspotTally hotspotTally_;  // the expanded position's hotspots
  const std::vector<int>& nearest_;
  const DeadPatterns& patterns_;   // dead pairs and triples, built before the search
  uint64_t prunedPattern_ = 0;
  std::vector<uint8_t> occupied_;  // [square] scratch
  Regions regions_;  // the expanded position's player regions
  std::vector<int> areaMinEmpty_;
  uint32_t startEstimate_ = 0;    // estimate() of the start
  Features parentFeatures_;      // of the expanded position
  std::vector<Square> current_, child_;
  std::vector<MacroPush> pushes_;
  std::vector<Child> candidates_;  // children past the local deadlock checks, before the store lookup
  std::vector<Child> children_;
  BlockArray<NodeInfo> info_;  // [node]
  std::vector<CellQueue> cells_;
  CellIndex cellOf_;  // feature key -> cell
  size_t cursor_ = 0;
  uint32_t currentNode_ = 0;  // the node being expanded
  int64_t openBytes_ = 0;  // held by the cells' queues, in bytes
  uint64_t largestQueueGrowth_ = 0;  // the largest one push has added to openBytes_
  uint32_t solvedIndex_ = NodeStore::kNone;
  uint64_t nodes_ = 0;
  uint64_t prunedFreeze_ = 0, prunedBipartite_ = 0, prunedCorral_ = 0;
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

// Each macro push of the path becomes its single pushes (and the player's
// walks between them, which pushesToLurd finds again). Empty on failure.
std::vector<PushStep> FessSearch::pathPushes(uint32_t index) const {
  std::vector<uint32_t> chain;
  for (uint32_t i = index; i != NodeStore::kNone; i = store_.parent(i)) chain.push_back(i);
  std::reverse(chain.begin(), chain.end());
  MacroMoves moves(board_, dead_);
  std::vector<uint8_t> occupied(board_.squareCount(), 0);
  std::vector<PushStep> pushes;
  const int n = board_.boxCount();
  std::vector<Square> boxes(n);
  for (size_t k = 1; k < chain.size(); ++k) {
    uint32_t parent = chain[k - 1], child = chain[k];
    store_.boxes(parent, boxes.data());
    for (int i = 0; i < n; ++i) occupied[boxes[i]] = 1;
    uint32_t move = store_.move(child);
    auto steps = moves.path(occupied, store_.player(parent), static_cast<Square>(move >> 16),
                            static_cast<Square>(move & 0xFFFF), store_.player(child));
    for (int i = 0; i < n; ++i) occupied[boxes[i]] = 0;
    if (steps.empty()) return {};
    for (const auto& st : steps) pushes.push_back({board_.cellOf(st.box), st.dir});
  }
  return pushes;
}

}  // namespace

std::unique_ptr<Strategy> makeFessSearch(FessTables& tables, uint64_t memoryBudgetBytes, FessVariant variant,
                                         bool countTables) {
  return std::make_unique<FessSearch>(tables, memoryBudgetBytes, variant, countTables);
}

}  // namespace soko
