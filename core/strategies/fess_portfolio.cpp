#include "fess_portfolio.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <utility>
#include <vector>

#include "analysis/level_analysis.h"
#include "fess/fess.h"
#include "fess/fess_tables.h"
#include "hbox/hbox.h"
#include "search/meeting.h"

namespace soko {
namespace {

// A member's expansions are weighed by what one costs: the median over 18
// hard XSokoban levels of its nanoseconds per expansion alone, measured on
// the machine of docs/benchmarks.md, so that the schedule keeps the shares
// of time it was tuned with. hbox's expansions have since become cheaper
// (0.72 to 0.88 of the instructions); its cost is kept, so the searches stay
// the same and fess gets the time hbox no longer takes.
using Work = uint64_t;              // nanoseconds of the calibration machine
constexpr Work kFessCost = 30000;   // per fess expansion (any variant)
constexpr Work kHbox11Cost = 6500;  // per hbox method 11 expansion
constexpr Work kHbox1Cost = 10000;  // per hbox method 1 expansion
constexpr Work kHbox4Cost = 6500;   // per hbox method 4 expansion (as fast as method 11)

std::string secondsText(Work w) {
  const double s = static_cast<double>(w) / 1e9;
  char text[32];
  std::snprintf(text, sizeof text, s < 1 ? "%.2g" : "%.0f", s);
  return text;
}

class PortfolioStrategy : public Strategy {
 public:
  PortfolioStrategy(const Level& level, const SolverOptions& options,
                    const PortfolioSchedule& schedule)
      : budget_(options.memoryBudgetBytes),
        lateStart_(schedule.lateStart),
        hboxTurn_(schedule.hboxTurnFor(level.boxCount())),
        round_(schedule.fessTurn + hboxTurn_),
        rampTurn_(schedule.fessTurn),
        analysis_(std::make_shared<LevelAnalysis>(level)),
        fessTables_(std::make_shared<FessTables>(analysis_, options.memoryBudgetBytes)) {
    // Each member's budget is set again before each of its turns (run()).
    // The fess variants share one set of tables, built by the first to run;
    // the hbox members share the level's pull distances; all of it is
    // counted once, here (stats()).
    join(0, "fess", makeFessStrategy(fessTables_, options.memoryBudgetBytes, {}), kFessCost,
         CostModel::Fess, {schedule.fessTurn, 0});
    join(1, "hbox11", makeHboxStrategy(level, options, 11, analysis_), kHbox11Cost, CostModel::Hbox,
         {hboxTurn_, 0});
    join(2, "hbox1", makeHboxStrategy(level, options, 1, analysis_), kHbox1Cost, CostModel::Hbox,
         schedule.probe, lateStart_);
    join(3, "hbox4", makeHboxStrategy(level, options, 4, analysis_), kHbox4Cost, CostModel::Hbox,
         schedule.early, schedule.earlyStart);
    members_[0].complete = true;
    lateJoiners(options, schedule);
  }

  // The members take turns of work, whatever the caller's slices (a second
  // in the CLI, ~50 ms in the page): a level one member solves quickly
  // costs at most a round of the others first. A turn cut by the end of a
  // slice goes on in the next.
  SolveStatus run(const Deadline& deadline) override {
    for (;;) {
      Member* m = next();
      if (!m) {
        if (!startLateJoiners(true)) return finalStatus_;
        continue;
      }
      const uint64_t total = stats().nodes;
      if (deadline.nodesReached(total)) return SolveStatus::Running;
      const SearchStats own = m->strategy->stats();
      const uint64_t before = own.nodes;
      if (used_ == 0) {
        m->cost = memberExpansionCost(m->baseCost, m->model, own);
        turnLength_ = turnAt(*m);
      }
      uint64_t allowed = turnLength_ - used_;
      if (m->limitWork) allowed = std::min(allowed, leftOf(*m));
      allowed = std::min(allowed, deadline.nodeLimit() - total);
      if (!linked_) link(true);
      m->strategy->setMemoryBudget(memoryFor(*m));
      SolveStatus s = m->strategy->run(Deadline(deadline.end(), before + allowed));
      const uint64_t took = m->strategy->stats().nodes - before;
      used_ += took;
      searched_ += took * m->cost;
      m->worked += took * m->cost;
      if (s == SolveStatus::Running) {
        if (m->limitWork && leftOf(*m) == 0) {
          retire(*m, SolveStatus::TimedOut);
          continue;
        }
        if (used_ >= turnLength_) turn_ = (turn_ + 1) % kMembers, used_ = 0;
        if (deadline.expired()) return s;
        continue;
      }
      if (s == SolveStatus::Solved) {
        winner_ = m;
        return s;
      }
      // FESS searches completely: its "no solution" is a proof.
      if (s == SolveStatus::Unsolvable && m->complete) return s;
      // Out of the shared memory: the member holding the most stops, so a
      // smaller one that can go on (hbox 11 beside a fess that filled the
      // budget) is not the one lost.
      if (s == SolveStatus::OutOfMemory && m->strategy->resumesWithMoreMemory()) {
        if (Member* largest = largestOther(*m)) {
          retire(*largest, s);
          continue;
        }
      }
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
    s.memoryBytes += fessTables_->memoryBytes();
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
    // Members that say the same (the fess variants declining on their
    // shared tables, say) are named together.
    std::vector<std::pair<std::string, std::string>> said;  // names, what they say
    for (const Member& m : members_) {
      if (!m.strategy && m.active) continue;
      const std::string what =
          m.active && m.startAt > searched_
              ? "waits for the others' first " + secondsText(m.startAt) + " s of search"
              : m.message();
      auto same =
          std::find_if(said.begin(), said.end(), [&](const auto& p) { return p.second == what; });
      if (same != said.end())
        same->first += std::string(", ") + m.name;
      else
        said.push_back({m.name, what});
    }
    std::string text;
    for (const auto& [names, what] : said) text += (text.empty() ? "" : "; ") + names + ": " + what;
    return text;
  }

 private:
  struct Member {
    const char* name = "";
    std::unique_ptr<Strategy> strategy;
    std::function<std::unique_ptr<Strategy>()> make;  // a late joiner, until it joins
    Work baseCost = 1;                                // of one of its expansions, as measured
    CostModel model = CostModel::Fixed;               // how its cost follows its search
    Work cost = 1;                                    // of one, for its current turn
    Work turnWork = 1;                                // its turn
    Work limitWork = 0;                               // what it gets in all; 0 for no limit
    Work worked = 0;                                  // what it has had
    Work startAt = 0;  // its first turn once the members have searched this much
    bool active = true;
    bool complete = false;     // searches every position: "unsolvable" is a proof
    SearchStats finalStats;    // once retired
    std::string finalMessage;  // once retired
    std::string stopped;       // why it was retired, if not for its own reasons
    SearchStats stats() const {
      if (active && !strategy) return {};
      if (active) return strategy->stats();
      SearchStats s = finalStats;
      s.memoryBytes = 0;
      return s;
    }
    // What it says, after how many positions it has expanded, and why it stopped.
    std::string message() const {
      const std::string said = !active    ? finalMessage
                               : strategy ? strategy->message()
                                          : "not started";
      const uint64_t expanded = stats().nodes;
      std::string text = expanded == 0 ? "" : std::to_string(expanded) + " expanded";
      if (!said.empty()) text += (text.empty() ? "" : ", ") + said;
      if (!stopped.empty()) text += (text.empty() ? "(stopped: " : " (stopped: ") + stopped + ")";
      return text;
    }
  };

  // The member whose turn it is, or the next one that may search; nullptr
  // when none may.
  Member* next() {
    startLateJoiners();
    for (int k = 0; k < kMembers; ++k) {
      Member& candidate = members_[(turn_ + k) % kMembers];
      if (!candidate.active || !candidate.strategy || searched_ < candidate.startAt) continue;
      if (&candidate != &members_[turn_])
        turn_ = static_cast<int>(&candidate - members_), used_ = 0;
      return &candidate;
    }
    return nullptr;
  }

  // The length of m's turn starting now, in its expansions: its full turn
  // once the members have searched a round's work (a full turn of fess
  // and of hbox 11); before that, a share of what they have searched so
  // far, and at least 1/32 of it (and one expansion): the turns double
  // each round, so a small level one member solves at once does not wait
  // for the other's full turn first (0.15 s of fess before hbox 11's first
  // expansion). Those shares are of fess's turn for a member whose own is
  // shorter, so hbox 11 gets as much work as fess, not a third: on small
  // levels it is as often the faster.
  uint64_t turnAt(const Member& m) const {
    const uint64_t turnNodes = std::max<uint64_t>(m.turnWork / m.cost, 1);
    if (searched_ >= round_) return turnNodes;
    const uint64_t ramp = std::max(rampTurn_ / m.cost, turnNodes);
    return std::max({ramp / 32, ramp * searched_ / round_, uint64_t{1}});
  }

  // The memory the others and the shared tables do not use is this
  // member's (see retire()).
  uint64_t memoryFor(const Member& m) const {
    uint64_t others = fessTables_->memoryBytes();
    for (const Member& o : members_)
      if (o.active && o.strategy && &o != &m) others += o.strategy->stats().memoryBytes;
    return others < budget_ ? budget_ - others : 0;
  }

  // The active member other than m holding the most memory, if it holds
  // more than m does.
  Member* largestOther(const Member& m) {
    Member* largest = nullptr;
    uint64_t most = m.strategy->stats().memoryBytes;
    for (Member& o : members_) {
      if (&o == &m || !o.active || !o.strategy) continue;
      const uint64_t bytes = o.strategy->stats().memoryBytes;
      if (bytes > most) most = bytes, largest = &o;
    }
    return largest;
  }

  // fess (forward) and hbox 11 (backward) look up each other's positions:
  // a position both reached is a solution (search/meeting.h). Linked once
  // both searches exist (fess's once its tables are built: before hbox's
  // first turn), unlinked before either goes away.
  void link(bool on) {
    if (!members_[0].strategy || !members_[1].strategy) return;
    MeetingSide* forward = members_[0].strategy->meetingSide();
    MeetingSide* backward = members_[1].strategy->meetingSide();
    if (!forward || !backward) return;
    forward->meet(on ? backward : nullptr);
    backward->meet(on ? forward : nullptr);
    linked_ = on;
  }

  // The expansions m's limit leaves it at its current cost.
  static uint64_t leftOf(const Member& m) {
    return m.worked >= m.limitWork ? 0 : (m.limitWork - m.worked) / m.cost;
  }

  // Member i searches in turns of share.turn, share.limit in all (0: no
  // limit), from `start` on.
  void join(int i, const char* name, std::unique_ptr<Strategy> strategy, Work cost, CostModel model,
            const PortfolioSchedule::Share& share, Work start = 0) {
    Member& m = members_[i];
    m.name = name;
    m.strategy = std::move(strategy);
    m.baseCost = m.cost = cost;
    m.model = model;
    m.turnWork = share.turn;
    m.limitWork = share.limit;
    m.startAt = start;
  }

  // fess variants that join once the portfolio has searched lateStart_:
  // each solves levels the default fess does not, but beside it from the
  // start they cost more levels at 10 s than they gain. Built when they
  // join. Their turns and limits were chosen by simulating the round robin
  // with what each needs alone (scripts/simulate-portfolio).
  void lateJoiners(const SolverOptions& options, const PortfolioSchedule& schedule) {
    const std::pair<FessVariant, const char*> late[] = {
        {fessFourSpaces(), "fess (four spaces)"},
        {fessFlatEstimate(), "fess (estimate without connectivity)"},
        {fessNoPlanOrder(), "fess (no plan order)"},
    };
    const uint64_t budget = options.memoryBudgetBytes;
    for (int k = 0; k < kLate; ++k) {
      Member& m = members_[kFirstLate + k];
      join(kFirstLate + k, late[k].second, nullptr, kFessCost, CostModel::Fess, schedule.late[k]);
      m.complete = true;
      m.make = [this, budget, variant = late[k].first] {
        return makeFessStrategy(fessTables_, budget, variant);
      };
    }
  }

  // True if any joined (`now`: the others have all stopped before their time).
  bool startLateJoiners(bool now = false) {
    if (searched_ < lateStart_ && !now) return false;
    bool any = false;
    for (Member& m : members_) {
      if (m.make) m.strategy = m.make(), m.make = nullptr, any = true;
      if (m.active && m.strategy && m.startAt > searched_) m.startAt = 0, any = true;
    }
    return any;
  }

  // A member that stopped without a solution frees its tables. The members
  // share one budget, each taking for its turn what the others do not use:
  // a search that ran out of memory or of its share of work leaves the rest
  // to the ones still going.
  void retire(Member& m, SolveStatus why) {
    if (&m == &members_[0] || &m == &members_[1]) link(false);
    m.active = false;
    m.finalStats = m.strategy->stats();
    m.finalMessage = m.strategy->message();
    if (why == SolveStatus::TimedOut) m.stopped = "its share of the search is used up";
    if (why == SolveStatus::OutOfMemory) m.stopped = "the shared memory is full";
    m.strategy.reset();
    // What the portfolio reports if every member stops: out of memory over
    // out of time over anything else (the latest of equals).
    const auto rank = [](SolveStatus s) {
      return s == SolveStatus::OutOfMemory ? 2 : s == SolveStatus::TimedOut ? 1 : 0;
    };
    if (rank(why) >= rank(finalStatus_)) finalStatus_ = why;
  }

  static constexpr int kFirstLate = 4;
  static constexpr int kLate = 3;
  static constexpr int kMembers = kFirstLate + kLate;
  uint64_t budget_;
  Work lateStart_;
  Work hboxTurn_;  // hbox 11's, on this level
  Work round_;     // the work of one full turn of fess and of hbox 11 (turnAt())
  Work rampTurn_;  // the shortest turn the first turns are shares of: fess's (turnAt())
  std::shared_ptr<LevelAnalysis> analysis_;  // every member's
  std::shared_ptr<FessTables> fessTables_;   // the fess members'
  bool linked_ = false;                      // fess and hbox 11 look up each other's positions
  Member members_[kMembers];
  Work searched_ = 0;  // by all members
  int turn_ = 0;
  uint64_t used_ = 0;        // expansions of the current turn
  uint64_t turnLength_ = 0;  // its length (turnAt())
  Member* winner_ = nullptr;
  SolveStatus finalStatus_ = SolveStatus::Unsolvable;
};

}  // namespace

// What an expansion costs grows with the children it makes: over the 174
// levels both fess and hbox 11 alone left at 10 s (docs/bench/members-alone),
// fess's cost against hbox 11's ranged 2.8x to 11.5x (10th to 90th
// percentile) around the fixed 4.6x of the costs at the top. With each
// member's stored positions per expansion in it (fess's to the power 0.37,
// hbox 11's 0.44, fitted in logs) the spread of the actual to the predicted
// ratio falls from 0.53-2.17 to 0.67-1.51. So fess's and hbox 11's costs
// follow their own stored positions per expansion, from their values at the
// medians (fess 22, hbox 11 3), as powers 3/8 and 1/2: square roots only,
// which round the same natively and in WebAssembly, so the searches stay
// the same there. hbox 4 and hbox 1 take hbox 11's (the whole set at 10 s
// 827 -> 832 beside fixed costs for them: docs/benchmarks.md).
uint64_t memberExpansionCost(uint64_t base, CostModel model, const SearchStats& s) {
  if (model == CostModel::Fixed || s.nodes < 1000) return base;
  const double perExpansion = static_cast<double>(s.stored) / static_cast<double>(s.nodes);
  double factor;
  if (model == CostModel::Fess) {
    const double r = perExpansion / 22.0;
    factor = std::sqrt(std::sqrt(std::sqrt(r * r * r)));  // r^(3/8)
  } else {
    factor = std::sqrt(perExpansion / 3.0);
  }
  factor = std::clamp(factor, 0.25, 4.0);
  return std::max<uint64_t>(static_cast<uint64_t>(static_cast<double>(base) * factor), 1);
}

PortfolioSchedule PortfolioSchedule::scaled(double factor) const {
  PortfolioSchedule s = *this;
  const auto scale = [factor](uint64_t& w) {
    w = static_cast<uint64_t>(static_cast<double>(w) * factor);
  };
  for (uint64_t* w : {&s.fessTurn, &s.hboxTurn, &s.hboxTurnManyBoxes, &s.earlyStart, &s.lateStart})
    scale(*w);
  const auto scaleShare = [&scale](Share& share) { scale(share.turn), scale(share.limit); };
  scaleShare(s.early), scaleShare(s.probe);
  for (Share& l : s.late) scaleShare(l);
  return s;
}

std::unique_ptr<Strategy> makeFessPortfolioStrategy(const Level& level,
                                                    const SolverOptions& options,
                                                    const PortfolioSchedule& schedule) {
  return std::make_unique<PortfolioStrategy>(level, options, schedule);
}

}  // namespace soko
