// hbox's position store: every position the reverse search has seen, with
// the path that reached it (parent, pull, pulls and moves so far), its
// Hungarian estimate and whether it has been expanded, found again by its
// Zobrist key.
//
// Records sit in 64K-record chunks (no copying as the store grows); an
// open-addressing table of record indices, kept at most half full, finds
// them. A record is a 17-byte header and the packed sorted box squares plus
// the normalised puller square, one byte each when the board has at most 256
// squares. Keys are not kept: a rehash computes them again from the records.
//
// Why not the shared NodeStore (core/search/node_store.h): measured with
// hbox on it (its parent and move arrays, and hbox's moves, pulls, HunEst
// and flag in a block array beside), same search, it is both slower and
// bigger. It keeps each position's key for rehashing (4 bytes more a
// position) and spreads a position over five arrays where this store has
// one record. Instructions (callgrind, 50,000 expansions) and store bytes
// per position (records and table):
//   XSokoban 13, hbox 11: 2.024 G -> 2.087 G (+3.1%); 44.98 -> 46.75 bytes
//   XSokoban 21, hbox 1:  1.503 G -> 1.527 G (+1.6%); 52.02 -> 48.84 bytes
//   XSokoban 13, hbox 11 to its solution (1,166,634 positions): 48.76 -> 52.43 bytes
// With an insert that skips NodeStore's second probe (the search looks up
// first) it stays +2.8% and +1.3%. XSokoban 21's bytes favour NodeStore
// only because its 157,490 positions leave a fifth of this store's third
// 64K-record chunk empty; NodeStore's 4,096-record blocks waste less on
// small searches.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <type_traits>
#include <vector>

#include "analysis/board.h"
#include "analysis/zobrist.h"
#include "search/record_bytes.h"

namespace soko {

// A zeroed array of big, randomly accessed data (the hash slots). On Linux
// it asks for transparent huge pages: with millions of positions nearly
// every probe misses the TLB otherwise.
class SlotArray {
 public:
  SlotArray() = default;
  SlotArray(const SlotArray&) = delete;
  SlotArray& operator=(const SlotArray&) = delete;
  SlotArray(SlotArray&& o) noexcept;
  SlotArray& operator=(SlotArray&& o) noexcept;
  ~SlotArray();

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  uint32_t& operator[](size_t i) { return data_[i]; }
  uint32_t operator[](size_t i) const { return data_[i]; }
  const uint32_t* data() const { return data_; }
  void reset(size_t n);  // n zeroed slots; the old ones are freed first

 private:
  uint32_t* data_ = nullptr;
  size_t size_ = 0;
};

class HboxStore {
 public:
  static constexpr uint32_t kNone = 0xFFFFFFFF;

  // `zobrist` keys the positions (a rehash needs it) and outlives the store.
  HboxStore(int boxes, int squareCount, const Zobrist& zobrist);

  uint32_t size() const { return size_; }
  int packedBytes() const { return packedBytes_; }
  uint64_t memoryBytes() const {
    return uint64_t(chunks_.size()) * kChunk * recordBytes_ + slots_.size() * sizeof(uint32_t);
  }
  // Bytes the next add() may allocate at most.
  uint64_t nextGrowthBytes() const {
    uint64_t b = 0;
    if (size_ == chunks_.size() * kChunk) b += uint64_t(kChunk) * recordBytes_;
    if ((size_ + 1) * 2 > slots_.size())
      b += std::max<uint64_t>(slots_.size() * 2, 1 << 16) * sizeof(uint32_t);
    return b;
  }
  // Slots hold an index in their low bits, so the store has a size limit.
  bool full() const { return size_ + 1 >= kIndexMask; }

  // A position's packed form (packedBytes() bytes): the query of find() and add().
  // The count in a local: a byte store may alias any member, so a loop
  // bounded by one reloads it every step and is never vectorised.
  void pack(uint8_t* __restrict out, const Square* __restrict boxes, Square player) const {
    const int n = boxes_;
    if (squareBytes_ == 1) {
      for (int i = 0; i < n; ++i) out[i] = static_cast<uint8_t>(boxes[i]);
      out[n] = static_cast<uint8_t>(player);
    } else {
      std::memcpy(out, boxes, boxes_ * sizeof(Square));
      std::memcpy(out + boxes_ * sizeof(Square), &player, sizeof(Square));
    }
  }
  // Position i's sorted boxes and normalised puller.
  void unpack(uint32_t i, Square* boxes, Square& player) const {
    unpackRecord(record(i) + kHeader, boxes, player);
  }

  // The index of the packed position, or kNone.
  uint32_t find(const uint8_t* packed, uint64_t key) const {
    if (slots_.empty()) return kNone;
    const size_t mask = slots_.size() - 1;
    const uint32_t tag = tagOf(key);
    for (size_t at = mix(key) & mask; slots_[at]; at = (at + 1) & mask) {
      uint32_t slot = slots_[at];
      if ((slot & ~kIndexMask) != tag) continue;  // cheap filter before touching the record
      uint32_t i = (slot & kIndexMask) - 1;
      if (same(record(i) + kHeader, packed)) return i;
    }
    return kNone;
  }
  // Adds a position known to be absent, its header zeroed; the caller
  // checked full() and nextGrowthBytes().
  uint32_t add(const uint8_t* packed, uint64_t key) {
    if ((size_ + 1) * 2 > slots_.size()) rehash(std::max<size_t>(slots_.size() * 2, 1 << 16));
    if (size_ == chunks_.size() * kChunk)
      chunks_.emplace_back(new uint8_t[size_t(kChunk) * recordBytes_]);
    uint32_t i = size_++;
    uint8_t* r = record(i);
    std::memset(r, 0, kHeader);
    copyRecord(r + kHeader, packed, packedBytes_);
    place(i, key);
    return i;
  }
  void prefetch(uint64_t key) const {
    if (!slots_.empty()) __builtin_prefetch(slots_.data() + (mix(key) & (slots_.size() - 1)));
  }
  // WebAssembly's stand-in for prefetch() (see NodeStore::touch()).
  void touch(uint64_t key) const {
    if (!slots_.empty()) touched_ += slots_[mix(key) & (slots_.size() - 1)];
  }

  // One stored position's header, read (and, through a non-const store,
  // written) in place: the path that reached it, its estimate, whether it
  // was expanded. A caller touching several fields finds the record once.
  template <typename Byte>  // uint8_t, or const uint8_t for reading only
  class BasicEntry {
    static constexpr bool kWritable = !std::is_const_v<Byte>;

   public:
    // Its parent (kNone for a start), the pull that made it ((from square
    // << 2) | direction, kNone for a start), pulls and moves from the
    // solved position.
    uint32_t parent() const { return load<uint32_t>(r_ + kParent); }
    uint32_t move() const { return load<uint32_t>(r_ + kMove); }
    uint32_t pulls() const { return load<uint16_t>(r_ + kPulls); }
    uint32_t moves() const { return load<uint32_t>(r_ + kMoves); }
    uint32_t hunEst() const { return load<uint16_t>(r_ + kHunEst); }
    bool closed() const { return r_[kFlags] & kClosed; }  // expanded already

    // Pulls and HunEst are kept to 16 bits (0xFFFF at most).
    void setPath(uint32_t parent, uint32_t move, uint32_t pulls,
                 uint32_t moves) const requires kWritable {
      store<uint32_t>(r_ + kParent, parent);
      store<uint32_t>(r_ + kMove, move);
      store<uint32_t>(r_ + kMoves, moves);
      store<uint16_t>(r_ + kPulls, static_cast<uint16_t>(std::min<uint32_t>(pulls, 0xFFFF)));
    }
    void setHunEst(int hunEst) const requires kWritable {
      store<uint16_t>(r_ + kHunEst, static_cast<uint16_t>(std::min(hunEst, 0xFFFF)));
    }
    void close() const requires kWritable { r_[kFlags] |= kClosed; }

   private:
    friend class HboxStore;
    explicit BasicEntry(Byte* r) : r_(r) {}
    Byte* r_;
  };
  using Entry = BasicEntry<uint8_t>;
  using ConstEntry = BasicEntry<const uint8_t>;
  Entry entry(uint32_t i) { return Entry(record(i)); }
  ConstEntry entry(uint32_t i) const { return ConstEntry(record(i)); }

 private:
  static constexpr int kChunkBits = 16;
  static constexpr uint32_t kChunk = 1u << kChunkBits;
  // Header layout, in bytes.
  static constexpr int kParent = 0, kMove = 4, kMoves = 8, kPulls = 12, kHunEst = 14, kFlags = 16,
                       kHeader = 17;
  static constexpr uint8_t kClosed = 1;
  // A slot: record index + 1 in the low 27 bits (0 = empty), 5 bits of the key above.
  static constexpr uint32_t kIndexMask = (1u << 27) - 1;

  template <typename T>
  static T load(const uint8_t* p) {
    T v;
    std::memcpy(&v, p, sizeof(T));
    return v;
  }
  template <typename T>
  static void store(uint8_t* p, T v) {
    std::memcpy(p, &v, sizeof(T));
  }
  static uint64_t mix(uint64_t key) { return key ^ (key >> 29); }
  static uint32_t tagOf(uint64_t key) { return static_cast<uint32_t>(key >> 59) << 27; }

  uint8_t* record(uint32_t i) {
    return chunks_[i >> kChunkBits].get() + size_t(i & (kChunk - 1)) * recordBytes_;
  }
  const uint8_t* record(uint32_t i) const {
    return chunks_[i >> kChunkBits].get() + size_t(i & (kChunk - 1)) * recordBytes_;
  }
  void unpackRecord(const uint8_t* __restrict in, Square* __restrict boxes, Square& player) const {
    const int n = boxes_;
    if (squareBytes_ == 1) {
      for (int i = 0; i < n; ++i) boxes[i] = in[i];
      player = in[n];
    } else {
      std::memcpy(boxes, in, boxes_ * sizeof(Square));
      std::memcpy(&player, in + boxes_ * sizeof(Square), sizeof(Square));
    }
  }
  bool same(const uint8_t* a, const uint8_t* b) const { return sameRecord(a, b, packedBytes_); }
  void place(uint32_t i, uint64_t key) {
    const size_t mask = slots_.size() - 1;
    size_t at = mix(key) & mask;
    while (slots_[at]) at = (at + 1) & mask;
    slots_[at] = (i + 1) | tagOf(key);
  }
  void rehash(size_t newSize);  // a table of newSize slots, keys computed again

  const Zobrist* zobrist_;
  int boxes_, squareBytes_, packedBytes_, recordBytes_;
  std::vector<std::unique_ptr<uint8_t[]>> chunks_;
  SlotArray slots_;               // see kIndexMask; load <= 1/2
  mutable uint32_t touched_ = 0;  // touch()'s loads go here, so that they are kept
  uint32_t size_ = 0;
};

}  // namespace soko
