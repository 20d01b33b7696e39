#include "fess.h"

#include "analysis/level_analysis.h"
#include "fess_search.h"
#include "fess_tables.h"
#include "preparation.h"

namespace soko {
namespace {

// Builds the tables (or waits for them, when shared) in its first slices,
// then searches.
class FessStrategy : public PreparedStrategy {
 public:
  FessStrategy(std::shared_ptr<FessTables> tables, uint64_t budget, FessVariant variant, bool countTables)
      : PreparedStrategy(budget), tables_(std::move(tables)), variant_(variant), countTables_(countTables) {
    prep_.add([this] {
      if (tables_->step()) return true;
      if (tables_->status() != SolveStatus::Running) prep_.end(tables_->status(), tables_->why());
      return false;
    });
  }

 protected:
  std::unique_ptr<Strategy> makeSearch(uint64_t budget) override {
    return makeFessSearch(*tables_, budget, variant_, countTables_);
  }
  uint64_t preparedBytes() const override { return countTables_ ? tables_->memoryBytes() : 0; }

 private:
  std::shared_ptr<FessTables> tables_;
  FessVariant variant_;
  bool countTables_;
};

}  // namespace

FessVariant fessNoRoomOrder() {
  FessVariant v;
  v.goalRoomOrder = false;
  return v;
}

FessVariant fessFourSpaces() {
  FessVariant v;
  v.spaces &= ~kSpaceEstimate32;
  return v;
}

FessVariant fessFlatEstimate() {
  FessVariant v;
  v.spaces |= kSpaceEstimate16Flat;
  return v;
}

// Boxes on goals, the estimate in sixteenths with and without
// connectivity, and hotspots: no plan-order space, no 32nds.
FessVariant fessNoPlanOrder() {
  FessVariant v;
  v.spaces = kSpaceOnGoals | kSpaceEstimate16 | kSpaceHotspots | kSpaceEstimate16Flat;
  return v;
}

std::unique_ptr<Strategy> makeFessStrategy(const Level& level, uint64_t memoryBudgetBytes, FessVariant variant) {
  auto tables = std::make_shared<FessTables>(std::make_shared<LevelAnalysis>(level), memoryBudgetBytes);
  return std::make_unique<FessStrategy>(std::move(tables), memoryBudgetBytes, variant, true);
}

std::unique_ptr<Strategy> makeFessStrategy(std::shared_ptr<FessTables> tables, uint64_t memoryBudgetBytes,
                                           FessVariant variant) {
  return std::make_unique<FessStrategy>(std::move(tables), memoryBudgetBytes, variant, false);
}

}  // namespace soko
