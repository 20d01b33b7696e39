// An append-only array of fixed-width records (`width` values of T each)
// that grows a block at a time. Nothing ever moves, so growing needs no
// room for a second copy: a std::vector holds its old and new arrays
// together while it grows (half again: 2.5 times the data at that moment),
// which capped a search's store well under its memory budget. Blocks are
// small (4096 records) so a tiny search takes little.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <type_traits>
#include <vector>

#include "record_bytes.h"

namespace soko {

template <typename T>
class BlockArray {
 public:
  static constexpr int kShift = 12;
  static constexpr size_t kBlockRecords = size_t{1} << kShift;

  explicit BlockArray(size_t width = 1) : width_(width) {}

  size_t size() const { return size_; }
  size_t capacity() const { return blocks_.size() << kShift; }
  // What the next block costs: check it against a budget before push_back()
  // passes capacity().
  uint64_t blockBytes() const { return (size_t{1} << kShift) * width_ * sizeof(T) + sizeof(void*); }
  uint64_t memoryBytes() const {
    return blocks_.size() * blockBytes() + blocks_.capacity() * sizeof(void*);
  }

  T* at(size_t i) { return blocks_[i >> kShift].get() + (i & kMask) * width_; }
  const T* at(size_t i) const { return blocks_[i >> kShift].get() + (i & kMask) * width_; }
  T& operator[](size_t i) { return *at(i); }
  const T& operator[](size_t i) const { return *at(i); }

  // Appends one record of `width` values.
  void push_back(const T* record) {
    T* out = grow();
    if constexpr (std::is_same_v<T, uint8_t>) {
      copyRecord(out, record, width_);  // see record_bytes.h
    } else {
      for (size_t k = 0; k < width_; ++k) out[k] = record[k];
    }
  }
  void push_back(const T& value) { *grow() = value; }

 private:
  static constexpr size_t kMask = (size_t{1} << kShift) - 1;

  T* grow() {
    if (size_ == capacity())
      // Not zeroed: every record is written before it is read.
      blocks_.push_back(std::unique_ptr<T[]>(new T[(size_t{1} << kShift) * width_]));
    return at(size_++);
  }

  size_t width_;
  size_t size_ = 0;
  std::vector<std::unique_ptr<T[]>> blocks_;
};

}  // namespace soko
