#include <catch2/catch.hpp>

#include "format.h"
#include "game.h"
#include "verify.h"

using namespace soko;

namespace {
Level one(const std::string& text) {
  Collection c = parseCollection(text);
  REQUIRE(c.errors.empty());
  REQUIRE(c.levels.size() == 1);
  return c.levels[0];
}
}  // namespace

TEST_CASE("a push moves the box and counts a push") {
  Game g(one("#####\n#@$.#\n#####\n"));
  REQUIRE(g.move(Direction::Right) == StepOutcome::Pushed);
  CHECK(g.solved());
  CHECK(g.moves() == 1);
  CHECK(g.pushes() == 1);
  CHECK(g.history() == "R");
}
