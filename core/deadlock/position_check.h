// The cheap deadlock checks one after another on a position the player has
// reached, with the boxes that make it dead: for the page's live warning,
// run on the main thread after each push, so every check is bounded (the
// corral search by a small position budget) and the tables are built once
// per level. Each check is a proof: a position called dead can never be
// solved (tests/core/position_check_test.cpp holds them to exhaustive search).
//
//   #####
//   #@  #     the box pushed into the corner can never leave it: a dead
//   #  $#     square (no goal is reachable from it by pushes); the box is
//   #.  #     the one to mark.
//   #####
//
// In order: a box off goal on a dead square, or on a side of its square
// from which it reaches no goal, the player kept to its part of the floor
// (side_goal_reach.h); a frozen group (freeze.h) with
// a box off goal; boxes that together reach fewer goals than they are
// (bipartite.h: the boxes of a Hall violator, found from a maximum
// matching); boxes that can never move again, off goal or shutting a goal
// off from the others (immovable.h); a corral that cannot be opened
// (corral.h: its fence boxes); boxes closing a diagonal run of squares
// that can never all reach goals (closed_diagonal.h); goals that can never all be filled, the
// boxes on and round them standing as they do (goal_area.h: the boxes of
// the goal area).
#pragma once

#include <cstdint>
#include <vector>

#include "analysis/board.h"
#include "analysis/cut_squares.h"
#include "analysis/reach.h"
#include "deadlock/bipartite.h"
#include "deadlock/corral.h"
#include "deadlock/freeze.h"
#include "deadlock/goal_area.h"
#include "deadlock/immovable.h"

namespace soko {

enum class DeadlockKind : uint8_t {
  None,
  DeadSquare,  // a box on a square from which no goal can be reached
  DeadSide,    // a box whose side the player can get to leads it to no goal
  Frozen,
  Matching,
  Immovable,
  Corral,
  Diagonal,  // boxes closing a diagonal run of squares (closed_diagonal.h)
  GoalArea
};

// "dead-square", "dead-side", "frozen", "matching", "immovable", "corral", "diagonal",
// "goal-area", or "" for None.
const char* deadlockKindName(DeadlockKind kind);

struct DeadlockVerdict {
  DeadlockKind kind = DeadlockKind::None;
  std::vector<Square> boxes;  // the boxes that make the position dead, sorted
  bool dead() const { return kind != DeadlockKind::None; }
};

class PositionCheck {
 public:
  // Positions the corral's small search may take. Each position floods the
  // board, so the budget is about kCorralWork square visits, within
  // [kMinCorralBudget, kCorralBudget]. Measured under Node on the bundled
  // levels, a search that gave up took up to 12 ms at 1,000 positions
  // (Sasquatch VI 15, XSokoban 74) and at most 2.8 ms with this budget.
  static constexpr int kCorralBudget = 1000;
  static constexpr int kMinCorralBudget = 100;
  static constexpr int kCorralWork = 30000;
  // The goal area's search, in squares flooded and boxes copied: bounded by
  // positions alone it took up to 17 ms under Node (Sasquatch VIII 49, each
  // bundled level with all but 4 goals filled, the rest of its boxes where
  // they start); with this, at most 2.2 ms, as without the check, and
  // XSokoban 88's position (goal_area.h) is still proven.
  static constexpr uint64_t kGoalAreaWork = 100000;
  static int corralBudgetFor(const Board& board);
  // Largest squares x goals the tables may take (bytes of the matching's
  // reach table): a bigger level gets no live check.
  static constexpr int64_t kMaxTableBytes = 8 << 20;

  // `board` must outlive the check; affordable() should hold.
  explicit PositionCheck(const Board& board) : PositionCheck(board, corralBudgetFor(board)) {}
  PositionCheck(const Board& board, int corralBudget);
  static bool affordable(const Board& board);

  // `occupied` [square] marks the boxes, `player` stands anywhere in its
  // region; `moved` is the box just pushed (its corrals are searched), or
  // kNoSquare to search every corral.
  DeadlockVerdict check(const std::vector<uint8_t>& occupied, Square player,
                        Square moved = kNoSquare);

 private:
  std::vector<Square> onDeadSquares(const std::vector<Square>& boxes) const;
  std::vector<Square> onDeadSides(const std::vector<Square>& boxes, Square player) const;
  std::vector<Square> frozenGroup(const std::vector<uint8_t>& occupied,
                                  const std::vector<Square>& boxes);
  std::vector<Square> hallViolators(const std::vector<Square>& boxes) const;
  std::vector<Square> immovableBoxes(const std::vector<Square>& boxes, Square player);
  std::vector<Square> corralFence(const std::vector<uint8_t>& occupied, Square player,
                                  Square moved);
  std::vector<Square> goalAreaBoxes(const std::vector<Square>& boxes, Square player);

  const Board& board_;
  std::vector<uint8_t> dead_;       // [square] 1 where a lone box can reach no goal
  std::vector<uint8_t> liveSides_;  // [square * 4 + side] livePushSides
  CutSquares floor_;                // the empty floor's numbering, for the player's part
  std::vector<uint8_t> goalReach_;  // [square * goals + goal]: what bipartite_ reads
  FreezeCheck freeze_;
  BipartiteCheck bipartite_;
  CorralCheck corral_;
  ImmovableBoxes immovable_;
  GoalAreaCheck goalArea_;
  Reach reach_;
};

}  // namespace soko
