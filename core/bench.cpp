#include "bench.h"

#include <chrono>
#include <map>

#include "format.h"
#include "solver.h"

namespace soko {

const std::vector<BenchEntry>& benchEntries() {
  // Small levels solved outright, hard ones cut by their cap, and every
  // family of strategies at least once; about two seconds natively.
  static const std::vector<BenchEntry> entries = {
      {"Microban_I.sok", 1, "default", 20000},    {"Microban_I.sok", 50, "default", 20000},
      {"Microban_I.sok", 100, "default", 20000},  {"Microban_I.sok", 144, "default", 20000},
      {"Microban_II.sok", 10, "default", 20000},  {"Microban_II.sok", 60, "default", 20000},
      {"Microban_II.sok", 120, "default", 20000}, {"XSokoban.sok", 1, "default", 20000},
      {"XSokoban.sok", 2, "default", 20000},      {"XSokoban.sok", 13, "default", 20000},
      {"XSokoban.sok", 28, "default", 20000},     {"XSokoban.sok", 30, "default", 20000},
      {"XSokoban.sok", 50, "default", 10000},     {"Sasquatch_I.sok", 5, "default", 10000},
      {"Sasquatch_I.sok", 20, "default", 10000},  {"GRIGoRusha.sok", 10, "default", 20000},
      {"GRIGoRusha.sok", 132, "default", 10000},  {"XSokoban.sok", 25, "fess", 5000},
      {"XSokoban.sok", 35, "fess-four", 5000},    {"XSokoban.sok", 90, "fess-flat", 5000},
      {"XSokoban.sok", 89, "fess-noplan", 5000},  {"XSokoban.sok", 3, "hbox1", 20000},
      {"XSokoban.sok", 21, "hbox11", 20000},      {"XSokoban.sok", 4, "greedy", 20000},
      {"Microban_I.sok", 10, "astar", 50000},     {"Microban_I.sok", 3, "astar-moves", 50000},
      {"Microban_I.sok", 20, "bfs", 50000},       {"Microban_I.sok", 21, "bfs-reverse", 50000},
      {"Microban_I.sok", 22, "bfs-bidir", 50000}, {"Microban_I.sok", 23, "bfs-walk", 50000},
  };
  return entries;
}

BenchReport runBench(
    const std::function<std::optional<std::string>(const std::string& file)>& readLevels) {
  BenchReport report;
  std::map<std::string, Collection> collections;
  for (const BenchEntry& e : benchEntries()) {
    auto it = collections.find(e.file);
    if (it == collections.end()) {
      std::optional<std::string> text = readLevels(e.file);
      if (!text) {
        report.error = std::string("cannot read ") + e.file;
        return report;
      }
      it = collections.emplace(e.file, parseCollection(*text)).first;
    }
    const Level* level = nullptr;
    for (const Level& l : it->second.levels)
      if (l.number == e.number) level = &l;
    if (!level) {
      report.error = std::string(e.file) + " has no level " + std::to_string(e.number);
      return report;
    }
    SolverOptions options;
    options.method = e.method;
    options.timeLimitSeconds = 0;
    options.maxNodes = e.maxNodes;
    options.memoryBudgetBytes = 256ull << 20;
    Solver solver(*level, options);
    const SolveStatus status = solver.solve();
    const SolverProgress p = solver.progress();
    report.runs.push_back({&e, status, p.search.nodes, p.search.stored, solver.solutionMoves(),
                           solver.solutionPushes(), p.seconds});
    report.nodes += p.search.nodes;
    report.signature += p.search.nodes + p.search.stored;
    report.seconds += p.seconds;
  }
  return report;
}

}  // namespace soko
