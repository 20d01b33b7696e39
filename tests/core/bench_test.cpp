// The bench signature: the same searches must expand and store the same
// positions as when kBenchSignature was recorded. A change that alters a
// search updates kBenchSignature (core/bench.h) in the same commit and says
// so in its message.
#include "bench.h"

#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include "test_support.h"

using namespace soko;

TEST_CASE("bench: the node signature is the one recorded in core/bench.h") {
  BenchReport report = runBench([](const std::string& file) -> std::optional<std::string> {
    std::ifstream in(std::string(SOKO_LEVELS_DIR) + "/" + file, std::ios::binary);
    if (!in) return std::nullopt;
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  });
  REQUIRE(report.error.empty());
  CHECK(report.runs.size() == benchEntries().size());
  CHECK(report.signature == kBenchSignature);
}

TEST_CASE("bench: a missing collection file is named, and no signature is given") {
  BenchReport report =
      runBench([](const std::string&) -> std::optional<std::string> { return std::nullopt; });
  CHECK(report.error == "cannot read Microban_I.sok");
  CHECK(report.runs.empty());
}
