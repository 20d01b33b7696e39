// Bipartite (matching) deadlocks: every box needs a goal of its own that it
// can still be pushed to. When no perfect matching of boxes to reachable
// goals exists, the position is dead, even though each box alone may have
// somewhere to go.
//
//   ########
//   # $ $ .#   both boxes can only slide along the top wall, and only
//   #      #   one goal lies on it: each box alone could be packed, the
//   #   .  #   two together cannot.
//   #@     #
//   ########
//
// Reachability is that of a lone box on the board (walls, and with frozen
// boxes treated as walls when asked), with the player anywhere it needs to
// be: a relaxation, so "no matching" is a proof. Frozen boxes on goals keep
// their goal; a frozen box off goal is a freeze deadlock already. With the
// immovable boxes as walls the player is followed too (side_goal_reach.h):
// the box's way must keep the player able to get behind it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

#include "analysis/board.h"
#include "analysis/side_goal_reach.h"
#include "freeze.h"

namespace soko {

class BipartiteCheck {
 public:
  // `reach`: goalReachTable(board) (analysis/goal_reach.h), kept by the caller.
  BipartiteCheck(const Board& board, const std::vector<uint8_t>& reach);

  // No perfect matching with the walls-only reachability? `boxes` lists the
  // box squares (any order). With `goalOf`, a matching found is written
  // there ([box] goal number): a box moved to a square that still reaches
  // its goal leaves the others a perfect matching, with no search.
  bool deadlock(const std::vector<Square>& boxes, std::vector<int>* goalOf = nullptr);
  // The same, but boxes that `freeze` finds frozen count as walls for the
  // others (and, on goals, keep their goal). `occupied` marks the boxes.
  bool deadlockWithFrozen(const std::vector<Square>& boxes, const std::vector<uint8_t>& occupied,
                          FreezeCheck& freeze);
  // The same with the boxes `immovable` marks ([square] 1, immovable.h) as
  // the fixed ones, the player on `player` walking only where the floor
  // and they let it (side_goal_reach.h; on boards of more than
  // kSideReachLimit squares times goals, anywhere, as for the others).
  bool deadlockWithImmovable(const std::vector<Square>& boxes,
                             const std::vector<uint8_t>& immovable, Square player);
  static constexpr uint64_t kSideReachLimit = 1 << 16;
  // Can a lone box on s be pushed to goal number g (index in board.goals())?
  bool reaches(Square s, int g) const { return reach_[static_cast<size_t>(s) * goals_ + g] != 0; }
  uint64_t memoryBytes() const;
  // What one check may add: a reachability table for a new set of fixed boxes.
  uint64_t growthReserve() const;

 private:
  // Fills `table` [square * goals + goal] for the board with `walls` extra
  // (a frozen box set's table).
  void computeReach(const std::vector<uint8_t>& walls, std::vector<uint8_t>& table) const;
  // The matching with the boxes fixed(b) holds as walls, on their goals.
  template <class Fixed>
  bool deadlockWithWalls(const std::vector<Square>& boxes, Fixed fixed);
  // The key of the boxes fixed(b) holds, with the movable ones into
  // `movable` and the goals the fixed ones stand on into `goalTaken`; 0
  // when none is fixed, 1 when one stands off goal (a deadlock).
  int goalNumber(Square goal) const;  // its index in board.goals()
  template <class Fixed>
  uint64_t splitFixed(const std::vector<Square>& boxes, Fixed fixed, std::vector<Square>& movable,
                      std::vector<uint8_t>& goalTaken) const;
  // The walls-only table with the boxes `key` names as walls too, made
  // when first asked for.
  const std::vector<uint8_t>& wallTable(uint64_t key, const std::vector<Square>& boxes,
                                        const std::vector<Square>& movable);
  // A matching of every box to a goal of its row (goals, 1 where it may
  // go); goals taken are held by fixed boxes.
  bool perfectMatching(const std::vector<const uint8_t*>& rows,
                       const std::vector<uint8_t>& goalTaken);
  bool perfectMatching(const std::vector<Square>& boxes, const std::vector<uint8_t>& table,
                       const std::vector<uint8_t>& goalTaken);
  bool augment(int box, const std::vector<const uint8_t*>& rows);

  const Board& board_;
  int goals_;
  const std::vector<uint8_t>& reach_;  // [square * goals + goal], walls only
  // Reachability tables for frozen-box sets seen, by the set's key; emptied
  // when they pass kFrozenTableBytes. (64 tables at most, as before, missed
  // on XSokoban 28 30,000 times in 155,000 expansions, each miss a flood
  // per goal: 4% of fess's time; 16 MB holds thousands and missed < 1,000.)
  std::unordered_map<uint64_t, std::vector<uint8_t>> frozenTables_;
  static constexpr uint64_t kFrozenTableBytes = 16 << 20;
  uint64_t frozenBytes_ = 0;         // held by frozenTables_, with a guess at the map's own
  std::vector<uint64_t> frozenKey_;  // [square] random words for frozen-set keys
  // The player-aware tables (side_goal_reach.h) of the immovable sets
  // seen, by the set's key (0: no box fixed), within kFrozenTableBytes.
  std::unordered_map<uint64_t, std::unique_ptr<SideGoalReach>> sideTables_;
  uint64_t sideBytes_ = 0;
  bool sideReach_;                    // the board is small enough for them
  std::vector<const uint8_t*> rows_;  // [box] matching scratch
  std::vector<Square> movable_;       // scratch
  std::vector<uint8_t> goalTaken_;    // [goal] scratch: held by a fixed box
  // Matching scratch.
  std::vector<int> goalOwner_;      // [goal] box index or -1
  std::vector<uint8_t> matched_;    // [box] scratch
  std::vector<uint8_t> noneTaken_;  // [goal] all zero
  std::vector<uint32_t> seen_;      // [goal] == stamp_ when visited in this augment
  uint32_t stamp_ = 0;
};

}  // namespace soko
