// Zobrist keys: a random 64-bit word per square for boxes and another for the
// (normalised) player, so a position's key is the XOR of its parts and a push
// updates it in two XORs.
#pragma once

#include <cstdint>
#include <vector>

#include "board.h"

namespace soko {

class Zobrist {
 public:
  explicit Zobrist(int squares, uint64_t seed = 0x9E3779B97F4A7C15ull);
  uint64_t box(Square s) const { return box_[s]; }
  uint64_t player(Square s) const { return player_[s]; }
  uint64_t boxes(const Square* squares, int count) const;

 private:
  std::vector<uint64_t> box_, player_;
};

}  // namespace soko
