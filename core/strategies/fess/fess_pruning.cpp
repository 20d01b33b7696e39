#include "fess_pruning.h"

#include "fess_tables.h"

namespace soko {

FessPruning::FessPruning(FessTables& tables, const std::vector<uint8_t>& goal)
    : goal_(goal),
      freeze_(tables.board(), tables.dead(), goal),
      bipartite_(tables.board(), tables.goalReach()),
      corral_(tables.board(), tables.dead(), kCorralBudget),
      immovable_(tables.board(), tables.dead()),
      immovableMark_(tables.board().squareCount(), 0),
      patterns_(tables.patterns()) {}

bool FessPruning::takeUpDead(const std::vector<Square>& boxes, const std::vector<uint8_t>& occupied,
                             Square player, Square moved) {
  // Closed diagonals (closed_diagonal.h): without them, 27 to 54 % of
  // the positions fess took up on XSokoban 40, 66 and 69 held a dead one.
  // The corrals next to the box last pushed and the diagonals share one
  // flood of the player's squares.
  const CorralCheck::Found found =
      corral_.corralOrDiagonal(occupied, player, moved, moved != kNoSquare);
  if (found != CorralCheck::Found::None) {
    ++(found == CorralCheck::Found::Corral ? prunedCorral_ : prunedDiagonal_);
    return true;
  }
  if (immovableDeadlock(boxes, player)) {
    ++prunedImmovable_;
    return true;
  }
  // The position's matching: most children keep it (see unmatched()).
  parentMatched_ = !bipartite_.deadlock(boxes, &parentGoal_);
  return false;
}

// Boxes that can never move again (immovable.h), off goal or shutting
// some goal off from every other box.
bool FessPruning::immovableDeadlock(const std::vector<Square>& boxes, Square player) {
  const int fixed = immovable_.find(boxes, player, immovableMark_);
  const bool dead = fixed > 0 && bipartite_.deadlockWithImmovable(boxes, immovableMark_, player);
  for (Square b : boxes) immovableMark_[b] = 0;
  return dead;
}

std::string FessPruning::tally() const {
  const auto& c = corral_.stats();
  return "corral checks " + std::to_string(c.checks) + " (deadlocks " +
         std::to_string(c.deadlocks) + ", gave up " + std::to_string(c.gaveUp) + ", cached " +
         std::to_string(c.cacheHits) + "), pruned: freeze " + std::to_string(prunedFreeze_) +
         ", bipartite " + std::to_string(prunedBipartite_) + ", corral " +
         std::to_string(prunedCorral_) + ", closed diagonals " + std::to_string(prunedDiagonal_) +
         ", immovable " + std::to_string(prunedImmovable_) + ", patterns " +
         std::to_string(prunedPattern_) + " (" + std::to_string(patterns_.pairCount()) +
         " pairs, " + std::to_string(patterns_.tripleCount()) + " triples)";
}

}  // namespace soko
