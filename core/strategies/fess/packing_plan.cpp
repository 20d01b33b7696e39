#include "packing_plan.h"

#include <algorithm>
#include <limits>
#include <string>
#include <tuple>
#include <unordered_set>

#include "analysis/regions.h"
#include "bounds/perfect_matching.h"
#include "box_pulls.h"

namespace soko {
namespace {

// A box of the backward search and the goal it left.
struct Box {
  Square at;
  Square goal;
  int park = -1;      // its open parking record, -1 when not parked
  bool left = false;  // it has left its goal (it may come back while parked)
};

// One run of the backward search, from one region of the solved position.
struct Attempt {
  std::vector<Square> emptied;  // goals in the order their boxes left them
  std::vector<Square> entry;    // [square]
  struct Park {
    Square goal, square;
    int since, until;  // goals emptied when the box came, and when it left
  };
  std::vector<Park> parks;
  std::vector<std::vector<Square>>
      exits;  // per box taken out: the start squares its way out can end on
  int forced = 0;
  bool matched = false;

  // Less is better: fewer boxes without a path, a matching, fewer parking moves.
  auto score() const { return std::tuple(forced, !matched, parks.size()); }
};

}  // namespace

// The backward search for the plan (see packing_plan.h), a piece per step().
class Planner {
 public:
  Planner(const Board& board, uint64_t budget)
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
        if (s == kNoSquare || board.neighbor(t, d) == kNoSquare ||
            exitPulls_[s] <= exitPulls_[t] + 1)
          continue;
        exitPulls_[s] = exitPulls_[t] + 1;
        queue.push_back(s);
      }
  }

  // One piece of the search for the plan; true once plan() is made.
  bool step();
  PackingPlan& plan() { return plan_; }

 private:
  enum class Phase { Start, Exact, Attempts, Done };
  static constexpr size_t kMaxParkNodes = 400;     // positions per parking search
  static constexpr int kMaxSeeds = 4;              // player regions of the solved position tried
  static constexpr uint64_t kExactWork = 250'000;  // for the reverse game proper (see exact())
  static constexpr int kExactBoxes = 64;           // boxes at most for it
  // Past the budget by this much, pull searches stop: the boxes left go out
  // without a path. A search is not cut at the budget itself (it may run on
  // past it: 2.25M steps in all at most on the bundled levels), but on a
  // large board the searches of one parking step add up.
  static constexpr uint64_t kOvershoot = 2'000'000;
  // Steps one search may take (7.2K at most on the bundled levels), so
  // that no piece of the plan runs long.
  static constexpr uint64_t kSearchWork = 1'000'000;

  bool overBudget() const { return pulls_.work() > budget_; }
  bool overExactBudget() const { return pulls_.work() > exactBudget_; }
  void mark(const std::vector<Box>& boxes, uint8_t v) {
    for (const Box& b : boxes) occupied_[b.at] = v;
  }
  void start();
  void exactFrom(Square seed);
  void beginAttempt(Square seed);
  bool attemptStep();
  void listCandidates();
  bool searchCandidate();
  void chooseStartSquareBox();
  void forceOut();
  bool deferSeed();
  void endAttempt();
  void finish();
  bool exact(Attempt& a, std::vector<Box>& boxes, std::vector<uint8_t>& stay, Square player);
  void takeOut(Attempt& a, std::vector<Box>& boxes, size_t i, const BoxPulls::Reached& hit,
               Square& player);
  bool park(Attempt& a, std::vector<Box>& boxes, Square& player);
  bool pullableInRegion(Square at) const;
  bool someBoxGoesOut(const std::vector<Box>& boxes, Square player);
  bool match(Attempt& a) const;

  const Board& board_;
  const int n_;
  const uint64_t budget_;
  BoxPulls pulls_;
  std::vector<uint8_t> occupied_;  // [square] the boxes of the position at hand
  std::vector<uint8_t> start_;     // [square] a box starts there
  std::vector<Square> pullable_;   // someBoxGoesOut()'s boxes to search
  std::vector<int> depth_;
  std::vector<int> exitPulls_;  // [square] pulls to the nearest start square, alone on the board
  uint64_t exactBudget_ = 0;
  std::unordered_set<std::string> exactSeen_;

  // Where step() is: the phase, the seed it works from, the best attempt yet.
  Phase phase_ = Phase::Start;
  PackingPlan plan_;
  std::vector<std::pair<int, Square>>
      seeds_;  // (-size, least square) of the solved position's regions, largest first
  size_t seed_ = 0;
  size_t deferred_ = 0;  // seeds put back behind the others (deferSeed)
  Attempt best_;
  bool have_ = false;
  // The attempt under way (attemptStep takes one box out per call).
  Attempt current_;
  std::vector<Box> boxes_;
  Square player_ = kNoSquare;
  // The choice of the next box to take out, a search per piece.
  bool choosing_ = false;
  std::vector<std::tuple<bool, int, size_t>> candidates_;  // (on its goal, pulls at least, box)
  size_t candidate_ = 0;                                   // the next to search
  int chosen_ = -1;                                        // the box chosen so far, -1 none
  BoxPulls::Reached chosenHit_{};
};

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

// Nothing can go out: searches, breadth first, for the fewest pulls of boxes
// to other squares (parking) after which one can. Applies them and returns
// true when found.
bool Planner::park(Attempt& a, std::vector<Box>& boxes, Square& player) {
  struct Node {
    std::vector<Box> boxes;
    Square player;
    int parent;
    size_t moved;  // index of the box pulled to get here
    Square first;  // where its first pull took it
  };
  std::vector<Node> nodes;
  std::unordered_set<std::string> seen;
  auto key = [&](const std::vector<Box>& bs, Square normal) {
    std::string k;
    std::vector<Square> sq;
    for (const Box& b : bs) sq.push_back(b.at);
    std::sort(sq.begin(), sq.end());
    sq.push_back(normal);
    k.assign(reinterpret_cast<const char*>(sq.data()), sq.size() * sizeof(Square));
    return k;
  };
  auto normal = [&](Square p) {
    pulls_.charge(n_ + boxes.size());  // the scan below and the key
    const auto& m = pulls_.flood(occupied_, p);
    for (int s = 0; s < n_; ++s)
      if (m[s] == pulls_.floodStamp()) return static_cast<Square>(s);
    return p;
  };
  nodes.push_back({boxes, player, -1, 0, kNoSquare});
  mark(boxes, 1);
  seen.insert(key(boxes, normal(player)));
  mark(boxes, 0);
  int found = -1;
  std::vector<BoxPulls::Reached> all;
  std::vector<uint8_t> canPull;
  for (size_t h = 0; h < nodes.size() && found < 0 && nodes.size() < kMaxParkNodes && !overBudget();
       ++h) {
    const std::vector<Box> here = nodes[h].boxes;
    const Square herePlayer = nodes[h].player;
    mark(here, 1);
    normal(herePlayer);  // floods the player's region, for pullableInRegion()
    canPull.clear();
    for (const Box& b : here) canPull.push_back(pullableInRegion(b.at));
    bool regionFlooded = true;  // until a child's is flooded
    for (size_t i = 0; i < here.size() && found < 0; ++i) {
      if (!canPull[i]) continue;
      all.clear();
      pulls_.collect(occupied_, here[i].at, herePlayer, all, {.regionFlooded = regionFlooded});
      for (const auto& r : all) {
        if (r.to == here[i].at) continue;
        regionFlooded = false;
        occupied_[here[i].at] = 0;
        occupied_[r.to] = 1;
        std::vector<Box> child = here;
        child[i].at = r.to;
        bool fresh = seen.insert(key(child, normal(r.player))).second;
        bool out = false;
        if (fresh) out = someBoxGoesOut(child, r.player);
        occupied_[r.to] = 0;
        occupied_[here[i].at] = 1;
        if (!fresh) continue;
        Square first = here[i].left ? kNoSquare : r.first;
        nodes.push_back({std::move(child), r.player, static_cast<int>(h), i, first});
        if (out) {
          found = static_cast<int>(nodes.size()) - 1;
          break;
        }
        if (nodes.size() >= kMaxParkNodes || overBudget()) break;
      }
    }
    mark(here, 0);
  }
  if (found < 0) return false;
  std::vector<int> chain;
  for (int k = found; k > 0; k = nodes[k].parent) chain.push_back(k);
  std::reverse(chain.begin(), chain.end());
  for (int k : chain) {
    const Node& node = nodes[k];
    Box& b = boxes[node.moved];
    if (!b.left) {
      a.emptied.push_back(b.goal);
      a.entry[b.goal] = node.first;
      b.left = true;
    }
    if (b.park >= 0) a.parks[b.park].until = static_cast<int>(a.emptied.size());
    b.at = node.boxes[node.moved].at;
    b.park = static_cast<int>(a.parks.size());
    a.parks.push_back({b.goal, b.at, static_cast<int>(a.emptied.size()), -1});
    player = node.player;
  }
  return true;
}

// The reverse game itself, one box at a time: each box taken out stays on
// the start square it reached, in the way of the boxes after it, until every
// start square holds one and the player can walk to where it starts. Depth
// first over which box goes next and where, within `exactBudget_`. On
// success `a` holds the order, and playing it backwards solves the level.
bool Planner::exact(Attempt& a, std::vector<Box>& boxes, std::vector<uint8_t>& stay,
                    Square player) {
  auto markAll = [&] {
    std::fill(occupied_.begin(), occupied_.end(), 0);
    for (const Box& b : boxes) occupied_[b.at] = 1;
    for (int s = 0; s < n_; ++s) occupied_[s] |= stay[s];
  };
  markAll();
  pulls_.charge(3 * static_cast<uint64_t>(n_));  // marking, the key, the scan for `normal`
  const auto& reach = pulls_.flood(occupied_, player);
  if (boxes.empty()) return reach[board_.startPlayer()] == pulls_.floodStamp();
  if (overExactBudget()) return false;
  Square normal = player;
  for (int s = 0; s < n_; ++s)
    if (reach[s] == pulls_.floodStamp()) {
      normal = static_cast<Square>(s);
      break;
    }
  std::string key;
  for (int s = 0; s < n_; ++s) key.push_back(static_cast<char>(occupied_[s] | (stay[s] << 1)));
  key.append(reinterpret_cast<const char*>(&normal), sizeof(normal));
  if (!exactSeen_.insert(std::move(key)).second) return false;
  struct Candidate {
    bool stays;  // the box is on a start square already
    uint16_t pulls;
    int depth;
    size_t box;
    BoxPulls::Reached r;
  };
  std::vector<Candidate> candidates;
  std::vector<BoxPulls::Reached> all;
  for (size_t i = 0; i < boxes.size(); ++i) {
    const Box b = boxes[i];
    if (start_[b.at])
      candidates.push_back({true, 0, depth_[b.goal], i, {b.at, player, 0, kNoSquare}});
    all.clear();
    pulls_.collect(occupied_, b.at, player, all);
    for (const auto& r : all)
      if (r.to != b.at && start_[r.to])
        candidates.push_back({false, r.pulls, depth_[b.goal], i, r});
  }
  std::stable_sort(
      candidates.begin(), candidates.end(), [](const Candidate& x, const Candidate& y) {
        return std::tuple(x.stays, x.pulls, x.depth) < std::tuple(y.stays, y.pulls, y.depth);
      });
  for (const Candidate& c : candidates) {
    const Box b = boxes[c.box];
    a.emptied.push_back(b.goal);
    a.entry[b.goal] = c.r.first;
    stay[c.r.to] = 1;
    boxes.erase(boxes.begin() + static_cast<long>(c.box));
    if (exact(a, boxes, stay, c.stays ? player : c.r.player)) return true;
    boxes.insert(boxes.begin() + static_cast<long>(c.box), b);
    stay[c.r.to] = 0;
    a.entry[b.goal] = kNoSquare;
    a.emptied.pop_back();
    if (overExactBudget()) return false;
  }
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
