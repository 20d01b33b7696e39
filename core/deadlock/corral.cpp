#include "corral.h"

#include <algorithm>
#include <bit>

namespace soko {

CorralCheck::CorralCheck(const Board& board, std::vector<uint8_t> dead, int nodeBudget)
    : board_(board),
      dead_(dead.empty() ? std::vector<uint8_t>(board.squareCount(), 0) : std::move(dead)),
      goal_(board.goalMask()),
      budget_(nodeBudget),
      reach_(board),
      freeze_(board, dead_, goal_),
      zobrist_(board.squareCount(), 0xC0441A1DEADull),
      diagonals_(board),
      regionMark_(board.squareCount(), 0),
      subOccupied_(board.squareCount(), 0),
      words_((static_cast<size_t>(board.squareCount()) + 63) / 64),
      floodStack_(board.squareCount()) {}

uint64_t CorralCheck::memoryBytes() const {
  return cache_.size() * 32 + seen_.memoryBytes() + queued_.memoryBytes() +
         states_.capacity() * sizeof(Square) + reachBits_.capacity() * 8 +
         parentOf_.capacity() * sizeof(uint32_t) + pushedTo_.capacity() * sizeof(Square) +
         board_.squareCount() * 18ull;
}

bool CorralCheck::deadlock(const std::vector<uint8_t>& occupied, Square player, Square around) {
  return regionsDeadlock(occupied, reach_.fill(occupied, player), around);
}

bool CorralCheck::diagonalDeadlock(const std::vector<uint8_t>& occupied, Square player,
                                   std::vector<Square>* runBoxes) {
  return runsDeadlock(occupied, reach_.fill(occupied, player), runBoxes);
}

CorralCheck::Found CorralCheck::corralOrDiagonal(const std::vector<uint8_t>& occupied,
                                                 Square player, Square around, bool corrals) {
  const Square normal = reach_.fill(occupied, player);  // read by both, changed by neither
  if (corrals && regionsDeadlock(occupied, normal, around)) return Found::Corral;
  return runsDeadlock(occupied, normal, nullptr) ? Found::Diagonal : Found::None;
}

bool CorralCheck::regionsDeadlock(const std::vector<uint8_t>& occupied, Square normal,
                                  Square around) {
  ++regionStamp_;
  std::vector<Square>& seeds = seeds_;
  seeds.clear();
  if (around == kNoSquare) {
    for (int s = 0; s < board_.squareCount(); ++s)
      if (!occupied[s] && !reach_.reachable(static_cast<Square>(s)))
        seeds.push_back(static_cast<Square>(s));
  } else {
    for (Direction d : kDirections) {
      Square n = board_.neighbor(around, d);
      if (n != kNoSquare && !occupied[n] && !reach_.reachable(n)) seeds.push_back(n);
    }
  }
  for (Square seed : seeds) {
    if (regionMark_[seed] == regionStamp_) continue;  // part of a region already examined
    if (regionDeadlock(occupied, normal, seed)) return true;
  }
  return false;
}

bool CorralCheck::runsDeadlock(const std::vector<uint8_t>& occupied, Square normal,
                               std::vector<Square>* runBoxes) {
  const int runs = diagonals_.find(occupied, [&](Square s) { return reach_.reachable(s); });
  for (int i = 0; i < runs; ++i) {
    ++stats_.diagonalChecks;
    const int r = search(diagonals_.run(i), normal, false);
    if (r == 2) ++stats_.gaveUp;
    if (r == 1) {
      ++stats_.diagonalDeadlocks;
      if (runBoxes) *runBoxes = diagonals_.run(i);
      return true;
    }
  }
  return false;
}

bool CorralCheck::regionDeadlock(const std::vector<uint8_t>& occupied, Square normal, Square seed) {
  region_.assign(1, seed);
  regionMark_[seed] = regionStamp_;
  for (size_t i = 0; i < region_.size(); ++i)
    for (Direction d : kDirections) {
      Square n = board_.neighbor(region_[i], d);
      if (n == kNoSquare || occupied[n] || regionMark_[n] == regionStamp_) continue;
      regionMark_[n] = regionStamp_;
      region_.push_back(n);
    }
  // The fence and the boxes inside: every box touching the region.
  std::vector<Square>& kept = kept_;
  kept.clear();
  bool offGoal = false;
  for (Square s : region_)
    for (Direction d : kDirections) {
      Square n = board_.neighbor(s, d);
      if (n == kNoSquare || !occupied[n] || std::count(kept.begin(), kept.end(), n)) continue;
      kept.push_back(n);
      offGoal |= !goal_[n];
    }
  if (!offGoal) return false;  // already packed: the small problem is solved
  // Only "P-corrals" are searched: every push the player can make now on a
  // fence box goes into the corral. Where a fence box can be pushed away
  // outside, the corral is almost always open, and the search would only
  // spend its budget finding that out.
  for (Square b : kept)
    for (Direction d : kDirections) {
      Square from = board_.neighbor(b, opposite(d)), to = board_.neighbor(b, d);
      if (from == kNoSquare || to == kNoSquare || occupied[to] || dead_[to] ||
          !reach_.reachable(from))
        continue;
      if (regionMark_[to] != regionStamp_) return false;
    }
  std::sort(kept.begin(), kept.end());
  ++stats_.checks;
  int r = search(kept, normal);
  if (r == 2) ++stats_.gaveUp;
  if (r == 1) ++stats_.deadlocks;
  return r == 1;
}

// Appends to states_ the boxes of `boxes` (sorted) with boxes[i] moved to
// `to`, still sorted: one box moves along the others.
void CorralCheck::appendSorted(const std::vector<Square>& boxes, int i, Square to) {
  const size_t at = states_.size();
  states_.insert(states_.end(), boxes.begin(), boxes.end());
  Square* const s = states_.data() + at;
  int j = i;
  for (; j > 0 && s[j - 1] > to; --j) s[j] = s[j - 1];
  for (; j + 1 < static_cast<int>(boxes.size()) && s[j + 1] < to; ++j) s[j] = s[j + 1];
  s[j] = to;
}

int CorralCheck::search(const std::vector<Square>& boxes, Square normalPlayer, bool opens) {
  const int k = static_cast<int>(boxes.size());
  const size_t stride = static_cast<size_t>(k) + 1;
  // Opened: the player, with only the kept boxes, walks every region square.
  auto opened = [&]() {
    for (Square s : region_)
      if (!subOccupied_[s] && !inReach(s)) return false;
    return true;
  };
  // Cached by the real position's normalised player, which fixes the small
  // problem's player region (that region holds the real one): a repeat
  // skips the flood of the nearly empty small board.
  // A search that may stop for an opened region can answer "not dead"
  // where one that may not proves a deadlock: the two are cached apart.
  const uint64_t startKey = zobrist_.boxes(boxes.data(), k) ^ zobrist_.player(normalPlayer) ^
                            (opens ? 0 : 0x5DEECE66Dull);
  if (auto it = cache_.find(startKey); it != cache_.end()) {
    ++stats_.cacheHits;
    return it->second;
  }
  // Children are queued with the player where the push left it, and told
  // apart by their normalised player only when taken up, where the flood
  // runs anyway: one flood per position instead of one per child. The
  // queue is first in first out, so the distinct positions come up in the
  // same order either way, and only they count against the budget.
  states_.clear();
  seen_.clear();
  queued_.clear();
  states_.insert(states_.end(), boxes.begin(), boxes.end());
  states_.push_back(normalPlayer);  // normalised when taken up, like every state
  reachBits_.clear();
  parentOf_.assign(1, kNoParent);
  pushedTo_.assign(1, kNoSquare);
  int result = 1;
  int taken = 0;
  std::vector<Square>& current = current_;
  current.resize(k);
  for (size_t head = 0; head * stride < states_.size(); ++head) {
    std::copy_n(&states_[head * stride], k, current.begin());
    Square p = states_[head * stride + k];
    for (Square b : current) subOccupied_[b] = 1;
    const Square normal = reachOf(head, p);
    const uint64_t boxKey = zobrist_.boxes(current.data(), k);
    if (!seen_.insert(boxKey ^ zobrist_.player(normal))) {
      for (Square b : current) subOccupied_[b] = 0;
      reachBits_.resize(reachAt_);  // not taken up: its block goes
      continue;
    }
    if (taken++ >= budget_) {
      for (Square b : current) subOccupied_[b] = 0;
      result = 2;
      break;
    }
    if (opens && head > 0 && opened()) {
      for (Square b : current) subOccupied_[b] = 0;
      result = 0;
      break;
    }
    // Gather the legal pushes while the reach marks are fresh.
    std::vector<std::pair<int, Direction>>& pushes = pushes_;
    pushes.clear();
    for (int i = 0; i < k; ++i)
      for (Direction d : kDirections) {
        Square from = board_.neighbor(current[i], opposite(d)), to = board_.neighbor(current[i], d);
        if (from == kNoSquare || to == kNoSquare || subOccupied_[to] || dead_[to] || !inReach(from))
          continue;
        pushes.push_back({i, d});
      }
    // Each child differs from `current` by one box: its marks, key and
    // goal count are updated by that box alone.
    int onGoal = 0;
    for (Square b : current) onGoal += goal_[b] != 0;
    bool solved = false;
    for (auto [i, d] : pushes) {
      const Square box = current[i], to = board_.neighbor(box, d);
      subOccupied_[box] = 0;
      subOccupied_[to] = 1;
      const bool frozen = freeze_.pushDeadlock(subOccupied_, to);
      subOccupied_[to] = 0;
      subOccupied_[box] = 1;
      if (frozen) continue;
      if (onGoal - (goal_[box] != 0) + (goal_[to] != 0) == k) {
        solved = true;
        break;
      }
      // The same boxes with the player on the same square: surely the same position.
      if (!queued_.insert(boxKey ^ zobrist_.box(box) ^ zobrist_.box(to) ^ zobrist_.player(box)))
        continue;
      appendSorted(current, i, to);
      states_.push_back(box);  // the player stands where the box was
      parentOf_.push_back(static_cast<uint32_t>(reachAt_));
      pushedTo_.push_back(to);
    }
    for (Square b : current) subOccupied_[b] = 0;
    if (solved) {
      result = 0;
      break;
    }
  }
  if (cache_.size() >= kMaxCache) cache_.clear();
  cache_.emplace(startKey, static_cast<uint8_t>(result));
  return result;
}

Square CorralCheck::reachOf(size_t state, Square player) {
  const size_t words = words_;
  const uint32_t parent = parentOf_[state];
  reachAt_ = reachBits_.size();
  const Square to = pushedTo_[state];
  // The parent's squares stay the player's when the push went outside them,
  // or into them where the box leaves its neighbours joined.
  const bool intoParent = parent != kNoParent && hasSquare(reachBits_.data() + parent, to);
  const bool keepsParent =
      parent != kNoParent && (!intoParent || blockingKeepsJoined(board_, subOccupied_.data(), to));
  reachBits_.resize(reachAt_ + words, 0);
  uint64_t* const bits = reachBits_.data() + reachAt_;
  if (keepsParent) {
    std::copy_n(reachBits_.data() + parent, words, bits);
    bits[to >> 6] &= ~(uint64_t{1} << (to & 63));
  }
  const uint8_t* const occupied = subOccupied_.data();
  Square* const stack = floodStack_.data();
  size_t top = 0;
  bits[player >> 6] |= uint64_t{1} << (player & 63);
  stack[top++] = player;
  while (top > 0) {
    const Square s = stack[--top];
    for (Direction d : kDirections) {
      const Square n = board_.neighbor(s, d);
      if (n == kNoSquare || occupied[n]) continue;
      uint64_t& word = bits[n >> 6];
      const uint64_t bit = uint64_t{1} << (n & 63);
      if (word & bit) continue;
      word |= bit;
      stack[top++] = n;
    }
  }
  for (size_t w = 0;; ++w)
    if (bits[w]) return static_cast<Square>(w * 64 + std::countr_zero(bits[w]));
}

}  // namespace soko
