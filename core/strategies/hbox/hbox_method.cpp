#include "hbox_method.h"

namespace soko {

bool hboxMethod(int number, HboxMethod& m) {
  const int base = number >= 10 ? number - 10 : number;
  if (number < 0 || base < 0 || base > 5) return false;
  m = HboxMethod{};
  m.number = number;
  m.hungarian = base != 2;
  m.inertia = base <= 2;
  m.moveUpdates = base == 1 || base == 2 || base == 3;
  for (int k = 1; k <= 6; ++k) m.queue[k] = true;
  if (base == 2 || base == 4) m.queue[5] = m.queue[6] = false;  // no pri5/pri6 without them
  if (base == 5) m.queue[6] = false;
  if (number >= 10)  // baseline: pri1, plus pri6 where the method has it
    for (int k = 2; k <= 5; ++k) m.queue[k] = false;
  return true;
}

}  // namespace soko
