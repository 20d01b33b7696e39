// Corral deadlocks: a region the player cannot reach, fenced by boxes, that
// can never be opened nor packed.
//
//   #######
//   #@  # #   the player cannot reach the squares right of the two middle
//   # .$ .#   boxes; every way of opening that fence leaves some box
//   #  $ $#   stuck off goal, though no box is frozen now and each alone
//   # .#  #   has a goal it can reach (tests/core/corral_test.cpp).
//   #######
//
// The check keeps only the boxes touching the corral, removes every other
// box (which can only make the problem easier), and searches that small
// problem exhaustively up to a node budget. If the search runs out of
// positions without putting every kept box on a goal or opening the corral
// (the player walks every one of its squares), the position is a deadlock:
// any real solution, restricted to the kept boxes, would be a path the small
// search found. A search that runs out of budget proves nothing and answers
// "no deadlock". Dead squares and freeze deadlocks prune the small search,
// which is sound for the same reason.
//
// Visited positions of the small search are told apart by 64-bit Zobrist
// keys only; a collision (odds about budget^2 / 2^64) could hide a branch.
#pragma once

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "analysis/board.h"
#include "analysis/reach.h"
#include "analysis/zobrist.h"
#include "closed_diagonal.h"
#include "freeze.h"
#include "search/key_set.h"

namespace soko {

class CorralCheck {
 public:
  // `dead`: dead squares for pushes; `nodeBudget`: positions per small search.
  CorralCheck(const Board& board, std::vector<uint8_t> dead, int nodeBudget = 2000);

  // Only corrals whose fence boxes can be pushed nowhere but inwards are
  // searched (the "P" of PI-corrals); others answer "no deadlock".
  // The position: `occupied` marks boxes, `player` stands anywhere in its
  // region. Examines the unreachable regions next to `around` (the square a
  // box was just pushed to), or every unreachable region when `around` is
  // kNoSquare. True when one of them is a proven deadlock.
  bool deadlock(const std::vector<uint8_t>& occupied, Square player, Square around);
  // Closed diagonals (closed_diagonal.h): true when the boxes closing one of
  // the position's runs, alone on the board, can never all reach goals.
  // The search is the same as a corral's but never stops early for an
  // opened region: a run's squares open with the first push into them.
  // `runBoxes`, when given, receives the dead run's boxes (sorted).
  bool diagonalDeadlock(const std::vector<uint8_t>& occupied, Square player,
                        std::vector<Square>* runBoxes = nullptr);
  // Both checks on one flood of the player's squares: the corrals next to
  // `around` (when `corrals`), then the closed diagonals.
  enum class Found : uint8_t { None, Corral, Diagonal };
  Found corralOrDiagonal(const std::vector<uint8_t>& occupied, Square player, Square around,
                         bool corrals);

  struct Stats {
    uint64_t checks = 0;     // small searches run
    uint64_t deadlocks = 0;  // proven
    uint64_t gaveUp = 0;     // out of budget
    uint64_t cacheHits = 0;
    uint64_t diagonalChecks = 0, diagonalDeadlocks = 0;  // of diagonalDeadlock's searches
  };
  const Stats& stats() const { return stats_; }
  uint64_t memoryBytes() const;

 private:
  // True (deadlock) when the region flooded from `seed` cannot be opened.
  // `normal`: the player's normalised square (the least of its region).
  bool regionDeadlock(const std::vector<uint8_t>& occupied, Square normal, Square seed);
  // deadlock() and diagonalDeadlock() after the flood (reach_, `normal`).
  bool regionsDeadlock(const std::vector<uint8_t>& occupied, Square normal, Square around);
  bool runsDeadlock(const std::vector<uint8_t>& occupied, Square normal,
                    std::vector<Square>* runBoxes);
  // The small search over `boxes` (sorted) with the player on `normalPlayer`; 1
  // deadlock, 0 not, 2 gave up.
  // `opens`: whether opening the region (region_) ends the search.
  int search(const std::vector<Square>& boxes, Square normalPlayer, bool opens = true);
  void appendSorted(const std::vector<Square>& boxes, int i, Square to);
  // The player's squares in the small search's state `state` (taken up,
  // boxes in subOccupied_), the player on `player`, into reachBits_'s last
  // block; returns the least of them.
  Square reachOf(size_t state, Square player);
  static bool hasSquare(const uint64_t* bits, Square s) { return (bits[s >> 6] >> (s & 63)) & 1; }
  bool inReach(Square s) const { return hasSquare(reachBits_.data() + reachAt_, s); }

  const Board& board_;
  std::vector<uint8_t> dead_, goal_;
  int budget_;
  Reach reach_;
  FreezeCheck freeze_;
  Zobrist zobrist_;
  ClosedDiagonals diagonals_;
  std::vector<uint32_t> regionMark_;  // [square] == regionStamp_ inside the current region
  uint32_t regionStamp_ = 0;
  std::vector<Square> region_;        // squares of the current region
  std::vector<uint8_t> subOccupied_;  // [square] scratch for the small search
  std::unordered_map<uint64_t, uint8_t>
      cache_;  // kept boxes and the real normalised player -> deadlock
  static constexpr size_t kMaxCache = 1 << 16;
  // Small search scratch.
  std::vector<Square> states_;  // flat: boxes then player, per state
  std::vector<Square> seeds_, kept_, current_;
  std::vector<std::pair<int, Direction>> pushes_;
  KeySet seen_;    // positions taken up, by normalised player
  KeySet queued_;  // positions queued, by the player's square
  // The player's squares of each state taken up, words_ bits a state: a
  // child keeps its parent's and floods only from where the box stood when
  // the push went outside them (most pushes go into the corral), or into
  // them where the box leaves its neighbours joined (blockingKeepsJoined).
  size_t words_;
  std::vector<uint64_t> reachBits_;
  size_t reachAt_ = 0;              // the block of the state being taken up
  std::vector<uint32_t> parentOf_;  // [state] its parent's block start, kNoParent for the first
  std::vector<Square> pushedTo_;    // [state] where its push took the box
  std::vector<Square> floodStack_;
  static constexpr uint32_t kNoParent = ~uint32_t{0};
  Stats stats_;
};

}  // namespace soko
