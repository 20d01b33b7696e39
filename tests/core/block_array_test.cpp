#include "search/block_array.h"

#include <catch2/catch.hpp>
#include <cstdint>
#include <vector>

using namespace soko;

TEST_CASE(
    "block array: records come back as appended, never move, and memory grows a block at a time") {
  const size_t width = 3;
  BlockArray<uint16_t> array(width);
  CHECK(array.size() == 0);
  CHECK(array.memoryBytes() == 0);
  const size_t count = BlockArray<uint16_t>::kBlockRecords * 2 + 5;  // into a third block
  const uint16_t* first = nullptr;
  for (size_t i = 0; i < count; ++i) {
    const uint16_t record[width] = {static_cast<uint16_t>(i), static_cast<uint16_t>(i * 7),
                                    static_cast<uint16_t>(~i)};
    const size_t capacityBefore = array.capacity();
    const uint64_t bytesBefore = array.memoryBytes();
    array.push_back(record);
    if (i == 0) first = array.at(0);
    // A new block only when the last one was full, costing what blockBytes() said (and the block
    // list).
    if (capacityBefore > i)
      CHECK(array.memoryBytes() == bytesBefore);
    else
      CHECK(array.memoryBytes() - bytesBefore <=
            array.blockBytes() +
                2 * sizeof(void*) * array.capacity() / BlockArray<uint16_t>::kBlockRecords);
  }
  REQUIRE(array.size() == count);
  CHECK(array.capacity() == BlockArray<uint16_t>::kBlockRecords * 3);
  CHECK(array.at(0) == first);  // the first record stayed where it was
  for (size_t i = 0; i < count; ++i) {
    const uint16_t* r = array.at(i);
    REQUIRE((r[0] == static_cast<uint16_t>(i) && r[1] == static_cast<uint16_t>(i * 7) &&
             r[2] == static_cast<uint16_t>(~i)));
  }
  // Single values, written in place.
  BlockArray<uint32_t> values;
  for (uint32_t i = 0; i < 10000; ++i) values.push_back(i * 3);
  values[9999] += 1;
  CHECK(values[0] == 0);
  CHECK(values[4097] == 4097 * 3);
  CHECK(values[9999] == 9999 * 3 + 1);
}
