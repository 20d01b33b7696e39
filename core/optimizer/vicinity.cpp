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

int Vicinity::off(const uint64_t* words) const {
  int n = 0;
  for (size_t w = 0; w < wordsPer_; ++w) n += std::popcount(scratch_[w] & ~words[w]);
  return n;
}

void Vicinity::add(const std::vector<std::vector<Square>>& configurations) {
  for (const std::vector<Square>& c : configurations) {
    load(c.data());
    const std::string key(reinterpret_cast<const char*>(scratch_.data()), wordsPer_ * 8);
    if (!held_.insert(key).second) continue;
    if (size() % kBlock == 0) blockUnions_.resize(blockUnions_.size() + wordsPer_, 0);
    uint64_t* u = blockUnions_.data() + blockUnions_.size() - wordsPer_;
    for (size_t w = 0; w < wordsPer_; ++w) u[w] |= scratch_[w];
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
  fewestElsewhere_ = boxCount_;
  if (k >= boxCount_) return;
  load(parent);
  const size_t n = size();
  for (size_t block = 0; block * kBlock < n; ++block) {
    if (off(blockUnions_.data() + block * wordsPer_) > k + 1) continue;
    for (size_t c = block * kBlock; c < std::min(n, (block + 1) * kBlock); ++c) {
      const int e = off(words_.data() + c * wordsPer_);
      if (e > k + 1) continue;
      candidates_.push_back({static_cast<uint32_t>(c), e});
      fewestElsewhere_ = std::min(fewestElsewhere_, e);
    }
  }
}

bool Vicinity::childWithin(const Square* child, Square from, Square to, int k, int radius) const {
  if (k >= boxCount_) return true;
  // A push moves one box: the child has at most one box more elsewhere.
  if (fewestElsewhere_ < k && radius >= kAnyDistance) return true;
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
