#include "zobrist.h"

namespace soko {

// splitmix64: a fixed seed keeps node counts reproducible across runs and builds.
static uint64_t nextRandom(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

Zobrist::Zobrist(int squares, uint64_t seed) : box_(squares), player_(squares) {
  for (int s = 0; s < squares; ++s) {
    box_[s] = nextRandom(seed);
    player_[s] = nextRandom(seed);
  }
}

uint64_t Zobrist::boxes(const Square* squares, int count) const {
  uint64_t h = 0;
  for (int i = 0; i < count; ++i) h ^= box_[squares[i]];
  return h;
}

}  // namespace soko
