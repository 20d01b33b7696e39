#include "preparation.h"

#include "quantities.h"

namespace soko {

SolveStatus PreparedStrategy::run(const Deadline& deadline) {
  if (!search_) {
    if (!prep_.run(deadline)) return prep_.status();
    search_ = makeSearch(budget_);
  }
  return search_->run(deadline);
}

SearchStats PreparedStrategy::stats() const {
  if (search_) return search_->stats();
  SearchStats s;
  s.memoryBytes = preparedBytes();
  return s;
}

std::string PreparedStrategy::message() const {
  if (search_) return search_->message();
  return prep_.status() != SolveStatus::Running ? prep_.why() : "still building its tables";
}

bool PreparedStrategy::setMemoryBudget(uint64_t bytes) {
  budget_ = bytes;
  return search_ ? search_->setMemoryBudget(bytes) : true;
}

std::string tooLargeForBudget(const std::string& tables, uint64_t bytes, uint64_t budget) {
  return tables + " would need " + bytesText(bytes) + ", more than the memory budget of " + bytesText(budget);
}

}  // namespace soko
