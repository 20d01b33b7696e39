#include "optimize_command.h"

#include <fstream>
#include <iomanip>
#include <iostream>

#include "cli_common.h"

namespace soko::cli {
namespace {

const char* kOptimizeUsage =
    "usage: soko optimize FILE N SOLUTION [--metric pushes|moves] [--time SECONDS] [--nodes N]\n"
    "                     [--memory GB] [--out FILE] [--with SOLUTION]...\n"
    "SOLUTION: a file holding the LURD solution, or the LURD text itself.\n"
    "--with: another solution of the level, whose positions the optimizer searches too.\n"
    "Defaults: --metric pushes (fewest pushes, then moves), --time 10, --memory 0.5.\n";

// Reads the options after FILE N SOLUTION into `options` and `outPath`;
// false (with a message) on a bad one.
bool readOptions(const std::vector<std::string>& args, size_t from, OptimizerOptions& options,
                 std::string& outPath) {
  for (size_t i = from; i < args.size(); i += 2) {
    const std::string& a = args[i];
    if (a != "--metric" && a != "--time" && a != "--nodes" && a != "--memory" && a != "--out" &&
        a != "--with") {
      std::cerr << "soko: unknown option '" << a << "'\n" << kOptimizeUsage;
      return false;
    }
    if (i + 1 >= args.size()) {
      std::cerr << "soko: " << a << " needs a value\n";
      return false;
    }
    const std::string& v = args[i + 1];
    std::optional<double> n = number(v);
    if (a == "--out") {
      outPath = v;
    } else if (a == "--with") {
      options.otherSolutions.push_back(readFile(v).value_or(v));
    } else if (a == "--metric") {
      std::optional<OptimizeMetric> m = metricFromName(v);
      if (!m) return std::cerr << "soko: --metric is pushes or moves, not '" << v << "'\n", false;
      options.metric = *m;
    } else if (!n || *n < 0 || (a == "--memory" && *n == 0) ||
               (a == "--nodes" && *n != static_cast<double>(static_cast<uint64_t>(*n)))) {
      std::cerr << "soko: " << a << " takes a "
                << (a == "--memory"  ? "positive number of gigabytes"
                    : a == "--nodes" ? "whole number of positions"
                                     : "number of seconds")
                << ", not '" << v << "'\n";
      return false;
    } else if (a == "--time") {
      options.timeLimitSeconds = *n;
    } else if (a == "--nodes") {
      options.maxNodes = static_cast<uint64_t>(*n);
    } else {
      options.memoryBudgetBytes = static_cast<uint64_t>(*n * (1ull << 30));
    }
  }
  return true;
}

// The counters of a finished run, each line prefixed (e.g. "optimize-").
void printCounters(const Optimizer& o, const std::string& prefix) {
  SolverProgress p = o.progress();
  std::cout << prefix << "nodes: " << p.search.nodes << "\n";
  std::cout << prefix << "seconds: " << std::fixed << std::setprecision(4) << p.seconds
            << std::defaultfloat << "\n";
  std::cout << prefix << "peak-memory-bytes: " << p.peakMemoryBytes << "\n";
}

}  // namespace

int optimizeCommand(const std::vector<std::string>& args) {
  if (args.size() < 3) return std::cerr << kOptimizeUsage, kUsageError;
  OptimizerOptions options;
  std::string outPath;
  if (!readOptions(args, 3, options, outPath)) return kUsageError;
  std::optional<Level> level = pickLevel(args[0], args[1]);
  if (!level) return kBadInput;
  const std::optional<std::string> file = readFile(args[2]);
  Optimizer optimizer(*level, file.value_or(args[2]), options);
  if (!optimizer.inputError().empty()) {
    const bool given = optimizer.inputError().rfind("other solution", 0) != 0;
    std::cerr << "soko: " << optimizer.inputError()
              << (!given ? ""
                  : file ? " (read from " + args[2] + ")"
                         : " (no file is named so either)")
              << "\n";
    return kBadInput;
  }
  const SolveStatus status = optimizer.solve();
  std::cout << "status: " << statusName(status) << "\n";
  std::cout << "message: " << optimizer.message() << "\n";
  std::cout << "metric: " << metricName(options.metric) << "\n";
  std::cout << "before-moves: " << optimizer.inputMoves() << "\n";
  std::cout << "before-pushes: " << optimizer.inputPushes() << "\n";
  if (optimizer.solution().empty() && status == SolveStatus::Failed) return kInternal;
  std::cout << "moves: " << optimizer.solutionMoves() << "\n";
  std::cout << "pushes: " << optimizer.solutionPushes() << "\n";
  std::cout << "proven: " << provenName(optimizer.proven(), options.metric) << "\n";
  printCounters(optimizer, "");
  std::cout << "peak-rss-bytes: " << peakRssBytes() << "\n";
  std::cout << "solution: " << optimizer.solution() << "\n";
  if (!outPath.empty()) {
    std::ofstream f(outPath);
    f << optimizer.solution() << "\n";
    if (!f) return std::cerr << "soko: cannot write " << outPath << "\n", kBadInput;
  }
  return kSolved;
}

std::string optimizeFound(const Level& level, const std::string& solution,
                          const OptimizerOptions& options) {
  Optimizer optimizer(level, solution, options);
  const SolveStatus status = optimizer.solve();
  std::cout << "optimize-status: " << statusName(status) << "\n";
  std::cout << "optimize-message: " << optimizer.message() << "\n";
  if (optimizer.solution().empty()) return solution;  // an internal error: keep what was found
  std::cout << "optimized-moves: " << optimizer.solutionMoves() << "\n";
  std::cout << "optimized-pushes: " << optimizer.solutionPushes() << "\n";
  std::cout << "proven: " << provenName(optimizer.proven(), options.metric) << "\n";
  printCounters(optimizer, "optimize-");
  std::cout << "optimized-solution: " << optimizer.solution() << "\n";
  return optimizer.solution();
}

}  // namespace soko::cli
