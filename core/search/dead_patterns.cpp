#include "dead_patterns.h"

#include <algorithm>
#include <cstdlib>
#include <queue>
#include <unordered_set>

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
      pairWith_(board.squareCount()),
      tripleWith_(board.squareCount()) {
  std::vector<Square> live;
  for (int s = 0; s < board.squareCount(); ++s)
    if (!dead[s] && !(sinkMode && board.isGoal(static_cast<Square>(s)))) live.push_back(static_cast<Square>(s));
  const int most = std::min(board.boxCount(), 3);
  if (most >= 2)
    for (size_t i = 0; i < live.size(); ++i)
      for (size_t j = i + 1; j < live.size(); ++j)
        if (near(live[i], live[j], 2)) candidates_.push_back({live[i], live[j]});
  if (most >= 3)
    for (size_t i = 0; i < live.size(); ++i)
      for (size_t j = i + 1; j < live.size(); ++j) {
        if (!near(live[i], live[j], 1)) continue;
        for (size_t k = j + 1; k < live.size(); ++k)
          if (near(live[i], live[k], 1) && near(live[j], live[k], 1))
            candidates_.push_back({live[i], live[j], live[k]});
      }
  done_ = candidates_.empty();
}

DeadPatterns::~DeadPatterns() = default;

bool DeadPatterns::near(Square a, Square b, int reach) const {
  const Level& l = board_.level();
  int ca = board_.cellOf(a), cb = board_.cellOf(b);
  return std::abs(l.x(ca) - l.x(cb)) <= reach && std::abs(l.y(ca) - l.y(cb)) <= reach;
}

bool DeadPatterns::build(const Deadline& deadline) {
  while (!done_) {
    if (deadline.expired()) return false;
    if (next_ >= candidates_.size() || statesSearched_ >= kTotalStates) {
      done_ = true;
      candidates_ = {};
      break;
    }
    const std::vector<Square>& c = candidates_[next_++];
    if (c.size() == 3 && containsStoredPair(c)) continue;
    if (judge(c) == Verdict::Unsolvable) store(c);
  }
  return true;
}

bool DeadPatterns::containsStoredPair(const std::vector<Square>& boxes) const {
  for (size_t a = 0; a < boxes.size(); ++a)
    for (Square p : pairWith_[boxes[a]])
      if (std::find(boxes.begin(), boxes.end(), p) != boxes.end()) return true;
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
    ++triples_;
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
// one exhausts its (small) space.
DeadPatterns::Verdict DeadPatterns::judge(const std::vector<Square>& start) {
  const int n0 = static_cast<int>(start.size());
  struct Item {
    int32_t h;
    uint64_t state;
    bool operator<(const Item& o) const { return h > o.h; }
  };
  std::priority_queue<Item> open;
  std::unordered_set<uint64_t> seen;
  Square boxes[3], child[3];
  auto estimate = [&](const Square* b, int count) {
    int32_t h = 0;
    for (int i = 0; i < count; ++i) h += distances_.nearest(b[i]);
    return h;
  };
  auto add = [&](const Square* b, int count, Square player) {
    Square normal = moves_.normalise(b, player, count);
    uint64_t key = packState(b, count, normal);
    if (seen.insert(key).second) open.push({estimate(b, count), key});
  };
  // Every player region of the candidate's board is a start.
  std::vector<uint8_t> covered(board_.squareCount(), 0);
  for (Square b : start) covered[b] = 1;
  for (int s = 0; s < board_.squareCount(); ++s) {
    if (covered[s]) continue;
    add(start.data(), n0, static_cast<Square>(s));
    for (int t = s; t < board_.squareCount(); ++t)
      if (moves_.reachable(static_cast<Square>(t))) covered[t] = 1;
  }
  while (!open.empty()) {
    uint64_t state = open.top().state;
    open.pop();
    int count = 0;
    for (int i = 0; i < 3; ++i) {
      Square b = static_cast<Square>(state >> (16 * i));
      if (b != kGone) boxes[count++] = b;
    }
    Square player = static_cast<Square>(state >> 48);
    bool solved = sinkMode_ ? count == 0
                            : std::all_of(boxes, boxes + count, [&](Square b) { return board_.isGoal(b); });
    if (solved) return Verdict::Solvable;
    moves_.load(boxes, player, false, count);
    const std::vector<BoxMove> moves = moves_.moves();
    for (const BoxMove& m : moves) {
      Square to;
      Square after = moves_.child(m, child, to);
      int childCount = count;
      if (sinkMode_ && board_.isGoal(to)) {
        std::remove(child, child + count, to);
        --childCount;
      }
      add(child, childCount, after);
    }
    ++statesSearched_;
    if (static_cast<int>(seen.size()) > kStateLimit) return Verdict::Unknown;
  }
  return Verdict::Unsolvable;
}

}  // namespace soko
