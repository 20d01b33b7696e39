#include "cli_common.h"

#include <sys/resource.h>

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>

namespace soko::cli {

std::optional<std::string> readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

Loaded load(const std::string& path) {
  Loaded l;
  std::optional<std::string> text = readFile(path);
  if (!text) {
    std::cerr << "soko: cannot read " << path << "\n";
    return l;
  }
  l.collection = parseCollection(*text);
  l.ok = true;
  return l;
}

std::optional<Level> pickLevel(const std::string& path, const std::string& number) {
  Loaded l = load(path);
  if (!l.ok) return std::nullopt;
  char* end = nullptr;
  long n = std::strtol(number.c_str(), &end, 10);
  if (number.empty() || *end || n < 1) {
    std::cerr << "soko: level number must be a positive whole number, not '" << number << "'\n";
    return std::nullopt;
  }
  for (const Level& level : l.collection.levels)
    if (level.number == n) return level;
  for (const ParseError& e : l.collection.errors)
    if (e.levelNumber == n) {
      std::cerr << "soko: " << path << ": " << e.describe() << "\n";
      return std::nullopt;
    }
  std::cerr << "soko: " << path << " has no level " << n << "\n";
  return std::nullopt;
}

long peakRssBytes() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss * 1024L;
}

std::optional<double> number(const std::string& s) {
  char* end = nullptr;
  double v = std::strtod(s.c_str(), &end);
  if (s.empty() || *end) return std::nullopt;
  return v;
}

}  // namespace soko::cli
