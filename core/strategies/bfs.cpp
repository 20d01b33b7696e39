#include "bfs.h"

#include <algorithm>

#include "../board.h"
#include "../search/dead_squares.h"
#include "../search/node_store.h"
#include "../search/reach.h"
#include "../search/solution.h"
#include "../search/zobrist.h"

namespace soko {
namespace {

class BfsStrategy : public Strategy {
 public:
  BfsStrategy(const Level& level, uint64_t budget)
      : board_(level),
        zobrist_(board_.squareCount()),
        store_(board_.boxCount(), budget),
        reach_(board_),
        dead_(pushDeadSquares(board_)),
        occupied_(board_.squareCount(), 0) {}

  SolveStatus run(const Deadline& deadline) override {
    if (!board_.tooLarge().empty()) {
      message_ = board_.tooLarge();
      return SolveStatus::Declined;
    }
    if (store_.size() == 0) {
      const auto& boxes = board_.startBoxes();
      if (!insert(boxes.data(), board_.startPlayer(), NodeStore::kNone, 0)) return SolveStatus::OutOfMemory;
      if (solvedIndex_ != NodeStore::kNone) return SolveStatus::Solved;
      layerEnd_ = store_.size();
    }
    while (next_ < store_.size()) {
      if ((next_ & 255) == 0 && deadline.expired()) return SolveStatus::Running;
      if (next_ == layerEnd_) {
        ++depth_;
        layerEnd_ = store_.size();
      }
      if (!expand(next_++)) return SolveStatus::OutOfMemory;
      ++nodes_;
      if (solvedIndex_ != NodeStore::kNone) return SolveStatus::Solved;
    }
    message_ = "every position reachable by pushes was searched";
    return SolveStatus::Unsolvable;
  }

  std::string solution() const override {
    std::vector<PushStep> pushes;
    for (uint32_t i = solvedIndex_; store_.parent(i) != NodeStore::kNone; i = store_.parent(i)) {
      uint32_t m = store_.move(i);
      pushes.push_back({board_.cellOf(static_cast<Square>(m >> 2)), static_cast<Direction>(m & 3)});
    }
    std::reverse(pushes.begin(), pushes.end());
    return pushesToLurd(board_.level(), pushes).value_or("");
  }

  SearchStats stats() const override {
    SearchStats s;
    s.nodes = nodes_;
    s.stored = store_.size();
    s.memoryBytes = store_.memoryBytes();
    s.depth = depth_;
    return s;
  }

  std::string message() const override { return message_; }

 private:
  // Adds a position (player not yet normalised); false when memory is out.
  bool insert(const Square* boxes, Square player, uint32_t parent, uint32_t move) {
    const int n = board_.boxCount();
    for (int i = 0; i < n; ++i) occupied_[boxes[i]] = 1;
    Square normal = reach_.fill(occupied_, player);
    for (int i = 0; i < n; ++i) occupied_[boxes[i]] = 0;
    uint64_t key = zobrist_.boxes(boxes, n) ^ zobrist_.player(normal);
    NodeStore::Insert r = store_.insert(boxes, normal, key, parent, move);
    if (r.full) return false;
    if (r.inserted && std::all_of(boxes, boxes + n, [&](Square s) { return board_.isGoal(s); }))
      solvedIndex_ = r.index;
    return true;
  }

  bool expand(uint32_t index) {
    const int n = board_.boxCount();
    current_.assign(store_.boxes(index), store_.boxes(index) + n);
    for (Square b : current_) occupied_[b] = 1;
    reach_.fill(occupied_, store_.player(index));
    // Collect the pushes first: insert() reuses the reach marks.
    pushes_.clear();
    for (int i = 0; i < n; ++i) {
      for (Direction d : kDirections) {
        Square from = board_.neighbor(current_[i], opposite(d));
        Square to = board_.neighbor(current_[i], d);
        if (from == kNoSquare || to == kNoSquare || occupied_[to] || dead_[to] || !reach_.reachable(from)) continue;
        pushes_.push_back({i, d});
      }
    }
    for (Square b : current_) occupied_[b] = 0;
    for (auto [i, d] : pushes_) {
      child_ = current_;
      Square box = current_[i];
      child_[i] = board_.neighbor(box, d);
      std::sort(child_.begin(), child_.end());
      if (!insert(child_.data(), box, index, (static_cast<uint32_t>(box) << 2) | static_cast<uint32_t>(d)))
        return false;
      if (solvedIndex_ != NodeStore::kNone) return true;
    }
    return true;
  }

  Board board_;
  Zobrist zobrist_;
  NodeStore store_;
  Reach reach_;
  std::vector<uint8_t> dead_;
  std::vector<uint8_t> occupied_;  // [square] scratch, all zero between calls
  std::vector<Square> current_, child_;
  std::vector<std::pair<int, Direction>> pushes_;
  uint32_t next_ = 0, layerEnd_ = 0;
  uint32_t solvedIndex_ = NodeStore::kNone;
  uint64_t nodes_ = 0;
  int depth_ = 0;
  std::string message_;
};

}  // namespace

std::unique_ptr<Strategy> makeBfsStrategy(const Level& level, uint64_t memoryBudgetBytes) {
  return std::make_unique<BfsStrategy>(level, memoryBudgetBytes);
}

}  // namespace soko
