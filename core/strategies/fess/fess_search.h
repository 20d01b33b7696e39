// The FESS search itself (fess.h describes it), over tables made
// beforehand: fess.cpp builds them in the first slices, then makes this.
#pragma once

#include <cstdint>
#include <memory>

#include "fess.h"
#include "strategy.h"

namespace soko {

class FessTables;

// `countTables`: the tables' bytes count as this search's (not when a
// portfolio shares them and counts them once itself).
std::unique_ptr<Strategy> makeFessSearch(FessTables& tables, uint64_t memoryBudgetBytes, FessVariant variant,
                                         bool countTables);

}  // namespace soko
