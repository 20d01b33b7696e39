#include "quantities.h"

#include <cstdio>

namespace soko {

std::string countText(uint64_t n) {
  std::string digits = std::to_string(n), text;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) text += ',';
    text += digits[i];
  }
  return text;
}

std::string bytesText(uint64_t bytes) {
  char text[32];
  if (bytes >= (1ull << 30))
    std::snprintf(text, sizeof text, "%.1f GB", static_cast<double>(bytes) / (1ull << 30));
  else
    std::snprintf(text, sizeof text, "%llu MB", static_cast<unsigned long long>((bytes + (1ull << 20) - 1) >> 20));
  return text;
}

}  // namespace soko
