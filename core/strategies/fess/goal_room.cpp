#include "goal_room.h"

#include <memory>

#include "analysis/regions.h"

namespace soko {

// Whether boxes must cross group `a` to fill it: taking its goals off the
// board leaves the squares a box may stand on in pieces, and some goal of
// the group is reached by a lone box only by a detour through a piece it
// did not start in (it comes back out over the group's goals). Then boxes
// pass through the group both ways and may have to wait on its goals.
//
// Worked out a lone box at a time (step()): the goals every start square
// reaches; then, piece by piece, those reached from outside the piece,
// kept out of it, and from inside it.
class CrossingCheck {
 public:
  CrossingCheck(const Board& board, const PackingPlan& plan, const std::vector<uint8_t>& dead, int a)
      : board_(board), plan_(plan), dead_(dead), a_(a), pieces_(board), deadMoves_(board, dead) {
    const int n = board.squareCount();
    // The pieces: regions of the board with the group's goals as walls.
    std::vector<uint8_t> group(n, 0);
    for (int s = 0; s < n; ++s) group[s] = plan.area[s] == a;
    std::vector<uint8_t> isLive(pieces_.label(group), 0);  // [piece] has a square a box may stand on
    for (int s = 0; s < n; ++s)
      if (!group[s] && !dead[s]) isLive[pieces_.regionOf(static_cast<Square>(s))] = 1;
    for (int p = 0; p < static_cast<int>(isLive.size()); ++p)
      if (isLive[p]) live_.push_back(p);
    done_ = live_.size() < 2;
    all_.assign(n, 0);
    occupied_.assign(n, 0);
  }

  // One lone box's macro pushes, or a piece's verdict; true once crossed() is known.
  bool step() {
    if (done_) return true;
    const std::vector<Square>& starts = board_.startBoxes();
    if (start_ < starts.size()) {  // every start square, on the board with dead squares only
      reachFrom(deadMoves_, starts[start_++], all_);
      return false;
    }
    if (!fencedMoves_) beginPiece();
    if (job_ < starts.size()) {
      // Boxes from outside the piece, kept out of it; boxes starting in it, free.
      const Square s = starts[job_++];
      if (pieces_.regionOf(s) == live_[piece_]) reachFrom(deadMoves_, s, fromInside_);
      else reachFrom(*fencedMoves_, s, reached_);
      return false;
    }
    for (int s = 0; s < board_.squareCount(); ++s)
      if (all_[s] && !reached_[s] && !fromInside_[s]) crossed_ = done_ = true;
    fencedMoves_.reset();
    if (++piece_ == live_.size()) done_ = true;
    return done_;
  }
  bool crossed() const { return crossed_; }

 private:
  void beginPiece() {
    fenced_ = dead_;
    for (int s = 0; s < board_.squareCount(); ++s)
      if (pieces_.regionOf(static_cast<Square>(s)) == live_[piece_]) fenced_[s] = 1;  // the group's goals have none (-1)
    fencedMoves_ = std::make_unique<MacroMoves>(board_, fenced_);
    reached_.assign(board_.squareCount(), 0);
    fromInside_.assign(board_.squareCount(), 0);
    job_ = 0;
  }

  // Marks the goals of the group a lone box on `s` reaches by macro pushes
  // (the player where it starts), never standing on a square `moves` avoids.
  void reachFrom(MacroMoves& moves, Square s, std::vector<uint8_t>& reached) {
    if (plan_.area[s] == a_) reached[s] = 1;
    occupied_[s] = 1;
    out_.clear();
    moves.generate({s}, occupied_, board_.startPlayer(), out_);
    occupied_[s] = 0;
    for (const MacroPush& m : out_)
      if (plan_.area[m.to] == a_) reached[m.to] = 1;
  }

  const Board& board_;
  const PackingPlan& plan_;
  const std::vector<uint8_t>& dead_;
  const int a_;
  Regions pieces_;
  std::vector<int> live_;  // pieces with a square a box may stand on
  MacroMoves deadMoves_;
  std::vector<uint8_t> all_, occupied_;
  size_t start_ = 0;  // start squares done for all_
  // The piece being checked.
  size_t piece_ = 0, job_ = 0;
  std::vector<uint8_t> fenced_, reached_, fromInside_;
  std::unique_ptr<MacroMoves> fencedMoves_;
  std::vector<MacroPush> out_;
  bool done_ = false, crossed_ = false;
};

namespace {

// Whether a box starts walled in by group `a`: off goal, with only the
// group's goals and walls round it. Its first push takes it onto one of
// those goals, and then on through the group, so the premise of the order
// (boxes come in from outside, one goal at a time) fails there.
bool startsInside(const Board& board, const PackingPlan& plan, int a) {
  for (Square s : board.startBoxes()) {
    if (board.isGoal(s)) continue;
    int goals = 0, others = 0;
    for (Direction d : kDirections) {
      Square n = board.neighbor(s, d);
      if (n != kNoSquare) ++(plan.area[n] == a ? goals : others);
    }
    if (goals > 0 && others == 0) return true;
  }
  return false;
}

}  // namespace

GoalRoomOrder::GoalRoomOrder(const Board& board, const PackingPlan& plan, const std::vector<uint8_t>& dead,
                             bool inPieces)
    : board_(board), plan_(plan), dead_(dead) {
  for (Square g : board.goals()) {
    const int a = plan.area[g];
    if (a < 0) continue;
    if (static_cast<int>(goalsOf_.size()) <= a) goalsOf_.resize(a + 1);
    goalsOf_[a].push_back(g);
  }
  if (!inPieces)
    while (!buildPiece()) {
    }
}

GoalRoomOrder::~GoalRoomOrder() = default;

bool GoalRoomOrder::buildPiece() {
  const int a = static_cast<int>(unordered_.size());
  if (a == static_cast<int>(goalsOf_.size())) return true;
  if (startsInside(board_, plan_, a)) {
    unordered_.push_back(1);
    return complete();
  }
  if (!crossing_) {
    crossing_ = std::make_unique<CrossingCheck>(board_, plan_, dead_, a);
    return false;
  }
  if (!crossing_->step()) return false;
  unordered_.push_back(crossing_->crossed());
  crossing_.reset();
  return complete();
}

bool GoalRoomOrder::skips(const MacroPush& m, const std::vector<uint8_t>& occupied) const {
  const int a = plan_.area[m.to];
  if (a < 0 || plan_.area[m.from] == a || unordered_[a]) return false;
  // The plan parks a box there: a stop the plan itself needs.
  if (!plan_.parkingSquare.empty() && plan_.parkingSquare[m.to]) return false;
  for (Square g : goalsOf_[a])
    if (!occupied[g] && plan_.rank[g] < plan_.rank[m.to]) return true;
  return false;
}

}  // namespace soko
