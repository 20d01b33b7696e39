#include "hungarian.h"

#include <algorithm>
#include <limits>
#include <numeric>

namespace soko {

void Hungarian::resize(int n) {
  n_ = n;
  rows_.assign(n, nullptr);
  matching_.assign(4 * static_cast<size_t>(n) + 3, 0);
  std::fill(matching_.begin() + colOfRowStart(), matching_.end(), -1);  // colOfRow: none
  minv_.assign(n + 1, 0);
  way_.assign(n + 1, 0);
  outside_.assign(n, 0);
  inside_.assign(n + 1, 0);
  total_ = 0;
}

void Hungarian::copyMatching(const Hungarian& other) {
  if (n_ != other.n_) resize(other.n_);
  rows_ = other.rows_;
  matching_ = other.matching_;
  total_ = other.total_;
}

// One Dijkstra-like phase over reduced costs c[i][j] - u[i] - v[j] >= 0:
// grows alternating trees from `row` until a free column is found, then flips
// the path. Keeps the potentials feasible and every matched pair tight.
// The columns still outside the tree are kept in a list, so each step
// scans only them (the tree often takes most columns before a free one is
// reached), and among the nearest a free column is taken first, which ends
// the path. Where several matchings are optimal that may pick another one
// (hbox reads the matching's columns, for pri1 and pri5); in the searches
// compared it never did (docs/benchmarks.md, What a search costs).
void Hungarian::augment(int row) {
  constexpr int32_t kBig = std::numeric_limits<int32_t>::max() / 2;
  const int n = n_;
  const View m = view();
  m.rowOfCol[0] = row + 1;
  int* const outside = outside_.data();  // columns not in the tree, in any order
  int* const inside = inside_.data();    // columns in the tree, 0 first
  int32_t* const minv = minv_.data();
  int* const way = way_.data();
  int outsideCount = n, insideCount = 1;
  for (int j = 1; j <= n; ++j) outside[j - 1] = j, minv[j] = kBig;
  inside[0] = 0;
  int j0 = 0;
  do {
    const int i0 = m.rowOfCol[j0];
    const int32_t* c = rows_[i0 - 1];
    const int32_t ui0 = m.u[i0];
    int32_t delta = kBig;
    int j1 = 0, k1 = 0;
    for (int k = 0; k < outsideCount; ++k) {
      const int j = outside[k];
      const int32_t cur = c[j - 1] - ui0 - m.v[j];
      if (cur < minv[j]) minv[j] = cur, way[j] = j0;
      // Among the nearest, a free column: the path ends there.
      if (minv[j] < delta || (minv[j] == delta && m.rowOfCol[j] == 0 && m.rowOfCol[j1] != 0))
        delta = minv[j], j1 = j, k1 = k;
    }
    if (delta != 0) {  // often 0: a tight column was reached
      for (int k = 0; k < insideCount; ++k) {
        const int j = inside[k];
        m.u[m.rowOfCol[j]] += delta;
        m.v[j] -= delta;
      }
      for (int k = 0; k < outsideCount; ++k) minv[outside[k]] -= delta;
    }
    outside[k1] = outside[--outsideCount];
    inside[insideCount++] = j1;
    j0 = j1;
  } while (m.rowOfCol[j0] != 0);
  // Flip the path; only its rows change columns.
  do {
    int j1 = way[j0];
    m.rowOfCol[j0] = m.rowOfCol[j1];
    m.colOfRow[m.rowOfCol[j0] - 1] = j0 - 1;
    j0 = j1;
  } while (j0);
}

void Hungarian::recomputeTotal() {
  const View m = view();
  total_ = 0;
  for (int i = 0; i < n_; ++i) total_ += rows_[i][m.colOfRow[i]];
}

int32_t Hungarian::solve(const int32_t* const* rows) {
  std::copy(rows, rows + n_, rows_.begin());
  const View m = view();
  std::fill(m.u, m.colOfRow, 0);  // u, v and rowOfCol
  for (int i = 0; i < n_; ++i) augment(i);
  recomputeTotal();
  return total_;
}

int32_t Hungarian::solveWarm(const int32_t* const* rows) {
  std::copy(rows, rows + n_, rows_.begin());
  const View m = view();
  std::fill(m.rowOfCol, m.colOfRow, 0);
  // Keep the potentials bounded: shift v so that its largest value is 0.
  int32_t top = std::numeric_limits<int32_t>::min();
  for (int j = 1; j <= n_; ++j) top = std::max(top, m.v[j]);
  for (int j = 1; j <= n_; ++j) m.v[j] -= top;
  for (int i = 0; i < n_; ++i) {
    // u_i as large as feasibility allows (a plain minimum, which the
    // compiler vectorises); then the first free column with zero reduced
    // cost is taken, if there is one.
    const int32_t* c = rows_[i];
    int32_t ui = std::numeric_limits<int32_t>::max();
    for (int j = 1; j <= n_; ++j) ui = std::min(ui, c[j - 1] - m.v[j]);
    m.u[i + 1] = ui;
    m.colOfRow[i] = -1;
    for (int j = 1; j <= n_; ++j)
      if (m.rowOfCol[j] == 0 && c[j - 1] - m.v[j] == ui) {
        m.rowOfCol[j] = i + 1;
        m.colOfRow[i] = j - 1;
        break;
      }
  }
  for (int i = 0; i < n_; ++i)
    if (m.colOfRow[i] < 0) augment(i);
  recomputeTotal();
  return total_;
}

int32_t Hungarian::changeRow(int i, const int32_t* newRow) {
  const View m = view();
  const int freed = m.colOfRow[i] + 1;
  rows_[i] = newRow;
  m.rowOfCol[freed] = 0;
  // The smallest u keeping row i's reduced costs non-negative: the duals stay
  // feasible, the other matched pairs stay tight, so one phase restores optimality.
  int32_t ui = std::numeric_limits<int32_t>::max();
  for (int j = 1; j <= n_; ++j) ui = std::min(ui, newRow[j - 1] - m.v[j]);
  m.u[i + 1] = ui;
  // When the freed column is still tight (usual when a box moves one
  // square), taking it back is that phase's whole result.
  if (newRow[freed - 1] - m.v[freed] == ui)
    m.rowOfCol[freed] = i + 1;
  else
    augment(i);
  recomputeTotal();
  return total_;
}

int32_t bruteForceAssignment(const std::vector<std::vector<int32_t>>& cost) {
  const int n = static_cast<int>(cost.size());
  std::vector<int> perm(n);
  std::iota(perm.begin(), perm.end(), 0);
  int32_t best = std::numeric_limits<int32_t>::max();
  do {
    int32_t sum = 0;
    for (int i = 0; i < n; ++i) sum += cost[i][perm[i]];
    best = std::min(best, sum);
  } while (std::next_permutation(perm.begin(), perm.end()));
  return n == 0 ? 0 : best;
}

}  // namespace soko
