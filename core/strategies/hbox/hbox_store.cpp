#include "hbox_store.h"

#include <cstdlib>
#include <new>
#ifdef __linux__
#include <sys/mman.h>
#endif

namespace soko {

SlotArray::SlotArray(SlotArray&& o) noexcept : data_(o.data_), size_(o.size_) {
  o.data_ = nullptr;
  o.size_ = 0;
}

SlotArray& SlotArray::operator=(SlotArray&& o) noexcept {
  std::swap(data_, o.data_);
  std::swap(size_, o.size_);
  return *this;
}

SlotArray::~SlotArray() { std::free(data_); }

void SlotArray::reset(size_t n) {
  std::free(data_);
  data_ = nullptr;
  size_ = 0;
  constexpr size_t kHuge = size_t(2) << 20;
  size_t bytes = n * sizeof(uint32_t);
  if (bytes >= kHuge) {
    bytes = (bytes + kHuge - 1) / kHuge * kHuge;
    data_ = static_cast<uint32_t*>(std::aligned_alloc(kHuge, bytes));
#ifdef MADV_HUGEPAGE
    if (data_) madvise(data_, bytes, MADV_HUGEPAGE);
#endif
  } else {
    data_ = static_cast<uint32_t*>(std::malloc(bytes));
  }
  if (!data_) throw std::bad_alloc();
  std::memset(data_, 0, n * sizeof(uint32_t));
  size_ = n;
}

HboxStore::HboxStore(int boxes, int squareCount, const Zobrist& zobrist)
    : zobrist_(&zobrist),
      boxes_(boxes),
      squareBytes_(squareCount <= 256 ? 1 : 2),
      packedBytes_((boxes + 1) * squareBytes_),
      recordBytes_(kHeader + packedBytes_) {}

// Nearly every place() misses the cache (a random slot of a table larger
// than it), so the keys of a batch of records are computed and their slots
// prefetched before any of them is placed: the misses overlap instead of
// waiting one by one. The records go in in the same order, so the table is
// the same.
void HboxStore::rehash(size_t newSize) {
  constexpr uint32_t kBatch = 16;
  slots_.reset(newSize);
  std::vector<Square> boxes(boxes_);
  uint64_t keys[kBatch];
  auto keyOf = [&](uint32_t i) {
    Square player;
    unpackRecord(record(i) + kHeader, boxes.data(), player);
    const uint64_t key = zobrist_->boxes(boxes.data(), boxes_) ^ zobrist_->player(player);
    prefetch(key);
    return key;
  };
  // WebAssembly has no prefetch: there the batch's slots are loaded in one
  // tight loop (touch()) instead, so that the misses overlap in it.
  for (uint32_t start = 0; start < size_; start += kBatch) {
    const uint32_t n = std::min(size_ - start, kBatch);
    for (uint32_t k = 0; k < n; ++k) keys[k] = keyOf(start + k);
#if defined(__wasm__)
    for (uint32_t k = 0; k < n; ++k) touch(keys[k]);
#endif
    for (uint32_t k = 0; k < n; ++k) place(start + k, keys[k]);
  }
}

}  // namespace soko
