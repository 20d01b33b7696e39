// hbox: the reverse multi-heuristic search of hbox 1.3.5 by fastrgv. A
// puller starts from the solved position (boxes on goals; one start per
// player region), pulls boxes, and succeeds when every box stands on its
// start square and the puller can reach the real player start. Six priority
// measures (pri1..pri6) order six queues that are popped in turn; pri0 =
// pulls + Hungarian estimate breaks ties. The pulls found become a forward
// LURD.
//
// Methods (hbox 1.3.5's numbers): 0 push-reducing updates with inertia;
// 1 (default) move-reducing updates with inertia; 2 like 1 without the
// Hungarian estimate (plain boxes-on-goals count, no pri5/pri6); 3 method 1
// without inertia; 4 method 0 without inertia, pri5, pri6; 5 method 0
// without inertia and pri6. 10..15: the same six "baselines" using only
// pri1 and pri6 (10, 11, 13) or pri1 alone (12, 14, 15).
#pragma once

#include <memory>

#include "level.h"
#include "strategy.h"

namespace soko {

struct HboxMethod {
  int number = 1;
  bool hungarian = true;    // HunEst and Hungarian goals; else plain counts, pri0 = pulls
  bool inertia = true;      // repeat a pull over squares of little value / in tunnels
  bool moveUpdates = true;  // a seen position also takes a path with equal pulls, fewer moves
  bool queue[7] = {};       // queue[k]: pri k is used (1..6)
};

// False for numbers outside 0..5, 10..15.
bool hboxMethod(int number, HboxMethod& out);

std::unique_ptr<Strategy> makeHboxStrategy(const Level& level, const SolverOptions& options, int method);

// HunEst0: the Hungarian matching of goals to box start squares over pull
// distances, a lower bound on the pushes of any solution; -1 when no
// matching of finite cost exists (or boxes and goals differ in number).
int hboxStartEstimate(const Level& level);

// Where the pusher stands after playing `lurd` from the start (hbox prints
// it so a reverse game engine can start there); -1 if a step is illegal.
int finalPlayerCell(const Level& level, const std::string& lurd);

}  // namespace soko
