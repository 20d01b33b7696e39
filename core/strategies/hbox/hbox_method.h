// hbox's numbered methods, as in hbox 1.3.5 by fastrgv: 0 push-reducing
// updates with inertia; 1 (default) move-reducing updates with inertia; 2
// like 1 without the Hungarian estimate (plain boxes-on-goals count, no
// pri5/pri6); 3 method 1 without inertia; 4 method 0 without inertia, pri5,
// pri6; 5 method 0 without inertia and pri6. 10..15: the same six
// "baselines" using only pri1 and pri6 (10, 11, 13) or pri1 alone (12, 14,
// 15).
#pragma once

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

}  // namespace soko
