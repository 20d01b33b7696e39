// The CLI's exit codes and outputs, run as a separate process like a user would.
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "test_support.h"

namespace fs = std::filesystem;

namespace {

// ctest runs test cases as parallel processes: each gets its own folder.
fs::path scratch() {
  static const fs::path dir = [] {
    fs::path d = fs::temp_directory_path() / ("soko_cli_test_" + std::to_string(getpid()));
    fs::create_directories(d);
    return d;
  }();
  return dir;
}

struct Run {
  int code;
  std::string out;
};

Run run(const std::string& args) {
  fs::path outFile = scratch() / "out.txt";
  std::string command = std::string(SOKO_CLI) + " " + args + " > " + outFile.string() + " 2>&1";
  int status = std::system(command.c_str());
  std::ifstream in(outFile);
  std::stringstream s;
  s << in.rdbuf();
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, s.str()};
}

fs::path write(const std::string& name, const std::string& text) {
  fs::path p = scratch() / name;
  std::ofstream(p) << text;
  return p;
}

const std::string kCollection =
    "Easy\n"
    "#####\n#@$.#\n#####\n"
    "\n"
    "Stuck\n"
    "#####\n#@ $#\n#.  #\n#####\n"
    "\n"
    "Broken\n"
    "#####\n#@$x#\n#####\n"
    "\n"
    "Big\n" +
    std::string(soko::testing::kXSokoban1);

}  // namespace

TEST_CASE("soko info lists levels and errors") {
  fs::path f = write("soko_cli_info.sok", kCollection);
  Run r = run("info " + f.string());
  CHECK(r.code == 2);  // the file has an error
  CHECK(r.out.find("1\tEasy\t5x3\t1 boxes") != std::string::npos);
  CHECK(r.out.find("error: level 3 (Broken), line 14, column 4: unknown character 'x'") !=
        std::string::npos);
  CHECK(r.out.find("3 levels, 1 errors") != std::string::npos);

  fs::path good = write("soko_cli_good.sok", "#####\n#@$.#\n#####\n");
  CHECK(run("info " + good.string()).code == 0);
  CHECK(run("info /no/such/file.sok").code == 2);
}

TEST_CASE("soko solve: exit codes for solved, unsolvable, time, memory and bad input") {
  fs::path f = write("soko_cli_solve.sok", kCollection);
  fs::path out = scratch() / "solution.txt";
  // Searches capped in positions, not seconds: the same outcome on any machine.
  const std::string capped =
      " --time 0 --nodes " + std::to_string(soko::testing::kSmallSearchNodes);
  Run solved = run("solve " + f.string() + " 1 --method bfs --out " + out.string() + capped);
  CHECK(solved.code == 0);
  CHECK(solved.out.find("status: solved") != std::string::npos);
  CHECK(solved.out.find("solution: R") != std::string::npos);
  CHECK(solved.out.find("pushes: 1") != std::string::npos);
  CHECK(solved.out.find("peak-memory-bytes: ") != std::string::npos);
  CHECK(solved.out.find("first-expansion-seconds: ") != std::string::npos);
  std::ifstream saved(out);
  std::string line;
  std::getline(saved, line);
  CHECK(line == "R");

  CHECK(run("solve " + f.string() + " 2 --method bfs" + capped).code == 5);
  CHECK(run("solve " + f.string() + " 3").code == 2);
  Run nodeLimit = run("solve " + f.string() + " 4 --method bfs --time 0 --nodes 1000");
  CHECK(nodeLimit.code == 3);
  CHECK(nodeLimit.out.find("within the node limit (1000 positions)") != std::string::npos);
  // The time limit on a level no machine finishes by breadth-first search
  // (XSokoban 50: more positions than memory holds), so the outcome does not
  // depend on the machine's speed.
  Run timeLimit = run("solve " + std::string(SOKO_LEVELS_DIR) +
                      "/XSokoban.sok 50 --method bfs --time 0.2 --memory 4");
  CHECK(timeLimit.code == 3);
  CHECK(timeLimit.out.find("within the time limit") != std::string::npos);
  CHECK(run("solve " + f.string() + " 4 --method bfs --memory 0.00005" + capped).code == 4);
  CHECK(run("solve " + f.string() + " 9").code == 2);
  CHECK(run("solve " + f.string() + " 1 --method nonsense").code == 1);
  CHECK(run("solve " + f.string() + " 1 --time").code == 1);
  CHECK(run("solve " + f.string() + " x").code == 2);
}

TEST_CASE("soko solve: the strategy's own words, which member found it, in a search line") {
  fs::path f = write("soko_cli_search.sok", kCollection);
  const std::string capped =
      " --time 0 --nodes " + std::to_string(soko::testing::kSmallSearchNodes);
  // The default portfolio names its winner (fess or hbox 11 on this level).
  Run solved = run("solve " + f.string() + " 4" + capped);
  REQUIRE(solved.code == 0);
  CHECK(solved.out.find(" found it\n") != std::string::npos);
  const size_t search = solved.out.find("\nsearch: ");
  REQUIRE(search != std::string::npos);
  CHECK(search > solved.out.find("message: solved: "));
  // A single strategy gives its counters, also when a limit stops it.
  Run stopped = run("solve " + f.string() + " 4 --method fess --time 0 --nodes 5");
  CHECK(stopped.code == 3);
  CHECK(stopped.out.find("\nsearch: cells ") != std::string::npos);
}

TEST_CASE("soko verify: text or file, solved or not") {
  fs::path f = write("soko_cli_verify.sok", kCollection);
  Run ok = run("verify " + f.string() + " 1 R");
  CHECK(ok.code == 0);
  CHECK(ok.out.find("solves the level: 1 moves, 1 pushes") != std::string::npos);
  fs::path sol = write("soko_cli_verify.txt", "r\n");
  CHECK(run("verify " + f.string() + " 1 " + sol.string()).code == 0);
  Run bad = run("verify " + f.string() + " 1 L");
  CHECK(bad.code == 7);
  CHECK(bad.out.find("step 1") != std::string::npos);
}

TEST_CASE("soko optimize: before and after, proven, file or text, bad solutions refused") {
  const std::string room = "#######\n#@$  .#\n#     #\n#######\n";
  fs::path f = write("soko_cli_optimize.sok", room);
  fs::path out = scratch() / "optimized.txt";
  Run r = run("optimize " + f.string() + " 1 RdrruLdlluRRR --time 0 --nodes 100000 --out " +
              out.string());
  CHECK(r.code == 0);
  CHECK(r.out.find("status: solved") != std::string::npos);
  CHECK(r.out.find("metric: pushes") != std::string::npos);
  CHECK(r.out.find("before-moves: 13\nbefore-pushes: 5\n") != std::string::npos);
  CHECK(r.out.find("moves: 3\npushes: 3\n") != std::string::npos);
  CHECK(r.out.find("proven: optimal") != std::string::npos);
  CHECK(r.out.find("solution: RRR") != std::string::npos);
  std::ifstream saved(out);
  std::string line;
  std::getline(saved, line);
  CHECK(line == "RRR");

  fs::path sol = write("soko_cli_optimize.txt", "duRRR\n");
  Run moves = run("optimize " + f.string() + " 1 " + sol.string() + " --metric moves --nodes 1000");
  CHECK(moves.code == 0);
  CHECK(moves.out.find("before-moves: 5") != std::string::npos);
  CHECK(moves.out.find("moves: 3") != std::string::npos);

  Run bad = run("optimize " + f.string() + " 1 RRRRR");
  CHECK(bad.code == 2);
  CHECK(bad.out.find("step 4 'R' is blocked (the player on column 5, row 2)") != std::string::npos);
  Run missing = run("optimize " + f.string() + " 1 /no/such/solution.txt");
  CHECK(missing.code == 2);
  CHECK(missing.out.find("no file is named so either") != std::string::npos);
  CHECK(run("optimize " + f.string() + " 1 RRR --metric speed").code == 1);
  CHECK(run("optimize " + f.string() + " 1 RRR --time").code == 1);
  CHECK(run("optimize " + f.string() + " 1").code == 1);
}

TEST_CASE("soko solve --optimize: the found solution, then the optimized one") {
  fs::path f = write("soko_cli_solve_optimize.sok", kCollection);
  fs::path out = scratch() / "solve_optimized.txt";
  Run r = run("solve " + f.string() + " 1 --time 0 --nodes " +
              std::to_string(soko::testing::kSmallSearchNodes) + " --optimize 30 --out " +
              out.string());
  CHECK(r.code == 0);
  CHECK(r.out.find("status: solved") != std::string::npos);
  CHECK(r.out.find("optimize-status: ") != std::string::npos);
  CHECK(r.out.find("optimized-moves: ") != std::string::npos);
  CHECK(r.out.find("optimized-pushes: 1") != std::string::npos);
  CHECK(r.out.find("proven: optimal") != std::string::npos);
  const size_t at = r.out.find("optimized-solution: ");
  REQUIRE(at != std::string::npos);
  std::string optimized = r.out.substr(at + 20, r.out.find('\n', at) - at - 20);
  std::ifstream saved(out);
  std::string line;
  std::getline(saved, line);
  CHECK(line == optimized);
  CHECK(run("verify " + f.string() + " 1 " + out.string()).code == 0);
  CHECK(run("solve " + f.string() + " 1 --optimize 0").code == 1);
  CHECK(run("solve " + f.string() + " 1 --optimize 1 --metric speed").code == 1);
}

TEST_CASE("soko with no or wrong arguments prints usage") {
  CHECK(run("").code == 1);
  CHECK(run("frobnicate").code == 1);
  CHECK(run("--help").code == 0);
  CHECK(run("methods").out.find("bfs") != std::string::npos);
}
