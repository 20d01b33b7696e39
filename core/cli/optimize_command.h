// soko optimize, and the optimizing step of soko solve --optimize.
#pragma once

#include <string>
#include <vector>

#include "level.h"
#include "optimizer.h"

namespace soko::cli {

// soko optimize FILE N SOLUTION [--metric pushes|moves] [--time S] [--nodes N]
//               [--memory GB] [--out FILE]
// SOLUTION is the name of a file holding the solution when such a file
// exists, else the LURD text itself. Returns the exit code.
int optimizeCommand(const std::vector<std::string>& args);

// soko solve --optimize: optimizes a solution the solver found, prints the
// optimize-* lines and returns the optimized solution (the found one when
// nothing shorter was found).
std::string optimizeFound(const Level& level, const std::string& solution,
                          const OptimizerOptions& options);

}  // namespace soko::cli
