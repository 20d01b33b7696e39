// hbox's position store and its queues, on their own.
#include "strategies/hbox/hbox_store.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "analysis/board.h"
#include "analysis/zobrist.h"
#include "strategies/hbox/hbox_queues.h"
#include "test_support.h"

using namespace soko;
using soko::testing::one;

namespace {

// An empty room of width x height floor squares, one box and goal in it.
Level room(int width, int height) {
  std::string text = std::string(width + 2, '#') + "\n";
  for (int y = 0; y < height; ++y) {
    std::string row(width, ' ');
    if (y == 0) row[0] = '@', row[1] = '$', row[2] = '.';
    text += "#" + row + "#\n";
  }
  return one(text + std::string(width + 2, '#') + "\n");
}

// Position k of a fixed enumeration: three distinct sorted squares and a
// player square, all below `squares`.
void position(int k, int squares, Square* boxes, Square& player) {
  boxes[0] = static_cast<Square>(k % 97);
  boxes[1] = static_cast<Square>(97 + (k / 97) % 97);
  boxes[2] = static_cast<Square>(194 + (k / (97 * 97)) % 97);
  player = static_cast<Square>(squares - 1 - k % 7);
}

}  // namespace

TEST_CASE("hbox store: a position added is found again by its squares and key, a near one is not") {
  //   #######
  //   #@$.  #     10 squares: one byte a square
  //   #     #
  //   #######
  Board b(room(5, 2));
  REQUIRE(b.squareCount() <= 256);
  Zobrist z(b.squareCount());
  HboxStore store(2, b.squareCount(), z);
  std::vector<uint8_t> packed(store.packedBytes());
  CHECK(store.packedBytes() == 3);
  const Square boxes[2] = {1, 4};
  store.pack(packed.data(), boxes, 0);
  const uint64_t key = z.boxes(boxes, 2) ^ z.player(0);
  CHECK(store.find(packed.data(), key) == HboxStore::kNone);
  const uint32_t i = store.add(packed.data(), key);
  CHECK(store.find(packed.data(), key) == i);
  store.pack(packed.data(), boxes, 2);  // the same boxes, the puller elsewhere
  CHECK(store.find(packed.data(), z.boxes(boxes, 2) ^ z.player(2)) == HboxStore::kNone);
  Square back[2], player;
  store.unpack(i, back, player);
  CHECK((back[0] == 1 && back[1] == 4 && player == 0));
}

TEST_CASE("hbox store: an entry keeps its path, estimate and closed flag, 16-bit fields clamped") {
  Board b(room(5, 2));
  Zobrist z(b.squareCount());
  HboxStore store(1, b.squareCount(), z);
  std::vector<uint8_t> packed(store.packedBytes());
  const Square box = 3;
  store.pack(packed.data(), &box, 0);
  const uint32_t i = store.add(packed.data(), z.box(box) ^ z.player(0));
  HboxStore::Entry e = store.entry(i);
  CHECK((e.parent() == 0 && e.move() == 0 && e.pulls() == 0 && e.moves() == 0 && !e.closed()));
  e.setPath(HboxStore::kNone, (5u << 2) | 3, 70000, 123456);
  e.setHunEst(99999);
  e.close();
  const HboxStore& view = store;
  HboxStore::ConstEntry c = view.entry(i);
  CHECK(c.parent() == HboxStore::kNone);
  CHECK(c.move() == ((5u << 2) | 3));
  CHECK(c.pulls() == 0xFFFF);
  CHECK(c.moves() == 123456);
  CHECK(c.hunEst() == 0xFFFF);
  CHECK(c.closed());
}

TEST_CASE(
    "hbox store: past 65,536 positions, through table rebuilds, every position is found with its "
    "path") {
  // 20 x 20 = 400 squares: two bytes a square.
  Board b(room(20, 20));
  REQUIRE(b.squareCount() > 256);
  Zobrist z(b.squareCount());
  HboxStore store(3, b.squareCount(), z);
  CHECK(store.packedBytes() == 8);
  std::vector<uint8_t> packed(store.packedBytes());
  constexpr int kPositions = 150000;
  Square boxes[3], player;
  for (int k = 0; k < kPositions; ++k) {
    position(k, b.squareCount(), boxes, player);
    store.pack(packed.data(), boxes, player);
    const uint64_t key = z.boxes(boxes, 3) ^ z.player(player);
    REQUIRE(store.find(packed.data(), key) == HboxStore::kNone);
    const uint64_t before = store.memoryBytes(), allowed = store.nextGrowthBytes();
    REQUIRE_FALSE(store.full());
    const uint32_t i = store.add(packed.data(), key);
    REQUIRE(i == static_cast<uint32_t>(k));
    REQUIRE(store.memoryBytes() <= before + allowed);
    store.entry(i).setPath(k == 0 ? HboxStore::kNone : i - 1, 0, k % 1000, k);
  }
  CHECK(store.size() == kPositions);
  for (int k = 0; k < kPositions; ++k) {
    position(k, b.squareCount(), boxes, player);
    store.pack(packed.data(), boxes, player);
    const uint32_t i = store.find(packed.data(), z.boxes(boxes, 3) ^ z.player(player));
    REQUIRE(i == static_cast<uint32_t>(k));
    CHECK(store.entry(i).moves() == static_cast<uint32_t>(k));
    CHECK(store.entry(i).pulls() == static_cast<uint32_t>(k % 1000));
  }
}

TEST_CASE(
    "hbox queues: popped in turn, each position once, entries queued again with fewer pulls win") {
  Board b(room(5, 2));
  Zobrist z(b.squareCount());
  HboxStore store(1, b.squareCount(), z);
  std::vector<uint8_t> packed(store.packedBytes());
  auto add = [&](Square box, uint32_t pulls) {
    store.pack(packed.data(), &box, 0);
    const uint32_t i = store.add(packed.data(), z.box(box) ^ z.player(0));
    store.entry(i).setPath(HboxStore::kNone, HboxStore::kNone, pulls, 0);
    return i;
  };
  HboxMethod method;
  REQUIRE(hboxMethod(1, method));  // all six queues
  HboxQueues queues(method);
  queues.allocate();
  // A is best by pri1, B by pri2..pri6.
  const uint32_t a = add(1, 5), bb = add(2, 5);
  Priorities pa, pb;
  for (int k = 1; k <= 6; ++k) pa.pri[k] = k == 1 ? 0 : 60, pb.pri[k] = k == 1 ? 60 : 0;
  queues.push(a, pa, HboxQueues::pri0Of(store.entry(a)));
  queues.push(bb, pb, HboxQueues::pri0Of(store.entry(bb)));
  // B reached again with fewer pulls: queued again; its old entries are stale.
  store.entry(bb).setPath(HboxStore::kNone, HboxStore::kNone, 2, 0);
  queues.push(bb, pb, HboxQueues::pri0Of(store.entry(bb)));
  uint32_t id;
  REQUIRE(queues.pop(store, id));
  CHECK((id == a && queues.lastQueue() == 1));
  REQUIRE(queues.pop(store, id));
  CHECK((id == bb && queues.lastQueue() == 2));
  CHECK(store.entry(a).closed());
  CHECK(store.entry(bb).closed());
  CHECK_FALSE(queues.pop(store, id));  // every other entry is closed or stale
}

TEST_CASE("hbox queues: halfway keeps only pri1 and pri6") {
  Board b(room(5, 2));
  Zobrist z(b.squareCount());
  HboxStore store(1, b.squareCount(), z);
  std::vector<uint8_t> packed(store.packedBytes());
  HboxMethod method;
  REQUIRE(hboxMethod(1, method));
  HboxQueues queues(method);
  queues.allocate();
  for (Square box = 1; box <= 4; ++box) {
    store.pack(packed.data(), &box, 0);
    const uint32_t i = store.add(packed.data(), z.box(box) ^ z.player(0));
    queues.push(i, Priorities{}, 0);
  }
  const uint64_t full = queues.memoryBytes();
  queues.dropHalfway();
  CHECK(queues.memoryBytes() < full);  // the entries of pri2..pri5 are freed
  uint32_t id;
  std::vector<int> from;
  while (queues.pop(store, id)) from.push_back(queues.lastQueue());
  CHECK(from == std::vector<int>{1, 6, 1, 6});
}
