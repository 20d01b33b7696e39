#include "node_store.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "record_bytes.h"

namespace soko {
namespace {

// Asks for 2 MB pages where the system offers them on request: the slot
// table is probed at random, and with 4 KB pages most probes of a large
// table miss the TLB too. Only whole huge pages inside the block qualify.
// (Measured: the same for the records did not help.)
void adviseHugePages([[maybe_unused]] void* start, [[maybe_unused]] size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  constexpr uintptr_t kHuge = uintptr_t{2} << 20;
  const uintptr_t begin = (reinterpret_cast<uintptr_t>(start) + kHuge - 1) & ~(kHuge - 1);
  const uintptr_t end = (reinterpret_cast<uintptr_t>(start) + bytes) & ~(kHuge - 1);
  if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
#endif
}

}  // namespace

NodeStore::NodeStore(int boxCount, int squareCount, uint64_t budgetBytes)
    : boxCount_(boxCount),
      width_(squareCount < 0xFF ? 1 : 2),
      bits_(2 * ((static_cast<size_t>(squareCount) + 7) / 8) <=
            static_cast<size_t>(boxCount) * width_),
      boxBytes_(bits_ ? (static_cast<size_t>(squareCount) + 7) / 8
                      : static_cast<size_t>(boxCount) * width_),
      stride_(boxBytes_ + width_),
      budget_(budgetBytes),
      data_(stride_),
      packed_(stride_) {}

uint64_t NodeStore::memoryBytes() const {
  return data_.memoryBytes() + parent_.memoryBytes() + move_.memoryBytes() + keys_.memoryBytes() +
         slots_.size() * sizeof(uint32_t);
}

double NodeStore::bytesPerPosition() const {
  return size() == 0 ? 0.0 : static_cast<double>(memoryBytes()) / size();
}

void NodeStore::boxes(uint32_t i, Square* out) const {
  const uint8_t* at = record(i);
  if (!bits_) {
    for (int k = 0; k < boxCount_; ++k) out[k] = square(at + k * width_);
    return;
  }
  int k = 0;
  for (size_t byte = 0; byte < boxBytes_; byte += 8) {
    uint64_t word = loadWord(at + byte, boxBytes_ - byte);
    for (; word != 0; word &= word - 1)
      out[k++] = static_cast<Square>(byte * 8 + static_cast<size_t>(std::countr_zero(word)));
  }
  for (; k < boxCount_; ++k) out[k] = kNoSquare;
}

void NodeStore::packBits(const Square* boxes, Square player) const {
  uint8_t* out = packed_.data();
  clearRecord(out, boxBytes_);
  for (int k = 0; k < boxCount_; ++k)
    if (boxes[k] != kNoSquare) out[boxes[k] >> 3] |= static_cast<uint8_t>(1u << (boxes[k] & 7));
  out += boxBytes_;
  out[0] = static_cast<uint8_t>(player);
  if (width_ == 2) out[1] = static_cast<uint8_t>(player >> 8);
}

void NodeStore::pack(const Square* boxes, Square player) const {
  if (bits_) return packBits(boxes, player);
  // The count in a local: a byte store may alias any member, so a loop
  // bounded by one reloads it every step and is never vectorised.
  uint8_t* const out = packed_.data();
  const int n = boxCount_;
  // kNoSquare's low byte is 0xFF.
  if (width_ == 1) {
    for (int k = 0; k < n; ++k) out[k] = static_cast<uint8_t>(boxes[k]);
    out[n] = static_cast<uint8_t>(player);
    return;
  }
  for (int k = 0; k < n; ++k)
    out[2 * k] = static_cast<uint8_t>(boxes[k]),
            out[2 * k + 1] = static_cast<uint8_t>(boxes[k] >> 8);
  out[2 * n] = static_cast<uint8_t>(player), out[2 * n + 1] = static_cast<uint8_t>(player >> 8);
}

bool NodeStore::same(uint32_t i) const { return sameRecord(record(i), packed_.data(), stride_); }

bool NodeStore::grow() {
  // A block more in each array, and a table kept at most half full.
  const size_t newCapacity = capacity_ + BlockArray<uint8_t>::kBlockRecords;
  size_t newSlots = slots_.size();
  while (newSlots < newCapacity * 2) newSlots = newSlots == 0 ? 2048 : newSlots * 2;
  uint64_t bytes = data_.blockBytes() + 3 * parent_.blockBytes();
  // While the table is rebuilt, the old one lives beside the new.
  if (newSlots != slots_.size()) bytes += newSlots * sizeof(uint32_t);
  if (bytes + memoryBytes() > budget_) return false;
  capacity_ = newCapacity;
  if (newSlots != slots_.size()) {
    {
      std::vector<uint32_t> fresh;
      fresh.reserve(newSlots);  // not touched yet: the advice comes before the pages
      adviseHugePages(fresh.data(), newSlots * sizeof(uint32_t));
      fresh.resize(newSlots, 0);
      slots_.swap(fresh);
    }  // the old table is freed here
    const size_t mask = newSlots - 1;
    for (uint32_t i = 0; i < size(); ++i) {
      size_t at = keys_[i] & mask;
      while (slots_[at]) at = (at + 1) & mask;
      slots_[at] = slotOf(i, keys_[i]);
    }
  }
  return true;
}

uint32_t NodeStore::find(const Square* boxes, Square player, uint64_t key) const {
  if (slots_.empty()) return kNone;
  bool packed = false;  // most queries meet no candidate, and need no record
  const size_t mask = slots_.size() - 1;
  for (size_t at = key & mask; slots_[at]; at = (at + 1) & mask) {
    // The record settles it: loading keys_[i] first would be one more cache miss.
    uint32_t i = candidate(slots_[at], static_cast<uint32_t>(key));
    if (i == kNone) continue;
    if (!packed) pack(boxes, player), packed = true;
    if (same(i)) return i;
  }
  return kNone;
}

NodeStore::Insert NodeStore::insert(const Square* boxes, Square player, uint64_t key,
                                    uint32_t parent, uint32_t move) {
  if (size() >= capacity_ && !grow()) {
    uint32_t existing = find(boxes, player, key);
    return existing == kNone ? Insert{kNone, false, true} : Insert{existing, false, false};
  }
  pack(boxes, player);
  const size_t mask = slots_.size() - 1;
  size_t at = key & mask;
  for (; slots_[at]; at = (at + 1) & mask) {
    uint32_t i = candidate(slots_[at], static_cast<uint32_t>(key));
    if (i != kNone && same(i)) return {i, false, false};
  }
  uint32_t index = size();
  slots_[at] = slotOf(index, static_cast<uint32_t>(key));
  data_.push_back(packed_.data());
  parent_.push_back(parent);
  move_.push_back(move);
  keys_.push_back(static_cast<uint32_t>(key));
  return {index, true, false};
}

}  // namespace soko
