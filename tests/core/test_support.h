// Small helpers the core tests share.
#pragma once

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>

#include "format.h"

namespace soko::testing {

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

}  // namespace soko::testing
