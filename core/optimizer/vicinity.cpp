#include "vicinity.h"

#include <algorithm>
#include <bit>
#include <cstdlib>

namespace soko {

Vicinity::Vicinity(const Board& board)
    : boxCount_(board.boxCount()),
      wordsPer_((static_cast<size_t>(board.squareCount()) + 63) / 64),
      scratch_(wordsPer_, 0) {
  for (int s = 0; s < board.squareCount(); ++s) {
    x_.push_back(board.level().x(board.cellOf(static_cast<Square>(s))));
    y_.push_back(board.level().y(board.cellOf(static_cast<Square>(s))));
  }
}

void Vicinity::load(const Square* boxes) const {
  std::fill(scratch_.begin(), scratch_.end(), 0);
  for (int i = 0; i < boxCount_; ++i) scratch_[boxes[i] / 64] |= uint64_t{1} << (boxes[i] % 64);
}

void Vicinity::add(const std::vector<std::vector<Square>>& configurations) {
  for (const std::vector<Square>& c : configurations) {
    if (size() > 0 && within(c.data(), 0)) continue;
    load(c.data());
    const uint64_t* before = size() > 0 ? words_.data() + (size() - 1) * wordsPer_ : nullptr;
    for (size_t w = 0; w < wordsPer_; ++w) {
      const uint64_t was = before ? before[w] : 0;
      for (uint64_t b = scratch_[w] & ~was; b; b &= b - 1)
        diffs_.push_back({static_cast<Square>(w * 64 + std::countr_zero(b)), 1});
      for (uint64_t b = was & ~scratch_[w]; b; b &= b - 1)
        diffs_.push_back({static_cast<Square>(w * 64 + std::countr_zero(b)), -1});
    }
    diffStart_.push_back(static_cast<uint32_t>(diffs_.size()));
    words_.insert(words_.end(), scratch_.begin(), scratch_.end());
  }
}

bool Vicinity::near(const uint64_t* held, int radius) const {
  moved_.clear();
  left_.clear();
  for (size_t w = 0; w < wordsPer_; ++w) {
    for (uint64_t b = scratch_[w] & ~held[w]; b; b &= b - 1)
      moved_.push_back(static_cast<Square>(w * 64 + std::countr_zero(b)));
    for (uint64_t b = held[w] & ~scratch_[w]; b; b &= b - 1)
      left_.push_back(static_cast<Square>(w * 64 + std::countr_zero(b)));
  }
  for (Square m : moved_) {
    bool close = false;
    for (Square l : left_)
      close = close || std::abs(x_[m] - x_[l]) + std::abs(y_[m] - y_[l]) <= radius;
    if (!close) return false;
  }
  return true;
}

int Vicinity::elsewhere(size_t c, const Square* boxes, int limit) const {
  int count = 0;
  for (int b = 0; b < boxCount_ && count <= limit; ++b) count += !has(c, boxes[b]);
  return count;
}

bool Vicinity::within(const Square* boxes, int k, int radius) const {
  if (k >= boxCount_) return true;
  for (size_t c = 0; c < size(); ++c) {
    const int e = elsewhere(c, boxes, k);
    if (e > k) continue;
    if (e == 0 || radius >= kAnyDistance) return true;
    load(boxes);
    if (near(words_.data() + c * wordsPer_, radius)) return true;
  }
  return false;
}

void Vicinity::focus(const Square* parent, int k) const {
  candidates_.clear();
  if (k >= boxCount_) return;
  // The parent's boxes not on configuration c: all of them before the
  // first, then one fewer for each square a configuration gains under a
  // box, one more for each it loses.
  load(parent);
  int e = boxCount_;
  for (size_t c = 0; c < size(); ++c) {
    for (uint32_t i = diffStart_[c]; i < diffStart_[c + 1]; ++i) {
      const Change d = diffs_[i];
      e -= d.sign * static_cast<int>((scratch_[d.square / 64] >> (d.square % 64)) & 1);
    }
    if (e <= k + 1) candidates_.push_back({static_cast<uint32_t>(c), e});
  }
}

bool Vicinity::childWithin(const Square* child, Square from, Square to, int k, int radius) const {
  if (k >= boxCount_) return true;
  for (const Candidate& c : candidates_) {
    const int e = c.elsewhere - !has(c.configuration, from) + !has(c.configuration, to);
    if (e > k) continue;
    if (e == 0 || radius >= kAnyDistance) return true;
    load(child);
    if (near(words_.data() + c.configuration * wordsPer_, radius)) return true;
  }
  return false;
}

}  // namespace soko
