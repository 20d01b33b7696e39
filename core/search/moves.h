// The moves of one position for a search over box moves: pushes for forward
// searches (from the start to the goals), pulls for reverse ones (from the
// goals back to the start). A pull is a push played backwards: the player
// stands next to the box, steps away and drags the box one square after it.
//
//   push right:  @$_  ->  _@$        pull left:  _@$  ->  @$_
//
// Shared by every breadth-first and best-first strategy, so each rule is
// written once: which squares the player reaches, which moves are legal,
// the children's sorted box lists and the normalised player square used in
// duplicate checks (the smallest square the player can reach).
#pragma once

#include <cstdint>
#include <vector>

#include "analysis/board.h"
#include "analysis/reach.h"

namespace soko {

enum class MoveMode : uint8_t { Push, Pull };

struct BoxMove {
  int box;        // index into the loaded position's sorted box list
  Direction dir;  // where the box goes
  int walk = 0;   // fewest player steps to the square the move starts from (load with distances)
};

// A move as stored with a node: the box's square before it and the direction.
inline uint32_t encodeMove(Square box, Direction d) {
  return (static_cast<uint32_t>(box) << 2) | static_cast<uint32_t>(d);
}
inline Square movedBox(uint32_t code) { return static_cast<Square>(code >> 2); }
inline Direction movedDir(uint32_t code) { return static_cast<Direction>(code & 3); }

class MoveGenerator {
 public:
  // `dead[s]` != 0: never move a box onto s (may be empty: none).
  MoveGenerator(const Board& board, MoveMode mode, std::vector<uint8_t> dead);

  MoveMode mode() const { return mode_; }
  int boxCount() const { return boxCount_; }

  // Sets the position (boxes sorted) and lists its legal moves. With
  // `distances`, each move also gets the player's walk to its start square.
  // `count` boxes (default: the board's count; fewer for the sink variant,
  // where pushed-in stones are gone).
  void load(const Square* boxes, Square player, bool distances = false, int count = -1);
  int loadedCount() const { return active_; }
  const std::vector<BoxMove>& moves() const { return moves_; }
  const Square* boxes() const { return boxes_.data(); }
  bool reachable(Square s) const { return reach_.reachable(s); }  // in the loaded position

  // The position after move m of the loaded one: boxes sorted into `out`;
  // returns the player's square after the move, `to` is the box's new square.
  Square child(const BoxMove& m, Square* out, Square& to) const;
  uint32_t code(const BoxMove& m) const { return encodeMove(boxes_[m.box], m.dir); }

  // The smallest square the player reaches in a position. Afterwards
  // reachable() and occupied() describe that position until the next call.
  Square normalise(const Square* boxes, Square player, int count = -1);
  // [square] 1 where a box of the last normalise()d position stands.
  const std::vector<uint8_t>& occupied() const { return occupied_; }
  const Reach& reach() const { return reach_; }

 private:
  void mark(const Square* boxes, int count, uint8_t value);
  void setBoxes(const Square* boxes, int count);  // in occupied_

  const Board& board_;
  MoveMode mode_;
  int boxCount_;
  int active_;  // boxes in the loaded position
  int markedCount_ = 0;
  std::vector<uint8_t> dead_;
  Reach reach_;
  std::vector<uint8_t> occupied_;  // [square] boxes of the last normalised position
  std::vector<Square> boxes_;      // the loaded position
  std::vector<Square> marked_;     // the boxes set in occupied_
  std::vector<BoxMove> moves_;
  std::vector<int32_t> walk_;  // [square] player steps, read only where reachable
};

}  // namespace soko
