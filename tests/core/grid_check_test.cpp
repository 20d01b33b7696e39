#include "grid_check.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "format.h"

using namespace soko;

namespace {

// A grid from rows of equal width.
struct Grid {
  int width, height;
  std::string cells;
};
Grid grid(const std::vector<std::string>& rows) {
  Grid g{static_cast<int>(rows.front().size()), static_cast<int>(rows.size()), ""};
  for (const std::string& r : rows) {
    REQUIRE(static_cast<int>(r.size()) == g.width);
    g.cells += r;
  }
  return g;
}

GridCheck check(const Grid& g) { return checkGrid(g.width, g.height, g.cells); }

// What the parser says about the same rows as text.
std::string parserMessage(const std::vector<std::string>& rows) {
  std::string text;
  for (const std::string& r : rows) text += r + "\n";
  Collection c = parseCollection(text);
  REQUIRE(c.errors.size() == 1);
  return c.errors[0].message;
}

}  // namespace

TEST_CASE(
    "grid check: a gap in the wall names the parser's message and the border squares reached") {
  const std::vector<std::string> rows = {"######", "#@$.  ", "#     ", "######"};
  GridCheck r = check(grid(rows));
  CHECK(r.problem.message == parserMessage(rows));
  CHECK(r.problem.message.find("open to the outside") != std::string::npos);
  // The right-hand column of rows 1 and 2 leads off the board.
  CHECK(r.problem.cells == std::vector<int>{6 * 1 + 5, 6 * 2 + 5});
  CHECK(r.problem.cell == r.problem.cells.front());
  CHECK(r.interior[6 * 1 + 1]);  // the player's square
  CHECK_FALSE(r.interior[0]);
  CHECK_FALSE(r.level);
}

TEST_CASE("grid check: boxes and goals in unequal numbers mark the boxes too many") {
  const std::vector<std::string> rows = {"#######", "#@$ $.#", "#  *  #", "#######"};
  GridCheck r = check(grid(rows));
  CHECK(r.problem.message == parserMessage(rows));
  CHECK(r.problem.message == "there are 3 boxes but 2 goals");
  CHECK(r.problem.cells == std::vector<int>{7 + 2, 7 + 4});
  const std::vector<std::string> goals = {"#######", "#@$...#", "#######"};
  CHECK(check(grid(goals)).problem.cells == std::vector<int>{7 + 3, 7 + 4, 7 + 5});
}

TEST_CASE("grid check: boxes the player can never reach are all marked") {
  const std::vector<std::string> rows = {"#########", "#@$.#$ $#", "#  .#. .#", "#########"};
  GridCheck r = check(grid(rows));
  CHECK(r.problem.message == parserMessage(rows));
  CHECK(r.problem.message == "a box off its goal that the player can never reach");
  CHECK(r.problem.cells == std::vector<int>{9 + 5, 9 + 7});
  CHECK_FALSE(r.interior[9 + 5]);
  CHECK(r.interior[9 + 2]);
}

TEST_CASE("grid check: a second player and a stray character are named where they are") {
  GridCheck two = check(grid({"#####", "#@$.#", "#@  #", "#####"}));
  CHECK(two.problem.message == "a second player");
  CHECK(two.problem.cells == std::vector<int>{5 * 2 + 1});
  GridCheck stray = check(grid({"#####", "#@$x#", "#####"}));
  CHECK(stray.problem.message == "unknown character 'x'");
  CHECK(stray.problem.cell == 5 + 3);
  CHECK(check(grid({"#####", "# $.#", "#####"})).problem.message == "there is no player (@ or +)");
  CHECK(checkGrid(3, 2, "###").problem.message == "the board has 3 squares, not 3x2");
}

TEST_CASE("grid check: a valid grid gives the parser's level, its interior in the drawn grid") {
  // An empty row in the middle: as text it would end the board, as a grid it is outside.
  const std::vector<std::string> rows = {"        ", " ###### ", " #@$ .# ",
                                         " ###### ", "        ", "   ##   "};
  GridCheck r = check(grid(rows));
  REQUIRE(r.problem.ok());
  REQUIRE(r.level);
  Collection c = parseCollection("######\n#@$ .#\n######\n");
  REQUIRE(c.levels.size() == 1);
  CHECK(writeLevel(*r.level) == writeLevel(c.levels[0]));
  CHECK(writeBoardRunLength(*r.level) == writeBoardRunLength(c.levels[0]));
  std::vector<int> inside;
  for (int i = 0; i < static_cast<int>(r.interior.size()); ++i)
    if (r.interior[i]) inside.push_back(i);
  CHECK(inside == std::vector<int>{8 * 2 + 2, 8 * 2 + 3, 8 * 2 + 4, 8 * 2 + 5});
}
