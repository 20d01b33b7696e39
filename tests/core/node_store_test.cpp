#include "search/node_store.h"

#include <catch2/catch.hpp>
#include <random>
#include <set>
#include <vector>

using namespace soko;

namespace {

// Random sorted box sets on `squares` squares (no two on one square), some
// with kNoSquare padding (the sink solver's sunk stones), each with a
// random player square.
struct Position {
  std::vector<Square> boxes;
  Square player;
  bool operator<(const Position& o) const {
    return std::tie(boxes, player) < std::tie(o.boxes, o.player);
  }
};

std::vector<Position> randomPositions(int boxes, int squares, int count, uint32_t seed) {
  std::mt19937 rng(seed);
  std::set<Position> seen;
  while (static_cast<int>(seen.size()) < count) {
    Position p;
    std::set<Square> taken;
    for (int i = 0; i < boxes; ++i) {
      Square s = rng() % 4 == 0 ? kNoSquare : static_cast<Square>(rng() % squares);
      while (s != kNoSquare && !taken.insert(s).second) s = static_cast<Square>(rng() % squares);
      p.boxes.push_back(s);
    }
    std::sort(p.boxes.begin(), p.boxes.end());
    p.player = static_cast<Square>(rng() % squares);
    seen.insert(p);
  }
  return {seen.begin(), seen.end()};
}

// A deliberately weak hash, so that positions share table slots.
uint64_t weakKey(const Position& p) { return (p.boxes[0] * 31u + p.player) & 0x3F; }

}  // namespace

TEST_CASE(
    "node store: positions come back as stored, with one byte a square on small boards and two on "
    "large") {
  for (int squares : {20, 254, 255, 900}) {
    INFO("squares " << squares);
    const int boxes = 5;
    const auto positions = randomPositions(boxes, squares, 3000, static_cast<uint32_t>(squares));
    NodeStore store(boxes, squares, 64 << 20);
    for (size_t i = 0; i < positions.size(); ++i) {
      const Position& p = positions[i];
      NodeStore::Insert r =
          store.insert(p.boxes.data(), p.player, weakKey(p), static_cast<uint32_t>(i) - 1,
                       static_cast<uint32_t>(i * 7));
      REQUIRE(r.inserted);
      REQUIRE(r.index == i);
    }
    std::vector<Square> out(boxes);
    for (size_t i = 0; i < positions.size(); ++i) {
      const Position& p = positions[i];
      CHECK(store.find(p.boxes.data(), p.player, weakKey(p)) == i);
      NodeStore::Insert again = store.insert(p.boxes.data(), p.player, weakKey(p), 0, 0);
      CHECK((!again.inserted && again.index == i));
      store.boxes(static_cast<uint32_t>(i), out.data());
      CHECK(out == p.boxes);
      CHECK(store.player(static_cast<uint32_t>(i)) == p.player);
      CHECK(store.move(static_cast<uint32_t>(i)) == i * 7);
    }
    // The same boxes with another player: not found.
    Position other = positions[0];
    other.player = static_cast<Square>((other.player + 1) % squares);
    if (!std::binary_search(positions.begin(), positions.end(), other))
      CHECK(store.find(other.boxes.data(), other.player, weakKey(other)) == NodeStore::kNone);
  }
  // One byte a square stores a position in fewer bytes than two.
  NodeStore small(20, 200, 64 << 20), large(20, 300, 64 << 20);
  std::vector<Square> b(20);
  for (int i = 0; i < 20; ++i) b[i] = static_cast<Square>(i);
  small.insert(b.data(), 100, 1, NodeStore::kNone, 0);
  large.insert(b.data(), 100, 1, NodeStore::kNone, 0);
  CHECK(small.memoryBytes() < large.memoryBytes());
}

// Many boxes on a board not much larger: a bit per square instead of a
// list, where that is at least twice as short.
TEST_CASE("node store: many boxes are kept as a bit per square, and come back as stored") {
  for (auto [boxes, squares] : {std::pair{40, 100}, std::pair{60, 300}, std::pair{200, 700}}) {
    INFO(boxes << " boxes on " << squares << " squares");
    // A whole block of records, so that bytes per position are the record's.
    const auto positions = randomPositions(boxes, squares, BlockArray<uint8_t>::kBlockRecords,
                                           static_cast<uint32_t>(boxes));
    NodeStore store(boxes, squares, 256 << 20);
    for (size_t i = 0; i < positions.size(); ++i) {
      const Position& p = positions[i];
      NodeStore::Insert r = store.insert(p.boxes.data(), p.player, weakKey(p), NodeStore::kNone,
                                         static_cast<uint32_t>(i));
      REQUIRE((r.inserted && r.index == i));
    }
    std::vector<Square> out(boxes);
    for (size_t i = 0; i < positions.size(); ++i) {
      const Position& p = positions[i];
      REQUIRE(store.find(p.boxes.data(), p.player, weakKey(p)) == i);
      store.boxes(static_cast<uint32_t>(i), out.data());
      REQUIRE(out == p.boxes);
      REQUIRE(store.player(static_cast<uint32_t>(i)) == p.player);
    }
    // One box moved to a free square: another position.
    Position moved = positions[0];
    for (Square s = 0; s < squares; ++s)
      if (!std::binary_search(moved.boxes.begin(), moved.boxes.end(), s)) {
        moved.boxes[0] = s;
        break;
      }
    std::sort(moved.boxes.begin(), moved.boxes.end());
    if (!std::binary_search(positions.begin(), positions.end(), moved))
      CHECK(store.find(moved.boxes.data(), moved.player, weakKey(moved)) == NodeStore::kNone);
    // A bit a square: against a store of one box a position (the same
    // overheads), at most half the bytes a list of squares would add.
    NodeStore one(1, squares, 256 << 20);
    for (size_t i = 0; i < positions.size(); ++i) {
      const Square box = static_cast<Square>(i % squares);
      one.insert(&box, static_cast<Square>(i / squares), i, NodeStore::kNone, 0);
    }
    const double list = boxes * (squares < 255 ? 1.0 : 2.0);
    CHECK(store.bytesPerPosition() - one.bytesPerPosition() <= list / 2);
  }
}

TEST_CASE("node store: never grows past its budget, and says so") {
  const auto positions = randomPositions(6, 100, 20000, 7);
  NodeStore store(6, 100, 256 << 10);
  bool full = false;
  size_t stored = 0;
  for (const Position& p : positions) {
    NodeStore::Insert r =
        store.insert(p.boxes.data(), p.player, weakKey(p) * 977 + p.boxes[1], NodeStore::kNone, 0);
    if (r.full) {
      full = true;
      break;
    }
    ++stored;
    CHECK(store.memoryBytes() <= (256u << 10));
  }
  CHECK(full);
  CHECK(stored > 1000);
  // Growing without copies, the store fills most of its budget before it says so.
  CHECK(store.memoryBytes() > (256u << 10) / 2);
}

// Slots keep the key bits above the table's mask to skip other positions:
// keys that share the low bits and differ only above them, or share every
// bit, must still find each position, across growths of the table.
TEST_CASE("node store: keys alike in the table's bits or in all bits still find each position") {
  const auto positions = randomPositions(4, 60, 5000, 11);
  for (int variant = 0; variant < 2; ++variant) {
    INFO("variant " << variant);
    auto key = [&](size_t i) -> uint64_t {
      return variant == 0 ? 0x1234 | (i % 7) << 20 | (i % 3) << 31 : 0x5555;
    };
    NodeStore store(4, 60, 64 << 20);
    for (size_t i = 0; i < positions.size(); ++i) {
      const Position& p = positions[i];
      REQUIRE(store.find(p.boxes.data(), p.player, key(i)) == NodeStore::kNone);
      NodeStore::Insert r = store.insert(p.boxes.data(), p.player, key(i), NodeStore::kNone, 0);
      REQUIRE((r.inserted && r.index == i));
    }
    for (size_t i = 0; i < positions.size(); ++i)
      REQUIRE(store.find(positions[i].boxes.data(), positions[i].player, key(i)) == i);
  }
}
