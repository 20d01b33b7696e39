#include "fess_portfolio.h"

#include <algorithm>
#include <chrono>

#include "fess.h"
#include "hbox.h"

namespace soko {
namespace {

class PortfolioStrategy : public Strategy {
 public:
  PortfolioStrategy(const Level& level, const SolverOptions& options) : budget_(options.memoryBudgetBytes) {
    SolverOptions half = options;
    half.memoryBudgetBytes = options.memoryBudgetBytes / 2;
    members_[0].strategy = makeFessStrategy(level, half.memoryBudgetBytes);
    members_[1].strategy = makeHboxStrategy(level, half, 1);
  }

  // The members take turns of search time, whatever the caller's slices (a
  // second in the CLI, ~50 ms in the page): a level one member solves
  // quickly costs at most a turn of the other first. fess gets three turns'
  // worth for each of hbox's (see kFessTurns). A turn cut by the end of a
  // slice goes on in the next.
  SolveStatus run(const Deadline& deadline) override {
    for (;;) {
      Member* m = nullptr;
      for (int k = 0; k < 2 && !m; ++k) {
        Member& candidate = members_[(turn_ + k) % 2];
        if (candidate.active) m = &candidate;
      }
      if (!m) return finalStatus_;
      if (m != &members_[turn_]) turn_ = m == &members_[0] ? 0 : 1, used_ = {};
      const auto begin = Deadline::Clock::now();
      const Deadline slice(std::min(deadline.end(), begin + (turnOf(turn_) - used_)));
      SolveStatus s = m->strategy->run(slice);
      if (s == SolveStatus::Running) {
        used_ += Deadline::Clock::now() - begin;
        if (used_ >= turnOf(turn_)) turn_ = 1 - turn_, used_ = {};
        if (deadline.expired()) return s;
        continue;
      }
      if (s == SolveStatus::Solved) {
        winner_ = m;
        return s;
      }
      // FESS searches completely: its "no solution" is a proof.
      if (s == SolveStatus::Unsolvable && m == &members_[0]) return s;
      if (finalStatus_ != SolveStatus::OutOfMemory) finalStatus_ = s;
      retire(*m);
    }
  }

  std::string solution() const override { return winner_ ? winner_->strategy->solution() : ""; }

  SearchStats stats() const override {
    SearchStats a = members_[0].stats(), b = members_[1].stats();
    SearchStats s = a;
    s.nodes = a.nodes + b.nodes;
    s.stored = a.stored + b.stored;
    s.memoryBytes = a.memoryBytes + b.memoryBytes;
    return s;
  }

  std::string message() const override {
    if (winner_) return std::string(winner_ == &members_[0] ? "fess" : "hbox") + " found it";
    return "fess: " + members_[0].message() + "; hbox: " + members_[1].message();
  }

 private:
  struct Member {
    std::unique_ptr<Strategy> strategy;
    bool active = true;
    SearchStats finalStats;    // once retired
    std::string finalMessage;  // once retired
    SearchStats stats() const {
      if (active) return strategy->stats();
      SearchStats s = finalStats;
      s.memoryBytes = 0;
      return s;
    }
    std::string message() const { return active ? strategy->message() : finalMessage; }
  };

  // A member that stopped without a solution frees its tables, and the
  // other gets the whole budget: a search that ran out of memory or time
  // leaves the rest to the one still going.
  void retire(Member& m) {
    m.active = false;
    m.finalStats = m.strategy->stats();
    m.finalMessage = m.strategy->message();
    m.strategy.reset();
    for (Member& other : members_)
      if (other.active) other.strategy->setMemoryBudget(budget_);
  }

  // Measured on Microban I (fess-hbox, 10 s): turns of a whole CLI slice
  // (1 s) made a level hbox solves at once wait a second for fess first.
  static constexpr std::chrono::milliseconds kTurn{50};
  // fess solves more levels alone (XSokoban at 10 s: 65 against hbox's 42),
  // and the levels only hbox solves it solves fast. Measured with the
  // default at 10 s, turns of 150 ms against hbox's 50 ms rather than even
  // ones: XSokoban 67 -> 69 / 90 (48 and 52 gained, none lost), Microban I
  // 155 / 155 in 6.9 -> 5.2 s, Microban II 134 / 135 either way.
  static constexpr int kFessTurns = 3;
  static Deadline::Clock::duration turnOf(int member) {
    return member == 0 ? Deadline::Clock::duration(kTurn * kFessTurns) : Deadline::Clock::duration(kTurn);
  }
  uint64_t budget_;
  Member members_[2];
  int turn_ = 0;
  Deadline::Clock::duration used_{};  // of the current turn
  Member* winner_ = nullptr;
  SolveStatus finalStatus_ = SolveStatus::Unsolvable;
};

}  // namespace

std::unique_ptr<Strategy> makeFessPortfolioStrategy(const Level& level, const SolverOptions& options) {
  return std::make_unique<PortfolioStrategy>(level, options);
}

}  // namespace soko
