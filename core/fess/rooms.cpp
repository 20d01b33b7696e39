#include "rooms.h"

#include <algorithm>

namespace soko {
namespace {

bool isPassage(const Board& b, Square s) {
  Square open[4];
  Direction dirs[4];
  int n = 0;
  for (Direction d : kDirections) {
    Square t = b.neighbor(s, d);
    if (t != kNoSquare) open[n] = t, dirs[n] = d, ++n;
  }
  if (n == 1) return true;  // a dead end
  if (n != 2) return false;  // open on three sides or more, or the player's lone square
  if (dirs[1] == opposite(dirs[0])) return true;  // a corridor
  // A bend: closed unless the diagonal between the two open sides is floor.
  return b.neighbor(open[0], dirs[1]) == kNoSquare;
}

// Labels the connected squares of `member` from `start` with `label` in `out`.
void flood(const Board& b, const std::vector<uint8_t>& member, Square start, int label, std::vector<int>& out) {
  std::vector<Square> stack{start};
  out[start] = label;
  while (!stack.empty()) {
    Square q = stack.back();
    stack.pop_back();
    for (Direction d : kDirections) {
      Square t = b.neighbor(q, d);
      if (t == kNoSquare || !member[t] || out[t] != -1) continue;
      out[t] = label;
      stack.push_back(t);
    }
  }
}

}  // namespace

Rooms findRooms(const Board& b) {
  const int n = b.squareCount();
  Rooms r;
  r.room.assign(n, -1);
  r.link.assign(n, -1);
  std::vector<uint8_t> passage(n, 0), inRoom(n, 0);
  for (int s = 0; s < n; ++s) passage[s] = isPassage(b, static_cast<Square>(s));
  for (int s = 0; s < n; ++s) inRoom[s] = !passage[s];
  for (int s = 0; s < n; ++s)
    if (inRoom[s] && r.room[s] == -1) flood(b, inRoom, static_cast<Square>(s), r.roomCount++, r.room);

  // Passage runs; those touching two rooms or more become links.
  std::vector<int> run(n, -1);
  int runs = 0;
  for (int s = 0; s < n; ++s)
    if (passage[s] && run[s] == -1) flood(b, passage, static_cast<Square>(s), runs++, run);
  std::vector<std::vector<int>> touched(runs);
  for (int s = 0; s < n; ++s) {
    if (!passage[s]) continue;
    for (Direction d : kDirections) {
      Square t = b.neighbor(static_cast<Square>(s), d);
      if (t != kNoSquare && r.room[t] >= 0) touched[run[s]].push_back(r.room[t]);
    }
  }
  std::vector<int> linkOfRun(runs, -1);
  for (int k = 0; k < runs; ++k) {
    auto& rooms = touched[k];
    std::sort(rooms.begin(), rooms.end());
    if (std::unique(rooms.begin(), rooms.end()) - rooms.begin() >= 2) linkOfRun[k] = r.linkCount++;
  }
  for (int s = 0; s < n; ++s)
    if (passage[s]) r.link[s] = linkOfRun[run[s]];
  return r;
}

int obstructedLinks(const Rooms& rooms, const std::vector<Square>& boxes, std::vector<uint8_t>& scratch) {
  if (rooms.linkCount == 0) return 0;
  scratch.assign(rooms.linkCount, 0);
  int count = 0;
  for (Square b : boxes) {
    int l = rooms.link[b];
    if (l >= 0 && !scratch[l]) scratch[l] = 1, ++count;
  }
  return count;
}

}  // namespace soko
