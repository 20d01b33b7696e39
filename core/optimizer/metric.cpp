#include "metric.h"

namespace soko {

const char* metricName(OptimizeMetric m) {
  return m == OptimizeMetric::Pushes ? "pushes" : "moves";
}

std::optional<OptimizeMetric> metricFromName(const std::string& name) {
  if (name == "pushes") return OptimizeMetric::Pushes;
  if (name == "moves") return OptimizeMetric::Moves;
  return std::nullopt;
}

}  // namespace soko
