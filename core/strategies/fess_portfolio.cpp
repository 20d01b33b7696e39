#include "fess_portfolio.h"

#include <algorithm>
#include <chrono>
#include <functional>

#include "strategies/fess/fess.h"
#include "strategies/hbox/hbox.h"
#include "search/meeting.h"

namespace soko {
namespace {

using Duration = Deadline::Clock::duration;

class PortfolioStrategy : public Strategy {
 public:
  PortfolioStrategy(const Level& level, const SolverOptions& options) : budget_(options.memoryBudgetBytes) {
    // Each member's budget is set again before each of its turns (run()).
    join(0, "fess", makeFessStrategy(level, options.memoryBudgetBytes), kFessTurns);
    join(1, "hbox11", makeHboxStrategy(level, options, 11), 1);
    join(2, "hbox1", makeHboxStrategy(level, options, 1), kProbeTime / kTurn, kProbeTime);  // in one turn
    members_[2].startAt = kLateStart;
    members_[0].complete = true;
    link(true);
    lateJoiners(level, options);
  }

  // The members take turns of search time, whatever the caller's slices (a
  // second in the CLI, ~50 ms in the page): a level one member solves
  // quickly costs at most a round of the others first. A turn cut by the
  // end of a slice goes on in the next.
  SolveStatus run(const Deadline& deadline) override {
    for (;;) {
      Member* m = nullptr;
      startLateJoiners();
      for (int k = 0; k < kMembers && !m; ++k) {
        Member& candidate = members_[(turn_ + k) % kMembers];
        if (candidate.active && candidate.strategy && searched_ >= candidate.startAt) m = &candidate;
      }
      if (!m) {
        if (!startLateJoiners(true)) return finalStatus_;
        continue;
      }
      if (m != &members_[turn_]) turn_ = static_cast<int>(m - members_), used_ = {};
      const Duration turn = kTurn * m->turns;
      Duration allowed = turn - used_;
      if (m->limit != Duration{}) allowed = std::min(allowed, m->limit - m->spent);
      // The memory the others do not use is this member's (see retire()).
      uint64_t others = 0;
      for (const Member& o : members_)
        if (o.active && o.strategy && &o != m) others += o.strategy->stats().memoryBytes;
      m->strategy->setMemoryBudget(others < budget_ ? budget_ - others : 0);
      const auto begin = Deadline::Clock::now();
      const Deadline slice(std::min(deadline.end(), begin + allowed));
      SolveStatus s = m->strategy->run(slice);
      const Duration took = Deadline::Clock::now() - begin;
      used_ += took;
      searched_ += took;
      m->spent += took;
      if (s == SolveStatus::Running) {
        if (m->limit != Duration{} && m->spent >= m->limit) {
          retire(*m, SolveStatus::TimedOut);
          continue;
        }
        if (used_ >= turn) turn_ = (turn_ + 1) % kMembers, used_ = {};
        if (deadline.expired()) return s;
        continue;
      }
      if (s == SolveStatus::Solved) {
        winner_ = m;
        return s;
      }
      // FESS searches completely: its "no solution" is a proof.
      if (s == SolveStatus::Unsolvable && m->complete) return s;
      retire(*m, s);
    }
  }

  std::string solution() const override { return winner_ ? winner_->strategy->solution() : ""; }

  SearchStats stats() const override {
    SearchStats s = members_[0].stats();
    for (int i = 1; i < kMembers; ++i) {
      SearchStats b = members_[i].stats();
      s.nodes += b.nodes;
      s.stored += b.stored;
      s.memoryBytes += b.memoryBytes;
    }
    return s;
  }

  std::string message() const override {
    if (winner_) {
      const std::string found = std::string(winner_->name) + " found it";
      const MeetingSide* side = winner_->strategy->meetingSide();
      if (!side || !side->met()) return found;
      const Member& other = winner_ == &members_[0] ? members_[1] : members_[0];
      return found + ", through a position " + other.name + " had reached";
    }
    std::string text;
    for (const Member& m : members_) {
      if (!m.strategy && m.active) continue;
      const std::string said = m.active && m.startAt > searched_
                                   ? "waits until the others have searched " +
                                         std::to_string(std::chrono::duration_cast<std::chrono::seconds>(m.startAt).count()) + " s"
                                   : m.message();
      text += std::string(text.empty() ? "" : "; ") + m.name + ": " + said;
    }
    return text;
  }

 private:
  struct Member {
    const char* name = "";
    std::unique_ptr<Strategy> strategy;
    std::function<std::unique_ptr<Strategy>()> make;  // a late joiner, until it joins
    int turns = 1;        // its turn, in kTurn
    Duration limit{};     // search time it gets in all; zero for no limit
    Duration startAt{};   // its first turn once the members have searched this long
    Duration spent{};
    bool active = true;
    bool complete = false;  // searches every position: "unsolvable" is a proof
    SearchStats finalStats;    // once retired
    std::string finalMessage;  // once retired
    SearchStats stats() const {
      if (active && !strategy) return {};
      if (active) return strategy->stats();
      SearchStats s = finalStats;
      s.memoryBytes = 0;
      return s;
    }
    std::string message() const { return !active ? finalMessage : strategy ? strategy->message() : "not started"; }
  };

  // fess (forward) and hbox 11 (backward) look up each other's positions:
  // a position both reached is a solution (search/meeting.h). Unlinked
  // before either goes away.
  void link(bool on) {
    if (!members_[0].strategy || !members_[1].strategy) return;
    MeetingSide* forward = members_[0].strategy->meetingSide();
    MeetingSide* backward = members_[1].strategy->meetingSide();
    if (!forward || !backward) return;
    forward->meet(on ? backward : nullptr);
    backward->meet(on ? forward : nullptr);
  }

  void join(int i, const char* name, std::unique_ptr<Strategy> strategy, int turns, Duration limit = {}) {
    Member& m = members_[i];
    m.name = name;
    m.strategy = std::move(strategy);
    m.turns = turns;
    m.limit = limit;
  }

  // fess variants that join once the portfolio has searched kLateStart:
  // each solves levels the default fess does not (XSokoban 35, 52 and 77
  // with four spaces, 90 with the estimate without connectivity as a sixth,
  // 89 without the plan-order space), but beside it from the start they
  // cost more levels at 10 s than they gain. Built when they join.
  void lateJoiners(const Level& level, const SolverOptions& options) {
    struct Late {
      FessVariant variant;
      const char* name;
      std::chrono::milliseconds turn;  // a multiple of kTurn
      Duration limit;
    };
    // Alone (session 13, 2 GB, the other core busy), what each solves
    // that the rest do not: the estimate without connectivity XSokoban 90
    // in 3.5-5.7 s; four spaces 52 in 2.9-3.7 s and 35 in 8.7-10 s; no
    // plan order 89 (which nothing else solves in 60 s) in 11.4-11.9 s.
    // Turns and limits from a simulation of the round robin with those
    // times (and fess's 8.8 s for 16; scripts/simulate-portfolio): all five
    // levels solved within 60 s even with every time 1.40x longer. (Until
    // session 14 fess without the goal-room order joined too, for XSokoban
    // 30, which fess now solves: see goal_room.h.)
    const Late late[] = {
        {fessFourSpaces(), "fess (four spaces)", std::chrono::milliseconds(450), std::chrono::seconds(14)},
        {fessFlatEstimate(), "fess (estimate without connectivity)", std::chrono::milliseconds(300), std::chrono::seconds(8)},
        {fessNoPlanOrder(), "fess (no plan order)", std::chrono::milliseconds(600), std::chrono::seconds(17)},
    };
    const uint64_t budget = options.memoryBudgetBytes;
    for (int k = 0; k < kLate; ++k) {
      Member& m = members_[kFirstLate + k];
      m.name = late[k].name;
      m.turns = static_cast<int>(late[k].turn / kTurn);
      m.limit = late[k].limit;
      m.complete = true;
      m.make = [level, budget, variant = late[k].variant] { return makeFessStrategy(level, budget, variant); };
    }
  }

  // True if any joined (`now`: the others have all stopped before their time).
  bool startLateJoiners(bool now = false) {
    if (searched_ < kLateStart && !now) return false;
    bool any = false;
    for (Member& m : members_) {
      if (m.make) m.strategy = m.make(), m.make = nullptr, any = true;
      if (m.active && m.strategy && m.startAt > searched_) m.startAt = {}, any = true;
    }
    return any;
  }

  // A member that stopped without a solution frees its tables. The members
  // share one budget, each taking for its turn what the others do not use:
  // a search that ran out of memory or time leaves the rest to the ones
  // still going. Against fixed shares (a third each, halves once the probe
  // stops), XSokoban at 60 s and 1 GB: 28 and 31 solved (18.6 s, 22.4 s)
  // where fess had run out of its share; at 2 GB, 89 (53 s, 1.0 GB at its
  // peak; with fixed shares 601 MB and unsolved).
  void retire(Member& m, SolveStatus why) {
    if (&m == &members_[0] || &m == &members_[1]) link(false);
    m.active = false;
    m.finalStats = m.strategy->stats();
    m.finalMessage = m.strategy->message();
    if (why == SolveStatus::TimedOut) m.finalMessage += " (stopped: its time in the portfolio is up)";
    m.strategy.reset();
    // What the portfolio reports if every member stops: out of memory over
    // out of time over anything else (the latest of equals).
    const auto rank = [](SolveStatus s) { return s == SolveStatus::OutOfMemory ? 2 : s == SolveStatus::TimedOut ? 1 : 0; };
    if (rank(why) >= rank(finalStatus_)) finalStatus_ = why;
  }

  static constexpr int kFirstLate = 3;
  static constexpr int kLate = 3;
  static constexpr int kMembers = kFirstLate + kLate;
  // Measured on Microban I (fess-hbox, 10 s): turns of a whole CLI slice
  // (1 s) made a level hbox solves at once wait a second for fess first.
  static constexpr std::chrono::milliseconds kTurn{50};
  // fess solves more levels alone (XSokoban at 10 s: 65 against hbox's 42),
  // and the levels only hbox solves it solves fast. Measured with the
  // default at 10 s, turns of 150 ms against hbox's 50 ms rather than even
  // ones: XSokoban 67 -> 69 / 90 (48 and 52 gained, none lost), Microban I
  // 155 / 155 in 6.9 -> 5.2 s, Microban II 134 / 135 either way.
  static constexpr int kFessTurns = 3;
  // hbox's method 11 (pri1 and pri6 from the start) beside fess rather than
  // its default, method 1: XSokoban at 10 s 66 -> 69 / 90 (13, 14 and 52
  // gained, none lost, measured side by side); Sasquatch I at 60 s 44
  // gained (40 s), 42 lost. Method 1 solves 42 in a fraction of a second,
  // and what else it solves that 11 does not, fess solves (XSokoban at 60
  // s: 11, 20, 33, 43, 72), so it runs only for its first half second.
  // That half second waits until the others have searched 10 s (with the
  // late joiners): at 10 s it is time taken from fess and hbox 11, and at
  // 60 s Sasquatch I 42 is solved either way.
  static constexpr Duration kProbeTime = std::chrono::milliseconds(500);

  // The late joiners: XSokoban at 60 s, the 18 levels the default leaves
  // at 10 s, gained 30, 35, 52 and 90, lost 77 (51 s before; fess has less
  // of the time). Joining at 10 s leaves the 10 s tables as they were.
  // Each alone solves its own levels early (see lateJoiners), so each has
  // a limit, then fess and hbox get the time back for their long searches.
  // Against 15 s each, at 60 s (session 9, same machine and load):
  // XSokoban the same 80 / 90; Sasquatch I 36 / 50 against 35 (5 solved at
  // 55 s; 46 either way).
  static constexpr Duration kLateStart = std::chrono::seconds(10);

  uint64_t budget_;
  Member members_[kMembers];
  Duration searched_{};  // by all members
  int turn_ = 0;
  Duration used_{};  // of the current turn
  Member* winner_ = nullptr;
  SolveStatus finalStatus_ = SolveStatus::Unsolvable;
};

}  // namespace

std::unique_ptr<Strategy> makeFessPortfolioStrategy(const Level& level, const SolverOptions& options) {
  return std::make_unique<PortfolioStrategy>(level, options);
}

}  // namespace soko
