#include "vicinity.h"

#include <algorithm>
#include <bit>

namespace soko {

Vicinity::Vicinity(int squareCount, int boxCount)
    : boxCount_(boxCount),
      wordsPer_((static_cast<size_t>(squareCount) + 63) / 64),
      scratch_(wordsPer_, 0) {}

void Vicinity::load(const Square* boxes) const {
  std::fill(scratch_.begin(), scratch_.end(), 0);
  for (int i = 0; i < boxCount_; ++i) scratch_[boxes[i] / 64] |= uint64_t{1} << (boxes[i] % 64);
}

void Vicinity::add(const std::vector<std::vector<Square>>& configurations) {
  for (const std::vector<Square>& c : configurations) {
    if (within(c.data(), 0)) continue;
    load(c.data());
    words_.insert(words_.end(), scratch_.begin(), scratch_.end());
  }
}

bool Vicinity::within(const Square* boxes, int k) const {
  if (k >= boxCount_) return true;
  load(boxes);
  const size_t n = size();
  for (size_t c = 0; c < n; ++c) {
    const uint64_t* held = words_.data() + c * wordsPer_;
    int elsewhere = 0;  // boxes not on a square of configuration c
    for (size_t w = 0; w < wordsPer_ && elsewhere <= k; ++w)
      elsewhere += std::popcount(scratch_[w] & ~held[w]);
    if (elsewhere <= k) return true;
  }
  return false;
}

}  // namespace soko
