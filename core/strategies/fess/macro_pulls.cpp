#include "macro_pulls.h"

#include <algorithm>

#include "analysis/reach.h"

namespace soko {

MacroPulls::MacroPulls(const Board& board, const std::vector<uint8_t>& blocked)
    : board_(board),
      blocked_(blocked),
      stateStamp_(static_cast<size_t>(board.squareCount()) * 4, 0),
      depth_(static_cast<size_t>(board.squareCount()) * 4, 0),
      floodMark_(board.squareCount(), 0),
      stack_(board.squareCount() + 1) {}

uint64_t MacroPulls::memoryBytes() const {
  return stateStamp_.size() * (4 + 2) + floodMark_.size() * 4 + queue_.capacity() * 4 +
         stack_.capacity() * sizeof(Square);
}

Square MacroPulls::flood(const std::vector<uint8_t>& occupied, Square box, Square start) {
  if (++floodStamp_ == 0) std::fill(floodMark_.begin(), floodMark_.end(), 0), floodStamp_ = 1;
  const uint32_t stamp = floodStamp_;
  const uint8_t* const occ = occupied.data();
  Square smallest = start;
  floodMark_[start] = stamp;
  floodMarked(
      board_, start, floodMark_.data(), stamp, stack_.data(),
      [occ, box](Square n, Direction) { return n != box && !occ[n]; },
      [&smallest](Square n) {
        smallest = std::min(smallest, n);
        return false;
      });
  return smallest;
}

void MacroPulls::generateFor(int index, const std::vector<Square>& boxes,
                             std::vector<uint8_t>& occupied, const Regions& regions,
                             int playerRegion, std::vector<MacroPull>& out) {
  const Square origin = boxes[index];
  if (++stamp_ == 0) std::fill(stateStamp_.begin(), stateStamp_.end(), 0), stamp_ = 1;
  queue_.clear();
  // The sides of the box the player reaches in the position itself.
  for (Direction d : kDirections) {
    const Square n = board_.neighbor(origin, d);
    if (n == kNoSquare || occupied[n] || regions.regionOf(n) != playerRegion) continue;
    const uint32_t state = static_cast<uint32_t>(origin) * 4 + static_cast<uint32_t>(d);
    stateStamp_[state] = stamp_;
    depth_[state] = 0;
    queue_.push_back(state);
  }
  occupied[origin] = 0;  // the moving box is `box` below
  for (size_t head = 0; head < queue_.size(); ++head) {
    const uint32_t state = queue_[head];
    const Square box = static_cast<Square>(state / 4);
    const Direction d = static_cast<Direction>(state % 4);
    const Square to = board_.neighbor(box, d);   // the player's square: the box goes there
    const Square back = board_.neighbor(to, d);  // and the player one further
    if (back == kNoSquare || occupied[back] || back == box || blocked_[to]) continue;
    const uint32_t arrived = static_cast<uint32_t>(to) * 4 + static_cast<uint32_t>(d);
    if (stateStamp_[arrived] == stamp_) continue;
    // A new (square, part) state: the player's part round the box there
    // gives every side reached at once.
    const Square normal = flood(occupied, to, back);
    const uint16_t pulls = static_cast<uint16_t>(depth_[state] + 1);
    for (Direction side : kDirections) {
      const Square n = board_.neighbor(to, side);
      if (n == kNoSquare || floodMark_[n] != floodStamp_) continue;
      const uint32_t s = static_cast<uint32_t>(to) * 4 + static_cast<uint32_t>(side);
      if (stateStamp_[s] == stamp_) continue;
      stateStamp_[s] = stamp_;
      depth_[s] = pulls;
      queue_.push_back(s);
    }
    if (to != origin)
      out.push_back({static_cast<uint16_t>(index), origin, to, back, normal, pulls});
  }
  occupied[origin] = 1;
}

}  // namespace soko
