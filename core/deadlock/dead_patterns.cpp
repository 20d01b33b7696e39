#include "dead_patterns.h"

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <queue>

namespace soko {

namespace {
constexpr Square kGone = kNoSquare;  // a box that has sunk

// Up to three boxes and the normalised player, 16 bits each: exact, no collisions.
uint64_t packState(const Square* boxes, int count, Square player) {
  uint64_t k = static_cast<uint64_t>(player) << 48;
  for (int i = 0; i < 3; ++i) k |= static_cast<uint64_t>(i < count ? boxes[i] : kGone) << (16 * i);
  return k;
}
}  // namespace

DeadPatterns::DeadPatterns(const Board& board, std::vector<uint8_t> dead, bool sinkMode,
                           const PushDistances& distances)
    : board_(board),
      sinkMode_(sinkMode),
      distances_(distances),
      moves_(board, MoveMode::Push, dead),
      dead_(dead),
      regions_(board),
      live_(board.squareCount(), 0),
      pairWith_(board.squareCount()),
      tripleWith_(board.squareCount()),
      most_(std::min(board.boxCount(), 3)) {
  for (int s = 0; s < board.squareCount(); ++s)
    live_[s] = !dead[s] && !(sinkMode && board.isGoal(static_cast<Square>(s)));
  done_ = most_ < 2;
}

DeadPatterns::~DeadPatterns() = default;

bool DeadPatterns::near(Square a, Square b, int reach) const {
  const Level& l = board_.level();
  int ca = board_.cellOf(a), cb = board_.cellOf(b);
  return std::abs(l.x(ca) - l.x(cb)) <= reach && std::abs(l.y(ca) - l.y(cb)) <= reach;
}

void DeadPatterns::collect(Square a, int reach, std::vector<Square>& around, bool all) const {
  around.clear();
  const Level& level = board_.level();
  const int cell = board_.cellOf(a), x = level.x(cell), y = level.y(cell);
  for (int dy = -reach; dy <= reach; ++dy)
    for (int dx = -reach; dx <= reach; ++dx) {
      if (x + dx < 0 || y + dy < 0 || x + dx >= level.width || y + dy >= level.height) continue;
      Square b = board_.squareOf(level.index(x + dx, y + dy));
      if (b != kNoSquare && (all ? b != a : b > a) && live_[b]) around.push_back(b);
    }
  std::sort(around.begin(), around.end());
}

bool DeadPatterns::nextCandidate(std::vector<Square>& candidate) {
  const int n = board_.squareCount();
  while (index_ >= pending_.size()) {
    // The next live square's candidates: every pair first, then every triple.
    if (square_ >= n) {
      if (triples_ || most_ < 3) return false;
      triples_ = true;
      square_ = 0;
    }
    const Square a = static_cast<Square>(square_++);
    pending_.clear();
    index_ = 0;
    if (!live_[a]) continue;
    collect(a, triples_ ? 1 : 2, around_);
    if (!triples_) {
      for (Square b : around_) pending_.push_back({a, b, kNoSquare});
      continue;
    }
    for (size_t i = 0; i < around_.size(); ++i)
      for (size_t j = i + 1; j < around_.size(); ++j)
        if (near(around_[i], around_[j], 1)) pending_.push_back({a, around_[i], around_[j]});
  }
  const auto& c = pending_[index_++];
  candidate.assign(c.begin(), c[2] == kNoSquare ? c.begin() + 2 : c.end());
  return true;
}

void DeadPatterns::settle(Verdict verdict) {
  work_ += judging_.work;
  if (verdict == Verdict::Unsolvable) {
    store(judging_.boxes);
    if (remember_)
      for (const Judging::State& state : judging_.states) unsolvable_.insert(state.key);
  } else if (verdict == Verdict::Unknown && remember_ && !onDemand_) {
    // Undecided: taken as solvable by the later candidates that reach
    // these states, instead of each searching the same large space again
    // to its limit. Taking a state as solvable never makes a wrong
    // pattern; at worst it misses one, and which depends on the order of
    // the candidates: so not on demand, where the search sets the order.
    for (const Judging::State& state : judging_.states) solvable_.insert(state.key);
  }
}

void DeadPatterns::finish() {
  done_ = true;
  regions_.clear();
  pending_ = {};
  around_ = {};
  judging_ = {};
  seen_ = {};
  solvable_ = {};
  unsolvable_ = {};
  pairsJudged_ = {};
}

bool DeadPatterns::buildPiece() {
  while (!done_ && !onDemand_) {
    if (judgingNow_) {
      const std::optional<Verdict> v = judgeSome(kPieceWork);
      if (!v) return false;
      judgingNow_ = false;
      settle(*v);
      return false;
    }
    if (work_ >= kTotalWork || !nextCandidate(candidate_)) {
      finish();
      break;
    }
    if (candidate_.size() == 3 && containsStoredPair(candidate_)) continue;
    startJudging(candidate_);
    judgingNow_ = true;
  }
  return true;
}

void DeadPatterns::judgeOnDemand() {
  onDemand_ = true;
  judgedAround_.assign(board_.squareCount(), 0);  // (unjudged() is false once done)
}

void DeadPatterns::judgeNow(const std::vector<Square>& boxes) {
  if (done_) return;
  startJudging(boxes);
  std::optional<Verdict> v;
  while (!(v = judgeSome(kPieceWork)))
    if (memoryBytes() > memoryLimit_) {
      finish();
      return;
    }
  settle(*v);
  if (work_ >= kTotalWork || memoryBytes() > memoryLimit_) finish();
}

void DeadPatterns::judgePair(Square a, Square b) {
  if (a > b) std::swap(a, b);
  if (judgedAround_[a] || judgedAround_[b] || !pairsJudged_.insert(uint32_t{a} << 16 | b).second)
    return;
  judgeNow({a, b});
}

void DeadPatterns::judgeAround(Square square, uint64_t room) {
  if (done_ || !live_[square]) {
    judgedAround_[square] = 1;
    return;
  }
  memoryLimit_ = memoryBytes() + room;
  judgeAroundNow(square);
  judgedAround_[square] = 1;  // (after: judgePair skips pairs with judged squares)
}

void DeadPatterns::judgeAroundNow(Square square) {
  collect(square, 2, around_, true);
  for (Square p : around_) judgePair(square, p);
  if (most_ < 3) return;
  // The 2x2 blocks holding the square: the two others of each triple.
  const Level& level = board_.level();
  const int cell = board_.cellOf(square), x = level.x(cell), y = level.y(cell);
  for (int bx = x - 1; bx <= x; ++bx)
    for (int by = y - 1; by <= y; ++by) {
      Square others[3];
      int count = 0;
      for (int cx = bx; cx <= bx + 1; ++cx)
        for (int cy = by; cy <= by + 1; ++cy) {
          if (cx < 0 || cy < 0 || cx >= level.width || cy >= level.height) continue;
          const Square s = board_.squareOf(level.index(cx, cy));
          if (s != kNoSquare && s != square && live_[s]) others[count++] = s;
        }
      for (int i = 0; i < count; ++i)
        for (int k = i + 1; k < count; ++k) {
          const Square p = others[i], q = others[k];
          if (judgedAround_[p] || judgedAround_[q]) continue;  // judged with them
          std::vector<Square> triple = {square, p, q};
          std::sort(triple.begin(), triple.end());
          judgePair(p, q);
          if (!containsStoredPair(triple)) judgeNow(triple);
        }
    }
}

bool DeadPatterns::build(const Deadline& deadline) {
  while (!buildPiece())
    if (deadline.expired()) return false;
  return true;
}

bool DeadPatterns::holdsStoredPair(const Square* boxes, int count, Square moved) const {
  for (Square p : pairWith_[moved])
    if (std::find(boxes, boxes + count, p) != boxes + count) return true;
  return false;
}

bool DeadPatterns::containsStoredPair(const std::vector<Square>& boxes) const {
  const int count = static_cast<int>(boxes.size());
  for (Square b : boxes)
    if (holdsStoredPair(boxes.data(), count, b)) return true;
  return false;
}

void DeadPatterns::store(const std::vector<Square>& b) {
  if (b.size() == 2) {
    pairWith_[b[0]].push_back(b[1]);
    pairWith_[b[1]].push_back(b[0]);
    ++pairs_;
    memory_ += 2 * sizeof(Square);
  } else {
    tripleWith_[b[0]].push_back({b[1], b[2]});
    tripleWith_[b[1]].push_back({b[0], b[2]});
    tripleWith_[b[2]].push_back({b[0], b[1]});
    ++tripleCount_;
    memory_ += 6 * sizeof(Square);
  }
}

bool DeadPatterns::matches(const std::vector<uint8_t>& occupied, Square moved) const {
  for (Square p : pairWith_[moved])
    if (occupied[p]) return true;
  for (const auto& t : tripleWith_[moved])
    if (occupied[t[0]] && occupied[t[1]]) return true;
  return false;
}

// Best-first on the sum of the boxes' nearest-goal push distances: a
// solvable candidate is usually proved in a few dozen states; an unsolvable
// one exhausts its (small) space. judgeSome() goes on with it, a share of
// its work at a time; `judging_` holds where it is.
void DeadPatterns::startJudging(const std::vector<Square>& boxes) {
  judging_.boxes = boxes;
  judging_.open = {};
  judging_.work = 0;
  judging_.scan = 0;
  judging_.covered.assign(board_.squareCount(), 0);
  for (Square b : boxes) judging_.covered[b] = 1;
  judging_.states.clear();
  judging_.solvableAt = kNoParent;
  seen_.clear();
}

void DeadPatterns::add(const Square* boxes, int count, Square normal, uint32_t parent) {
  judging_.work += board_.squareCount();  // counted as a flood, whether one was made or not
  const uint64_t key = packState(boxes, count, normal);
  int32_t h = 0;
  for (int i = 0; i < count; ++i) h += distances_.nearest(boxes[i]);
  if (!seen_.insert(key)) return;
  if (unsolvable_.contains(key)) return;  // (empty when not remembering)
  const uint32_t index = static_cast<uint32_t>(judging_.states.size());
  judging_.states.push_back({key, parent});
  judging_.open.push({h, key, index});
  if (solvable_.contains(key)) judging_.solvableAt = index;
}

void DeadPatterns::keepSolvable(uint32_t last) {
  if (!remember_) return;
  for (uint32_t i = last; i != kNoParent; i = judging_.states[i].parent)
    solvable_.insert(judging_.states[i].key);
}

// The pushes MoveGenerator::load would list, in its order (boxes, then
// directions), with the player's region read from the box set's labels
// instead of a flood: a box with a free, live square ahead and the
// player's region behind.
int DeadPatterns::pushesFrom(const Square* boxes, int count, Square player, Push* out,
                             bool& whole) {
  const auto isBox = [&](Square s) { return std::find(boxes, boxes + count, s) != boxes + count; };
  const Square* labels = regions_.labels(boxes, count);
  whole = !labels;
  int pushes = 0;
  for (int i = 0; i < count; ++i)
    for (Direction d : kDirections) {
      const Square to = board_.neighbor(boxes[i], d);
      if (to == kNoSquare || isBox(to) || dead_[to]) continue;
      const Square stand = board_.neighbor(boxes[i], opposite(d));
      if (stand == kNoSquare || isBox(stand) || (labels && labels[stand] != player)) continue;
      out[pushes++] = {i, d};
    }
  return pushes;
}

// The boxes after boxes[i] moved to `to`, kept sorted: the moved box slides into place.
void DeadPatterns::childOf(const Square* boxes, int count, int i, Square to, Square* out) {
  std::copy(boxes, boxes + count, out);
  while (i + 1 < count && out[i + 1] < to) out[i] = out[i + 1], ++i;
  while (i > 0 && out[i - 1] > to) out[i] = out[i - 1], --i;
  out[i] = to;
}

std::optional<DeadPatterns::Verdict> DeadPatterns::judgeSome(uint64_t work) {
  Judging& j = judging_;
  const int n = board_.squareCount();
  const uint64_t until = j.work + work;
  // Every player region of the candidate's board is a start.
  for (; j.scan < n && j.work < until; ++j.scan) {
    if (j.covered[j.scan]) continue;
    // The flood marks the start region, for `covered`.
    const int count = static_cast<int>(j.boxes.size());
    add(j.boxes.data(), count, moves_.normalise(j.boxes.data(), static_cast<Square>(j.scan), count),
        kNoParent);
    for (int t = j.scan; t < n; ++t)
      if (moves_.reachable(static_cast<Square>(t))) j.covered[t] = 1;
  }
  Square boxes[3], child[3];
  while (j.scan == n && j.work < until) {
    if (j.solvableAt != kNoParent) {
      keepSolvable(j.solvableAt);
      return Verdict::Solvable;
    }
    if (j.open.empty()) return Verdict::Unsolvable;
    const uint64_t state = j.open.top().state;
    const uint32_t index = j.open.top().index;
    j.open.pop();
    int count = 0;
    for (int i = 0; i < 3; ++i) {
      Square b = static_cast<Square>(state >> (16 * i));
      if (b != kGone) boxes[count++] = b;
    }
    const Square player = static_cast<Square>(state >> 48);
    const bool solved =
        sinkMode_ ? count == 0
                  : std::all_of(boxes, boxes + count, [&](Square b) { return board_.isGoal(b); });
    if (solved) {
      keepSolvable(index);
      return Verdict::Solvable;
    }
    Push pushes[12];
    bool whole = false;  // the free squares are one region
    const int pushCount = pushesFrom(boxes, count, player, pushes, whole);
    for (int p = 0; p < pushCount; ++p) {
      const Square after = boxes[pushes[p].box];
      Square to = board_.neighbor(after, pushes[p].dir);
      childOf(boxes, count, pushes[p].box, to, child);
      // A triple's state holding a dead pair leads nowhere (pairs are judged first).
      if (count == 3 && remember_ && holdsStoredPair(child, count, to)) continue;
      int childCount = count;
      if (sinkMode_ && board_.isGoal(to)) {
        std::remove(child, child + count, to);
        --childCount;
        to = kNoSquare;
      }
      const Square* labels = whole ? regions_.labelsAfterPush(child, childCount, to)
                                   : regions_.labels(child, childCount);
      add(child, childCount, FewBoxRegions::normalise(labels, child, childCount, after), index);
    }
    j.work += n;
    if (j.solvableAt != kNoParent) continue;  // answered at the loop's top
    if (static_cast<int>(seen_.size()) > kStateLimit || j.work > kCandidateWork)
      return Verdict::Unknown;
  }
  return std::nullopt;
}

}  // namespace soko
