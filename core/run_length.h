// Run-length decoding shared by board rows and LURD solutions:
// "3#" = "###", "2(dr)" = "drdr", groups nest: "2(3(#-)#)".
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace soko {

// Decoded texts longer than this are refused, so a hostile "9999999(…)"
// cannot exhaust memory.
inline constexpr size_t kMaxDecodedLength = 1u << 24;

struct RunLengthResult {
  std::string text;
  std::string error;   // "" on success
  size_t errorAt = 0;  // 0-based offset into the input where the error is
};

RunLengthResult decodeRunLength(std::string_view encoded);

// Encodes runs of 3 or more equal characters as "<count><char>"; no groups.
std::string encodeRunLength(std::string_view plain);

}  // namespace soko
