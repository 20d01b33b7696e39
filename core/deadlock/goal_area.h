// Goal-area deadlocks: the boxes on and round the goals stand so that the
// goals left empty can never all be filled, whatever comes in from outside.
// XSokoban 88 has such a position with 20 of its 23 boxes on goals
// (tests/core/goal_area_test.cpp): each of the three empty goals can be
// filled only from a square the boxes on goals keep the player from, or in
// an order that shuts the next one off. No box is frozen, no corral is
// closed for good and the matching with the player anywhere pairs every
// box with a goal (the matching over the boxes that never move, with the
// player kept to its side of each, does see it: bipartite.h). Where goals
// are filled in an order that needs boxes on goals to move again, only
// this search sees it (the test's small room).
//
// The area is the goals and the floor cut off behind them: the pieces of
// the board without goals that hold no box at the start. A small search
// plays the position with only the area's boxes on the board. A box from
// outside may come in at any time, one per box outside the area: pushed onto
// a free area square from the outside square next to it, the player behind
// it; a box pushed out of the area is gone (it may come in again anywhere).
// The search succeeds when every box is in the area on a goal. When it runs
// out of positions without that, the position is a deadlock: a real
// solution, with each box outside the area forgotten until it comes in, is
// a path of the small search (the player only walks more freely there). A
// search that runs out of budget proves nothing.
//
// With many goals left the search hardly ever ends within its budget, so
// positions with more than `maxEmpty` of them are not searched. A verdict
// depends only on the area's boxes and the player's region with those
// alone: verdicts are cached by that key.
//
// The page's live warning runs it (position_check.h). fess does not: on
// every position it took up, it solved no more levels and made small ones
// slower, where the area is most of the board and each search almost the
// whole level (docs/benchmarks.md).
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "analysis/board.h"
#include "analysis/reach.h"
#include "analysis/zobrist.h"
#include "search/key_set.h"

namespace soko {

class GoalAreaCheck {
 public:
  // Measured with fess running it on XSokoban 88, per 100,000 expansions:
  // with no limit on the goals left and 300 positions a search, 1,906
  // searches, 1,880 of them out of budget; with at most 4 goals left, 15
  // searches, none out of budget.
  static constexpr int kBudget = 1000;
  static constexpr int kMaxEmpty = 4;
  // Where goals stand in the open, the boxes round them move freely and
  // the searches run out of budget (fess on Sasquatch III 38 and IV 38,
  // 2,000 positions a search: 2,398 of 2,414 and 1,092 of 1,149 out of
  // budget, none proving anything). So once kRetireAfter searches have run
  // out of budget, kRetireRatio times as many as have proved a deadlock,
  // the check stops searching (the cache still answers).
  static constexpr uint64_t kRetireAfter = 32;
  static constexpr uint64_t kRetireRatio = 8;

  // `dead`: squares no box may be pushed onto; `nodeBudget`: positions per
  // small search; `maxEmpty`: positions with more boxes off the area's
  // goals are not searched (answered "no deadlock"); `workBudget`: squares
  // flooded and boxes copied per small search, 0 for no limit.
  GoalAreaCheck(const Board& board, std::vector<uint8_t> dead, int nodeBudget = kBudget,
                int maxEmpty = kMaxEmpty, uint64_t workBudget = 0);

  // True when the position (its boxes, the player on `player`) is a proven deadlock.
  bool deadlock(const std::vector<Square>& boxes, Square player);

  const std::vector<uint8_t>& area() const { return inArea_; }  // [square] 1 in the area

  struct Stats {
    uint64_t searches = 0;
    uint64_t deadlocks = 0;  // proven (cache hits included)
    uint64_t proven = 0;     // searches that proved a deadlock
    uint64_t gaveUp = 0;     // out of budget
    uint64_t cacheHits = 0;
  };
  const Stats& stats() const { return stats_; }
  uint64_t memoryBytes() const;

 private:
  struct State {
    uint32_t first;  // its boxes: areaBoxes_[first, first + count)
    uint16_t count;
    Square player;
  };
  struct Entry {
    Square to, from, behind;  // a box comes in onto `to` from `from`, the player on `behind`
  };
  // The small search from the area boxes in scratch_ (sorted), the player
  // on `player`: 1 deadlock, 0 not, 2 gave up.
  int search(Square player);
  // Floods the player's squares from `player` with `occupied_` as the only
  // boxes; returns the least.
  Square flood(Square player);
  uint64_t keyOf(const Square* boxes, int count, Square player) const;
  // Queues the state unless queued before.
  void add(const std::vector<Square>& boxes, Square player);
  // Takes `s` up: false when its normalised form was taken up before.
  bool expand(const State& s);

  const Board& board_;
  std::vector<uint8_t> dead_;
  std::vector<uint8_t> inArea_;
  int budget_;
  int maxEmpty_;
  uint64_t workBudget_;
  uint64_t work_ = 0;  // of the current small search
  Zobrist zobrist_;
  std::vector<uint8_t> occupied_;  // [square] the small search's boxes
  Reach reach_;                    // the player's squares in the state taken up
  std::vector<Entry> entries_;
  std::vector<Square> areaBoxes_;  // flat: every state's boxes
  std::vector<State> open_;        // depth first: last in, first out
  KeySet seen_;                    // taken up, by normalised player
  KeySet queued_;                  // queued, by the player's square
  int total_ = 0;                  // boxes of the position
  bool found_ = false;
  bool retired_ = false;  // no more searches (kRetireAfter)
  std::vector<Square> current_, child_;
  std::unordered_map<uint64_t, uint8_t> cache_;  // area boxes and normalised player -> deadlock
  static constexpr size_t kMaxCache = 1 << 14;
  std::vector<Square> scratch_;
  Stats stats_;
};

}  // namespace soko
