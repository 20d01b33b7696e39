// The level collections bundled in levels/ (written by scripts/import-levels):
// they parse cleanly, hold the expected levels, and every shipped solution
// solves its level. Damaged copies of the solutions are rejected at the
// right step. No position on a shipped solution is called dead by a
// deadlock detector.
#include <catch2/catch.hpp>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "analysis/board.h"
#include "analysis/level_analysis.h"
#include "deadlock/dead_patterns.h"
#include "deadlock/position_check.h"
#include "format.h"
#include "game.h"
#include "lurd.h"
#include "verify.h"

using namespace soko;

namespace {

struct Bundled {
  const char* file;
  const char* name;  // levels without a title of their own are "<name> <n>"
  int count;
  bool ownTitles;      // the source gave every level a Title:
  const char* author;  // the Author: of level 1
};

const Bundled kBundled[] = {
    {"Microban_I.sok", "Microban I", 155, false, "David W. Skinner"},
    {"Microban_II.sok", "Microban II", 135, false, "David W. Skinner"},
    {"XSokoban.sok", "XSokoban", 90, false, "Thinking Rabbit"},
    {"Sasquatch_I.sok", "Sasquatch I", 50, false, "David W. Skinner"},
    {"Sasquatch_II.sok", "Sasquatch II", 50, false, "David W. Skinner"},
    {"Sasquatch_III.sok", "Sasquatch III", 50, false, "David W. Skinner"},
    {"Sasquatch_IV.sok", "Sasquatch IV", 50, false, "David W. Skinner"},
    {"Sasquatch_V.sok", "Sasquatch V", 50, false, "David W. Skinner"},
    {"Sasquatch_VI.sok", "Sasquatch VI", 50, false, "David W. Skinner"},
    {"Sasquatch_VII.sok", "Sasquatch VII", 50, false, "David W. Skinner"},
    {"Sasquatch_VIII.sok", "Sasquatch VIII", 50, false, "David W. Skinner"},
    {"Sasquatch_IX.sok", "Sasquatch IX", 50, false, "David W. Skinner"},
    {"GRIGoRusha.sok", "GRIGoRusha", 140, true, "GRIGoRusha"},
    {"GRIGoRusha_Special.sok", "GRIGoRusha Special", 40, true, "GRIGoRusha"},
};

std::string readText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  INFO("reading " << path << " (run scripts/import-levels to regenerate levels/)");
  REQUIRE(in.good());
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string levelsPath(const std::string& file) {
  return std::string(SOKO_LEVELS_DIR) + "/" + file;
}

// Parses a bundled file; fails the test with every parse error spelled out.
Collection loadBundled(const Bundled& b) {
  Collection c = parseCollection(readText(levelsPath(b.file)));
  for (const ParseError& e : c.errors) FAIL_CHECK(b.file << ": " << e.describe());
  return c;
}

std::vector<Collection>& allBundled() {
  static std::vector<Collection> loaded = [] {
    std::vector<Collection> v;
    for (const Bundled& b : kBundled) v.push_back(loadBundled(b));
    return v;
  }();
  return loaded;
}

// The 0-based indices of the steps of `steps` that push a box.
std::vector<size_t> pushIndices(const Level& level, const std::string& steps) {
  std::vector<size_t> pushes;
  Game game(level);
  for (size_t i = 0; i < steps.size(); ++i) {
    StepOutcome o = game.play(steps[i]);
    REQUIRE((o == StepOutcome::Moved || o == StepOutcome::Pushed));
    if (o == StepOutcome::Pushed) pushes.push_back(i);
  }
  return pushes;
}

// A step that cannot be played where the player stands after `prefix`,
// worked out from the board itself: a walk into a wall, or else a push
// ('U', 'D', 'L', 'R') towards a square with no box. Nothing if every
// neighbour holds a box (then the caller picks another push).
std::optional<char> impossibleStepAfter(const Level& level, std::string_view prefix) {
  Game game(level);
  REQUIRE(game.playAll(prefix) == prefix.size());
  for (Direction d : kDirections) {
    int next = level.step(game.player(), d);
    if (next < 0 || level.has(next, kWall)) return lurdChar(d, false);
  }
  for (Direction d : kDirections) {
    int next = level.step(game.player(), d);
    if (!game.hasBox(next)) return lurdChar(d, true);
  }
  return std::nullopt;
}

}  // namespace

TEST_CASE("bundled collections parse with no error and the expected level counts") {
  std::vector<Collection>& all = allBundled();
  REQUIRE(all.size() == std::size(kBundled));
  int total = 0;
  for (size_t i = 0; i < all.size(); ++i) {
    const Bundled& b = kBundled[i];
    const Collection& c = all[i];
    INFO(b.file);
    CHECK(c.errors.empty());
    REQUIRE(static_cast<int>(c.levels.size()) == b.count);
    total += b.count;
    for (int n = 1; n <= b.count; ++n) {
      const Level& level = c.levels[static_cast<size_t>(n - 1)];
      INFO("level " << n << " (" << level.title << ")");
      CHECK(level.number == n);
      if (b.ownTitles)
        CHECK_FALSE(level.title.empty());
      else
        CHECK(level.title == std::string(b.name) + " " + std::to_string(n));
      CHECK_FALSE(level.note("Author").empty());
    }
    CHECK(c.levels.front().note("Author") == b.author);
  }
  CHECK(total == 1010);
}

TEST_CASE("bundled collections keep the source's titles and notes") {
  std::vector<Collection>& all = allBundled();
  auto level = [&](const char* file, int n) -> const Level& {
    size_t i = 0;
    while (i < all.size() && std::string(kBundled[i].file) != file) ++i;
    INFO(file);
    REQUIRE(i < all.size());
    REQUIRE(n >= 1);
    REQUIRE(static_cast<size_t>(n) <= all[i].levels.size());
    return all[i].levels[static_cast<size_t>(n - 1)];
  };
  CHECK(level("GRIGoRusha.sok", 1).title == "Bardak #01");
  CHECK(level("GRIGoRusha.sok", 1).note("Comment") == "color purple");
  CHECK(level("GRIGoRusha_Special.sok", 1).title == "Krutoy Povorot");
  CHECK(level("GRIGoRusha_Special.sok", 2).note("Author") == "David Holland and GRIGoRusha");
  CHECK(level("GRIGoRusha_Special.sok", 27).note("Comment") == "date: 02.01.05");
  CHECK(level("Microban_I.sok", 44).note("Comment") == "Duh!");
  CHECK(level("Sasquatch_III.sok", 41).note("Comment") == "MS46 v2");
  CHECK(level("XSokoban.sok", 1).boxCount() == 6);
}

TEST_CASE("every bundled level has one shipped solution and it solves the level") {
  std::vector<Collection>& all = allBundled();
  int verified = 0;
  for (size_t i = 0; i < all.size(); ++i) {
    for (const Level& level : all[i].levels) {
      INFO(kBundled[i].file << " level " << level.number << " (" << level.title << ")");
      REQUIRE(level.solutions.size() == 1);
      VerifyResult r = verify(level, level.solutions[0]);
      INFO(r.describe());
      CHECK(r.legal);
      CHECK(r.solved);
      CHECK(r.failedStep == -1);
      CHECK(r.pushes > 0);
      verified += r.solved ? 1 : 0;
    }
  }
  CHECK(verified == 1010);
}

TEST_CASE("damaged bundled solutions fail at the damaged step") {
  std::vector<Collection>& all = allBundled();
  int damaged = 0;
  for (size_t i = 0; i < all.size(); ++i) {
    const std::vector<Level>& levels = all[i].levels;
    // The first, a middle and the last level of each collection.
    for (size_t pick : {size_t{0}, levels.size() / 2, levels.size() - 1}) {
      const Level& level = levels[pick];
      INFO(kBundled[i].file << " level " << level.number << " (" << level.title << ")");
      LurdParse parsed = parseLurd(level.solutions.at(0));
      REQUIRE(parsed.error.empty());
      const std::string& steps = parsed.steps;
      std::vector<size_t> pushes = pushIndices(level, steps);
      REQUIRE(pushes.size() >= 1);

      // Replace the first, a middle and the last push with a step that
      // cannot be played there: verify stops at exactly that index.
      for (size_t p : {pushes.front(), pushes[pushes.size() / 2], pushes.back()}) {
        std::optional<char> bad = impossibleStepAfter(level, std::string_view(steps).substr(0, p));
        if (!bad) continue;
        std::string corrupt = steps;
        corrupt[p] = *bad;
        INFO("step " << p << " '" << steps[p] << "' replaced by '" << *bad << "'");
        VerifyResult r = verify(level, corrupt);
        CHECK_FALSE(r.legal);
        CHECK_FALSE(r.solved);
        CHECK(r.failedStep == static_cast<long>(p));
        CHECK(r.moves == static_cast<int>(p));
        CHECK_FALSE(r.error.empty());
        ++damaged;
      }

      // Cut before the last push: every step is legal, but a box is left off
      // its goal. Cutting half-way likewise.
      for (size_t cut : {pushes.back(), pushes[pushes.size() / 2]}) {
        VerifyResult r = verify(level, std::string_view(steps).substr(0, cut));
        INFO("cut to " << cut << " steps: " << r.describe());
        CHECK(r.legal);
        CHECK_FALSE(r.solved);
        CHECK(r.failedStep == -1);
        CHECK(r.moves == static_cast<int>(cut));
      }
    }
  }
  // Nearly every pick finds an impossible step; far fewer would mean the
  // helper, not the levels, went wrong.
  CHECK(damaged >= 100);
}

TEST_CASE("levels/index.json lists every bundled collection with its level count") {
  std::string index = readText(levelsPath("index.json"));
  size_t previous = 0;
  for (const Bundled& b : kBundled) {
    INFO(b.file);
    size_t at = index.find("\"file\": \"" + std::string(b.file) + "\"");
    REQUIRE(at != std::string::npos);
    CHECK(at >= previous);  // same order as kBundled: Microban I first
    previous = at;
    size_t end = index.find('}', at);
    std::string entry = index.substr(at, end - at);
    CHECK(entry.find("\"name\": \"" + std::string(b.name) + "\"") != std::string::npos);
    CHECK(entry.find("\"count\": " + std::to_string(b.count) + ",") != std::string::npos);
    CHECK(entry.find("\"licence\": \"") != std::string::npos);
    CHECK(entry.find("\"author\": \"") != std::string::npos);
  }
}

TEST_CASE("no position on a shipped solution is called dead by a deadlock detector") {
  // Every detector the page warns with (deadlock/position_check.h) and the
  // dead box patterns the solvers prune with (judged on demand, as fess
  // does), after every push of every shipped solution: each of those
  // positions is solvable, so a verdict is a detector's mistake.
  std::vector<Collection>& all = allBundled();
  int levels = 0;
  uint64_t positions = 0;
  for (size_t i = 0; i < all.size(); ++i)
    for (const Level& level : all[i].levels) {
      LevelAnalysis analysis(level);
      analysis.buildBoard();
      analysis.buildPushDead();
      while (!analysis.buildGoalDistances()) {
      }
      const Board& b = analysis.board();
      if (!PositionCheck::affordable(b)) continue;
      PositionCheck check(b);
      DeadPatterns patterns(b, analysis.pushDead(), false, analysis.goalDistances());
      patterns.judgeOnDemand();
      std::vector<uint8_t> occupied(b.squareCount(), 0);
      for (Square s : b.startBoxes()) occupied[s] = 1;
      Game game(level);
      const std::string steps = parseLurd(level.solutions.at(0)).steps;
      for (size_t k = 0; k < steps.size(); ++k) {
        const int before = game.player();
        const StepOutcome o = game.play(steps[k]);
        REQUIRE((o == StepOutcome::Moved || o == StepOutcome::Pushed));
        if (o != StepOutcome::Pushed) continue;
        // The box went one step further the way the player did.
        const Square from = b.squareOf(game.player()), to = b.squareOf(2 * game.player() - before);
        occupied[from] = 0;
        occupied[to] = 1;
        const DeadlockVerdict v = check.check(occupied, from, to);
        ++positions;
        INFO(kBundled[i].file << " level " << level.number << ", after step " << k + 1 << ": "
                              << deadlockKindName(v.kind));
        REQUIRE_FALSE(v.dead());
        if (patterns.unjudged(to)) patterns.judgeAround(to, uint64_t{1} << 30);
        REQUIRE_FALSE(patterns.matches(occupied, to));
      }
      ++levels;
    }
  // Measured: all 1,010 levels, 121,094 positions.
  CHECK(levels == 1010);
  CHECK(positions >= 100000);
}
