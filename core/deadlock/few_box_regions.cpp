#include "few_box_regions.h"

#include <algorithm>
#include <cstdlib>

namespace soko {
namespace {

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
    : board_(board), x_(board.squareCount()), y_(board.squareCount()) {
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
  auto found = sets_.find(key);
  if (found != sets_.end())
    return found->second == kWhole ? nullptr : labels_.data() + found->second;
  return find(boxes, count, to == kNoSquare || joinedAround(boxes, count, to));
}

const Square* FewBoxRegions::find(const Square* boxes, int count, bool whole) {
  const uint64_t key = boxSetKey(boxes, count);
  auto found = sets_.find(key);
  if (found == sets_.end()) {
    if (sets_.size() >= kMaxSets || labels_.size() + board_.squareCount() > kMaxLabels) clear();
    uint32_t where = kWhole;
    if (!whole && label(boxes, count) > 1) {
      where = static_cast<uint32_t>(labels_.size());
      labels_.insert(labels_.end(), labelling_.begin(), labelling_.end());
    }
    found = sets_.emplace(key, where).first;
  }
  return found->second == kWhole ? nullptr : labels_.data() + found->second;
}

int FewBoxRegions::label(const Square* boxes, int count) {
  const int n = board_.squareCount();
  labelling_.assign(n, kNoSquare);
  // A box's square is labelled as taken (by a square no region has).
  for (int i = 0; i < count; ++i) labelling_[boxes[i]] = kBox;
  // Squares in increasing order: the first of a region met is its least.
  int regions = 0;
  for (int first = 0; first < n; ++first) {
    const Square s0 = static_cast<Square>(first);
    if (labelling_[s0] != kNoSquare) continue;
    ++regions;
    labelling_[s0] = s0;
    stack_.assign(1, s0);
    while (!stack_.empty()) {
      const Square s = stack_.back();
      stack_.pop_back();
      for (Direction d : kDirections) {
        const Square next = board_.neighbor(s, d);
        if (next == kNoSquare || labelling_[next] != kNoSquare) continue;
        labelling_[next] = s0;
        stack_.push_back(next);
      }
    }
  }
  for (int i = 0; i < count; ++i) labelling_[boxes[i]] = kNoSquare;
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
  sets_ = {};
  labels_ = {};
  labelling_ = {};
  stack_ = {};
  seen_ = {};
}

uint64_t FewBoxRegions::memoryBytes() const {
  if (sets_.empty()) return 0;
  // A node per set in the map (key, value, next pointer, hash) and its bucket.
  return sets_.size() * 40 + sets_.bucket_count() * sizeof(void*) +
         (labels_.capacity() + labelling_.capacity()) * sizeof(Square) +
         seen_.capacity() * sizeof(uint32_t);
}

}  // namespace soko
