// The packing plan's backward search (packing_plan.h), shared by the files
// that implement it: packing_plan.cpp (the attempts, a box at a time) and
// packing_plan_searches.cpp (the parking search and the reverse game proper).
#pragma once

#include <cstdint>
#include <string>
#include <tuple>
#include <unordered_set>
#include <utility>
#include <vector>

#include "analysis/board.h"
#include "box_pulls.h"
#include "packing_plan.h"

namespace soko {

// The backward search for the plan (see packing_plan.h), a piece per step().
class Planner {
 public:
  // A box of the backward search and the goal it left.
  struct Box {
    Square at;
    Square goal;
    int park = -1;      // its open parking record, -1 when not parked
    bool left = false;  // it has left its goal (it may come back while parked)
  };

  // One run of the backward search, from one region of the solved position.
  struct Attempt {
    std::vector<Square> emptied;  // goals in the order their boxes left them
    std::vector<Square> entry;    // [square]
    struct Park {
      Square goal, square;
      int since, until;  // goals emptied when the box came, and when it left
    };
    std::vector<Park> parks;
    std::vector<std::vector<Square>>
        exits;  // per box taken out: the start squares its way out can end on
    int forced = 0;
    bool matched = false;

    // Less is better: fewer boxes without a path, a matching, fewer parking moves.
    auto score() const { return std::tuple(forced, !matched, parks.size()); }
  };

  Planner(const Board& board, uint64_t budget);

  // One piece of the search for the plan; true once plan() is made.
  bool step();
  PackingPlan& plan() { return plan_; }

 private:
  enum class Phase { Start, Exact, Attempts, Done };
  static constexpr size_t kMaxParkNodes = 400;     // positions per parking search
  static constexpr int kMaxSeeds = 4;              // player regions of the solved position tried
  static constexpr uint64_t kExactWork = 250'000;  // for the reverse game proper (see exact())
  static constexpr int kExactBoxes = 64;           // boxes at most for it
  // Past the budget by this much, pull searches stop: the boxes left go out
  // without a path. A search is not cut at the budget itself (it may run on
  // past it: 2.25M steps in all at most on the bundled levels), but on a
  // large board the searches of one parking step add up.
  static constexpr uint64_t kOvershoot = 2'000'000;
  // Steps one search may take (7.2K at most on the bundled levels), so
  // that no piece of the plan runs long.
  static constexpr uint64_t kSearchWork = 1'000'000;

  bool overBudget() const { return pulls_.work() > budget_; }
  bool overExactBudget() const { return pulls_.work() > exactBudget_; }
  void mark(const std::vector<Box>& boxes, uint8_t v) {
    for (const Box& b : boxes) occupied_[b.at] = v;
  }
  void start();
  void exactFrom(Square seed);
  void beginAttempt(Square seed);
  bool attemptStep();
  void listCandidates();
  bool searchCandidate();
  void chooseStartSquareBox();
  void forceOut();
  bool deferSeed();
  void endAttempt();
  void finish();
  bool exact(Attempt& a, std::vector<Box>& boxes, std::vector<uint8_t>& stay, Square player);
  void takeOut(Attempt& a, std::vector<Box>& boxes, size_t i, const BoxPulls::Reached& hit,
               Square& player);
  bool park(Attempt& a, std::vector<Box>& boxes, Square& player);
  bool pullableInRegion(Square at) const;
  bool someBoxGoesOut(const std::vector<Box>& boxes, Square player);
  bool match(Attempt& a) const;

  const Board& board_;
  const int n_;
  const uint64_t budget_;
  BoxPulls pulls_;
  std::vector<uint8_t> occupied_;  // [square] the boxes of the position at hand
  std::vector<uint8_t> start_;     // [square] a box starts there
  std::vector<Square> pullable_;   // someBoxGoesOut()'s boxes to search
  std::vector<int> depth_;
  std::vector<int> exitPulls_;  // [square] pulls to the nearest start square, alone on the board
  uint64_t exactBudget_ = 0;
  std::unordered_set<std::string> exactSeen_;

  // Where step() is: the phase, the seed it works from, the best attempt yet.
  Phase phase_ = Phase::Start;
  PackingPlan plan_;
  std::vector<std::pair<int, Square>>
      seeds_;  // (-size, least square) of the solved position's regions, largest first
  size_t seed_ = 0;
  size_t deferred_ = 0;  // seeds put back behind the others (deferSeed)
  Attempt best_;
  bool have_ = false;
  // The attempt under way (attemptStep takes one box out per call).
  Attempt current_;
  std::vector<Box> boxes_;
  Square player_ = kNoSquare;
  // The choice of the next box to take out, a search per piece.
  bool choosing_ = false;
  std::vector<std::tuple<bool, int, size_t>> candidates_;  // (on its goal, pulls at least, box)
  size_t candidate_ = 0;                                   // the next to search
  int chosen_ = -1;                                        // the box chosen so far, -1 none
  BoxPulls::Reached chosenHit_{};
};

}  // namespace soko
