// A portfolio member's cost per expansion (fess_portfolio.h): fixed for
// the first 1,000 expansions and for fixed members, then following the
// member's stored positions per expansion.
#include <catch2/catch.hpp>

#include "strategies/fess_portfolio.h"

namespace soko {

static SearchStats expandedAndStored(uint64_t nodes, uint64_t stored) {
  SearchStats s;
  s.nodes = nodes;
  s.stored = stored;
  return s;
}

TEST_CASE("a member's expansion cost is its base until it has expanded 1,000 positions") {
  CHECK(memberExpansionCost(30000, CostModel::Fess, expandedAndStored(999, 999 * 200)) == 30000);
  CHECK(memberExpansionCost(6500, CostModel::Hbox, expandedAndStored(0, 0)) == 6500);
  CHECK(memberExpansionCost(6500, CostModel::Fixed, expandedAndStored(50000, 50000 * 30)) == 6500);
}

TEST_CASE("a member's expansion cost follows its stored positions per expansion") {
  // At the medians (fess 22, hbox 3 stored per expansion): the base.
  CHECK(memberExpansionCost(30000, CostModel::Fess, expandedAndStored(1000, 22000)) == 30000);
  CHECK(memberExpansionCost(6500, CostModel::Hbox, expandedAndStored(2000, 6000)) == 6500);
  // fess: to the power 3/8, 16 times the children costs 2^1.5 times.
  CHECK(memberExpansionCost(30000, CostModel::Fess, expandedAndStored(1000, 22000 * 16)) == 84852);
  // hbox: the square root, 4 times the children costs twice.
  CHECK(memberExpansionCost(6500, CostModel::Hbox, expandedAndStored(1000, 12000)) == 13000);
  CHECK(memberExpansionCost(6500, CostModel::Hbox, expandedAndStored(1000, 750)) == 3250);
  // Clamped to a quarter and four times the base.
  CHECK(memberExpansionCost(6500, CostModel::Hbox, expandedAndStored(1000, 1)) == 1625);
  CHECK(memberExpansionCost(6500, CostModel::Hbox, expandedAndStored(1000, 3000000)) == 26000);
}

}  // namespace soko
