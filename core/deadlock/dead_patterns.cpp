#include "dead_patterns.h"

#include <algorithm>
#include <cstdlib>
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
      pairWith_(board.squareCount()),
      tripleWith_(board.squareCount()) {
  std::vector<uint8_t> live(board.squareCount(), 0);
  for (int s = 0; s < board.squareCount(); ++s)
    live[s] = !dead[s] && !(sinkMode && board.isGoal(static_cast<Square>(s)));
  // Live squares after `a` (in square order) within `reach` columns and rows of it.
  const Level& level = board.level();
  std::vector<Square> around;
  auto collect = [&](Square a, int reach) {
    around.clear();
    const int cell = board.cellOf(a), x = level.x(cell), y = level.y(cell);
    for (int dy = -reach; dy <= reach; ++dy)
      for (int dx = -reach; dx <= reach; ++dx) {
        if (x + dx < 0 || y + dy < 0 || x + dx >= level.width || y + dy >= level.height) continue;
        Square b = board.squareOf(level.index(x + dx, y + dy));
        if (b != kNoSquare && b > a && live[b]) around.push_back(b);
      }
    std::sort(around.begin(), around.end());
  };
  const int most = std::min(board.boxCount(), 3);
  std::vector<std::vector<Square>> triples;
  for (int s = 0; s < board.squareCount(); ++s) {
    const Square a = static_cast<Square>(s);
    if (!live[a] || most < 2) continue;
    collect(a, 2);
    for (Square b : around) candidates_.push_back({a, b});
    if (most < 3) continue;
    collect(a, 1);
    for (size_t i = 0; i < around.size(); ++i)
      for (size_t j = i + 1; j < around.size(); ++j)
        if (near(around[i], around[j], 1)) triples.push_back({a, around[i], around[j]});
  }
  candidates_.insert(candidates_.end(), triples.begin(), triples.end());
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
    if (next_ >= candidates_.size() || work_ >= kTotalWork) {
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
  KeySet& seen = seen_;
  seen.clear();
  Square boxes[3], child[3];
  auto estimate = [&](const Square* b, int count) {
    int32_t h = 0;
    for (int i = 0; i < count; ++i) h += distances_.nearest(b[i]);
    return h;
  };
  uint64_t work = 0;
  auto add = [&](const Square* b, int count, Square player) {
    work += board_.squareCount();
    Square normal = moves_.normalise(b, player, count);
    uint64_t key = packState(b, count, normal);
    if (seen.insert(key)) open.push({estimate(b, count), key});
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
    if (solved) {
      work_ += work;
      return Verdict::Solvable;
    }
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
    work += board_.squareCount();
    if (static_cast<int>(seen.size()) > kStateLimit || work > kCandidateWork) {
      work_ += work;
      return Verdict::Unknown;
    }
  }
  work_ += work;
  return Verdict::Unsolvable;
}

}  // namespace soko
