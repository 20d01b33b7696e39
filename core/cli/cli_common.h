// What the soko commands share: exit codes, reading files, picking a level
// by number, parsing numbers and the process's peak memory.
#pragma once

#include <optional>
#include <string>

#include "format.h"
#include "level.h"

namespace soko::cli {

// The exit codes kUsage lists; scripts/bench relies on them.
enum Exit {
  kSolved = 0,
  kUsageError = 1,
  kBadInput = 2,
  kTimedOut = 3,
  kOutOfMemory = 4,
  kUnsolvable = 5,
  kDeclined = 6,
  kNotSolved = 7,  // verify: the solution does not solve the level
  kInternal = 8,
};

std::optional<std::string> readFile(const std::string& path);

struct Loaded {
  Collection collection;
  bool ok = false;
};
// The collection in the file at `path` (a message on stderr when unreadable).
Loaded load(const std::string& path);

// The level numbered n, or nothing (and a message on stderr).
std::optional<Level> pickLevel(const std::string& path, const std::string& number);

// The number written in s, or nothing when s is not all a number.
std::optional<double> number(const std::string& s);

long peakRssBytes();

}  // namespace soko::cli
