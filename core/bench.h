// The bench: a fixed list of searches from the bundled collections, each
// with a node cap, whose total positions expanded and stored are a
// signature of the solver's behaviour (as Stockfish's `bench` node count is
// of its search; a capped search always expands its cap, but what it stores
// depends on every choice it made). The searches are
// scheduled in work, not time, so the signature is the same on every run,
// natively and in WebAssembly; a change that alters any search changes it,
// and updates kBenchSignature in the same commit.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "strategy.h"

namespace soko {

struct BenchEntry {
  const char* file;  // in levels/
  int number;        // from 1
  const char* method;
  uint64_t maxNodes;  // the search stops here if unsolved
};

const std::vector<BenchEntry>& benchEntries();

// Positions expanded plus positions stored over benchEntries(), as of this commit.
inline constexpr uint64_t kBenchSignature = 1346717;

struct BenchRun {
  const BenchEntry* entry;
  SolveStatus status;
  uint64_t nodes;  // expanded
  uint64_t stored;
  int moves, pushes;  // of the solution, when solved
  double seconds;
};

struct BenchReport {
  std::vector<BenchRun> runs;
  uint64_t nodes = 0;      // expanded, in all
  uint64_t signature = 0;  // nodes expanded and stored, in all
  double seconds = 0;
  std::string error;  // a file that could not be read or a level not found; then no signature
  double nodesPerSecond() const { return seconds > 0 ? nodes / seconds : 0; }
};

// Runs every entry; `readLevels(file)` gives a collection file's text (the
// CLI reads levels/, the wasm module is handed the texts).
BenchReport runBench(
    const std::function<std::optional<std::string>(const std::string& file)>& readLevels);

}  // namespace soko
