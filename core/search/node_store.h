// Every position a search has seen: box squares (sorted) and the normalised
// player square, packed in block arrays (growing without copies), with the parent's index and the
// move that led here, found again through an open-addressing table of Zobrist keys.
//
// A square takes one byte when the board has fewer than 255 squares (most
// levels), else two; kNoSquare is kept either way. The boxes are a list of
// their squares, or, where that takes at least twice as many bytes, a bit
// per square of the board (many boxes on a board not much larger: 280 boxes
// on 1,000 squares take 125 bytes instead of 560; kNoSquare boxes, which the
// single-sink variant keeps for the stones gone, are left out then). Where
// the two are close the list is kept: it is quicker to pack. Bytes per
// position: the boxes, 1 or 2 for the player, 4 parent + 4 move + 4 key + 8
// to 16 of table.
// The store never grows past its byte budget: insert() reports `full`
// instead, so the search can stop cleanly.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "analysis/board.h"
#include "block_array.h"

namespace soko {

class NodeStore {
 public:
  static constexpr uint32_t kNone = 0xFFFFFFFF;

  NodeStore(int boxCount, int squareCount, uint64_t budgetBytes);

  struct Insert {
    uint32_t index = kNone;
    bool inserted = false;  // new position
    bool full = false;      // not stored: the budget would be passed
  };
  Insert insert(const Square* boxes, Square player, uint64_t key, uint32_t parent, uint32_t move);
  uint32_t find(const Square* boxes, Square player, uint64_t key) const;  // kNone if absent
  // Starts loading the table slot where find(…, key) begins: a caller that
  // knows several keys ahead overlaps their cache misses.
  void prefetch(uint64_t key) const {
    // The mask is 0 for an empty table, without a branch: GCC 12 drops a
    // prefetch guarded by one.
    const size_t mask = slots_.size() - !slots_.empty();
    __builtin_prefetch(slots_.data() + (key & mask));
  }
  // WebAssembly has no prefetch instruction (the one above compiles to
  // nothing there): a caller loads its keys' slots in one tight loop of
  // touch() instead, so that their misses overlap all the same.
  void touch(uint64_t key) const {
    if (!slots_.empty()) touched_ += slots_[key & (slots_.size() - 1)];
  }
  void setBudget(uint64_t budgetBytes) { budget_ = budgetBytes; }

  // Copies position i's boxes (boxCount squares, sorted) to `out`.
  void boxes(uint32_t i, Square* out) const;
  Square player(uint32_t i) const { return square(record(i) + boxBytes_); }
  uint32_t parent(uint32_t i) const { return parent_[i]; }
  uint32_t move(uint32_t i) const { return move_[i]; }
  // The low half of position i's key: all find() needs of it (the table
  // uses low bits, and the stored half settles most mismatches).
  uint32_t key(uint32_t i) const { return keys_[i]; }
  uint32_t size() const { return static_cast<uint32_t>(parent_.size()); }
  uint64_t memoryBytes() const;
  double bytesPerPosition() const;

 private:
  const uint8_t* record(uint32_t i) const { return data_.at(i); }
  Square square(const uint8_t* at) const {
    if (width_ == 2) return static_cast<Square>(at[0] | at[1] << 8);
    return at[0] == 0xFF ? kNoSquare : at[0];
  }
  // The query's record in packed_, for comparing with stored ones.
  void pack(const Square* boxes, Square player) const;
  [[gnu::noinline]] void packBits(const Square* boxes,
                                  Square player) const;  // pack()'s bit records
  bool same(uint32_t i) const;                           // position i is the one in packed_
  bool grow();                                           // false when the budget forbids it
  // A slot holds the node index + 1 in the bits of the table mask and, above
  // them, the same bits of the node's key: most probes of other positions
  // are told apart there, without loading keys_ or the record.
  uint32_t slotOf(uint32_t index, uint32_t key) const { return (key & ~slotMask()) | (index + 1); }
  uint32_t slotMask() const { return static_cast<uint32_t>(slots_.size() - 1); }
  // The slot's node when its key bits match `key`'s, else kNone.
  uint32_t candidate(uint32_t slot, uint32_t key) const {
    return ((slot ^ key) & ~slotMask()) == 0 ? (slot & slotMask()) - 1 : kNone;
  }

  int boxCount_;
  size_t width_;     // bytes per square
  bool bits_;        // the boxes as a bit per square (else as a list of squares)
  size_t boxBytes_;  // bytes of a record's boxes
  size_t stride_;    // bytes per position: boxBytes_ + width_
  uint64_t budget_;
  BlockArray<uint8_t> data_;  // records of stride_ bytes
  mutable std::vector<uint8_t> packed_;
  BlockArray<uint32_t> parent_, move_;
  BlockArray<uint32_t> keys_;  // the keys' low halves
  std::vector<uint32_t>
      slots_;  // slotOf(node, key), 0 = empty; size is a power of two, at least twice capacity_
  size_t capacity_ = 0;           // positions the budget has been checked for
  mutable uint32_t touched_ = 0;  // touch()'s loads go here, so that they are kept
};

}  // namespace soko
