#include "packing_plan.h"

#include <algorithm>
#include <limits>
#include <string>
#include <tuple>
#include <unordered_set>

#include "box_pulls.h"

namespace soko {
namespace {

// A box of the backward search and the goal it left.
struct Box {
  Square at;
  Square goal;
  int park = -1;     // its open parking record, -1 when not parked
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
  std::vector<std::vector<Square>> exits;  // per box taken out: the start squares its way out can end on
  int forced = 0;
  bool matched = false;

  // Less is better: fewer boxes without a path, a matching, fewer parking moves.
  auto score() const { return std::tuple(forced, !matched, parks.size()); }
};

class Planner {
 public:
  Planner(const Board& board, uint64_t budget)
      : board_(board), n_(board.squareCount()), budget_(budget), pulls_(board), occupied_(n_, 0), start_(n_, 0) {
    for (Square s : board.startBoxes()) start_[s] = 1;
    // Distance from the nearest square off goal, walking on the empty board:
    // how deep a goal lies inside its group.
    depth_.assign(n_, std::numeric_limits<int>::max());
    std::vector<Square> queue;
    for (int s = 0; s < n_; ++s)
      if (!board.isGoal(static_cast<Square>(s))) depth_[s] = 0, queue.push_back(static_cast<Square>(s));
    for (size_t h = 0; h < queue.size(); ++h)
      for (Direction d : kDirections) {
        Square t = board.neighbor(queue[h], d);
        if (t != kNoSquare && depth_[t] > depth_[queue[h]] + 1) depth_[t] = depth_[queue[h]] + 1, queue.push_back(t);
      }
    // Pulls from each square to the nearest start square on the empty
    // board: a box pulled onto t from s needs the square beyond t for the player.
    exitPulls_.assign(n_, kFar);
    queue.clear();
    for (Square s : board.startBoxes()) exitPulls_[s] = 0, queue.push_back(s);
    for (size_t h = 0; h < queue.size(); ++h)
      for (Direction d : kDirections) {
        Square t = queue[h], s = board.neighbor(t, opposite(d));
        if (s == kNoSquare || board.neighbor(t, d) == kNoSquare || exitPulls_[s] <= exitPulls_[t] + 1) continue;
        exitPulls_[s] = exitPulls_[t] + 1;
        queue.push_back(s);
      }
  }

  PackingPlan run();

 private:
  static constexpr size_t kMaxParkNodes = 400;  // positions per parking search
  static constexpr int kMaxSeeds = 4;           // player regions of the solved position tried
  static constexpr uint64_t kExactWork = 250'000;  // for the reverse game proper (see exact())
  static constexpr int kExactBoxes = 64;            // boxes at most for it

  bool overBudget() const { return pulls_.work() > budget_; }
  bool overExactBudget() const { return pulls_.work() > exactBudget_; }
  void mark(const std::vector<Box>& boxes, uint8_t v) {
    for (const Box& b : boxes) occupied_[b.at] = v;
  }
  Attempt attempt(Square seed);
  bool exact(Attempt& a, std::vector<Box>& boxes, std::vector<uint8_t>& stay, Square player);
  void takeOut(Attempt& a, std::vector<Box>& boxes, size_t i, const BoxPulls::Reached& hit, Square& player);
  bool park(Attempt& a, std::vector<Box>& boxes, Square& player);
  bool match(Attempt& a) const;

  const Board& board_;
  const int n_;
  const uint64_t budget_;
  BoxPulls pulls_;
  std::vector<uint8_t> occupied_;  // [square] the boxes of the position at hand
  std::vector<uint8_t> start_;     // [square] a box starts there
  std::vector<int> depth_;
  std::vector<int> exitPulls_;  // [square] pulls to the nearest start square, alone on the board
  uint64_t exactBudget_ = 0;
  std::unordered_set<std::string> exactSeen_;
};

Attempt Planner::attempt(Square seed) {
  Attempt a;
  a.entry.assign(n_, kNoSquare);
  std::vector<Box> boxes;
  for (Square g : board_.goals()) boxes.push_back({g, g});
  Square player = seed;
  std::vector<std::tuple<bool, int, size_t>> candidates;  // (on its goal, pulls at least, box)
  while (!boxes.empty()) {
    mark(boxes, 1);
    // A box with a way out, the fewest pulls first; boxes already parked
    // before any (taking them out does not change the order).
    int best = -1;
    BoxPulls::Reached bestHit{};
    // Boxes by their pulls out on an empty board, a lower bound: the
    // searches stop once no box can beat the best found (past the budget,
    // the first box found will do).
    candidates.clear();
    for (size_t i = 0; i < boxes.size(); ++i)
      if (!start_[boxes[i].at] && exitPulls_[boxes[i].at] < kFar)
        candidates.push_back({!boxes[i].left, exitPulls_[boxes[i].at], i});
    std::sort(candidates.begin(), candidates.end());
    pulls_.charge(candidates.size());
    for (const auto& [onGoal, bound, i] : candidates) {
      if (best >= 0 && (onGoal > !boxes[best].left || bound > bestHit.pulls || overBudget())) break;
      BoxPulls::Reached hit;
      uint16_t cap = best >= 0 ? bestHit.pulls : 0xFFFF;
      if (!pulls_.search(occupied_, boxes[i].at, player, &start_, &hit, nullptr, cap)) continue;
      auto key = [&](size_t k, const BoxPulls::Reached& h) {
        return std::tuple(!boxes[k].left, h.pulls, depth_[boxes[k].goal], boxes[k].goal);
      };
      if (best < 0 || key(i, hit) < key(best, bestHit)) best = static_cast<int>(i), bestHit = hit;
    }
    // Else a box standing where a box starts (on its goal, say): it never
    // has to move, so it goes as late as possible and ranks first.
    if (best < 0)
      for (size_t i = 0; i < boxes.size(); ++i)
        if (start_[boxes[i].at] &&
            (best < 0 || depth_[boxes[i].goal] < depth_[boxes[best].goal]))
          best = static_cast<int>(i), bestHit = {boxes[i].at, player, 0, kNoSquare};
    if (best >= 0) {
      takeOut(a, boxes, best, bestHit, player);
      continue;
    }
    mark(boxes, 0);
    if (!overBudget() && park(a, boxes, player)) continue;
    // Stuck: a box goes without a path; a parked one if any, else the shallowest.
    for (size_t i = 0; i < boxes.size(); ++i) {
      auto key = [&](size_t k) { return std::tuple(!boxes[k].left, depth_[boxes[k].goal], boxes[k].goal); };
      if (best < 0 || key(i) < key(best)) best = static_cast<int>(i);
    }
    ++a.forced;
    Box b = boxes[best];
    if (!b.left) a.emptied.push_back(b.goal);
    if (b.park >= 0) a.parks[b.park].until = static_cast<int>(a.emptied.size());
    a.exits.emplace_back();
    boxes.erase(boxes.begin() + best);
  }
  a.matched = a.forced == 0 && match(a);
  return a;
}

// Box `i` leaves for good along `hit`; `occupied_` marks `boxes` and is cleared.
void Planner::takeOut(Attempt& a, std::vector<Box>& boxes, size_t i, const BoxPulls::Reached& hit, Square& player) {
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
    pulls_.search(occupied_, b.at, player, nullptr, nullptr, &all);
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
  for (size_t h = 0; h < nodes.size() && found < 0 && nodes.size() < kMaxParkNodes && !overBudget(); ++h) {
    const std::vector<Box> here = nodes[h].boxes;
    const Square herePlayer = nodes[h].player;
    mark(here, 1);
    for (size_t i = 0; i < here.size() && found < 0; ++i) {
      all.clear();
      pulls_.search(occupied_, here[i].at, herePlayer, nullptr, nullptr, &all);
      for (const auto& r : all) {
        if (r.to == here[i].at) continue;
        occupied_[here[i].at] = 0;
        occupied_[r.to] = 1;
        std::vector<Box> child = here;
        child[i].at = r.to;
        bool fresh = seen.insert(key(child, normal(r.player))).second;
        bool out = false;
        if (fresh)
          for (const Box& b : child)
            if (pulls_.search(occupied_, b.at, r.player, &start_, nullptr, nullptr)) {
              out = true;
              break;
            }
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
bool Planner::exact(Attempt& a, std::vector<Box>& boxes, std::vector<uint8_t>& stay, Square player) {
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
    if (start_[b.at]) candidates.push_back({true, 0, depth_[b.goal], i, {b.at, player, 0, kNoSquare}});
    all.clear();
    pulls_.search(occupied_, b.at, player, nullptr, nullptr, &all);
    for (const auto& r : all)
      if (r.to != b.at && start_[r.to]) candidates.push_back({false, r.pulls, depth_[b.goal], i, r});
  }
  std::stable_sort(candidates.begin(), candidates.end(), [](const Candidate& x, const Candidate& y) {
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
// their own (Kuhn's augmenting paths).
bool Planner::match(Attempt& a) const {
  if (a.exits.size() != board_.startBoxes().size()) return false;
  std::vector<int> owner(n_, -1);  // [start square] the box matched to it
  std::vector<int> visited(n_, -1);
  auto augment = [&](auto&& self, int box, int round) -> bool {
    for (Square s : a.exits[box]) {
      if (visited[s] == round) continue;
      visited[s] = round;
      if (owner[s] < 0 || self(self, owner[s], round)) {
        owner[s] = box;
        return true;
      }
    }
    return false;
  };
  for (int box = 0; box < static_cast<int>(a.exits.size()); ++box)
    if (!augment(augment, box, box)) return false;
  return true;
}

PackingPlan Planner::run() {
  PackingPlan plan;
  plan.rank.assign(n_, -1);
  plan.area.assign(n_, -1);
  plan.parkingSquare.assign(n_, 0);
  // Goal groups.
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
        if (t != kNoSquare && board_.isGoal(t) && plan.area[t] < 0) plan.area[t] = areas, stack.push_back(t);
      }
    }
    ++areas;
  }
  // The regions of the solved position, largest first: where the player may end.
  std::vector<std::pair<int, Square>> seeds;
  for (Square g : board_.goals()) occupied_[g] = 1;
  std::vector<uint8_t> done(n_, 0);
  for (int s = 0; s < n_; ++s) {
    if (occupied_[s] || done[s]) continue;
    const auto& m = pulls_.flood(occupied_, static_cast<Square>(s));
    int size = 0;
    for (int t = 0; t < n_; ++t)
      if (m[t] == pulls_.floodStamp()) done[t] = 1, ++size;
    seeds.push_back({-size, static_cast<Square>(s)});
  }
  for (Square g : board_.goals()) occupied_[g] = 0;
  std::sort(seeds.begin(), seeds.end());
  if (seeds.size() > kMaxSeeds) seeds.resize(kMaxSeeds);

  Attempt best;
  bool have = false;
  // First the reverse game proper, on a share of the budget (it recurses
  // once per box: not for many boxes, which it would hardly solve anyway,
  // keeping the stack small for the WebAssembly build).
  if (board_.boxCount() == static_cast<int>(board_.goals().size()) && board_.boxCount() <= kExactBoxes) {
    exactBudget_ = std::min<uint64_t>(budget_ / 8, kExactWork);
    for (const auto& [size, seed] : seeds) {
      Attempt a;
      a.entry.assign(n_, kNoSquare);
      std::vector<Box> boxes;
      for (Square g : board_.goals()) boxes.push_back({g, g});
      std::vector<uint8_t> stay(n_, 0);
      bool ok = exact(a, boxes, stay, seed);
      std::fill(occupied_.begin(), occupied_.end(), 0);
      if (ok) {
        a.matched = true;
        best = std::move(a);
        have = plan.proven = true;
        break;
      }
      if (overExactBudget()) break;
    }
    exactSeen_.clear();
  }
  for (const auto& [size, seed] : seeds) {
    if (have && best.score() == std::tuple(0, false, size_t{0})) break;
    if (have && overBudget()) break;
    Attempt a = attempt(seed);
    if (!have || a.score() < best.score()) best = std::move(a), have = true;
    if (best.score() == std::tuple(0, false, size_t{0})) break;
  }
  const int goals = static_cast<int>(board_.goals().size());
  if (!have) {  // no square off goal: any order
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
  return plan;
}

}  // namespace

PackingPlan makePackingPlan(const Board& board, uint64_t work) { return Planner(board, work).run(); }

std::vector<int> nearestGoalPushes(const Board& board) {
  const int n = board.squareCount();
  std::vector<int> dist(n, kFar);
  std::vector<Square> queue;
  for (Square g : board.goals()) dist[g] = 0, queue.push_back(g);
  // Pull outwards from every goal at once: a pull to t needs the square beyond t.
  for (size_t h = 0; h < queue.size(); ++h) {
    Square s = queue[h];
    for (Direction d : kDirections) {
      Square t = board.neighbor(s, d);
      if (t == kNoSquare || dist[t] <= dist[s] + 1) continue;
      if (board.neighbor(t, d) == kNoSquare) continue;
      dist[t] = dist[s] + 1;
      queue.push_back(t);
    }
  }
  return dist;
}

}  // namespace soko
