// soko: the native command-line front end of the core.
//
//   soko info FILE
//   soko solve FILE N [--method M] [--time SECONDS] [--nodes N] [--memory GB] [--out FILE]
//              [--optimize SECONDS] [--metric pushes|moves]
//   soko optimize FILE N SOLUTION [--metric pushes|moves] [--time S] [--nodes N] [--memory GB]
//                 [--out FILE]      (optimize_command.h)
//   soko verify FILE N SOLUTION          (LURD text, or a file holding it)
//   soko methods
//   soko bench [--levels DIR]           (the node-count signature; DIR defaults to levels)
//   soko solve-sink FILE [--time SECONDS] [--nodes N] [--memory GB] [--out FILE]   (the single-sink
//   variant) soko FILE N [maxGb] [method] [timeoutSec] [outFile]   (hbox's positional form)
//
// Exit codes are listed in kUsage; scripts/bench relies on them.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "bench.h"
#include "cli_common.h"
#include "format.h"
#include "game.h"
#include "optimize_command.h"
#include "sink/sink_solver.h"
#include "solver.h"
#include "verify.h"

namespace {

using namespace soko;
using namespace soko::cli;

const char* kUsage =
    "usage:\n"
    "  soko info FILE\n"
    "  soko solve FILE N [--method M] [--time SECONDS] [--nodes N] [--memory GB] [--out FILE]\n"
    "             [--optimize SECONDS] [--metric pushes|moves]   (then shortens the solution)\n"
    "  soko optimize FILE N SOLUTION [--metric pushes|moves] [--time SECONDS] [--nodes N]\n"
    "                [--memory GB] [--out FILE]   (SOLUTION: LURD text, or a file holding it)\n"
    "  soko verify FILE N SOLUTION   (LURD text, or a file holding it)\n"
    "  soko methods\n"
    "  soko bench [--levels DIR]   (a fixed list of capped searches: total nodes as a signature)\n"
    "  soko solve-sink FILE [--time SECONDS] [--nodes N] [--memory GB] [--out FILE]   (single-sink "
    "variant)\n"
    "  soko FILE N [maxGb] [method] [timeoutSec] [outFile]   (hbox's form; method is a number)\n"
    "N counts the boards in FILE from 1. Defaults: --method default, --time 60, --memory 0.5;\n"
    "--nodes caps the positions expanded (0, the default: no cap); --time 0: no time limit.\n"
    "exit codes: 0 solved/valid, 1 usage, 2 bad input, 3 time limit, 4 memory limit,\n"
    "            5 proven unsolvable, 6 declined, 7 solution does not solve, 8 internal error\n";

int info(const std::string& path) {
  Loaded l = load(path);
  if (!l.ok) return kBadInput;
  // Levels and errors in file order.
  size_t e = 0;
  auto printErrorsBefore = [&](int number) {
    for (; e < l.collection.errors.size() &&
           (number == 0 || l.collection.errors[e].levelNumber < number);
         ++e)
      std::cout << "error: " << l.collection.errors[e].describe() << "\n";
  };
  for (const Level& level : l.collection.levels) {
    printErrorsBefore(level.number);
    std::cout << level.number << "\t" << (level.title.empty() ? "(untitled)" : level.title) << "\t"
              << level.width << "x" << level.height << "\t" << level.boxCount() << " boxes";
    if (!level.solutions.empty()) std::cout << "\t" << level.solutions.size() << " solution(s)";
    std::cout << "\n";
  }
  printErrorsBefore(0);
  std::cout << l.collection.levels.size() << " levels, " << l.collection.errors.size()
            << " errors\n";
  return l.collection.errors.empty() ? kSolved : kBadInput;
}

// What solve and solve-sink print once the search has ended: the outcome,
// the counters and, when solved, the solution.
void printReport(const SearchRunner& solver, SolveStatus status, const std::string& method) {
  SolverProgress p = solver.progress();
  std::ostream& out = std::cout;
  out << "status: " << statusName(status) << "\n";
  out << "message: " << solver.message() << "\n";
  const std::string detail = solver.searchDetail();
  if (!detail.empty()) out << "search: " << detail << "\n";
  out << "method: " << method << "\n";
  if (status == SolveStatus::Solved) {
    out << "moves: " << solver.solutionMoves() << "\n";
    out << "pushes: " << solver.solutionPushes() << "\n";
  }
  out << "nodes: " << p.search.nodes << "\n";
  out << "stored: " << p.search.stored << "\n";
  out << "seconds: " << std::fixed << std::setprecision(4) << p.seconds << std::defaultfloat
      << "\n";
  out << "nodes-per-second: " << static_cast<long>(p.nodesPerSecond) << "\n";
  if (p.firstExpansionSeconds >= 0)
    out << "first-expansion-seconds: " << std::fixed << std::setprecision(4)
        << p.firstExpansionSeconds << std::defaultfloat << "\n";
  out << "peak-memory-bytes: " << p.peakMemoryBytes << "\n";
  out << "peak-rss-bytes: " << peakRssBytes() << "\n";
  if (p.search.stored > 0)
    out << "bytes-per-position: " << std::fixed << std::setprecision(1)
        << static_cast<double>(p.peakMemoryBytes) / p.search.stored << std::defaultfloat << "\n";
  if (status == SolveStatus::Solved) out << "solution: " << solver.solution() << "\n";
}

// Writes a found solution to `outPath` (when one is given); the exit code for the run.
int saveSolution(const SearchRunner& solver, SolveStatus status, const std::string& outPath) {
  if (status == SolveStatus::Solved && !outPath.empty()) {
    std::ofstream f(outPath);
    f << solver.solution() << "\n";
    if (!f) {
      std::cerr << "soko: cannot write " << outPath << "\n";
      return kBadInput;
    }
  }
  switch (status) {
    case SolveStatus::Solved:
      return kSolved;
    case SolveStatus::TimedOut:
      return kTimedOut;
    case SolveStatus::OutOfMemory:
      return kOutOfMemory;
    case SolveStatus::Unsolvable:
      return kUnsolvable;
    case SolveStatus::Declined:
      return kDeclined;
    default:
      return kInternal;
  }
}

// Solves level `number` of the file at `path`: the report, and the exit code.
// With `optimize` (its time limit above 0), a solution found is then
// optimized and the shorter one is written to `outPath`.
int solve(const std::string& path, const std::string& number, const SolverOptions& options,
          const std::string& outPath, const std::optional<OptimizerOptions>& optimize = {}) {
  std::optional<Level> level = pickLevel(path, number);
  if (!level) return kBadInput;
  Solver solver(*level, options);
  SolveStatus status = solver.solve();
  printReport(solver, status, options.method);
  if (status != SolveStatus::Solved) return saveSolution(solver, status, outPath);
  std::string answer = solver.solution();
  if (optimize) answer = optimizeFound(*level, answer, *optimize);
  Game end(*level);  // where the pusher stops (hbox prints it for reverse game engines)
  end.playAll(answer);
  std::cout << "final-player: " << level->y(end.player()) << "," << level->x(end.player())
            << "  (row,col from 0)\n";
  if (!optimize) return saveSolution(solver, status, outPath);
  if (!outPath.empty()) {
    std::ofstream f(outPath);
    f << answer << "\n";
    if (!f) return std::cerr << "soko: cannot write " << outPath << "\n", kBadInput;
  }
  return kSolved;
}

bool methodKnown(const std::string& m) {
  if (m == "default") return true;
  for (const StrategyInfo& i : solverMethods())
    if (i.name == m) return true;
  return false;
}

int solveCommand(const std::vector<std::string>& args) {
  if (args.size() < 2) return std::cerr << kUsage, kUsageError;
  SolverOptions options;
  std::string outPath;
  double optimizeSeconds = 0;
  OptimizeMetric metric = OptimizeMetric::Pushes;
  for (size_t i = 2; i < args.size(); ++i) {
    const std::string& a = args[i];
    bool last = i + 1 >= args.size();
    if ((a == "--method" || a == "--time" || a == "--nodes" || a == "--memory" || a == "--out" ||
         a == "--optimize" || a == "--metric") &&
        last) {
      std::cerr << "soko: " << a << " needs a value\n";
      return kUsageError;
    }
    if (a == "--method") {
      options.method = args[++i];
    } else if (a == "--time") {
      auto v = number(args[++i]);
      if (!v || *v < 0)
        return std::cerr << "soko: --time takes seconds, not '" << args[i] << "'\n", kUsageError;
      options.timeLimitSeconds = *v;
    } else if (a == "--nodes") {
      auto v = number(args[++i]);
      if (!v || *v < 0 || *v != static_cast<double>(static_cast<uint64_t>(*v)))
        return std::cerr << "soko: --nodes takes a whole number of positions, not '" << args[i]
                         << "'\n",
               kUsageError;
      options.maxNodes = static_cast<uint64_t>(*v);
    } else if (a == "--memory") {
      auto v = number(args[++i]);
      if (!v || *v <= 0)
        return std::cerr << "soko: --memory takes gigabytes, not '" << args[i] << "'\n",
               kUsageError;
      options.memoryBudgetBytes = static_cast<uint64_t>(*v * (1ull << 30));
    } else if (a == "--out") {
      outPath = args[++i];
    } else if (a == "--optimize") {
      auto v = number(args[++i]);
      if (!v || *v <= 0)
        return std::cerr << "soko: --optimize takes seconds above 0, not '" << args[i] << "'\n",
               kUsageError;
      optimizeSeconds = *v;
    } else if (a == "--metric") {
      auto m = metricFromName(args[++i]);
      if (!m)
        return std::cerr << "soko: --metric is pushes or moves, not '" << args[i] << "'\n",
               kUsageError;
      metric = *m;
    } else {
      std::cerr << "soko: unknown option '" << a << "'\n" << kUsage;
      return kUsageError;
    }
  }
  if (!methodKnown(options.method)) {
    std::cerr << "soko: unknown method '" << options.method << "' (see soko methods)\n";
    return kUsageError;
  }
  std::optional<OptimizerOptions> optimize;
  if (optimizeSeconds > 0)
    optimize = OptimizerOptions{metric, optimizeSeconds, 0, options.memoryBudgetBytes, {}};
  return solve(args[0], args[1], options, outPath, optimize);
}

// The single-sink variant: one level per file, the same report as solve.
int solveSinkCommand(const std::vector<std::string>& args) {
  if (args.empty()) return std::cerr << kUsage, kUsageError;
  SinkSolverOptions options;
  std::string outPath;
  for (size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (i + 1 >= args.size() ||
        (a != "--time" && a != "--nodes" && a != "--memory" && a != "--out"))
      return std::cerr << "soko: bad option '" << a << "'\n" << kUsage, kUsageError;
    const std::string& v = args[++i];
    auto n = number(v);
    if (a == "--out")
      outPath = v;
    else if (!n || *n < 0 || (a == "--memory" && *n == 0))
      return std::cerr << "soko: " << a << " takes a "
                       << (a == "--memory" ? "positive" : "non-negative") << " number, not '" << v
                       << "'\n",
             kUsageError;
    else if (a == "--time")
      options.timeLimitSeconds = *n;
    else if (a == "--nodes")
      options.maxNodes = static_cast<uint64_t>(*n);
    else
      options.memoryBudgetBytes = static_cast<uint64_t>(*n * (1ull << 30));
  }
  std::optional<std::string> text = readFile(args[0]);
  if (!text) return std::cerr << "soko: cannot read " << args[0] << "\n", kBadInput;
  SinkParse parsed = parseSinkLevel(*text);
  if (!parsed.ok()) {
    std::cerr << "soko: " << args[0] << (parsed.line ? ", line " + std::to_string(parsed.line) : "")
              << ": " << parsed.error << "\n";
    return kBadInput;
  }
  SinkSolver solver(parsed.level, options);
  SolveStatus status = solver.solve();
  printReport(solver, status, "sink");
  return saveSolution(solver, status, outPath);
}

// hbox's form: FILE N [maxGb] [method] [timeoutSec] [outFile].
int positionalCommand(const std::vector<std::string>& args) {
  SolverOptions options;
  options.method = "hbox";
  options.timeLimitSeconds = 660;  // hbox's default
  std::string outPath;
  if (args.size() > 2) {
    auto gb = number(args[2]);
    if (!gb || *gb <= 0) return std::cerr << "soko: maxGb must be a positive number\n", kUsageError;
    options.memoryBudgetBytes = static_cast<uint64_t>(*gb * (1ull << 30));
  }
  if (args.size() > 3) {
    auto m = number(args[3]);
    if (!m || *m != static_cast<int>(*m))
      return std::cerr << "soko: method must be a whole number\n", kUsageError;
    options.method = "hbox" + std::to_string(static_cast<int>(*m));
  }
  if (args.size() > 4) {
    auto t = number(args[4]);
    if (!t || *t <= 0)
      return std::cerr << "soko: timeoutSec must be a positive number\n", kUsageError;
    options.timeLimitSeconds = *t;
  }
  if (args.size() > 5) outPath = args[5];
  if (args.size() > 6) return std::cerr << kUsage, kUsageError;
  if (!methodKnown(options.method)) {
    std::cerr << "soko: method " << options.method << " is not available (see soko methods)\n";
    return kUsageError;
  }
  return solve(args[0], args[1], options, outPath);
}

int verifyCommand(const std::vector<std::string>& args) {
  if (args.size() != 3) return std::cerr << kUsage, kUsageError;
  std::optional<Level> level = pickLevel(args[0], args[1]);
  if (!level) return kBadInput;
  std::string text = readFile(args[2]).value_or(args[2]);
  VerifyResult r = verify(*level, text);
  std::cout << r.describe() << "\n";
  return r.solved ? kSolved : kNotSolved;
}

// The bench: each search's line, then the signature and the speed. Exit 0
// when the signature is kBenchSignature, kNotSolved when it differs.
int benchCommand(const std::vector<std::string>& args) {
  std::string dir = "levels";
  if (args.size() == 2 && args[0] == "--levels")
    dir = args[1];
  else if (!args.empty())
    return std::cerr << kUsage, kUsageError;
  BenchReport r = runBench([&](const std::string& file) { return readFile(dir + "/" + file); });
  if (!r.error.empty())
    return std::cerr << "soko: bench: " << r.error << " (in " << dir << ")\n", kBadInput;
  for (const BenchRun& run : r.runs)
    std::cout << run.entry->file << " " << run.entry->number << " " << run.entry->method << ": "
              << statusName(run.status) << ", " << run.nodes << " nodes, " << run.stored
              << " stored\n";
  std::cout << "searches: " << r.runs.size() << "\n";
  std::cout << "nodes: " << r.nodes << "\n";
  std::cout << "signature: " << r.signature << "\n";
  std::cout << "expected: " << kBenchSignature << "\n";
  std::cout << "seconds: " << std::fixed << std::setprecision(3) << r.seconds << std::defaultfloat
            << "\n";
  std::cout << "nodes-per-second: " << static_cast<long>(r.nodesPerSecond()) << "\n";
  return r.signature == kBenchSignature ? kSolved : kNotSolved;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "--help" || args[0] == "-h") {
    std::cout << kUsage;
    return args.empty() ? kUsageError : kSolved;
  }
  std::string command = args[0];
  std::vector<std::string> rest(args.begin() + 1, args.end());
  if (command == "info") {
    if (rest.size() != 1) return std::cerr << kUsage, kUsageError;
    return info(rest[0]);
  }
  if (command == "solve") return solveCommand(rest);
  if (command == "verify") return verifyCommand(rest);
  if (command == "optimize") return optimizeCommand(rest);
  if (command == "solve-sink") return solveSinkCommand(rest);
  if (command == "bench") return benchCommand(rest);
  if (command == "methods") {
    for (const StrategyInfo& i : solverMethods())
      std::cout << i.name << "\t" << i.description << "\n";
    return kSolved;
  }
  if (args.size() >= 2 && number(args[1])) return positionalCommand(args);
  std::cerr << "soko: unknown command '" << command << "'\n" << kUsage;
  return kUsageError;
}
