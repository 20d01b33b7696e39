// A large table of costs that is first filled with one value a share at a
// time, so that no piece of a level's preparation takes every page fault of
// the table at once (a table of hundreds of megabytes would hold a slice for
// seconds). The push and pull distance tables are written this way.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>

namespace soko {

class PagedTable {
 public:
  static constexpr size_t kEntriesPerPiece = size_t{4} << 20;  // 16 MB

  void allocate(size_t entries) {
    data_.reset(new int32_t[entries]);
    size_ = entries;
    filled_ = 0;
  }
  // Fills the next share with `value`; true once the whole table is filled.
  bool fillPiece(int32_t value) {
    const size_t end = std::min(size_, filled_ + kEntriesPerPiece);
    std::fill(data_.get() + filled_, data_.get() + end, value);
    filled_ = end;
    return filled_ == size_;
  }
  bool allocated() const { return data_ != nullptr; }
  bool filled() const { return allocated() && filled_ == size_; }
  uint64_t memoryBytes() const { return allocated() ? size_ * sizeof(int32_t) : 0; }
  int32_t& operator[](size_t i) { return data_[i]; }
  const int32_t& operator[](size_t i) const { return data_[i]; }

 private:
  std::unique_ptr<int32_t[]> data_;
  size_t size_ = 0;
  size_t filled_ = 0;  // entries written once
};

}  // namespace soko
