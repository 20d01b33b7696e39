// The packing plan's two searches over boxes: parking, when no box can go
// out by pulls alone, and the reverse game proper (packing_plan.h).
#include <algorithm>
#include <string>
#include <tuple>
#include <unordered_set>
#include <vector>

#include "packing_planner.h"

namespace soko {

// Nothing can go out: searches, breadth first, for the fewest pulls of boxes
// to other squares (parking) after which one can. Applies them and returns
// true when found.
bool Planner::park(Attempt& a, std::vector<Box>& boxes, Square& player) {
  struct Node {
    std::vector<Box> boxes;
    Square player;
    int parent;
    size_t moved;  // index of the box pulled to get here
    Square first;  // where its first pull took it
  };
  std::vector<Node> nodes;
  std::unordered_set<std::string> seen;
  auto key = [&](const std::vector<Box>& bs, Square normal) {
    std::string k;
    std::vector<Square> sq;
    for (const Box& b : bs) sq.push_back(b.at);
    std::sort(sq.begin(), sq.end());
    sq.push_back(normal);
    k.assign(reinterpret_cast<const char*>(sq.data()), sq.size() * sizeof(Square));
    return k;
  };
  auto normal = [&](Square p) {
    pulls_.charge(n_ + boxes.size());  // the scan below and the key
    const auto& m = pulls_.flood(occupied_, p);
    for (int s = 0; s < n_; ++s)
      if (m[s] == pulls_.floodStamp()) return static_cast<Square>(s);
    return p;
  };
  nodes.push_back({boxes, player, -1, 0, kNoSquare});
  mark(boxes, 1);
  seen.insert(key(boxes, normal(player)));
  mark(boxes, 0);
  int found = -1;
  std::vector<BoxPulls::Reached> all;
  std::vector<uint8_t> canPull;
  for (size_t h = 0; h < nodes.size() && found < 0 && nodes.size() < kMaxParkNodes && !overBudget();
       ++h) {
    const std::vector<Box> here = nodes[h].boxes;
    const Square herePlayer = nodes[h].player;
    mark(here, 1);
    normal(herePlayer);  // floods the player's region, for pullableInRegion()
    canPull.clear();
    for (const Box& b : here) canPull.push_back(pullableInRegion(b.at));
    bool regionFlooded = true;  // until a child's is flooded
    for (size_t i = 0; i < here.size() && found < 0; ++i) {
      if (!canPull[i]) continue;
      all.clear();
      pulls_.collect(occupied_, here[i].at, herePlayer, all, {.regionFlooded = regionFlooded});
      for (const auto& r : all) {
        if (r.to == here[i].at) continue;
        regionFlooded = false;
        occupied_[here[i].at] = 0;
        occupied_[r.to] = 1;
        std::vector<Box> child = here;
        child[i].at = r.to;
        bool fresh = seen.insert(key(child, normal(r.player))).second;
        bool out = false;
        if (fresh) out = someBoxGoesOut(child, r.player);
        occupied_[r.to] = 0;
        occupied_[here[i].at] = 1;
        if (!fresh) continue;
        Square first = here[i].left ? kNoSquare : r.first;
        nodes.push_back({std::move(child), r.player, static_cast<int>(h), i, first});
        if (out) {
          found = static_cast<int>(nodes.size()) - 1;
          break;
        }
        if (nodes.size() >= kMaxParkNodes || overBudget()) break;
      }
    }
    mark(here, 0);
  }
  if (found < 0) return false;
  std::vector<int> chain;
  for (int k = found; k > 0; k = nodes[k].parent) chain.push_back(k);
  std::reverse(chain.begin(), chain.end());
  for (int k : chain) {
    const Node& node = nodes[k];
    Box& b = boxes[node.moved];
    if (!b.left) {
      a.emptied.push_back(b.goal);
      a.entry[b.goal] = node.first;
      b.left = true;
    }
    if (b.park >= 0) a.parks[b.park].until = static_cast<int>(a.emptied.size());
    b.at = node.boxes[node.moved].at;
    b.park = static_cast<int>(a.parks.size());
    a.parks.push_back({b.goal, b.at, static_cast<int>(a.emptied.size()), -1});
    player = node.player;
  }
  return true;
}

// The reverse game itself, one box at a time: each box taken out stays on
// the start square it reached, in the way of the boxes after it, until every
// start square holds one and the player can walk to where it starts. Depth
// first over which box goes next and where, within `exactBudget_`. On
// success `a` holds the order, and playing it backwards solves the level.
bool Planner::exact(Attempt& a, std::vector<Box>& boxes, std::vector<uint8_t>& stay,
                    Square player) {
  auto markAll = [&] {
    std::fill(occupied_.begin(), occupied_.end(), 0);
    for (const Box& b : boxes) occupied_[b.at] = 1;
    for (int s = 0; s < n_; ++s) occupied_[s] |= stay[s];
  };
  markAll();
  pulls_.charge(3 * static_cast<uint64_t>(n_));  // marking, the key, the scan for `normal`
  const auto& reach = pulls_.flood(occupied_, player);
  if (boxes.empty()) return reach[board_.startPlayer()] == pulls_.floodStamp();
  if (overExactBudget()) return false;
  Square normal = player;
  for (int s = 0; s < n_; ++s)
    if (reach[s] == pulls_.floodStamp()) {
      normal = static_cast<Square>(s);
      break;
    }
  std::string key;
  for (int s = 0; s < n_; ++s) key.push_back(static_cast<char>(occupied_[s] | (stay[s] << 1)));
  key.append(reinterpret_cast<const char*>(&normal), sizeof(normal));
  if (!exactSeen_.insert(std::move(key)).second) return false;
  struct Candidate {
    bool stays;  // the box is on a start square already
    uint16_t pulls;
    int depth;
    size_t box;
    BoxPulls::Reached r;
  };
  std::vector<Candidate> candidates;
  std::vector<BoxPulls::Reached> all;
  for (size_t i = 0; i < boxes.size(); ++i) {
    const Box b = boxes[i];
    if (start_[b.at])
      candidates.push_back({true, 0, depth_[b.goal], i, {b.at, player, 0, kNoSquare}});
    all.clear();
    pulls_.collect(occupied_, b.at, player, all);
    for (const auto& r : all)
      if (r.to != b.at && start_[r.to])
        candidates.push_back({false, r.pulls, depth_[b.goal], i, r});
  }
  std::stable_sort(
      candidates.begin(), candidates.end(), [](const Candidate& x, const Candidate& y) {
        return std::tuple(x.stays, x.pulls, x.depth) < std::tuple(y.stays, y.pulls, y.depth);
      });
  for (const Candidate& c : candidates) {
    const Box b = boxes[c.box];
    a.emptied.push_back(b.goal);
    a.entry[b.goal] = c.r.first;
    stay[c.r.to] = 1;
    boxes.erase(boxes.begin() + static_cast<long>(c.box));
    if (exact(a, boxes, stay, c.stays ? player : c.r.player)) return true;
    boxes.insert(boxes.begin() + static_cast<long>(c.box), b);
    stay[c.r.to] = 0;
    a.entry[b.goal] = kNoSquare;
    a.emptied.pop_back();
    if (overExactBudget()) return false;
  }
  return false;
}

}  // namespace soko
