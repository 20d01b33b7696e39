#include "packing_plan.h"

#include <algorithm>
#include <limits>
#include <string>
#include <tuple>
#include <unordered_set>

#include "analysis/regions.h"
#include "bounds/perfect_matching.h"
#include "box_pulls.h"
#include "packing_planner.h"

namespace soko {

Planner::Planner(const Board& board, uint64_t budget)
    : board_(board),
      n_(board.squareCount()),
      budget_(budget),
      pulls_(board),
      occupied_(n_, 0),
      start_(n_, 0) {
  pulls_.setWorkLimit(budget + kOvershoot, kSearchWork);
  for (Square s : board.startBoxes()) start_[s] = 1;
  // Distance from the nearest square off goal, walking on the empty board:
  // how deep a goal lies inside its group.
  depth_.assign(n_, std::numeric_limits<int>::max());
  std::vector<Square> queue;
  for (int s = 0; s < n_; ++s)
    if (!board.isGoal(static_cast<Square>(s)))
      depth_[s] = 0, queue.push_back(static_cast<Square>(s));
  for (size_t h = 0; h < queue.size(); ++h)
    for (Direction d : kDirections) {
      Square t = board.neighbor(queue[h], d);
      if (t != kNoSquare && depth_[t] > depth_[queue[h]] + 1)
        depth_[t] = depth_[queue[h]] + 1, queue.push_back(t);
    }
  // Pulls from each square to the nearest start square on the empty
  // board: a box pulled onto t from s needs the square beyond t for the player.
  exitPulls_.assign(n_, kFar);
  queue.clear();
  for (Square s : board.startBoxes()) exitPulls_[s] = 0, queue.push_back(s);
  for (size_t h = 0; h < queue.size(); ++h)
    for (Direction d : kDirections) {
      Square t = queue[h], s = board.neighbor(t, opposite(d));
      if (s == kNoSquare || board.neighbor(t, d) == kNoSquare || exitPulls_[s] <= exitPulls_[t] + 1)
        continue;
      exitPulls_[s] = exitPulls_[t] + 1;
      queue.push_back(s);
    }
}

void Planner::beginAttempt(Square seed) {
  current_ = Attempt{};
  current_.entry.assign(n_, kNoSquare);
  boxes_.clear();
  for (Square g : board_.goals()) boxes_.push_back({g, g});
  player_ = seed;
}

// One piece of an attempt: listing the boxes that may go out, one box's
// search, or taking the chosen box out (or parking some, or forcing one
// out). True once no box is left.
bool Planner::attemptStep() {
  if (boxes_.empty()) return true;
  if (!choosing_) {
    listCandidates();
    return false;
  }
  if (searchCandidate()) return false;
  choosing_ = false;
  if (chosen_ < 0) chooseStartSquareBox();
  if (chosen_ < 0 && deferSeed()) return false;
  if (chosen_ >= 0) {
    takeOut(current_, boxes_, chosen_, chosenHit_, player_);
    return boxes_.empty();
  }
  mark(boxes_, 0);
  if (!overBudget() && park(current_, boxes_, player_)) return boxes_.empty();
  forceOut();
  return boxes_.empty();
}

// The boxes with a way out may go, the fewest pulls first; boxes already
// parked before any (taking them out does not change the order). They come
// by their pulls out on an empty board, a lower bound: the searches stop
// once no box can beat the best found (past the budget, the first box found
// will do).
void Planner::listCandidates() {
  mark(boxes_, 1);
  chosen_ = -1;
  chosenHit_ = {};
  candidates_.clear();
  for (size_t i = 0; i < boxes_.size(); ++i)
    if (!start_[boxes_[i].at] && exitPulls_[boxes_[i].at] < kFar)
      candidates_.push_back({!boxes_[i].left, exitPulls_[boxes_[i].at], i});
  std::sort(candidates_.begin(), candidates_.end());
  pulls_.charge(candidates_.size());
  candidate_ = 0;
  choosing_ = true;
}

// The next candidate's search; false once none is left that could beat the best.
bool Planner::searchCandidate() {
  if (candidate_ == candidates_.size()) return false;
  const auto [onGoal, bound, i] = candidates_[candidate_++];
  const std::vector<Box>& boxes = boxes_;
  if (chosen_ >= 0 && (onGoal > !boxes[chosen_].left || bound > chosenHit_.pulls || overBudget())) {
    candidate_ = candidates_.size();
    return false;
  }
  BoxPulls::Reached hit;
  uint16_t cap = chosen_ >= 0 ? chosenHit_.pulls : 0xFFFF;
  if (!pulls_.mayReach(occupied_, boxes[i].at, start_) ||
      !pulls_.reach(occupied_, boxes[i].at, player_, start_, &hit, {.maxPulls = cap}))
    return true;
  auto key = [&](size_t k, const BoxPulls::Reached& h) {
    return std::tuple(!boxes[k].left, h.pulls, depth_[boxes[k].goal], boxes[k].goal);
  };
  if (chosen_ < 0 || key(i, hit) < key(chosen_, chosenHit_))
    chosen_ = static_cast<int>(i), chosenHit_ = hit;
  return true;
}

// No box can go out by pulls: a box standing where a box starts (on its
// goal, say) never has to move, so it goes as late as possible and ranks first.
void Planner::chooseStartSquareBox() {
  const std::vector<Box>& boxes = boxes_;
  for (size_t i = 0; i < boxes.size(); ++i)
    if (start_[boxes[i].at] && (chosen_ < 0 || depth_[boxes[i].goal] < depth_[boxes[chosen_].goal]))
      chosen_ = static_cast<int>(i), chosenHit_ = {boxes[i].at, player_, 0, kNoSquare};
}

// Stuck: a box goes without a path; a parked one if any, else the shallowest.
void Planner::forceOut() {
  Attempt& a = current_;
  std::vector<Box>& boxes = boxes_;
  int best = -1;
  for (size_t i = 0; i < boxes.size(); ++i) {
    auto key = [&](size_t k) {
      return std::tuple(!boxes[k].left, depth_[boxes[k].goal], boxes[k].goal);
    };
    if (best < 0 || key(i) < key(best)) best = static_cast<int>(i);
  }
  ++a.forced;
  Box b = boxes[best];
  if (!b.left) a.emptied.push_back(b.goal);
  if (b.park >= 0) a.parks[b.park].until = static_cast<int>(a.emptied.size());
  a.exits.emplace_back();
  boxes.erase(boxes.begin() + best);
}

// Nothing can go out at the very start of an attempt: the player's region
// is shut off from the boxes' way out (a goal room full between them), so
// the attempt would go on parking and forcing boxes out. Its seed waits
// behind the seeds not yet tried, once; the attempt is dropped.
bool Planner::deferSeed() {
  if (current_.emptied.size() + current_.forced != 0 || seed_ + deferred_ >= seeds_.size())
    return false;
  const auto seed = seeds_[--seed_];
  seeds_.erase(seeds_.begin() + static_cast<long>(seed_));
  seeds_.push_back(seed);
  ++deferred_;
  mark(boxes_, 0);
  boxes_.clear();
  return true;
}

void Planner::endAttempt() { current_.matched = current_.forced == 0 && match(current_); }

// Box `i` leaves for good along `hit`; `occupied_` marks `boxes` and is cleared.
void Planner::takeOut(Attempt& a, std::vector<Box>& boxes, size_t i, const BoxPulls::Reached& hit,
                      Square& player) {
  const Box b = boxes[i];
  if (!b.left) {
    a.emptied.push_back(b.goal);
    a.entry[b.goal] = hit.first;
  }
  if (b.park >= 0) a.parks[b.park].until = static_cast<int>(a.emptied.size());
  // Every start square this box could have come from, for the matching.
  std::vector<Square> exits;
  if (start_[b.at]) exits.push_back(b.at);
  if (!overBudget()) {
    std::vector<BoxPulls::Reached> all;
    pulls_.collect(occupied_, b.at, player, all);
    for (const auto& r : all)
      if (start_[r.to] && r.to != b.at) exits.push_back(r.to);
  } else if (hit.to != b.at) {
    exits.push_back(hit.to);
  }
  std::sort(exits.begin(), exits.end());
  exits.erase(std::unique(exits.begin(), exits.end()), exits.end());
  a.exits.push_back(std::move(exits));
  mark(boxes, 0);
  player = hit.player;
  boxes.erase(boxes.begin() + static_cast<long>(i));
}

// Whether the player, in the region the pulls last flooded, can pull the
// box on `at` at all: a side of it in the region with a free square beyond.
// Any other box's pull search finds nothing.
bool Planner::pullableInRegion(Square at) const {
  for (Direction d : kDirections) {
    const Square p = board_.neighbor(at, d);
    if (p == kNoSquare || !pulls_.flooded(p)) continue;
    const Square u = board_.neighbor(p, d);
    if (u != kNoSquare && !occupied_[u]) return true;
  }
  return false;
}

// Whether a box of `boxes` (marked in occupied_, the player's region just
// flooded from `player`) can now be taken out: one on a start square is out already.
bool Planner::someBoxGoesOut(const std::vector<Box>& boxes, Square player) {
  pullable_.clear();
  for (const Box& b : boxes) {
    if (start_[b.at]) return true;
    if (pullableInRegion(b.at)) pullable_.push_back(b.at);
  }
  for (Square at : pullable_)
    if (pulls_.mayReach(occupied_, at, start_) &&
        pulls_.reach(occupied_, at, player, start_, nullptr, {.regionFlooded = true}))
      return true;
  return false;
}

// Whether the boxes taken out can each have come from a start square of
// their own.
bool Planner::match(Attempt& a) const {
  return a.exits.size() == board_.startBoxes().size() && hasPerfectMatching(a.exits, n_);
}

// Goal groups, and the regions of the solved position the player may end in.
void Planner::start() {
  PackingPlan& plan = plan_;
  plan.rank.assign(n_, -1);
  plan.area.assign(n_, -1);
  plan.parkingSquare.assign(n_, 0);
  int areas = 0;
  for (Square g : board_.goals()) {
    if (plan.area[g] >= 0) continue;
    std::vector<Square> stack{g};
    plan.area[g] = areas;
    while (!stack.empty()) {
      Square s = stack.back();
      stack.pop_back();
      for (Direction d : kDirections) {
        Square t = board_.neighbor(s, d);
        if (t != kNoSquare && board_.isGoal(t) && plan.area[t] < 0)
          plan.area[t] = areas, stack.push_back(t);
      }
    }
    ++areas;
  }
  // The regions of the solved position, largest first: where the player may
  // end. One labelling (a flood per region with a scan of the board each
  // would cost regions x squares); the work charged is the squares flooded.
  std::vector<uint8_t> goals(n_, 0);
  for (Square g : board_.goals()) goals[g] = 1;
  Regions regions(board_);
  std::vector<int> size(regions.label(goals), 0);
  for (int s = 0; s < n_; ++s)
    if (!goals[s]) ++size[regions.regionOf(static_cast<Square>(s))];
  for (int r = 0; r < regions.count(); ++r) {
    pulls_.charge(size[r]);
    seeds_.push_back({-size[r], kNoSquare});
  }
  for (int s = n_ - 1; s >= 0; --s)
    if (!goals[s]) seeds_[regions.regionOf(static_cast<Square>(s))].second = static_cast<Square>(s);
  std::sort(seeds_.begin(), seeds_.end());
  if (seeds_.size() > kMaxSeeds) seeds_.resize(kMaxSeeds);
  // First the reverse game proper, on a share of the budget (it recurses
  // once per box: not for many boxes, which it would hardly solve anyway,
  // keeping the stack small for the WebAssembly build).
  const bool exactFits = board_.boxCount() == static_cast<int>(board_.goals().size()) &&
                         board_.boxCount() <= kExactBoxes;
  if (exactFits) exactBudget_ = std::min<uint64_t>(budget_ / 4, kExactWork);
  phase_ = exactFits && !seeds_.empty() ? Phase::Exact : Phase::Attempts;
}

// The reverse game proper from one region of the solved position.
void Planner::exactFrom(Square seed) {
  Attempt a;
  a.entry.assign(n_, kNoSquare);
  std::vector<Box> boxes;
  for (Square g : board_.goals()) boxes.push_back({g, g});
  std::vector<uint8_t> stay(n_, 0);
  bool ok = exact(a, boxes, stay, seed);
  std::fill(occupied_.begin(), occupied_.end(), 0);
  if (ok) {
    a.matched = true;
    best_ = std::move(a);
    have_ = plan_.proven = true;
  }
}

bool Planner::step() {
  static const auto perfect = std::tuple(0, false, size_t{0});
  switch (phase_) {
    case Phase::Start:
      start();
      return false;
    case Phase::Exact:
      exactFrom(seeds_[seed_++].second);
      if (have_ || overExactBudget() || seed_ == seeds_.size()) {
        exactSeen_.clear();
        phase_ = Phase::Attempts;
        seed_ = 0;
      }
      return false;
    case Phase::Attempts:
      if (boxes_.empty()) {  // between attempts
        if (seed_ == seeds_.size() || (have_ && (best_.score() == perfect || overBudget()))) {
          finish();
          return true;
        }
        beginAttempt(seeds_[seed_++].second);
      }
      if (!attemptStep()) return false;
      endAttempt();
      if (!have_ || current_.score() < best_.score()) best_ = std::move(current_), have_ = true;
      if (best_.score() == perfect) seed_ = seeds_.size();
      return false;
    case Phase::Done:
      return true;
  }
  return true;
}

void Planner::finish() {
  PackingPlan& plan = plan_;
  Attempt& best = best_;
  const int goals = static_cast<int>(board_.goals().size());
  if (!have_) {  // no square off goal: any order
    best.emptied = board_.goals();
    best.entry.assign(n_, kNoSquare);
    best.forced = goals;
  }
  plan.order.assign(best.emptied.rbegin(), best.emptied.rend());
  for (int i = 0; i < goals; ++i) plan.rank[plan.order[i]] = i;
  plan.entry = std::move(best.entry);
  for (const auto& p : best.parks) {
    int firstRank = goals - p.until, lastRank = goals - 1 - p.since;
    if (firstRank > lastRank) continue;  // nothing filled while it waited
    plan.parking.push_back({p.goal, p.square, firstRank, lastRank});
    plan.parkingSquare[p.square] = 1;
  }
  std::reverse(plan.parking.begin(), plan.parking.end());
  plan.forced = best.forced;
  plan.clean = best.forced == 0;
  plan.complete = best.matched;
  plan.work = pulls_.work();
  phase_ = Phase::Done;
}

PackingPlanner::PackingPlanner(const Board& board, uint64_t work) : board_(board), work_(work) {}
PackingPlanner::~PackingPlanner() = default;

bool PackingPlanner::step() {
  if (!planner_) {  // its tables, a few passes over the board
    planner_ = std::make_unique<Planner>(board_, work_);
    return false;
  }
  return planner_->step();
}

PackingPlan& PackingPlanner::plan() { return planner_->plan(); }

PackingPlan makePackingPlan(const Board& board, uint64_t work) {
  PackingPlanner planner(board, work);
  while (!planner.step()) {
  }
  return std::move(planner.plan());
}

}  // namespace soko
