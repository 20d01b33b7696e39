// The deadlock checks forward FESS makes (fess.h), at the three moments it
// makes them, with a tally of what each pruned:
// - a position taken up for expansion: a corral or a closed diagonal
//   (corral.h, next to the box last pushed) and immovable boxes with the
//   matching over them (immovable.h); costly, so not for every child;
// - each child made: freeze (freeze.h) and dead pair/triple patterns
//   (dead_patterns.h, judged as pushes first reach a square);
// - each new child: the box-goal matching (bipartite.h), with the boxes
//   the push froze on goals as walls, or kept from the parent's matching
//   when the pushed box still reaches its goal there.
// Every check is a proof (its own tests hold it to exhaustive search).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "analysis/board.h"
#include "deadlock/bipartite.h"
#include "deadlock/corral.h"
#include "deadlock/dead_patterns.h"
#include "deadlock/freeze.h"
#include "deadlock/immovable.h"
#include "macro_moves.h"

namespace soko {

class FessTables;

class FessPruning {
 public:
  FessPruning(FessTables& tables, const std::vector<uint8_t>& goal);

  // `boxes` (sorted; `occupied` marks them), the player on `player`, taken
  // up: dead by a corral or closed diagonal next to `moved` (kNoSquare at
  // the start, when only diagonals are looked for) or by immovable boxes.
  // When alive, the position's matching is kept for its children's checks.
  bool takeUpDead(const std::vector<Square>& boxes, const std::vector<uint8_t>& occupied,
                  Square player, Square moved);

  // A child whose box went to `to` (`occupied` shows it) dead by freeze or
  // a dead pattern; the squares around `to` are judged first if they were
  // not yet, within room() bytes (called only then).
  template <class Room>
  bool pushDead(const std::vector<uint8_t>& occupied, Square to, Room room) {
    if (freeze_.pushDeadlock(occupied, to)) {
      ++prunedFreeze_;
      return true;
    }
    if (patterns_.unjudged(to)) patterns_.judgeAround(to, room());
    if (patterns_.matches(occupied, to)) {
      ++prunedPattern_;
      return true;
    }
    return false;
  }

  // A new child `child` (sorted; `occupied` shows it) of the position last
  // taken up, made by `m`, without a perfect box-goal matching.
  bool unmatched(const std::vector<Square>& child, const std::vector<uint8_t>& occupied,
                 const MacroPush& m) {
    const bool stuckOnGoal = goal_[m.to] && freeze_.pushFrozen(occupied, m.to);
    const bool keepsMatching = parentMatched_ && bipartite_.reaches(m.to, parentGoal_[m.box]);
    if (stuckOnGoal ? bipartite_.deadlockWithFrozen(child, occupied, freeze_)
                    : !keepsMatching && bipartite_.deadlock(child)) {
      ++prunedBipartite_;
      return true;
    }
    return false;
  }

  uint64_t memoryBytes() const { return bipartite_.memoryBytes() + corral_.memoryBytes(); }
  // What one check may add (a table of the matching's).
  uint64_t growthReserve() const { return bipartite_.growthReserve(); }
  // The patterns' bytes, which grow as squares are judged.
  uint64_t patternBytes() const { return patterns_.memoryBytes(); }

  // "corral checks …, pruned: freeze …, patterns … (… pairs, … triples)".
  std::string tally() const;

 private:
  // Positions per corral search. Measured within 50K expansions on XSokoban:
  // 100, 300 and 1000 solve about as many, and 100 costs least per position.
  static constexpr int kCorralBudget = 100;

  bool immovableDeadlock(const std::vector<Square>& boxes, Square player);

  const std::vector<uint8_t>& goal_;
  FreezeCheck freeze_;
  BipartiteCheck bipartite_;
  bool parentMatched_ = false;   // the position taken up has a perfect box-goal matching,
  std::vector<int> parentGoal_;  // [box] this goal for each
  CorralCheck corral_;
  ImmovableBoxes immovable_;
  std::vector<uint8_t> immovableMark_;  // [square] scratch for immovable_
  DeadPatterns& patterns_;
  uint64_t prunedFreeze_ = 0, prunedBipartite_ = 0, prunedCorral_ = 0, prunedDiagonal_ = 0,
           prunedImmovable_ = 0, prunedPattern_ = 0;
};

}  // namespace soko
