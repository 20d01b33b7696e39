// What "shorter" means to the optimizer. Players keep two leaderboards, so a
// solution is compared by one count first and the other to break ties:
// pushes then moves, or moves then pushes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace soko {

enum class OptimizeMetric : uint8_t {
  Pushes,  // fewest pushes, then fewest moves
  Moves,   // fewest moves, then fewest pushes
};

const char* metricName(OptimizeMetric m);  // "pushes", "moves"
std::optional<OptimizeMetric> metricFromName(const std::string& name);

// A solution's length by a metric: the counts in the metric's order.
struct Cost {
  uint32_t first = 0;   // pushes for OptimizeMetric::Pushes, moves for Moves
  uint32_t second = 0;  // the other count

  static Cost of(OptimizeMetric m, uint32_t moves, uint32_t pushes) {
    return m == OptimizeMetric::Pushes ? Cost{pushes, moves} : Cost{moves, pushes};
  }
  bool operator<(const Cost& o) const {
    return first < o.first || (first == o.first && second < o.second);
  }
  bool operator==(const Cost& o) const = default;
};

}  // namespace soko
