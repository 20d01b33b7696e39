#include "format.h"

#include <catch2/catch.hpp>

#include "run_length.h"

using namespace soko;

namespace {

// The board as rows of XSB text, for comparing shapes.
std::string board(const Level& level) {
  Level copy = level;
  copy.title.clear();
  copy.notes.clear();
  return writeLevel(copy, {false, false});
}

const char* kSimple =
    "#####\n"
    "#@$.#\n"
    "#####\n";

}  // namespace

TEST_CASE("run-length decoding expands counts and nested groups") {
  CHECK(decodeRunLength("3#4-p.#").text == "###----p.#");
  CHECK(decodeRunLength("2(3(#-)#)").text == "#-#-#-##-#-#-#");
  CHECK(decodeRunLength("12r").text == std::string(12, 'r'));
  CHECK(decodeRunLength("").text.empty());
}

TEST_CASE("run-length errors say what and where") {
  RunLengthResult r = decodeRunLength("ab(cd");
  CHECK(r.error == "unclosed '('");
  CHECK(r.errorAt == 2);
  r = decodeRunLength("ab)");
  CHECK(r.error == "unmatched ')'");
  CHECK(r.errorAt == 2);
  r = decodeRunLength("a12");
  CHECK(r.error.find("followed") != std::string::npos);
  CHECK(r.errorAt == 1);
  r = decodeRunLength("99999999(99999999x)");
  CHECK(!r.error.empty());
}

TEST_CASE("run-length encoding round-trips") {
  for (std::string s : {"###----p.#", "ab", "", "rrrrrrrrrrrrrrrrrrrrrrrrrrrrrr", "#  $$$ . #"})
    CHECK(decodeRunLength(encodeRunLength(s)).text == s);
}

TEST_CASE("a plain XSB level loads with its parts") {
  Collection c = parseCollection(kSimple);
  REQUIRE(c.errors.empty());
  REQUIRE(c.levels.size() == 1);
  const Level& l = c.levels[0];
  CHECK(l.width == 5);
  CHECK(l.height == 3);
  CHECK(l.boxCount() == 1);
  CHECK(l.goalCount() == 1);
  CHECK(l.player == l.index(1, 1));
  CHECK(l.number == 1);
  CHECK(l.sourceLine == 1);
  CHECK_FALSE(l.solved());
}

TEST_CASE("every board character is understood") {
  // + player on goal, * box on goal, p/P/b/B alternatives, - and _ floor.
  Collection c = parseCollection(
      "########\n"
      "#+*.$ -#\n"
      "#_ b B #\n"
      "########\n");
  REQUIRE(c.errors.empty());
  const Level& l = c.levels[0];
  CHECK(l.has(l.index(1, 1), kGoal));
  CHECK(l.player == l.index(1, 1));
  CHECK(l.has(l.index(2, 1), kBox));
  CHECK(l.has(l.index(2, 1), kGoal));
  CHECK(l.has(l.index(3, 2), kBox));
  CHECK(l.has(l.index(5, 2), kBox));
  CHECK(l.has(l.index(5, 2), kGoal));
  CHECK(l.boxCount() == 4);

  Collection alt = parseCollection("#####\n#pb.#\n#####\n");
  REQUIRE(alt.errors.empty());
  CHECK(board(alt.levels[0]) == board(parseCollection(kSimple).levels[0]));
  Collection altGoal = parseCollection("####\n#pB#\n####\n");
  REQUIRE(altGoal.errors.empty());
  CHECK(altGoal.levels[0].solved());
}

TEST_CASE("run-length rows and '|' separators give the same board") {
  Collection plain = parseCollection(kSimple);
  Collection rle = parseCollection("5#|#@$.#|5#\n");
  Collection rows = parseCollection("5#\n#@$.#\n5#\n");
  Collection groups = parseCollection("5#|#@$.#|2(##)#\n");
  REQUIRE(rle.errors.empty());
  REQUIRE(rows.errors.empty());
  REQUIRE(groups.errors.empty());
  CHECK(board(rle.levels[0]) == board(plain.levels[0]));
  CHECK(board(rows.levels[0]) == board(plain.levels[0]));
  CHECK(board(groups.levels[0]) == board(plain.levels[0]));
}

TEST_CASE("CRLF, CR and tabs are read") {
  Collection crlf = parseCollection("Title line\r\n\r\n#####\r\n#@$.#\r\n#####\r\n");
  REQUIRE(crlf.errors.empty());
  CHECK(crlf.levels[0].title == "Title line");
  Collection cr = parseCollection("#####\r#@$.#\r#####\r");
  REQUIRE(cr.errors.empty());
  // A tab indents to column 8 in every row alike.
  Collection tabs = parseCollection("\t#####\n\t#@$.#\n\t#####\n");
  REQUIRE(tabs.errors.empty());
  CHECK(board(tabs.levels[0]) == board(parseCollection(kSimple).levels[0]));
}

TEST_CASE("ragged rows are padded") {
  Collection c = parseCollection(
      "######\n"
      "#@$. #\n"
      "######\n"
      "\n"
      "  ####\n"
      "###  #\n"
      "#@$. #\n"
      "######\n");
  REQUIRE(c.errors.empty());
  REQUIRE(c.levels.size() == 2);
  CHECK(c.levels[1].width == 6);
}

TEST_CASE("titles: the last text line before a board, or Title: after it") {
  Collection c = parseCollection(
      "; a comment\n"
      "My Collection\n"
      "\n"
      "First level\n"
      "\n" +
      std::string(kSimple) +
      "Author: Someone\n"
      "\n"
      "#####\n#@$.#\n#####\n"
      "Title: Second level\n"
      "Author: Other\n"
      "Comment:\n"
      "two lines\n"
      "of comment\n"
      "Comment-End:\n"
      "Difficulty: easy\n"
      ":: another comment\n"
      "Third\n" +
      std::string(kSimple));
  REQUIRE(c.errors.empty());
  REQUIRE(c.levels.size() == 3);
  CHECK(c.levels[0].title == "First level");
  CHECK(c.levels[0].note("author") == "Someone");
  CHECK(c.levels[1].title == "Second level");
  CHECK(c.levels[1].note("Author") == "Other");
  CHECK(c.levels[1].note("Comment") == "two lines\nof comment");
  CHECK(c.levels[1].note("Difficulty") == "easy");
  CHECK(c.levels[2].title == "Third");
  CHECK(c.levels[2].notes.empty());
}

TEST_CASE("a single-line Comment: is a note") {
  Collection c = parseCollection(std::string(kSimple) + "Comment: short one\n");
  REQUIRE(c.levels.size() == 1);
  CHECK(c.levels[0].note("Comment") == "short one");
}

TEST_CASE("solution sections attach to their level") {
  Collection c = parseCollection(std::string(kSimple) +
                                 "Solution (moves 1, pushes 1):\n"
                                 "R\n"
                                 "\n"
                                 "#####\n#@$.#\n#####\nSolution: R\n");
  REQUIRE(c.levels.size() == 2);
  REQUIRE(c.levels[0].solutions.size() == 1);
  CHECK(c.levels[0].solutions[0] == "R");
  REQUIRE(c.levels[1].solutions.size() == 1);
  CHECK(c.levels[1].solutions[0] == "R");
}

TEST_CASE("a LURD-letter title right after a solution is the next board's title") {
  // "Dud" could be read as three more steps; the solution "R" is complete
  // without them and spoilt with them, so it is the next level's title.
  Collection c = parseCollection(std::string(kSimple) +
                                 "Solution:\n"
                                 "R\n"
                                 "Dud\n"
                                 "#####\n#@$.#\n#####\n");
  REQUIRE(c.levels.size() == 2);
  REQUIRE(c.levels[0].solutions.size() == 1);
  CHECK(c.levels[0].solutions[0] == "R");
  CHECK(c.levels[1].title == "Dud");
}

TEST_CASE("a solution's last line right above a board stays part of the solution") {
  // Without its second line the solution does not solve: no title here.
  Collection c = parseCollection(
      "######\n#@$ .#\n######\n"
      "Solution:\n"
      "R\n"
      "R\n"
      "#####\n#@$.#\n#####\n");
  REQUIRE(c.levels.size() == 2);
  REQUIRE(c.levels[0].solutions.size() == 1);
  CHECK(c.levels[0].solutions[0] == "RR");
  CHECK(c.levels[1].title.empty());
}

TEST_CASE("decoration the player cannot reach is dropped") {
  // The box on a goal outside becomes wall; the far wall art is dropped.
  Collection c = parseCollection(
      "*    ####### #\n"
      "     #@ $ .#\n"
      "     #######\n");
  REQUIRE(c.errors.empty());
  const Level& l = c.levels[0];
  CHECK(l.boxCount() == 1);
  CHECK(l.width == 7);
  CHECK(l.height == 3);
}

TEST_CASE("bad levels are reported with level, line and column, and the others still load") {
  Collection c = parseCollection("Good one\n" + std::string(kSimple) +
                                 "\n"
                                 "Unknown char\n"
                                 "#####\n"
                                 "#@$x#\n"
                                 "#####\n"
                                 "\n"
                                 "No player\n"
                                 "#####\n"
                                 "# $.#\n"
                                 "#####\n"
                                 "\n"
                                 "Two players\n"
                                 "######\n"
                                 "#@$.@#\n"
                                 "######\n"
                                 "\n"
                                 "Counts\n"
                                 "######\n"
                                 "#@$$.#\n"
                                 "######\n"
                                 "\n"
                                 "No boxes\n"
                                 "####\n"
                                 "#@ #\n"
                                 "####\n"
                                 "\n"
                                 "Open\n"
                                 "#####\n"
                                 "#@$. \n"
                                 "#####\n"
                                 "\n"
                                 "Unreachable box\n"
                                 "#####  #####\n"
                                 "#@$.#  #$. #\n"
                                 "#####  #####\n"
                                 "\n"
                                 "Last good\n" +
                                 std::string(kSimple));
  REQUIRE(c.levels.size() == 2);
  CHECK(c.levels[0].title == "Good one");
  CHECK(c.levels[1].title == "Last good");
  CHECK(c.levels[1].number == 9);
  REQUIRE(c.errors.size() == 7);

  const ParseError& unknown = c.errors[0];
  CHECK(unknown.levelNumber == 2);
  CHECK(unknown.title == "Unknown char");
  CHECK(unknown.line == 8);
  CHECK(unknown.column == 4);
  CHECK(unknown.message == "unknown character 'x'");
  CHECK(unknown.describe() == "level 2 (Unknown char), line 8, column 4: unknown character 'x'");

  CHECK(c.errors[1].message.find("no player") != std::string::npos);
  CHECK(c.errors[2].message == "a second player");
  CHECK(c.errors[2].line == 18);
  CHECK(c.errors[2].column == 5);
  CHECK(c.errors[3].message == "there are 2 boxes but 1 goals");
  CHECK(c.errors[4].message == "there are no boxes");
  CHECK(c.errors[5].message.find("open to the outside") != std::string::npos);
  CHECK(c.errors[6].message.find("never reach") != std::string::npos);
  CHECK(c.errors[6].line == 38);
  CHECK(c.errors[6].column == 9);
}

TEST_CASE("boards over the size limit are refused, large ones load") {
  std::string big;
  const int side = 255;
  for (int y = 0; y < side; ++y) {
    std::string row(side, ' ');
    row.front() = row.back() = '#';
    if (y == 0 || y == side - 1) row.assign(side, '#');
    big += row + "\n";
  }
  big[side + 1 + 1] = '@';
  big[side + 1 + 2] = '$';
  big[side + 1 + 3] = '.';
  Collection ok = parseCollection(big);
  REQUIRE(ok.errors.empty());
  CHECK(ok.levels[0].width == side);

  std::string tooWide = std::to_string(kMaxBoardSide + 1) + "#|#@$.#|5#\n";
  Collection bad = parseCollection(tooWide);
  REQUIRE(bad.errors.size() == 1);
  CHECK(bad.errors[0].message.find("largest supported") != std::string::npos);
}

TEST_CASE("writing and parsing again gives the same levels") {
  Collection c = parseCollection(
      "Level A\n\n"
      "  #####\n"
      "###   #\n"
      "#.@$  #\n"
      "### $.#\n"
      "#.##$ #\n"
      "# # . ##\n"
      "#$ *$$.#\n"
      "#   .  #\n"
      "########\n"
      "Author: X\n"
      "Comment:\nline one\nline two\nComment-End:\n");
  REQUIRE(c.errors.empty());
  std::string text = writeCollection(c.levels, {true, true});
  Collection again = parseCollection(text);
  REQUIRE(again.errors.empty());
  REQUIRE(again.levels.size() == 1);
  CHECK(again.levels[0].title == "Level A");
  CHECK(again.levels[0].note("Comment") == "line one\nline two");
  CHECK(board(again.levels[0]) == board(c.levels[0]));

  Collection fromRle = parseCollection(writeBoardRunLength(c.levels[0]));
  REQUIRE(fromRle.errors.empty());
  CHECK(board(fromRle.levels[0]) == board(c.levels[0]));
}

TEST_CASE("a title that looks like a board row is written after the board") {
  Level l = parseCollection(kSimple).levels[0];
  l.title = "###";
  Collection again = parseCollection(writeLevel(l));
  REQUIRE(again.errors.empty());
  REQUIRE(again.levels.size() == 1);
  CHECK(again.levels[0].title == "###");
}
