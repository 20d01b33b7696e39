// The same level and options give the same search: the node counts and the
// solution in tests/fixtures/determinism.json, which the wasm module (under
// Node) and the page's worker (in Chromium) are held to as well; and the
// optimizer's in tests/fixtures/optimizer-determinism.json (natively and
// under Node).
#include <catch2/catch.hpp>
#include <fstream>
#include <regex>
#include <string>

#include "optimizer.h"
#include "test_support.h"

using namespace soko;

namespace {

// The value of "key" in one line of the fixture (a flat JSON object per line).
std::string field(const std::string& line, const std::string& key) {
  std::smatch m;
  const std::regex quoted("\"" + key + "\": \"([^\"]*)\"");
  if (std::regex_search(line, m, quoted)) return m[1];
  const std::regex number("\"" + key + "\": ([0-9]+)");
  if (std::regex_search(line, m, number)) return m[1];
  FAIL("no " << key << " in " << line);
  return "";
}

// Calls `run(line, level)` for each case of a fixture (a flat JSON object a
// line, naming a bundled file and a level number); returns how many.
template <class Run>
int eachCase(const std::string& fixture, Run run) {
  std::ifstream in(std::string(SOKO_FIXTURES_DIR) + "/" + fixture);
  REQUIRE(in);
  int cases = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.find("\"file\"") == std::string::npos) continue;
    ++cases;
    INFO(line.substr(0, 120));
    const std::string file = field(line, "file");
    const Collection c = testing::bundled(file.substr(0, file.size() - 4));
    const int number = std::stoi(field(line, "number"));
    REQUIRE(number <= static_cast<int>(c.levels.size()));
    run(line, c.levels[number - 1]);
  }
  return cases;
}

}  // namespace

TEST_CASE("determinism: each search in the fixture expands, stores and finds what it records") {
  const int cases = eachCase("determinism.json", [](const std::string& line, const Level& level) {
    SolverOptions o;
    o.method = field(line, "method");
    o.timeLimitSeconds = 0;
    o.maxNodes = std::stoull(field(line, "maxNodes"));
    o.memoryBudgetBytes = std::stoull(field(line, "memoryBudgetBytes"));
    // Run twice, once in many short slices: slicing never changes the search.
    for (double slice : {1000.0, 0.5}) {
      Solver solver(level, o);
      SolveStatus s = SolveStatus::Running;
      while ((s = solver.step(slice)) == SolveStatus::Running) {
      }
      CHECK(statusName(s) == field(line, "status"));
      CHECK(solver.progress().search.nodes == std::stoull(field(line, "nodes")));
      CHECK(solver.progress().search.stored == std::stoull(field(line, "stored")));
      CHECK(solver.solution() == field(line, "solution"));
    }
  });
  CHECK(cases == 5);
}

TEST_CASE("determinism: each optimizer run in the fixture expands and finds what it records") {
  const int cases =
      eachCase("optimizer-determinism.json", [](const std::string& line, const Level& level) {
        OptimizerOptions o;
        o.metric =
            field(line, "metric") == "moves" ? OptimizeMetric::Moves : OptimizeMetric::Pushes;
        o.timeLimitSeconds = 0;
        o.maxNodes = std::stoull(field(line, "maxNodes"));
        o.memoryBudgetBytes = std::stoull(field(line, "memoryBudgetBytes"));
        for (double slice : {1000.0, 0.5}) {
          Optimizer optimizer(level, field(line, "given"), o);
          SolveStatus s = SolveStatus::Running;
          while ((s = optimizer.step(slice)) == SolveStatus::Running) {
          }
          CHECK(statusName(s) == field(line, "status"));
          CHECK(optimizer.progress().search.nodes == std::stoull(field(line, "nodes")));
          CHECK(optimizer.solutionMoves() == std::stoi(field(line, "moves")));
          CHECK(optimizer.solutionPushes() == std::stoi(field(line, "pushes")));
          CHECK(optimizer.solution() == field(line, "solution"));
        }
      });
  CHECK(cases == 3);
}
