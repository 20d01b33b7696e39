// A strategy's per-level preparation, in pieces. Its tables (distances, the
// packing plan, dead patterns, ...) are built by its first slices, one
// bounded piece at a time with the deadline checked between pieces, so the
// time limit and cancel reach them; none of it counts as an expansion, so
// node-counted schedules are the same whatever the slices.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "quantities.h"
#include "strategy.h"

namespace soko {

class Preparation {
 public:
  // A stage does one piece of its work per call and returns true once it is
  // complete. A stage that finds the run cannot go on calls end().
  using Stage = std::function<bool()>;

  void add(Stage stage) { stages_.push_back(std::move(stage)); }
  // Ends the run with `status` (Declined, Unsolvable, ...) and why.
  void end(SolveStatus status, std::string why) {
    status_ = status;
    why_ = std::move(why);
  }

  // Runs pieces in order until every stage is complete (true), or the
  // deadline passes or a stage ended the run (false). One piece at least
  // per call, so that even the shortest slices make progress.
  bool run(const Deadline& deadline) {
    while (!step())
      if (status_ != SolveStatus::Running || deadline.expired()) return false;
    return true;
  }
  // One piece: true once every stage is complete, false while there is
  // more (or the run ended).
  bool step() {
    if (status_ != SolveStatus::Running) return false;
    if (next_ < stages_.size() && stages_[next_]()) ++next_;
    if (status_ != SolveStatus::Running) return false;
    if (next_ < stages_.size()) return false;
    stages_.clear();
    next_ = 0;
    return true;
  }
  // Running, or what end() set.
  SolveStatus status() const { return status_; }
  const std::string& why() const { return why_; }

 private:
  std::vector<Stage> stages_;
  size_t next_ = 0;
  SolveStatus status_ = SolveStatus::Running;
  std::string why_;
};

// A strategy whose search needs its tables first. Its first slices run the
// stages its constructor added to prep_; once they are complete, makeSearch()
// makes the search, which runs in the slices that follow. Until then it
// reports no expansions and the bytes of what it has built.
class PreparedStrategy : public Strategy {
 public:
  explicit PreparedStrategy(uint64_t memoryBudget) : budget_(memoryBudget) {}

  SolveStatus run(const Deadline& deadline) final;
  std::string solution() const final { return search_ ? search_->solution() : ""; }
  SearchStats stats() const final;
  std::string message() const final;
  bool setMemoryBudget(uint64_t bytes) final;
  MeetingSide* meetingSide() final { return search_ ? search_->meetingSide() : nullptr; }
  bool resumesWithMoreMemory() const final { return search_ && search_->resumesWithMoreMemory(); }

 protected:
  // The search over the tables built, within `memoryBudget` bytes.
  virtual std::unique_ptr<Strategy> makeSearch(uint64_t memoryBudget) = 0;
  // What the tables built so far take, counted until the search counts them.
  virtual uint64_t preparedBytes() const = 0;

  Preparation prep_;

 private:
  uint64_t budget_;
  std::unique_ptr<Strategy> search_;
};

// Why a strategy declines a level: "<tables> would need 8.1 GB, more than
// the memory budget of 512 MB".
std::string tooLargeForBudget(const std::string& tables, uint64_t bytes, uint64_t budget);

}  // namespace soko
