// hbox: the reverse multi-heuristic search of hbox 1.3.5 by fastrgv. A
// puller starts from the solved position (boxes on goals; one start per
// player region), pulls boxes, and succeeds when every box stands on its
// start square and the puller can reach the real player start. Six priority
// measures (pri1..pri6) order six queues that are popped in turn; pri0 =
// pulls + Hungarian estimate breaks ties. The pulls found become a forward
// LURD.
//
// Its units: hbox_method (the numbered methods), hbox_store (every position
// seen and its path), hbox_regions (the puller's region and the floor
// areas), hbox_evaluation (HunEst and pri1..pri6), hbox_queues (the six
// queues popped in turn), hbox_rules (small local rules), and hbox.cpp, the
// search that drives them.
#pragma once

#include <memory>

#include "hbox_method.h"
#include "level.h"
#include "strategy.h"

namespace soko {

class LevelAnalysis;

// Method `method` (see hboxMethod(); method 1 for a number it refuses).
// `shared`: a level analysis other members of a portfolio use too, which
// the caller counts; without it the search makes and counts its own.
std::unique_ptr<Strategy> makeHboxStrategy(const Level& level, const SolverOptions& options,
                                           int method,
                                           std::shared_ptr<LevelAnalysis> shared = nullptr);

// HunEst0: the Hungarian matching of goals to box start squares over pull
// distances, a lower bound on the pushes of any solution; -1 when no
// matching of finite cost exists (or boxes and goals differ in number).
int hboxStartEstimate(const Level& level);

// Where the pusher stands after playing `lurd` from the start (hbox prints
// it so a reverse game engine can start there); -1 if a step is illegal.
int finalPlayerCell(const Level& level, const std::string& lurd);

}  // namespace soko
