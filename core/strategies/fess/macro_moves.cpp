#include "macro_moves.h"

#include <algorithm>
#include <utility>

#include "analysis/box_sides.h"
#include "analysis/reach.h"

namespace soko {

MacroMoves::MacroMoves(const Board& board, const std::vector<uint8_t>& dead,
                       std::vector<uint8_t> noStop)
    : board_(board),
      dead_(dead),
      noStop_(std::move(noStop)),
      stateStamp_(static_cast<size_t>(board.squareCount()) * 4, 0),
      parent_(static_cast<size_t>(board.squareCount()) * 4, -1),
      depth_(static_cast<size_t>(board.squareCount()) * 4, 0),
      floodMark_(board.squareCount(), 0),
      stack_(board.squareCount() + 1),
      cuts_(board) {}

uint64_t MacroMoves::memoryBytes() const {
  return stateStamp_.size() * (4 + 4 + 2) + floodMark_.size() * 4 + queue_.capacity() * 4 +
         stack_.capacity() * 2 + reachScratch_.capacity() + noStop_.size() +
         board_.squareCount() * 20ull;
}

template <class Visit>
uint32_t MacroMoves::floodUntil(const std::vector<uint8_t>& occupied, Square box, Square start,
                                Visit visit) {
  if (++floodStamp_ == 0) std::fill(floodMark_.begin(), floodMark_.end(), 0), floodStamp_ = 1;
  const uint32_t stamp = floodStamp_;
  const uint8_t* const occ = occupied.data();
  floodMark_[start] = stamp;
  floodMarked(
      board_, start, floodMark_.data(), stamp, stack_.data(),
      [occ, box](Square n, Direction) { return n != box && !occ[n]; }, visit);
  return stamp;
}

uint32_t MacroMoves::flood(const std::vector<uint8_t>& occupied, Square box, Square start) {
  return floodUntil(occupied, box, start, [](Square) { return false; });
}

unsigned MacroMoves::sidesReached(const std::vector<uint8_t>& occupied, Square box, Square start,
                                  Square& smallest) {
  smallest = kNoSquare;
  // Sides meeting round a corner settle most boxes without a flood.
  const BoxSides around(board_, box, occupied);
  const unsigned open = around.open;
  int startDir = 0;
  for (int d = 0; d < 4; ++d)
    if (around.nb[d] == start) startDir = d;
  if (around.joined(startDir) == open) return open;
  // On its own square the box stands as in the labelled position: its
  // regions answer (most cut square numberings were for this alone).
  if (labelled_ && box == searchFrom_) {
    const int mine = labelled_->regionOf(start);
    unsigned joined = 0;
    for (int d = 0; d < 4; ++d)
      if ((open >> d & 1) && labelled_->regionOf(around.nb[d]) == mine) joined |= 1u << d;
    if (joined != open) smallest = labelled_->smallest(start);
    return joined;
  }
  // Otherwise ask the cut squares of the position (numbered once for all
  // its boxes, with the searched box's own square freed in the question).
  if (!cutsBuilt_) cuts_.build(occupied, searchFrom_), cutsBuilt_ = true;
  return cuts_.sides(box, start, open, smallest, searchFrom_);
}

template <class InRegion>
Square MacroMoves::startSide(Square from, InRegion inRegion) const {
  for (Direction d : kDirections) {
    Square n = board_.neighbor(from, d);
    if (n != kNoSquare && inRegion(n)) return n;
  }
  return kNoSquare;
}

int MacroMoves::search(Square from, std::vector<uint8_t>& occupied, Square side,
                       std::vector<MacroPush>* out, uint16_t boxIndex, Square wantTo,
                       Square wantPlayer) {
  if (++stamp_ == 0) std::fill(stateStamp_.begin(), stateStamp_.end(), 0), stamp_ = 1;
  occupied[from] = 0;  // the moving box is tracked apart
  searchFrom_ = from;
  queue_.clear();
  // Start: the sides of the box the player reaches now. They are all in one
  // region (the player's), so one state covers them.
  for (Direction d : kDirections) {
    if (side != kNoSquare && board_.neighbor(from, d) == side) {
      uint32_t st = from * 4u + static_cast<uint32_t>(d);
      queue_.push_back(st);
      parent_[st] = -1;
      depth_[st] = 0;
    }
  }
  int found = -1;
  for (size_t head = 0; head < queue_.size(); ++head) {
    uint32_t st = queue_[head];
    if (stateStamp_[st] == stamp_) continue;  // covered by an earlier flood
    Square s = static_cast<Square>(st / 4);
    Square side = board_.neighbor(s, static_cast<Direction>(st % 4));
    Square smallest;
    const unsigned reached = sidesReached(occupied, s, side, smallest);
    // Mark every side in this region as visited, with this state's path.
    for (int d = 0; d < 4; ++d) {
      if (!(reached >> d & 1)) continue;
      uint32_t other = s * 4u + static_cast<uint32_t>(d);
      stateStamp_[other] = stamp_;
      if (other != st) parent_[other] = parent_[st], depth_[other] = depth_[st];
    }
    if (head > 0 || s != from) {
      if (wantTo != kNoSquare) {
        if (s == wantTo) {
          const uint32_t fl = flood(occupied, s, side);
          if (floodMark_[wantPlayer] == fl) {
            found = static_cast<int>(st);
            break;
          }
        }
      } else if (out && (noStop_.empty() || !noStop_[s])) {
        out->push_back(
            {boxIndex, from, s, side, depth_[st], static_cast<uint8_t>(reached), smallest});
      }
    }
    for (Direction d : kDirections) {
      if (!(reached >> static_cast<int>(d) & 1)) continue;  // the player cannot get behind
      Direction e = opposite(d);
      Square to = board_.neighbor(s, e);
      if (to == kNoSquare || occupied[to] || dead_[to]) continue;
      uint32_t next = to * 4u + static_cast<uint32_t>(d);  // the player ends on s, side d of `to`
      if (stateStamp_[next] == stamp_) continue;
      parent_[next] = static_cast<int32_t>(st);
      depth_[next] = static_cast<uint16_t>(depth_[st] + 1);
      queue_.push_back(next);
    }
  }
  occupied[from] = 1;
  return found;
}

void MacroMoves::generateBox(int index, const std::vector<Square>& boxes,
                             std::vector<uint8_t>& occupied,
                             const std::vector<uint8_t>& playerReach, std::vector<MacroPush>& out) {
  Square side = startSide(boxes[index], [&](Square n) { return playerReach[n] != 0; });
  search(boxes[index], occupied, side, &out, static_cast<uint16_t>(index), kNoSquare, kNoSquare);
}

void MacroMoves::generate(const std::vector<Square>& boxes, std::vector<uint8_t>& occupied,
                          const Regions& regions, Square player, std::vector<MacroPush>& out,
                          const std::vector<uint8_t>* only) {
  startPosition(regions, player);
  for (int i = 0; i < static_cast<int>(boxes.size()); ++i)
    generateFor(i, boxes, occupied, out, only);
  endPosition();
}

void MacroMoves::startPosition(const Regions& regions, Square player) {
  labelled_ = &regions;
  playerRegion_ = regions.regionOf(player);
  cutsBuilt_ = false;  // a new position
}

void MacroMoves::generateFor(int index, const std::vector<Square>& boxes,
                             std::vector<uint8_t>& occupied, std::vector<MacroPush>& out,
                             const std::vector<uint8_t>* only) {
  if (only && !(*only)[boxes[index]]) return;
  const Regions& regions = *labelled_;
  const int region = playerRegion_;
  Square side = startSide(boxes[index], [&](Square n) { return regions.regionOf(n) == region; });
  search(boxes[index], occupied, side, &out, static_cast<uint16_t>(index), kNoSquare, kNoSquare);
}

void MacroMoves::generate(const std::vector<Square>& boxes, std::vector<uint8_t>& occupied,
                          Square player, std::vector<MacroPush>& out,
                          const std::vector<uint8_t>* only) {
  cutsBuilt_ = false;  // a new position
  reachScratch_.assign(board_.squareCount(), 0);
  uint32_t fl = flood(occupied, kNoSquare, player);
  for (int s = 0; s < board_.squareCount(); ++s) reachScratch_[s] = floodMark_[s] == fl;
  for (int i = 0; i < static_cast<int>(boxes.size()); ++i)
    if (!only || (*only)[boxes[i]]) generateBox(i, boxes, occupied, reachScratch_, out);
}

std::vector<MacroMoves::Step> MacroMoves::path(std::vector<uint8_t>& occupied, Square player,
                                               Square from, Square to, Square playerEnd) {
  cutsBuilt_ = false;  // a new position
  std::vector<uint8_t> reach(board_.squareCount(), 0);
  uint32_t fl = flood(occupied, kNoSquare, player);
  for (int s = 0; s < board_.squareCount(); ++s) reach[s] = floodMark_[s] == fl;
  Square side = startSide(from, [&](Square n) { return reach[n] != 0; });
  int st = search(from, occupied, side, nullptr, 0, to, playerEnd);
  std::vector<Step> steps;
  if (st < 0) return steps;
  // Walk back: each state was entered by pushing from its parent's square.
  for (int cur = st; parent_[cur] >= 0; cur = parent_[cur]) {
    Square s = static_cast<Square>(cur / 4);
    Square prev = static_cast<Square>(parent_[cur] / 4);
    Direction d = opposite(static_cast<Direction>(cur % 4));  // the push direction
    (void)s;
    steps.push_back({prev, d});
  }
  std::reverse(steps.begin(), steps.end());
  return steps;
}

}  // namespace soko
