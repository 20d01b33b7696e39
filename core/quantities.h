// Numbers in messages for people: counts with thousands separators, sizes
// in binary units (the CLI's --memory takes the same gigabytes).
#pragma once

#include <cstdint>
#include <string>

namespace soko {

std::string countText(uint64_t n);      // 11048 -> "11,048"
std::string bytesText(uint64_t bytes);  // "8.1 GB", "512 MB"

}  // namespace soko
