// The JavaScript face of the core: parsing, game rules and path finding,
// verification and the solver facade, for standard Sokoban and for the
// single-sink variant (core/sink/). Emscripten headers are included here and
// in the other binding files only (check_bindings.cpp, optimizer_bindings.cpp,
// search_run.h: what the search runs share). Levels cross the boundary as text (XSB as writeLevel
// prints it, or the sink format as writeSinkLevel prints it), so the page
// and the worker hold plain strings and the core re-reads them; results
// come back as plain values.
#include <emscripten/bind.h>
#include <emscripten/heap.h>
#include <emscripten/val.h>

#include <algorithm>
#include <memory>
#include <new>
#include <optional>
#include <string>

#include "bench.h"
#include "format.h"
#include "game.h"
#include "lurd.h"
#include "search_run.h"
#include "sink/sink_game.h"
#include "sink/sink_level.h"
#include "sink/sink_solver.h"
#include "solver.h"
#include "verify.h"

using emscripten::val;

namespace {

using namespace soko;
using namespace soko::js;

// One board as a string of width*height characters, row-major:
// '#' wall, ' ' floor, '.' goal, '$' box, '*' box on goal, '@' player,
// '+' player on goal, '_' outside the walls (drawn as nothing).
std::string boardCells(const Level& level, const std::vector<uint8_t>* boxes, int player) {
  std::string out(static_cast<size_t>(level.width) * level.height, '_');
  for (int c = 0; c < static_cast<int>(out.size()); ++c) {
    bool goal = level.has(c, kGoal);
    bool box = boxes ? (*boxes)[c] != 0 : level.has(c, kBox);
    if (level.has(c, kWall))
      out[c] = '#';
    else if (c == player)
      out[c] = goal ? '+' : '@';
    else if (box)
      out[c] = goal ? '*' : '$';
    else if (goal)
      out[c] = '.';
    else if (level.has(c, kInterior))
      out[c] = ' ';
  }
  return out;
}

val levelToJs(const Level& level) {
  val o = val::object();
  o.set("title", level.title);
  o.set("author", level.note("Author"));
  o.set("number", level.number);
  o.set("line", level.sourceLine);
  o.set("width", level.width);
  o.set("height", level.height);
  o.set("boxes", level.boxCount());
  o.set("cells", boardCells(level, nullptr, level.player));
  o.set("xsb", writeLevel(level));
  o.set("runLength", writeBoardRunLength(level));
  val solutions = val::array();
  for (const std::string& s : level.solutions) solutions.call<void>("push", s);
  o.set("solutions", solutions);
  return o;
}

val errorToJs(const ParseError& e) {
  val o = val::object();
  o.set("level", e.levelNumber);
  o.set("title", e.title);
  o.set("line", e.line);
  o.set("column", e.column);
  o.set("message", e.message);
  o.set("text", e.describe());
  return o;
}

// {levels: [{title, author, number, line, width, height, boxes, cells, xsb,
// runLength, solutions}], errors: [{level, title, line, column, message, text}]}
val parse(const std::string& text) {
  Collection c = parseCollection(text);
  val levels = val::array();
  for (const Level& l : c.levels) levels.call<void>("push", levelToJs(l));
  val errors = val::array();
  for (const ParseError& e : c.errors) errors.call<void>("push", errorToJs(e));
  val o = val::object();
  o.set("levels", levels);
  o.set("errors", errors);
  return o;
}

val optionalText(const std::optional<std::string>& s) { return s ? val(*s) : val::null(); }

const char* outcomeName(StepOutcome o) {
  switch (o) {
    case StepOutcome::Moved:
      return "moved";
    case StepOutcome::Pushed:
      return "pushed";
    case StepOutcome::Blocked:
      return "blocked";
    case StepOutcome::NotAPush:
      return "not-a-push";
  }
  return "blocked";
}

// What the page's Game and SinkGame share: a game of rules G (Game or
// SinkGame) made from level text, its counters, steps and history.
template <class G>
class JsRules {
 public:
  bool valid() const { return game_.has_value(); }
  std::string error() const { return error_; }
  int width() const { return game_ ? game_->width() : 0; }
  int height() const { return game_ ? game_->height() : 0; }
  int player() const { return game_ ? game_->player() : -1; }
  int moves() const { return game_ ? game_->moves() : 0; }
  int pushes() const { return game_ ? game_->pushes() : 0; }
  bool solved() const { return game_ && game_->solved(); }
  bool canUndo() const { return game_ && game_->canUndo(); }
  bool canRedo() const { return game_ && game_->canRedo(); }
  // A single LURD character; "moved", "pushed", "blocked" or "not-a-push".
  std::string play(const std::string& step) {
    if (!game_ || step.size() != 1) return "blocked";
    return outcomeName(game_->play(step[0]));
  }
  int playAll(const std::string& steps) {
    return game_ ? static_cast<int>(game_->playAll(steps)) : 0;
  }
  bool undo() { return game_ && game_->undo(); }
  bool redo() { return game_ && game_->redo(); }
  void restart() {
    if (game_) game_->restart();
  }
  void seek(int moves) {
    if (game_ && moves >= 0) game_->seek(static_cast<size_t>(moves));
  }
  std::string history() const { return game_ ? game_->history() : ""; }
  std::string fullHistory() const { return game_ ? game_->fullHistory() : ""; }
  val walkPath(int target) const {
    return game_ && inside(target) ? optionalText(game_->walkPath(target)) : val::null();
  }

  // Embind registers members on the class that declares them: this base is
  // registered once per G, and Game / SinkGame derive from it.
  static void bind(const char* name) {
    using R = JsRules<G>;
    emscripten::class_<R>(name)
        .function("valid", &R::valid)
        .function("error", &R::error)
        .function("width", &R::width)
        .function("height", &R::height)
        .function("player", &R::player)
        .function("moves", &R::moves)
        .function("pushes", &R::pushes)
        .function("solved", &R::solved)
        .function("canUndo", &R::canUndo)
        .function("canRedo", &R::canRedo)
        .function("play", &R::play)
        .function("playAll", &R::playAll)
        .function("undo", &R::undo)
        .function("redo", &R::redo)
        .function("restart", &R::restart)
        .function("seek", &R::seek)
        .function("history", &R::history)
        .function("fullHistory", &R::fullHistory)
        .function("walkPath", &R::walkPath);
  }

 protected:
  bool inside(int cell) const { return cell >= 0 && cell < game_->width() * game_->height(); }
  std::optional<G> game_;
  std::string error_;
};

// Game rules for the page. Construct from level text; valid() is false (and
// error() says why) when the text holds no level.
class JsGame : public JsRules<Game> {
 public:
  explicit JsGame(const std::string& levelText) {
    OneLevel one = readOneLevel(levelText);
    error_ = one.error;
    if (one.level) game_.emplace(std::move(*one.level));
  }
  bool hasBox(int cell) const { return game_ && inside(cell) && game_->hasBox(cell); }
  bool isFloor(int cell) const {
    return game_ && inside(cell) && game_->isInterior(cell) && !game_->isWall(cell);
  }
  std::string cells() const {
    if (!game_) return "";
    std::vector<uint8_t> boxes(static_cast<size_t>(game_->width()) * game_->height());
    for (int c = 0; c < static_cast<int>(boxes.size()); ++c) boxes[c] = game_->hasBox(c);
    return boardCells(game_->start(), &boxes, game_->player());
  }
  std::string currentLevelText() const { return game_ ? writeLevel(game_->currentLevel()) : ""; }
  val pushPath(int box, int target) const {
    return game_ && inside(box) && inside(target) ? optionalText(game_->pushPath(box, target))
                                                  : val::null();
  }
};

struct JsVerify {
  bool legal = false;
  bool solved = false;
  int moves = 0;
  int pushes = 0;
  double failedStep = -1;
  std::string error;
  std::string text;
};

JsVerify verifyText(const std::string& levelText, const std::string& lurd) {
  JsVerify out;
  OneLevel one = readOneLevel(levelText);
  if (!one.level) {
    out.error = out.text = "bad level: " + one.error;
    return out;
  }
  VerifyResult r = verify(*one.level, lurd);
  out = {r.legal, r.solved,    r.moves, r.pushes, static_cast<double>(r.failedStep),
         r.error, r.describe()};
  return out;
}

// A LURD text with run-length counts and groups expanded, white space
// dropped: {steps, error, errorAt}.
val expandLurd(const std::string& text) {
  LurdParse p = parseLurd(text);
  val o = val::object();
  o.set("steps", p.steps);
  o.set("error", p.error);
  o.set("errorAt", static_cast<double>(p.errorAt));
  return o;
}

class JsSolver : public JsRunner {
 public:
  JsSolver(const std::string& levelText, const val& jsOptions) {
    const JsSolverOptions o = JsSolverOptions::from(jsOptions);
    OneLevel one = readOneLevel(levelText);
    if (!one.level) {
      refuse(one.error);
      return;
    }
    SolverOptions options;
    options.method = o.method.empty() ? "default" : o.method;
    options.timeLimitSeconds = o.timeLimitSeconds;
    options.memoryBudgetBytes = budgetBytes(o);
    options.maxNodes = nodeLimit(o);
    start([&] { return std::make_unique<Solver>(*one.level, options); });
  }
};

// [{name, description}], default first.
val methods() {
  val out = val::array();
  for (const StrategyInfo& info : solverMethods()) {
    val o = val::object();
    o.set("name", info.name);
    o.set("description", info.description);
    out.call<void>("push", o);
  }
  return out;
}

double defaultMemoryBudgetBytes() { return static_cast<double>(kDefaultMemoryBudgetBytes); }

// The bench (core/bench.h) over collection texts given as {file: text}:
// {nodes, signature, expected, seconds, nodesPerSecond, error, runs:
// [{file, number, method, status, nodes, stored}]}.
val bench(const val& files) {
  BenchReport r = runBench([&](const std::string& file) -> std::optional<std::string> {
    val text = files[file];
    if (text.isUndefined() || text.isNull()) return std::nullopt;
    return text.as<std::string>();
  });
  val o = val::object();
  o.set("nodes", static_cast<double>(r.nodes));
  o.set("signature", static_cast<double>(r.signature));
  o.set("expected", static_cast<double>(kBenchSignature));
  o.set("seconds", r.seconds);
  o.set("nodesPerSecond", r.nodesPerSecond());
  o.set("error", r.error);
  val runs = val::array();
  for (const BenchRun& run : r.runs) {
    val x = val::object();
    x.set("file", std::string(run.entry->file));
    x.set("number", run.entry->number);
    x.set("method", std::string(run.entry->method));
    x.set("status", std::string(statusName(run.status)));
    x.set("nodes", static_cast<double>(run.nodes));
    x.set("stored", static_cast<double>(run.stored));
    runs.call<void>("push", x);
  }
  o.set("runs", runs);
  return o;
}

double heapMaxBytes() { return static_cast<double>(emscripten_get_heap_max()); }
double heapSizeBytes() { return static_cast<double>(emscripten_get_heap_size()); }

// ---- Single-sink variant (core/sink/) ----------------------------------
// One board as width*height characters, row-major: '#' wall, ' ' floor,
// 'x' the sink, 'o' stone, '@' player, '+' player on the sink, '_' wall
// that touches no floor (drawn as nothing).
std::string sinkCells(const SinkLevel& level, const std::vector<uint8_t>* stones, int player) {
  std::string out(static_cast<size_t>(level.width) * level.height, '_');
  for (int c = 0; c < static_cast<int>(out.size()); ++c) {
    bool stone = stones ? (*stones)[c] != 0
                        : std::binary_search(level.stones.begin(), level.stones.end(), c);
    bool nearFloor = false;
    for (Direction d : kDirections) {
      int n = level.step(c, d);
      nearFloor = nearFloor || (n >= 0 && !level.wall[n]);
    }
    if (level.wall[c])
      out[c] = nearFloor ? '#' : '_';
    else if (c == player)
      out[c] = c == level.sink ? '+' : '@';
    else if (stone)
      out[c] = 'o';
    else if (c == level.sink)
      out[c] = 'x';
    else
      out[c] = ' ';
  }
  return out;
}

// {ok, error, line, width, height, stones, cells, text}: `text` is the level
// written back in the sink format (what SinkGame and SinkSolver take).
val parseSink(const std::string& text) {
  SinkParse p = parseSinkLevel(text);
  val o = val::object();
  o.set("ok", p.ok());
  o.set("error", p.error);
  o.set("line", p.line);
  if (p.ok()) {
    o.set("width", p.level.width);
    o.set("height", p.level.height);
    o.set("stones", static_cast<int>(p.level.stones.size()));
    o.set("cells", sinkCells(p.level, nullptr, p.level.player));
    o.set("text", writeSinkLevel(p.level));
  }
  return o;
}

bool isSinkLevel(const std::string& text) { return looksLikeSinkLevel(text); }

class JsSinkGame : public JsRules<SinkGame> {
 public:
  explicit JsSinkGame(const std::string& levelText) {
    SinkParse p = parseSinkLevel(levelText);
    error_ = p.error;
    if (p.ok()) game_.emplace(std::move(p.level));
  }
  int sink() const { return game_ ? game_->sink() : -1; }
  int stonesLeft() const { return game_ ? game_->stonesLeft() : 0; }
  bool hasStone(int cell) const { return game_ && inside(cell) && game_->hasStone(cell); }
  bool isFloor(int cell) const { return game_ && inside(cell) && !game_->isWall(cell); }
  std::string cells() const {
    if (!game_) return "";
    std::vector<uint8_t> stones(static_cast<size_t>(game_->width()) * game_->height());
    for (int c = 0; c < static_cast<int>(stones.size()); ++c) stones[c] = game_->hasStone(c);
    return sinkCells(game_->start(), &stones, game_->player());
  }
  std::string currentLevelText() const {
    return game_ ? writeSinkLevel(game_->currentLevel()) : "";
  }
};

JsVerify verifySinkText(const std::string& levelText, const std::string& lurd) {
  JsVerify out;
  SinkParse p = parseSinkLevel(levelText);
  if (!p.ok()) {
    out.error = out.text = "bad level: " + p.error;
    return out;
  }
  VerifyResult r = verifySink(p.level, lurd);
  return {r.legal, r.solved,    r.moves, r.pushes, static_cast<double>(r.failedStep),
          r.error, r.describe()};
}

// Solver's surface for sink levels; options.method is ignored (one strategy).
class JsSinkSolver : public JsRunner {
 public:
  JsSinkSolver(const std::string& levelText, const val& jsOptions) {
    const JsSolverOptions o = JsSolverOptions::from(jsOptions);
    SinkParse p = parseSinkLevel(levelText);
    if (!p.ok()) {
      refuse(p.error);
      return;
    }
    SinkSolverOptions options;
    options.timeLimitSeconds = o.timeLimitSeconds;
    options.memoryBudgetBytes = budgetBytes(o);
    options.maxNodes = nodeLimit(o);
    start([&] { return std::make_unique<SinkSolver>(p.level, options); });
  }
};

}  // namespace

EMSCRIPTEN_BINDINGS(soko) {
  using namespace emscripten;
  function("parseCollection", &parse);
  function("solverMethods", &methods);
  function("heapMaxBytes", &heapMaxBytes);
  function("defaultMemoryBudgetBytes", &defaultMemoryBudgetBytes);
  function("bench", &bench);
  function("heapSizeBytes", &heapSizeBytes);
  function("solverBudgetCapBytes", &heapBudgetCap);

  value_object<JsVerify>("VerifyResult")
      .field("legal", &JsVerify::legal)
      .field("solved", &JsVerify::solved)
      .field("moves", &JsVerify::moves)
      .field("pushes", &JsVerify::pushes)
      .field("failedStep", &JsVerify::failedStep)
      .field("error", &JsVerify::error)
      .field("text", &JsVerify::text);
  function("verify", &verifyText);
  function("expandLurd", &expandLurd);

  value_object<JsProgress>("SolverProgress")
      .field("nodes", &JsProgress::nodes)
      .field("stored", &JsProgress::stored)
      .field("memoryBytes", &JsProgress::memoryBytes)
      .field("peakMemoryBytes", &JsProgress::peakMemoryBytes)
      .field("seconds", &JsProgress::seconds)
      .field("nodesPerSecond", &JsProgress::nodesPerSecond)
      .field("depth", &JsProgress::depth)
      .field("bestBound", &JsProgress::bestBound);

  JsRules<Game>::bind("GameRules");
  class_<JsGame, base<JsRules<Game>>>("Game")
      .constructor<std::string>()
      .function("hasBox", &JsGame::hasBox)
      .function("isFloor", &JsGame::isFloor)
      .function("cells", &JsGame::cells)
      .function("currentLevelText", &JsGame::currentLevelText)
      .function("pushPath", &JsGame::pushPath);

  class_<JsRunner>("SolverRun")
      .function("step", &JsRunner::step)
      .function("status", &JsRunner::status)
      .function("cancel", &JsRunner::cancel)
      .function("progress", &JsRunner::progress)
      .function("solution", &JsRunner::solution)
      .function("message", &JsRunner::message)
      .function("searchDetail", &JsRunner::searchDetail)
      .function("moves", &JsRunner::moves)
      .function("pushes", &JsRunner::pushes);
  class_<JsSolver, base<JsRunner>>("Solver").constructor<std::string, val>();

  function("isSinkLevel", &isSinkLevel);
  function("parseSinkLevel", &parseSink);
  function("verifySink", &verifySinkText);
  JsRules<SinkGame>::bind("SinkGameRules");
  class_<JsSinkGame, base<JsRules<SinkGame>>>("SinkGame")
      .constructor<std::string>()
      .function("sink", &JsSinkGame::sink)
      .function("stonesLeft", &JsSinkGame::stonesLeft)
      .function("hasStone", &JsSinkGame::hasStone)
      .function("isFloor", &JsSinkGame::isFloor)
      .function("cells", &JsSinkGame::cells)
      .function("currentLevelText", &JsSinkGame::currentLevelText);
  class_<JsSinkSolver, base<JsRunner>>("SinkSolver").constructor<std::string, val>();
}
