// Small helpers the core tests share.
#pragma once

#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "analysis/board.h"
#include "format.h"
#include "solver.h"
#include "verify.h"

namespace soko::testing {

// XSokoban level 1: quick for the informed searches, far too big for
// breadth-first search in a blink.
inline constexpr const char* kXSokoban1 =
    "    #####\n"
    "    #   #\n"
    "    #$  #\n"
    "  ###  $##\n"
    "  #  $ $ #\n"
    "### # ## #   ######\n"
    "#   # ## #####  ..#\n"
    "# $  $          ..#\n"
    "##### ### #@##  ..#\n"
    "    #     #########\n"
    "    #######\n";

// A position of XSokoban 88 that fess reaches early, 20 of its 23 boxes on
// goals: the three empty goals can no longer all be filled
// (deadlock/goal_area.h), and none of the other deadlock checks sees it.
inline constexpr const char* kXSokoban88GoalRoom =
    "##########\n"
    "#********####\n"
    "#***#### #@ #####\n"
    "#*.*#  ###      #\n"
    "#**.            #\n"
    "#  *#     #    ##\n"
    "#**.# # #      #\n"
    "#*# #          #\n"
    "#*  # ### #### #\n"
    "##  #          #\n"
    " #  # $     #$ #\n"
    " #  # ####     #\n"
    " #  #    ###   #\n"
    " #  # $  # #####\n"
    " #  #    #\n"
    " #########\n";

// A node cap, not a time limit, for the searches tests expect to finish, so
// a slow machine gives the same outcome as a fast one. Complete searches of
// the small levels the tests build or pick need at most about 20,000
// positions (breadth-first search on Microban I's first 40 levels; soko
// solve FILE N --time 0 --nodes 0 prints what a level needs): ten times that.
inline constexpr uint64_t kSmallSearchNodes = 200000;

// The one level in `text`; the test fails unless it loads cleanly.
inline Level one(const std::string& text) {
  Collection c = parseCollection(text);
  REQUIRE(c.errors.empty());
  REQUIRE(c.levels.size() == 1);
  return c.levels[0];
}

// A bundled collection from levels/, e.g. bundled("Microban_I").
inline Collection bundled(const std::string& name) {
  std::ifstream in(std::string(SOKO_LEVELS_DIR) + "/" + name + ".sok");
  REQUIRE(in);
  std::stringstream text;
  text << in.rdbuf();
  return parseCollection(text.str());
}

// [square] 1 on each of `squares`.
inline std::vector<uint8_t> squareMask(const Board& b, const std::vector<Square>& squares) {
  std::vector<uint8_t> m(b.squareCount(), 0);
  for (Square s : squares) m[s] = 1;
  return m;
}

// How breadth-first search (complete) ends on `level`: the ground truth for deadlock tests.
inline SolveStatus bfsOutcome(const Level& level) {
  SolverOptions o;
  o.method = "bfs";
  o.timeLimitSeconds = 0;
  o.maxNodes = kSmallSearchNodes;
  Solver solver(level, o);
  return solver.solve();
}

// Solves `level` with `options` and checks it ends as `expected` (the
// ground truth, e.g. from bfsOutcome), with a solution the verifier accepts.
// Returns the solver's closing message.
inline std::string checkSolverAgrees(const Level& level, const SolverOptions& options,
                                     SolveStatus expected) {
  Solver solver(level, options);
  INFO(writeLevel(level));
  SolveStatus got = solver.solve();
  CHECK(got == expected);
  if (got == SolveStatus::Solved) CHECK(verify(level, solver.solution()).solved);
  return solver.message();
}

// The board square at column x, row y of the board's level (or of `l`).
inline Square at(const Board& b, int x, int y) { return b.squareOf(b.level().index(x, y)); }
inline Square at(const Board& b, const Level& l, int x, int y) { return b.squareOf(l.index(x, y)); }

}  // namespace soko::testing
