// Small box patterns that can never be solved, found before the search (the
// petersohn/sokoban's "blocklist" preprocessing): two boxes close together, or three in
// a tight cluster, on an otherwise empty board. Each candidate is searched
// exhaustively from every player region at once; when no push sequence
// gets all its boxes home, any position containing those boxes is dead
// too, because other boxes can only be in the way:
//
//   #######      Two boxes side by side on the top wall, away from the
//   #  $$ #      goals: no player position can get them both out.
//   #     #
//
// Building is time-sliced (build(deadline) resumes where it stopped), so
// a page can keep responding while it runs.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "analysis/board.h"
#include "strategy.h"
#include "search/key_set.h"
#include "search/moves.h"
#include "analysis/push_distances.h"

namespace soko {

class DeadPatterns {
 public:
  // `sinkMode`: boxes vanish on the board's single goal and must all go
  // there (the sink variant); otherwise every box must end on a goal.
  // `dead`: dead squares for pushes (not searched as pattern squares).
  // `distances` guide the candidate searches (goals, or the sink, as targets).
  DeadPatterns(const Board& board, std::vector<uint8_t> dead, bool sinkMode, const PushDistances& distances);
  ~DeadPatterns();

  // Searches candidates until done (true) or the deadline passes (false).
  bool build(const Deadline& deadline);
  bool done() const { return done_; }
  // After a push onto `moved`: do the boxes (`occupied[s]` != 0) contain a pattern?
  bool matches(const std::vector<uint8_t>& occupied, Square moved) const;

  int pairCount() const { return pairs_; }
  int tripleCount() const { return triples_; }
  uint64_t memoryBytes() const { return memory_ + seen_.memoryBytes(); }

  enum class Verdict { Solvable, Unsolvable, Unknown };
  // Can this box set (sorted, one to three boxes) be solved from some player square?
  Verdict judge(const std::vector<Square>& boxes);

  // Work is counted in squares flooded (each position searched costs a
  // flood fill of the board per move). Past the limits a candidate is
  // Unknown (not stored), and the whole build stops early: a few
  // milliseconds per candidate, a fraction of a second in all.
  static constexpr int kStateLimit = 4000;               // positions per candidate
  static constexpr uint64_t kCandidateWork = 10000000;   // squares flooded per candidate
  static constexpr uint64_t kTotalWork = 200000000;      // squares flooded in all

 private:
  bool near(Square a, Square b, int reach) const;
  void store(const std::vector<Square>& boxes);
  bool containsStoredPair(const std::vector<Square>& boxes) const;

  const Board& board_;
  bool sinkMode_;
  const PushDistances& distances_;
  MoveGenerator moves_;
  std::vector<std::vector<Square>> candidates_;  // pairs first, then triples
  size_t next_ = 0;
  uint64_t work_ = 0;  // squares flooded so far
  KeySet seen_;        // judge()'s states, kept between calls to reuse the table
  std::vector<std::vector<Square>> pairWith_;                   // [square] partners
  std::vector<std::vector<std::array<Square, 2>>> tripleWith_;  // [square] the two others
  bool done_ = false;
  int pairs_ = 0, triples_ = 0;
  uint64_t memory_ = 0;
};

}  // namespace soko
