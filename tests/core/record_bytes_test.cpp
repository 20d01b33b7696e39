#include "search/record_bytes.h"

#include <catch2/catch.hpp>
#include <cstdint>
#include <cstring>
#include <vector>

using namespace soko;

// Every size from empty to past two words, at unaligned offsets, against the
// library's memcpy, memcmp and memset.
TEST_CASE("record bytes: copy, compare, clear and load agree with the library at every size") {
  std::vector<uint8_t> a(64), b(64);
  for (size_t n = 0; n <= 20; ++n) {
    for (size_t offset = 0; offset < 3; ++offset) {
      for (size_t k = 0; k < a.size(); ++k) a[k] = static_cast<uint8_t>(k * 37 + n + 1);
      std::fill(b.begin(), b.end(), uint8_t{0xAB});
      copyRecord(b.data() + offset, a.data() + 1, n);
      CHECK(std::memcmp(b.data() + offset, a.data() + 1, n) == 0);
      CHECK(b[offset + n] == 0xAB);  // nothing written past the record
      CHECK(sameRecord(b.data() + offset, a.data() + 1, n));
      for (size_t k = 0; k < n; ++k) {  // a difference in any byte is seen
        b[offset + k] ^= 1;
        CHECK_FALSE(sameRecord(b.data() + offset, a.data() + 1, n));
        b[offset + k] ^= 1;
      }
      clearRecord(b.data() + offset, n);
      for (size_t k = 0; k < n; ++k) CHECK(b[offset + k] == 0);
      CHECK(b[offset + n] == 0xAB);
      uint64_t expected = 0;
      std::memcpy(&expected, a.data() + offset, std::min<size_t>(n, 8));  // little-endian
      CHECK(loadWord(a.data() + offset, n) == expected);
    }
  }
}
