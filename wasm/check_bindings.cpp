// The page's checks on the main thread's module: a board drawn in the level
// editor (core/grid_check.h) and the live deadlock warning after a push
// (core/deadlock/position_check.h). Kept apart from bindings.cpp, the
// module's game, parser and solver face; plain values cross the boundary.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <memory>
#include <optional>
#include <string>

#include "analysis/board.h"
#include "deadlock/position_check.h"
#include "format.h"
#include "grid_check.h"

using emscripten::val;

namespace {

using namespace soko;

val intArray(const std::vector<int>& xs) {
  val out = val::array();
  for (int x : xs) out.call<void>("push", x);
  return out;
}

// {ok, message, cells: [cell], interior: "0110…" (width * height), xsb,
// runLength}: what the core says of a drawn grid (width * height board
// characters, row-major), with its cells in that grid; xsb (titled
// `title`) and runLength only when it is a valid level.
val checkDrawnGrid(int width, int height, const std::string& cells, const std::string& title) {
  GridCheck r = checkGrid(width, height, cells);
  val o = val::object();
  o.set("ok", r.problem.ok());
  o.set("message", r.problem.message);
  o.set("cells", intArray(r.problem.cells));
  std::string interior(r.interior.size(), '0');
  for (size_t i = 0; i < r.interior.size(); ++i)
    if (r.interior[i]) interior[i] = '1';
  o.set("interior", interior);
  if (r.level) {
    r.level->title = title;
    o.set("xsb", writeLevel(*r.level));
    o.set("runLength", writeBoardRunLength(*r.level));
  }
  return o;
}

// The cheap deadlock checks on positions of one level, built once for it.
// Positions come as Game.cells() gives them ('$' '*' boxes, '@' '+' the
// player), on the same grid as the level text read here.
class JsPositionCheck {
 public:
  explicit JsPositionCheck(const std::string& levelText) {
    Collection c = parseCollection(levelText);
    if (c.levels.empty()) {
      error_ = c.errors.empty() ? "no level found in the text" : c.errors.front().describe();
      return;
    }
    board_ = std::make_unique<Board>(c.levels.front());
    if (!PositionCheck::affordable(*board_)) {
      error_ = "the level is too large for the live deadlock check";
      return;
    }
    check_.emplace(*board_);
  }
  bool valid() const { return check_.has_value(); }
  std::string error() const { return error_; }

  // {dead, kind, boxes: [cell]}; `moved`: the cell of the box just pushed, or -1.
  val check(const std::string& cells, int moved) {
    val o = val::object();
    o.set("dead", false);
    o.set("kind", std::string());
    o.set("boxes", val::array());
    const int size = board_ ? board_->level().width * board_->level().height : 0;
    if (!check_ || static_cast<int>(cells.size()) != size) return o;
    std::vector<uint8_t> occupied(board_->squareCount(), 0);
    Square player = kNoSquare;
    for (int c = 0; c < size; ++c) {
      Square s = board_->squareOf(c);
      if (s == kNoSquare) continue;
      if (cells[c] == '$' || cells[c] == '*') occupied[s] = 1;
      if (cells[c] == '@' || cells[c] == '+') player = s;
    }
    if (player == kNoSquare) return o;
    Square pushed = moved >= 0 && moved < size ? board_->squareOf(moved) : kNoSquare;
    DeadlockVerdict v = check_->check(occupied, player, pushed);
    std::vector<int> boxes;
    for (Square s : v.boxes) boxes.push_back(board_->cellOf(s));
    o.set("dead", v.dead());
    o.set("kind", std::string(deadlockKindName(v.kind)));
    o.set("boxes", intArray(boxes));
    return o;
  }

 private:
  std::unique_ptr<Board> board_;
  std::optional<PositionCheck> check_;
  std::string error_;
};

}  // namespace

EMSCRIPTEN_BINDINGS(soko_checks) {
  using namespace emscripten;
  function("checkGrid", &checkDrawnGrid);
  class_<JsPositionCheck>("PositionCheck")
      .constructor<std::string>()
      .function("valid", &JsPositionCheck::valid)
      .function("error", &JsPositionCheck::error)
      .function("check", &JsPositionCheck::check);
}
