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
// Built in pieces (buildPiece: a share of one candidate's search, its
// candidates made a square at a time), so that a strategy builds it inside
// its time slices (preparation.h) and a page keeps responding meanwhile.
// Or judged on demand (judgeOnDemand, fess): the candidates holding a
// square are judged the first time a box is pushed there, so a search
// starts at once and judges only the squares its boxes reach.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <queue>
#include <unordered_set>
#include <vector>

#include "analysis/board.h"
#include "analysis/push_distances.h"
#include "few_box_regions.h"
#include "search/key_set.h"
#include "search/moves.h"
#include "strategy.h"

namespace soko {

class DeadPatterns {
 public:
  // `sinkMode`: boxes vanish on the board's single goal and must all go
  // there (the sink variant); otherwise every box must end on a goal.
  // `dead`: dead squares for pushes (not searched as pattern squares).
  // `distances` guide the candidate searches (goals, or the sink, as targets).
  DeadPatterns(const Board& board, std::vector<uint8_t> dead, bool sinkMode,
               const PushDistances& distances);
  ~DeadPatterns();

  // Searches candidates until done (true) or the deadline passes (false).
  bool build(const Deadline& deadline);
  // Searches the next candidate (a few milliseconds at most); true once done.
  bool buildPiece();
  bool done() const { return done_; }
  // Without what earlier candidates' searches left (solvable_,
  // unsolvable_, and the dead pairs inside the triples' searches), each
  // candidate is searched on its own: slower, and the same patterns on
  // every bundled level (a state taken as solvable from an undecided
  // search could hide one), for the tests.
  void forgetEarlierStates() { remember_ = false; }
  // After a push onto `moved`: do the boxes (`occupied[s]` != 0) contain a pattern?
  bool matches(const std::vector<uint8_t>& occupied, Square moved) const;

  // Builds nothing now: the search calls judgeAround() for each square a
  // box is pushed to while unjudged() (the same candidates and searches,
  // in the order the search meets them), until the total work cap.
  void judgeOnDemand();
  bool unjudged(Square square) const { return onDemand_ && !done_ && !judgedAround_[square]; }
  // Judges every candidate holding `square` not judged yet: pairs with the
  // live squares around it, then triples in the 2x2 blocks holding it
  // (three squares pairwise adjacent, as nextCandidate makes them). Should
  // its memory grow by more than `room` bytes, it stops judging for good
  // (what it found stays) and frees what the candidate searches use.
  void judgeAround(Square square, uint64_t room);

  int pairCount() const { return pairs_; }
  int tripleCount() const { return tripleCount_; }
  uint64_t memoryBytes() const {
    return memory_ + seen_.memoryBytes() + solvable_.memoryBytes() + unsolvable_.memoryBytes() +
           regions_.memoryBytes() + judging_.states.capacity() * sizeof(Judging::State) +
           judgedAround_.capacity() + pairsJudged_.size() * 32;
  }

  enum class Verdict { Solvable, Unsolvable, Unknown };

  // Work is counted in squares flooded (each position searched costs a
  // flood fill of the board per move). Past the limits a candidate is
  // Unknown (not stored), and the whole build stops early: a few
  // milliseconds per candidate, a fraction of a second in all.
  static constexpr int kStateLimit = 6000;              // positions per candidate
  static constexpr uint64_t kCandidateWork = 10000000;  // squares flooded per candidate
  static constexpr uint64_t kTotalWork = 200000000;     // squares flooded in all
  static constexpr uint64_t kPieceWork = 500000;        // squares flooded per buildPiece(), about

 private:
  bool near(Square a, Square b, int reach) const;
  // Live squares after `a` (in square order; `all`: any but `a`) within
  // `reach` columns and rows of it.
  void collect(Square a, int reach, std::vector<Square>& around, bool all = false) const;
  // The next candidate in order (pairs first, then triples, each by their
  // least square), made a square at a time; false when none is left.
  bool nextCandidate(std::vector<Square>& candidate);
  // Can this box set (sorted, one to three boxes) be solved from some
  // player square? startJudging(), then judgeSome() until it answers
  // (nothing while there is more to search past `work` squares flooded).
  void startJudging(const std::vector<Square>& boxes);
  std::optional<Verdict> judgeSome(uint64_t work);
  // A position of the candidate's search (its player normalised), reached
  // from state `parent` (kNoParent for a start), queued unless seen.
  void add(const Square* boxes, int count, Square normal, uint32_t parent);
  // The candidate is solvable: every state on the way from its start to
  // `last` (an index into judging_.states) is, too; they are kept.
  void keepSolvable(uint32_t last);
  struct Push {
    int box;
    Direction dir;
  };
  // The pushes from a position (at most 12); how many. `whole`: its free
  // squares are one region.
  int pushesFrom(const Square* boxes, int count, Square player, Push* out, bool& whole);
  static void childOf(const Square* boxes, int count, int i, Square to, Square* out);
  // Stores or remembers what a finished candidate search found.
  void settle(Verdict verdict);
  void judgeAroundNow(Square square);  // judgeAround's candidates
  void judgePair(Square a, Square b);  // unless judged already
  // Judges and settles a candidate; nothing once out of room (finish()).
  void judgeNow(const std::vector<Square>& boxes);
  // Frees what only the candidate searches use.
  void finish();
  void store(const std::vector<Square>& boxes);
  bool containsStoredPair(const std::vector<Square>& boxes) const;
  // Does a dead pair hold `moved` and another of `boxes`?
  bool holdsStoredPair(const Square* boxes, int count, Square moved) const;

  const Board& board_;
  bool sinkMode_;
  const PushDistances& distances_;
  MoveGenerator moves_;        // floods the candidates' start regions
  std::vector<uint8_t> dead_;  // [square] dead for pushes
  FewBoxRegions regions_;      // the candidates' positions' regions, per box set, while building
  std::vector<uint8_t> live_;  // [square] may hold a pattern's box
  // Where the candidates are: triples yet, the next square, its candidates.
  bool triples_ = false;
  int square_ = 0;
  std::vector<std::array<Square, 3>> pending_;  // the last square's (pairs end in kNoSquare)
  size_t index_ = 0;                            // the next of pending_
  std::vector<Square> around_, candidate_;      // scratch
  uint64_t work_ = 0;                           // squares flooded so far
  KeySet seen_;  // the candidate search's states, kept between candidates to reuse the table
  // States on the way to a solution in earlier candidates' searches, and
  // (built in order) every state of an undecided one's: a search that reaches one is
  // solvable at once. Different candidates' ways to the goals meet: the
  // build does about half the work for the same patterns (where kTotalWork
  // stopped it, it now judges more).
  KeySet solvable_;
  // States of earlier candidates' searches that ended unsolvable: none of
  // them leads home, so a search that reaches one does not go on from it.
  KeySet unsolvable_;
  bool remember_ = true;
  static constexpr uint32_t kNoParent = 0xFFFFFFFF;
  // The candidate being searched.
  struct Item {
    int32_t h;  // pushes to the nearest goals
    uint64_t state;
    uint32_t index;  // into Judging::states
    bool operator<(const Item& o) const { return h > o.h; }
  };
  struct Judging {
    std::vector<Square> boxes;
    std::priority_queue<Item> open;
    uint64_t work = 0;             // squares flooded for it
    int scan = 0;                  // squares looked at for start regions
    std::vector<uint8_t> covered;  // [square] a box, or in a start region found
    struct State {
      uint64_t key;
      uint32_t parent;  // index, or kNoParent
    };
    std::vector<State> states;        // every state queued, in order
    uint32_t solvableAt = kNoParent;  // a state known solvable, once reached
  };
  Judging judging_;
  bool judgingNow_ = false;
  std::vector<std::vector<Square>> pairWith_;                   // [square] partners
  std::vector<std::vector<std::array<Square, 2>>> tripleWith_;  // [square] the two others
  bool done_ = false;
  bool onDemand_ = false;
  uint64_t memoryLimit_ = 0;                  // while judging on demand
  std::vector<uint8_t> judgedAround_;         // [square] its candidates judged (on demand)
  std::unordered_set<uint32_t> pairsJudged_;  // a << 16 | b, a < b: judged apart from judgedAround_
  int most_;  // boxes in a pattern at most: the level's count, up to three
  int pairs_ = 0, tripleCount_ = 0;
  uint64_t memory_ = 0;
};

}  // namespace soko
