#include "few_box_regions.h"

#include <algorithm>
#include <cstdlib>

namespace soko {
namespace {

// Never 0 (an empty slot): the squares missing from a set of fewer than
// three are kNoSquare.
uint64_t boxSetKey(const Square* boxes, int count) {
  uint64_t k = 0;
  for (int i = 0; i < 3; ++i)
    k |= static_cast<uint64_t>(i < count ? boxes[i] : kNoSquare) << (16 * i);
  return k;
}

bool holds(const Square* boxes, int count, Square s) {
  return std::find(boxes, boxes + count, s) != boxes + count;
}

}  // namespace

FewBoxRegions::FewBoxRegions(const Board& board)
    : board_(board),
      x_(board.squareCount()),
      y_(board.squareCount()),
      chunkSquares_(std::max<size_t>(size_t{1} << 16, board.squareCount())) {
  const Level& level = board.level();
  for (int s = 0; s < board.squareCount(); ++s) {
    x_[s] = static_cast<int16_t>(level.x(board.cellOf(static_cast<Square>(s))));
    y_[s] = static_cast<int16_t>(level.y(board.cellOf(static_cast<Square>(s))));
  }
}

Square FewBoxRegions::normalise(const Square* labels, const Square* boxes, int count,
                                Square player) {
  if (labels) return labels[player];
  // One region: the least square that holds no box.
  Square s = 0;
  while (holds(boxes, count, s)) ++s;
  return s;
}

const Square* FewBoxRegions::labels(const Square* boxes, int count) {
  return find(boxes, count, false);
}

const Square* FewBoxRegions::labelsAfterPush(const Square* boxes, int count, Square to) {
  const uint64_t key = boxSetKey(boxes, count);
  if (!keys_.empty()) {
    const size_t at = slotOf(key);
    if (keys_[at] == key) return entry(at);
  }
  return find(boxes, count, to == kNoSquare || joinedAround(boxes, count, to));
}

const Square* FewBoxRegions::find(const Square* boxes, int count, bool whole) {
  const uint64_t key = boxSetKey(boxes, count);
  if (keys_.empty()) grow();
  size_t at = slotOf(key);
  if (keys_[at] == key) return entry(at);
  const size_t n = board_.squareCount();
  if (sets_ >= kMaxSets || chunks_.size() * chunkSquares_ + n > kMaxLabels) {
    clear();
    grow();
    at = slotOf(key);
  } else if ((sets_ + 1) * 2 > keys_.size()) {
    grow();
    at = slotOf(key);
  }
  uint32_t where = kWhole;
  if (!whole && label(boxes, count) > 1) {
    if (chunks_.empty() || chunks_.back().size() + n > chunkSquares_) {
      chunks_.emplace_back();
      chunks_.back().reserve(chunkSquares_);
    }
    where = static_cast<uint32_t>((chunks_.size() - 1) * chunkSquares_ + chunks_.back().size());
    chunks_.back().insert(chunks_.back().end(), labelling_.begin(), labelling_.end());
  }
  keys_[at] = key;
  entries_[at] = where;
  ++sets_;
  return entry(at);
}

const Square* FewBoxRegions::entry(size_t at) const {
  const uint32_t e = entries_[at];
  return e == kWhole ? nullptr : chunks_[e / chunkSquares_].data() + e % chunkSquares_;
}

size_t FewBoxRegions::slotOf(uint64_t key) const {
  const size_t mask = keys_.size() - 1;
  size_t at = static_cast<size_t>((key * 0x9E3779B97F4A7C15ull) >> 32) & mask;
  while (keys_[at] != key && keys_[at] != 0) at = (at + 1) & mask;
  return at;
}

void FewBoxRegions::grow() {
  std::vector<uint64_t> keys(std::max<size_t>(keys_.size() * 2, 1024), 0);
  std::vector<uint32_t> entries(keys.size());
  keys.swap(keys_);
  entries.swap(entries_);
  for (size_t i = 0; i < keys.size(); ++i)
    if (keys[i] != 0) {
      const size_t at = slotOf(keys[i]);
      keys_[at] = keys[i];
      entries_[at] = entries[i];
    }
}

int FewBoxRegions::label(const Square* boxes, int count) {
  const int n = board_.squareCount();
  labelling_.assign(n, kNoSquare);
  stack_.resize(n);
  Square* const labels = labelling_.data();
  Square* const stack = stack_.data();
  // A box's square is labelled as taken (by a square no region has).
  for (int i = 0; i < count; ++i) labels[boxes[i]] = kBox;
  // Squares in increasing order: the first of a region met is its least.
  int regions = 0;
  for (int first = 0; first < n; ++first) {
    const Square s0 = static_cast<Square>(first);
    if (labels[s0] != kNoSquare) continue;
    ++regions;
    labels[s0] = s0;
    int top = 0;
    stack[top++] = s0;
    while (top > 0) {
      const Square s = stack[--top];
      for (Direction d : kDirections) {
        const Square next = board_.neighbor(s, d);
        if (next == kNoSquare || labels[next] != kNoSquare) continue;
        labels[next] = s0;
        stack[top++] = next;
      }
    }
  }
  for (int i = 0; i < count; ++i) labels[boxes[i]] = kNoSquare;
  return regions;
}

bool FewBoxRegions::joinedAround(const Square* boxes, int count, Square to) {
  if (seen_.empty()) seen_.assign(board_.squareCount(), 0);
  if (++flood_ == 0) std::fill(seen_.begin(), seen_.end(), 0), flood_ = 1;
  Square first = kNoSquare;
  for (Direction d : kDirections) {
    const Square n = board_.neighbor(to, d);
    if (n != kNoSquare && !holds(boxes, count, n)) {
      first = n;
      break;
    }
  }
  if (first == kNoSquare) return true;  // no free neighbour: nothing to join
  seen_[first] = flood_;
  stack_.assign(1, first);
  while (!stack_.empty()) {
    const Square s = stack_.back();
    stack_.pop_back();
    for (Direction d : kDirections) {
      const Square n = board_.neighbor(s, d);
      if (n == kNoSquare || seen_[n] == flood_ || std::abs(x_[n] - x_[to]) > kMargin ||
          std::abs(y_[n] - y_[to]) > kMargin || holds(boxes, count, n))
        continue;
      seen_[n] = flood_;
      stack_.push_back(n);
    }
  }
  for (Direction d : kDirections) {
    const Square n = board_.neighbor(to, d);
    if (n != kNoSquare && !holds(boxes, count, n) && seen_[n] != flood_) return false;
  }
  return true;
}

void FewBoxRegions::clear() {
  keys_ = {};
  entries_ = {};
  sets_ = 0;
  chunks_ = {};
  labelling_ = {};
  stack_ = {};
  seen_ = {};
}

uint64_t FewBoxRegions::memoryBytes() const {
  if (sets_ == 0) return 0;
  return keys_.capacity() * (sizeof(uint64_t) + sizeof(uint32_t)) +
         (chunks_.size() * chunkSquares_ + labelling_.capacity()) * sizeof(Square) +
         seen_.capacity() * sizeof(uint32_t);
}

}  // namespace soko
