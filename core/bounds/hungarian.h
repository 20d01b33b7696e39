// Minimum-cost one-to-one assignment of rows (boxes) to columns (goals): the
// Hungarian method in its shortest-augmenting-path form (Kuhn 1955, Munkres
// 1957, with potentials as in Jonker-Volgenant), O(n^3) from scratch.
//
// The solver keeps its dual potentials, so when one row's costs change (one
// box moved) the optimum is repaired with a single augmenting path in
// O(n^2): `changeRow`; in O(n) when the row's old column is still the
// cheapest for it (the usual case when a box moves one square). Costs are
// non-negative integers; `kInfinite` marks a pair that can never be
// matched, and a total at or above it means no perfect matching of finite
// cost exists.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace soko {

class Hungarian {
 public:
  static constexpr int32_t kInfinite = 1 << 20;  // per pair; n * kInfinite must fit in int32

  // Rows are read through `row(i)`: a pointer to n costs, row i's cost for
  // every column. The pointers must stay valid while the solver is used.
  explicit Hungarian(int n = 0) { resize(n); }
  void resize(int n);
  int size() const { return n_; }

  // Solves from scratch; returns the minimum total cost.
  int32_t solve(const int32_t* const* rows);
  // Solves a new matrix starting from the column potentials of the last
  // solve: rows that still have a tight free column are matched at once and
  // only the rest need augmenting paths. Same result as solve(); much faster
  // when consecutive matrices are alike (positions of one search).
  int32_t solveWarm(const int32_t* const* rows);
  // Takes `other`'s matching (rows, potentials, pairs and total), as a
  // child position starts from its parent's. Unlike a copy it leaves the
  // scratch arrays alone: every augmenting path sets them afresh.
  void copyMatching(const Hungarian& other);
  // Row i's costs are now `newRow`; repairs the optimum and returns the new total.
  int32_t changeRow(int i, const int32_t* newRow);

  int32_t total() const { return total_; }
  int columnOf(int row) const { return matching_[colOfRowStart() + row]; }  // assigned column
  const int32_t* rowCosts(int row) const { return rows_[row]; }

 private:
  void augment(int row);  // adds `row` to the matching (0-based)
  void recomputeTotal();

  int n_ = 0;
  std::vector<const int32_t*> rows_;
  // The matching and its potentials in one array, so that a child copies
  // them in one go (copyMatching, for every child of hbox's searches):
  //   u [row 1..n] and v [col 1..n], the potentials (1-based; index 0 is the
  //     virtual start of each augmenting path);
  //   rowOfCol [col 1..n] -> row 1..n, 0 = free;
  //   colOfRow [row 0..n-1] -> col 0..n-1.
  std::vector<int32_t> matching_;
  struct View {
    int32_t *u, *v, *rowOfCol, *colOfRow;
  };
  // Where colOfRow starts: after u, v and rowOfCol, n + 1 each.
  std::size_t colOfRowStart() const { return 3 * (static_cast<std::size_t>(n_) + 1); }
  View view() {
    int32_t* m = matching_.data();
    const std::size_t k = static_cast<std::size_t>(n_) + 1;
    return {m, m + k, m + 2 * k, m + colOfRowStart()};
  }
  std::vector<int32_t> minv_;          // scratch
  std::vector<int> way_;               // scratch
  std::vector<int> outside_, inside_;  // scratch: augment's columns out of and in its tree
  int32_t total_ = 0;
};

// The exact minimum by trying every permutation: for tests, n <= 9.
int32_t bruteForceAssignment(const std::vector<std::vector<int32_t>>& cost);

}  // namespace soko
