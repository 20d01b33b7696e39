// Garbage in, errors out: random bytes and random mutations of real levels
// must never crash, hang or read out of bounds (run under sanitizers to be
// sure; here every result is also checked for consistency).
#include <catch2/catch.hpp>
#include <random>

#include "format.h"
#include "game.h"
#include "lurd.h"
#include "test_support.h"
#include "verify.h"

using namespace soko;

namespace {

const std::string kSampleText =
    "Title one\n"
    "\n" +
    std::string(soko::testing::kXSokoban1) +
    "Author: someone\n"
    "Comment:\n"
    "multi\n"
    "Comment-End:\n"
    "\n"
    "5#|#@$.#|3(#)2#\n"
    "Solution: 2(R)\n"
    "\n"
    "Second\n"
    "#######\n"
    "#.@ # #\n"
    "#$* $ #\n"
    "#   $ #\n"
    "# ..  #\n"
    "#  *  #\n"
    "#######\n";

// Every loaded level must be internally consistent and playable.
void checkCollection(const Collection& c, std::mt19937& rng) {
  for (const Level& l : c.levels) {
    REQUIRE(l.width > 0);
    REQUIRE(l.height > 0);
    REQUIRE(l.cells.size() == static_cast<size_t>(l.width) * l.height);
    REQUIRE(l.player >= 0);
    REQUIRE(l.player < static_cast<int>(l.cells.size()));
    REQUIRE(l.boxCount() == l.goalCount());
    REQUIRE(l.boxCount() > 0);
    Game g(l);
    std::uniform_int_distribution<int> pick(0, 7);
    for (int i = 0; i < 200; ++i) g.play("udlrUDLR"[pick(rng)]);
    while (g.undo()) {
    }
    CHECK(g.currentLevel().cells == l.cells);
    // Written text reads back to the same board.
    Collection again = parseCollection(writeLevel(l));
    REQUIRE(again.errors.empty());
    REQUIRE(again.levels.size() == 1);
    CHECK(again.levels[0].cells == l.cells);
  }
  for (const ParseError& e : c.errors) CHECK_FALSE(e.message.empty());
}

}  // namespace

TEST_CASE("random bytes never break the parser") {
  std::mt19937 rng(12345);
  std::uniform_int_distribution<int> byte(0, 255);
  std::uniform_int_distribution<int> length(0, 400);
  for (int round = 0; round < 2000; ++round) {
    std::string text(length(rng), '\0');
    for (char& c : text) c = static_cast<char>(byte(rng));
    checkCollection(parseCollection(text), rng);
    LurdParse p = parseLurd(text);
    if (p.error.empty()) CHECK(p.steps.find_first_not_of("udlrUDLR") == std::string::npos);
  }
}

TEST_CASE("random board-ish characters never break the parser") {
  std::mt19937 rng(777);
  const std::string alphabet = "#@+$*. -_pPbB0123456789()|\n\n\n\r\t;:Tx";
  std::uniform_int_distribution<size_t> pick(0, alphabet.size() - 1);
  std::uniform_int_distribution<int> length(0, 600);
  for (int round = 0; round < 3000; ++round) {
    std::string text(length(rng), ' ');
    for (char& c : text) c = alphabet[pick(rng)];
    checkCollection(parseCollection(text), rng);
  }
}

TEST_CASE("random mutations of real levels never break the parser") {
  std::mt19937 rng(4242);
  const std::string alphabet = "#@+$*. -pb9()|\n:;x";
  std::uniform_int_distribution<size_t> pick(0, alphabet.size() - 1);
  for (int round = 0; round < 3000; ++round) {
    std::string text = kSampleText;
    std::uniform_int_distribution<int> edits(1, 8);
    for (int e = edits(rng); e > 0; --e) {
      std::uniform_int_distribution<size_t> at(0, text.size());
      size_t i = at(rng);
      switch (rng() % 3) {
        case 0:
          if (i < text.size()) text[i] = alphabet[pick(rng)];
          break;
        case 1:
          text.insert(text.begin() + static_cast<long>(i), alphabet[pick(rng)]);
          break;
        default:
          if (i < text.size()) text.erase(i, 1 + rng() % 5);
          break;
      }
    }
    checkCollection(parseCollection(text), rng);
  }
}

TEST_CASE("random solutions verify without crashing") {
  std::mt19937 rng(99);
  Collection c = parseCollection(kSampleText);
  REQUIRE(c.levels.size() == 3);
  const std::string alphabet = "udlrUDLR23(  )\n";
  std::uniform_int_distribution<size_t> pick(0, alphabet.size() - 1);
  for (int round = 0; round < 1000; ++round) {
    std::string lurd(rng() % 300, ' ');
    for (char& ch : lurd) ch = alphabet[pick(rng)];
    VerifyResult r = verify(c.levels[round % 3], lurd);
    CHECK((r.legal || !r.error.empty()));
  }
}
