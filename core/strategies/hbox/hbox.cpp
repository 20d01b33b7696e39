#include "hbox.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <cstring>
#include <new>
#ifdef __linux__
#include <sys/mman.h>
#endif

#include "analysis/board.h"
#include "preparation.h"
#include "game.h"
#include "search/bucket_queue.h"
#include "bounds/hungarian.h"
#include "analysis/pull_distances.h"
#include "search/meeting.h"
#include "search/solution.h"
#include "analysis/zobrist.h"
#include "hbox_rules.h"

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

namespace {

constexpr int kMaxPriority = 60;       // pri1..pri6 are clamped to 0..60
constexpr int kSecondaryLevels = 2048;  // pri0 is clamped to 0..2047
constexpr uint32_t kNone = 0xFFFFFFFF;

// A zeroed array of big, randomly accessed data (the hash slots). On Linux
// it asks for transparent huge pages: with millions of positions nearly every
// probe misses the TLB otherwise.
class SlotArray {
 public:
  SlotArray() = default;
  SlotArray(const SlotArray&) = delete;
  SlotArray& operator=(const SlotArray&) = delete;
  SlotArray(SlotArray&& o) noexcept : data_(o.data_), size_(o.size_) { o.data_ = nullptr, o.size_ = 0; }
  SlotArray& operator=(SlotArray&& o) noexcept {
    std::swap(data_, o.data_);
    std::swap(size_, o.size_);
    return *this;
  }
  ~SlotArray() { std::free(data_); }

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  uint32_t& operator[](size_t i) { return data_[i]; }
  uint32_t operator[](size_t i) const { return data_[i]; }
  const uint32_t* data() const { return data_; }
  void reset(size_t n) {  // n zeroed slots; the old ones are freed first
    std::free(data_);
    data_ = nullptr;
    size_ = 0;
    constexpr size_t kHuge = size_t(2) << 20;
    size_t bytes = n * sizeof(uint32_t);
    if (bytes >= kHuge) {
      bytes = (bytes + kHuge - 1) / kHuge * kHuge;
      data_ = static_cast<uint32_t*>(std::aligned_alloc(kHuge, bytes));
#ifdef MADV_HUGEPAGE
      if (data_) madvise(data_, bytes, MADV_HUGEPAGE);
#endif
    } else {
      data_ = static_cast<uint32_t*>(std::malloc(bytes));
    }
    if (!data_) throw std::bad_alloc();
    std::memset(data_, 0, n * sizeof(uint32_t));
    size_ = n;
  }

 private:
  uint32_t* data_ = nullptr;
  size_t size_ = 0;
};

// Every position seen, in 64K-record chunks (no copying as it grows), found
// again through an open-addressing table of record indices. A record is a
// 17-byte header and the packed sorted box squares plus the normalised
// puller square, one byte each when the board has at most 256 squares.
class PositionStore {
 public:
  static constexpr int kChunkBits = 16;
  static constexpr uint32_t kChunk = 1u << kChunkBits;
  // Header layout.
  static constexpr int kParent = 0, kMove = 4, kMoves = 8, kPulls = 12, kHunEst = 14, kFlags = 16, kHeader = 17;

  PositionStore(int boxes, int squareBytes)
      : boxes_(boxes), squareBytes_(squareBytes), packedBytes_((boxes + 1) * squareBytes),
        recordBytes_(kHeader + packedBytes_) {}

  uint32_t size() const { return size_; }
  int packedBytes() const { return packedBytes_; }
  uint8_t* record(uint32_t i) { return chunks_[i >> kChunkBits].get() + size_t(i & (kChunk - 1)) * recordBytes_; }
  const uint8_t* record(uint32_t i) const {
    return chunks_[i >> kChunkBits].get() + size_t(i & (kChunk - 1)) * recordBytes_;
  }
  uint64_t memoryBytes() const {
    return uint64_t(chunks_.size()) * kChunk * recordBytes_ + slots_.size() * sizeof(uint32_t);
  }
  // Bytes the next insert may allocate at most.
  uint64_t nextGrowthBytes() const {
    uint64_t b = 0;
    if (size_ == chunks_.size() * kChunk) b += uint64_t(kChunk) * recordBytes_;
    if ((size_ + 1) * 2 > slots_.size()) b += std::max<uint64_t>(slots_.size() * 2, 1 << 16) * sizeof(uint32_t);
    return b;
  }

  void pack(uint8_t* out, const Square* boxes, Square player) const {
    if (squareBytes_ == 1) {
      for (int i = 0; i < boxes_; ++i) out[i] = static_cast<uint8_t>(boxes[i]);
      out[boxes_] = static_cast<uint8_t>(player);
    } else {
      std::memcpy(out, boxes, boxes_ * sizeof(Square));
      std::memcpy(out + boxes_ * sizeof(Square), &player, sizeof(Square));
    }
  }
  void unpack(const uint8_t* in, Square* boxes, Square& player) const {
    if (squareBytes_ == 1) {
      for (int i = 0; i < boxes_; ++i) boxes[i] = in[i];
      player = in[boxes_];
    } else {
      std::memcpy(boxes, in, boxes_ * sizeof(Square));
      std::memcpy(&player, in + boxes_ * sizeof(Square), sizeof(Square));
    }
  }

  // The index of the packed position, or kNone.
  uint32_t find(const uint8_t* packed, uint64_t key) const {
    if (slots_.empty()) return kNone;
    const size_t mask = slots_.size() - 1;
    const uint32_t tag = tagOf(key);
    for (size_t at = mix(key) & mask; slots_[at]; at = (at + 1) & mask) {
      uint32_t slot = slots_[at];
      if ((slot & ~kIndexMask) != tag) continue;  // cheap filter before touching the record
      uint32_t i = (slot & kIndexMask) - 1;
      if (same(record(i) + kHeader, packed)) return i;
    }
    return kNone;
  }
  // Adds a position known to be absent; the caller checked full() and nextGrowthBytes().
  uint32_t add(const uint8_t* packed, uint64_t key, const Zobrist& z) {
    if ((size_ + 1) * 2 > slots_.size()) rehash(std::max<size_t>(slots_.size() * 2, 1 << 16), z);
    if (size_ == chunks_.size() * kChunk) chunks_.emplace_back(new uint8_t[size_t(kChunk) * recordBytes_]);
    uint32_t i = size_++;
    uint8_t* r = record(i);
    std::memset(r, 0, kHeader);
    std::memcpy(r + kHeader, packed, packedBytes_);
    place(i, key);
    return i;
  }
  void prefetch(uint64_t key) const {
    if (!slots_.empty()) __builtin_prefetch(slots_.data() + (mix(key) & (slots_.size() - 1)));
  }
  // Slots hold an index in their low bits, so the store has a size limit.
  bool full() const { return size_ + 1 >= kIndexMask; }

 private:
  // A slot: record index + 1 in the low 27 bits (0 = empty), 5 bits of the key above.
  static constexpr uint32_t kIndexMask = (1u << 27) - 1;
  static uint64_t mix(uint64_t key) { return key ^ (key >> 29); }
  static uint32_t tagOf(uint64_t key) { return static_cast<uint32_t>(key >> 59) << 27; }
  bool same(const uint8_t* a, const uint8_t* b) const {
    for (int k = 0; k < packedBytes_; ++k)
      if (a[k] != b[k]) return false;
    return true;
  }
  void place(uint32_t i, uint64_t key) {
    const size_t mask = slots_.size() - 1;
    size_t at = mix(key) & mask;
    while (slots_[at]) at = (at + 1) & mask;
    slots_[at] = (i + 1) | tagOf(key);
  }
  void rehash(size_t newSize, const Zobrist& z) {
    slots_.reset(newSize);
    std::vector<Square> boxes(boxes_);
    for (uint32_t i = 0; i < size_; ++i) {
      Square player;
      unpack(record(i) + kHeader, boxes.data(), player);
      place(i, z.boxes(boxes.data(), boxes_) ^ z.player(player));
    }
  }

  int boxes_, squareBytes_, packedBytes_, recordBytes_;
  std::vector<std::unique_ptr<uint8_t[]>> chunks_;
  SlotArray slots_;  // see kIndexMask; load <= 1/2
  uint32_t size_ = 0;
};

template <typename T>
T load(const uint8_t* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return v;
}
template <typename T>
void store(uint8_t* p, T v) {
  std::memcpy(p, &v, sizeof(T));
}

// What the search knows about a position besides its boxes.
struct Evaluation {
  std::array<int, 7> pri{};  // pri[1..6]
  int hunEst = 0;
  Square normal = kNoSquare;  // smallest square of the puller's region
  bool anyPull = false;       // some pull can be made from the puller's region
  bool reachesStart = false;  // the real player start lies in the puller's region
  int corrals = 1;            // connected floor areas between the boxes (when pri2 is used)
};

class HboxStrategy : public Strategy, public MeetingSide {
 public:
  HboxStrategy(const Level& level, const SolverOptions& options, const HboxMethod& method)
      : method_(method),
        board_(level),
        n_(board_.boxCount()),
        targets_(board_.startBoxes()),
        zobrist_(board_.squareCount()),
        store_(n_, board_.squareCount() <= 256 ? 1 : 2),
        budget_(options.memoryBudgetBytes) {
    for (int k = 1; k <= 6; ++k)
      if (method_.queue[k]) active_.push_back(k);
  }

  bool setMemoryBudget(uint64_t bytes) override {
    budget_ = bytes;
    return true;
  }

  SolveStatus run(const Deadline& deadline) override {
    if (!started_) {
      if (!pd_) {
        const SolveStatus s = admit();
        if (s != SolveStatus::Running) return finished_ = s;
        pd_ = std::make_unique<PullDistances>(board_, targets_, true);
      }
      // The pull distances a target at a time, in the slices (preparation.h).
      while (!pd_->buildPiece())
        if (deadline.expired()) return SolveStatus::Running;
      started_ = true;
      SolveStatus s = start();
      if (s != SolveStatus::Running) return finished_ = s;
    }
    if (finished_ != SolveStatus::Running) return finished_;
    for (;;) {
      if (deadline.reached(nodes_)) return SolveStatus::Running;
      if ((nodes_ & 127) == 0 && memoryBytes() + store_.nextGrowthBytes() + kMemoryMargin > budget_)
        return finished_ = SolveStatus::OutOfMemory;
      uint32_t id;
      const bool popped = popNext(id);
      if (!popped && strictGuard_ && prunedHeuristically_) {
        // The seed's guard cut every way: search again with the milder one.
        strictGuard_ = false;
        prunedHeuristically_ = false;
        reset();
        SolveStatus s = start();
        if (s != SolveStatus::Running) return finished_ = s;
        continue;
      }
      if (!popped) {
        message_ = prunedHeuristically_
                       ? "every position was searched (hbox's puller-deadlock guard prunes, so this is no proof)"
                       : "every position reachable by pulls was searched";
        return finished_ = SolveStatus::Unsolvable;
      }
      SolveStatus s = expand(id);
      ++nodes_;
      if (s != SolveStatus::Running) return finished_ = s;
    }
  }

  std::string solution() const override {
    if (met()) return met_;
    if (solvedIndex_ == kNone) return "";
    return pushesToLurd(board_.level(), pathPushes(solvedIndex_)).value_or("");
  }

  MeetingSide* meetingSide() override { return this; }
  uint32_t findPosition(const Square* sortedBoxes, Square normal, uint64_t key) const override {
    if (store_.size() == 0) return kNotFound;
    lookup_.resize(store_.packedBytes());
    store_.pack(lookup_.data(), sortedBoxes, normal);
    const uint32_t i = store_.find(lookup_.data(), key);
    return i == kNone ? kNotFound : i;
  }
  void prefetchPosition(uint64_t key) const override { store_.prefetch(key); }
  // The pulls from the solved position to stored position i, last first,
  // are the pushes from i to the solved position.
  std::vector<PushStep> pathPushes(uint32_t i) const override {
    std::vector<PushStep> pushes;
    for (;;) {
      const uint8_t* r = store_.record(i);
      uint32_t move = load<uint32_t>(r + PositionStore::kMove);
      if (move == kNone) break;
      Square from = static_cast<Square>(move >> 2);
      Direction d = static_cast<Direction>(move & 3);
      Square to = board_.neighbor(from, d);
      pushes.push_back({board_.cellOf(to), opposite(d)});
      i = load<uint32_t>(r + PositionStore::kParent);
    }
    return pushes;
  }

  SearchStats stats() const override {
    SearchStats s;
    s.nodes = nodes_;
    s.stored = store_.size();
    s.memoryBytes = memoryBytes();
    s.depth = depth_;
    s.bestBound = bestHunEst_;
    return s;
  }

  std::string message() const override { return met() ? "met the forward search" : message_; }

 private:
  static constexpr uint64_t kMemoryMargin = 32ull << 20;  // room for a queue bucket to grow

  // Queue k's key ranges: pri1..pri6 with pri0 to break ties; unused ones (and 0) a single bucket.
  int queueLevels(int k) const { return k == 0 || !method_.queue[k] ? 1 : kMaxPriority + 1; }
  int queueSecondaryLevels(int k) const { return k == 0 || !method_.queue[k] ? 1 : kSecondaryLevels; }

  uint64_t memoryBytes() const {
    uint64_t b = store_.memoryBytes() + fixedBytes_;
    for (const BucketQueue& q : queues_) b += q.memoryBytes();
    return b;
  }

  // Forgets every position and queue entry (the analysis stays).
  void reset() {
    store_ = PositionStore(n_, board_.squareCount() <= 256 ? 1 : 2);
    queues_.clear();
    active_.clear();
    for (int k = 1; k <= 6; ++k)
      if (method_.queue[k]) active_.push_back(k);
    turn_ = 0;
    halfwayTracker_ = HalfwayTracker(n_);
    halfway_ = false;
    bestHunEst_ = -1;
  }

  // Whether hbox can search the level at all (Declined or Solved at once if not).
  SolveStatus admit() {
    if (!board_.tooLarge().empty()) {
      message_ = board_.tooLarge();
      return SolveStatus::Declined;
    }
    if (board_.level().goalCount() != n_) {
      message_ = "hbox needs as many goals as boxes";
      return SolveStatus::Declined;
    }
    if (n_ == 0 || board_.level().solved()) {
      solvedIndex_ = kNone;  // the empty solution
      return SolveStatus::Solved;
    }
    const int squares = board_.squareCount();
    // The tables below come before any position: refuse a budget they would pass.
    fixedBytes_ = uint64_t(squares) * (n_ * 8 + 24);  // pull distances, match costs, scratch
    uint64_t tables = fixedBytes_;
    for (int k = 0; k < 7; ++k) tables += BucketQueue::fixedBytesFor(queueLevels(k), queueSecondaryLevels(k));
    if (tables + kMemoryMargin > budget_) {
      message_ = tooLargeForBudget("hbox's tables for " + countText(n_) + " boxes on " + countText(squares) + " squares",
                                   tables + kMemoryMargin, budget_);
      return SolveStatus::Declined;
    }
    return SolveStatus::Running;
  }

  // Once the pull distances are built: the rest of the tables, and the
  // first positions.
  SolveStatus start() {
    const int squares = board_.squareCount();
    doorway_ = doorwaySquares(board_);
    buildMatchCosts();
    isTarget_.assign(squares, 0);
    for (Square t : targets_) isTarget_[t] = 1;
    occupied_.assign(squares, 0);
    mark_.assign(squares, 0);
    dist_.assign(squares, 0);
    label_.assign(squares, kNoArea);
    stack_.reserve(squares);
    cur_.resize(n_);
    child_.resize(n_);
    sorted_.resize(n_);
    rows_.resize(n_);
    packed_.resize(store_.packedBytes());
    hp_.resize(n_);
    hc_.resize(n_);
    for (int k = 0; k < 7; ++k) queues_.emplace_back(queueLevels(k), queueSecondaryLevels(k));

    // The reverse search starts with the boxes on the goals.
    const std::vector<Square>& goals = board_.goals();
    cur_.assign(goals.begin(), goals.end());
    std::sort(cur_.begin(), cur_.end());
    for (Square g : cur_) {
      if (pd_->dead(g)) {
        message_ = "a goal no box can be pushed onto";
        return SolveStatus::Unsolvable;
      }
      occupied_[g] = 1;
    }
    if (method_.hungarian) {
      for (int i = 0; i < n_; ++i) rows_[i] = matchRow(cur_[i]);
      hunEst0_ = hp_.solve(rows_.data());
      if (hunEst0_ < Hungarian::kInfinite) hunEst0_ /= tieScale_;
      if (hunEst0_ >= Hungarian::kInfinite) {
        message_ = "no one-to-one matching of goals to box starts";
        return SolveStatus::Unsolvable;
      }
      bmx0_ = squaredDistances(hp_, cur_.data());
      hc_ = hp_;
    }
    uint64_t boxKey = zobrist_.boxes(cur_.data(), n_);
    int onTargets = 0;
    for (Square b : cur_) onTargets += isTarget_[b];
    // One start per player region around the boxes on goals.
    std::vector<uint8_t> seen(squares, 0);
    for (int s = 0; s < squares; ++s) {
      if (occupied_[s] || seen[s]) continue;
      Evaluation e;
      evaluateRegion(static_cast<Square>(s), e);
      for (int q = 0; q < squares; ++q)
        if (mark_[q] == stamp_) seen[q] = 1;
      if (!e.anyPull) continue;
      if (needCorrals()) countCorrals(e);
      evaluateRest(cur_.data(), onTargets, e);
      uint32_t index;
      if (!addNode(cur_.data(), boxKey, e, kNone, kNone, 0, 0, index)) return SolveStatus::OutOfMemory;
    }
    for (Square g : cur_) occupied_[g] = 0;
    return SolveStatus::Running;
  }

  // The Hungarian costs: pull distances scaled by n+1 plus 1 where a box
  // would be matched to a target it is not standing on. The total divided by
  // n+1 is HunEst exactly, and among equally short matchings the one leaving
  // most boxes on their own targets wins, so pri1 ("boxes on their assigned
  // goal") does not depend on how ties happen to fall.
  void buildMatchCosts() {
    const int squares = board_.squareCount();
    int32_t longest = 0;
    for (int s = 0; s < squares; ++s)
      for (int j = 0; j < n_; ++j)
        if (!pd_->dead(static_cast<Square>(s)) && pd_->distance(static_cast<Square>(s), j) < PullDistances::kUnreachable)
          longest = std::max(longest, pd_->distance(static_cast<Square>(s), j));
    tieScale_ = n_ + 1;
    if (int64_t(longest + 1) * tieScale_ * n_ >= Hungarian::kInfinite / 2) tieScale_ = 1;  // no room: plain costs
    matchCost_.assign(static_cast<size_t>(squares) * n_, Hungarian::kInfinite);
    for (int s = 0; s < squares; ++s)
      for (int j = 0; j < n_; ++j) {
        int32_t d = pd_->distance(static_cast<Square>(s), j);
        if (d >= PullDistances::kUnreachable) continue;
        matchCost_[static_cast<size_t>(s) * n_ + j] =
            d * tieScale_ + (tieScale_ > 1 && targets_[j] != static_cast<Square>(s) ? 1 : 0);
      }
  }
  const int32_t* matchRow(Square s) const { return &matchCost_[static_cast<size_t>(s) * n_]; }

  int squaredDistances(const Hungarian& h, const Square* boxes) const {
    int sum = 0;
    for (int i = 0; i < n_; ++i) {
      int d = pd_->distance(boxes[i], h.columnOf(i));
      sum += d * d;
    }
    return sum;
  }

  // Floods the puller's region from `from` (marks stay valid until the next
  // flood), noting its smallest square and whether a pull can start there.
  void evaluateRegion(Square from, Evaluation& e) {
    if (++stamp_ == 0) {
      std::fill(mark_.begin(), mark_.end(), 0);
      stamp_ = 1;
    }
    Square smallest = from;
    bool anyPull = false;
    mark_[from] = stamp_;
    stack_.clear();
    stack_.push_back(from);
    while (!stack_.empty()) {
      Square s = stack_.back();
      stack_.pop_back();
      for (Direction d : kDirections) {
        Square r = board_.neighbor(s, d);
        if (r == kNoSquare || mark_[r] == stamp_) continue;
        if (occupied_[r]) {
          // A box next to the puller: pullable when the puller can step back.
          if (!anyPull) {
            Square back = board_.neighbor(s, opposite(d));
            anyPull = back != kNoSquare && !occupied_[back];
          }
          continue;
        }
        mark_[r] = stamp_;
        smallest = std::min(smallest, r);
        stack_.push_back(r);
      }
    }
    e.normal = smallest;
    e.anyPull = anyPull;
    e.reachesStart = mark_[board_.startPlayer()] == stamp_;
  }

  bool needCorrals() const { return method_.queue[2] && !halfway_; }

  // After evaluateRegion: counts the other floor areas too (marks them).
  void countCorrals(Evaluation& e) {
    int corrals = 1;
    const int squares = board_.squareCount();
    for (int s = 0; s < squares; ++s) {
      if (occupied_[s] || mark_[s] == stamp_) continue;
      ++corrals;
      mark_[s] = stamp_;
      stack_.assign(1, static_cast<Square>(s));
      while (!stack_.empty()) {
        Square q = stack_.back();
        stack_.pop_back();
        for (Direction d : kDirections) {
          Square r = board_.neighbor(q, d);
          if (r == kNoSquare || mark_[r] == stamp_ || occupied_[r]) continue;
          mark_[r] = stamp_;
          stack_.push_back(r);
        }
      }
    }
    e.corrals = corrals;
  }

  // After evaluateRegion(back) for a child whose box moved from `origin` to
  // `to`: counts the floor areas without scanning the board. Only the
  // expanded position's region R, the freed origin and the areas around it
  // can change; their squares are flooded from the squares next to `to` and
  // from origin (every piece of R minus `to` touches `to`).
  void countCorralsAfterMove(Square origin, Square to, Square back, Evaluation& e) {
    const uint16_t region = label_[back];
    uint16_t around[4];
    int others = 0;
    for (Direction a : kDirections) {
      Square x = board_.neighbor(origin, a);
      if (!freeSquare(x)) continue;
      uint16_t l = label_[x];
      if (l != region && std::find(around, around + others, l) == around + others) around[others++] = l;
    }
    int inside = 1;  // the puller's region, flooded already
    Square seeds[5];
    int count = 0;
    for (Direction a : kDirections) {
      Square x = board_.neighbor(to, a);
      if (x != origin && freeSquare(x)) seeds[count++] = x;
    }
    seeds[count++] = origin;
    for (int k = 0; k < count; ++k) {
      if (mark_[seeds[k]] == stamp_) continue;
      ++inside;
      mark_[seeds[k]] = stamp_;
      stack_.assign(1, seeds[k]);
      while (!stack_.empty()) {
        Square q = stack_.back();
        stack_.pop_back();
        for (Direction d : kDirections) {
          Square r = board_.neighbor(q, d);
          if (r == kNoSquare || mark_[r] == stamp_ || occupied_[r]) continue;
          mark_[r] = stamp_;
          stack_.push_back(r);
        }
      }
    }
    e.corrals = static_cast<int>(areaMin_.size()) - 1 - others + inside;
  }

  // Labels every floor area of the expanded position: label_[s] for free
  // squares, with each area's smallest square and whether it holds the start.
  void labelAreas() {
    const int squares = board_.squareCount();
    std::fill(label_.begin(), label_.end(), kNoArea);
    areaMin_.clear();
    areaHasStart_.clear();
    for (int s = 0; s < squares; ++s) {
      if (occupied_[s] || label_[s] != kNoArea) continue;
      uint16_t area = static_cast<uint16_t>(areaMin_.size());
      areaMin_.push_back(static_cast<Square>(s));
      bool start = false;
      label_[s] = area;
      stack_.assign(1, static_cast<Square>(s));
      while (!stack_.empty()) {
        Square q = stack_.back();
        stack_.pop_back();
        start |= q == board_.startPlayer();
        for (Direction d : kDirections) {
          Square r = board_.neighbor(q, d);
          if (r == kNoSquare || label_[r] != kNoArea || occupied_[r]) continue;
          label_[r] = area;
          stack_.push_back(r);
        }
      }
      areaHasStart_.push_back(start);
    }
  }

  bool freeSquare(Square s) const { return s != kNoSquare && !occupied_[s]; }

  // Does taking `s` out of the floor keep its free neighbours connected? True
  // when they all lie in one run of free squares around s's 8-neighbourhood
  // (each step of the ring is a 4-neighbour step), so no area splits.
  // `ignore` counts as blocked (the freed origin, whose merging is handled apart).
  bool removalKeepsConnected(Square s, Square ignore) const {
    // Ring: N NE E SE S SW W NW; diagonals via whichever side square exists.
    static constexpr Direction kRing[4] = {Direction::Up, Direction::Right, Direction::Down, Direction::Left};
    Square ring[8];
    for (int k = 0; k < 4; ++k) {
      Direction a = kRing[k], b = kRing[(k + 1) & 3];
      Square side = board_.neighbor(s, a), other = board_.neighbor(s, b);
      ring[2 * k] = side;
      Square diag = side != kNoSquare ? board_.neighbor(side, b) : kNoSquare;
      if (diag == kNoSquare && other != kNoSquare) diag = board_.neighbor(other, a);
      ring[2 * k + 1] = diag;
    }
    bool free[8];
    for (int k = 0; k < 8; ++k) free[k] = ring[k] != ignore && freeSquare(ring[k]);
    int start = -1;
    for (int k = 0; k < 8; ++k)
      if (!free[k]) start = k;
    if (start < 0) return true;  // all free
    int runsWithSide = 0;
    bool inRun = false, runHasSide = false;
    for (int step = 1; step <= 8; ++step) {
      int k = (start + step) & 7;
      if (free[k]) {
        if (!inRun) inRun = true, runHasSide = false;
        if ((k & 1) == 0) runHasSide = true;
      } else if (inRun) {
        inRun = false;
        runsWithSide += runHasSide;
      }
    }
    if (inRun) runsWithSide += runHasSide;
    return runsWithSide <= 1;
  }

  // The slower local test: a flood from `back` around `to` (not entering
  // `ignore`) that meets every free neighbour of `to` within a few squares.
  bool reconnectsNearby(Square to, Square ignore, Square back) {
    constexpr size_t kLimit = 12;  // squares visited before giving up
    Square wanted[4];
    int missing = 0;
    for (Direction a : kDirections) {
      Square x = board_.neighbor(to, a);
      if (x != back && x != ignore && freeSquare(x)) wanted[missing++] = x;
    }
    if (missing == 0) return true;
    if (++stamp_ == 0) {
      std::fill(mark_.begin(), mark_.end(), 0);
      stamp_ = 1;
    }
    mark_[to] = stamp_;
    if (ignore != kNoSquare) mark_[ignore] = stamp_;
    mark_[back] = stamp_;
    stack_.assign(1, back);
    for (size_t head = 0; head < stack_.size() && head < kLimit; ++head) {
      Square q = stack_[head];
      for (Direction a : kDirections) {
        Square r = board_.neighbor(q, a);
        if (r == kNoSquare || mark_[r] == stamp_ || occupied_[r]) continue;
        mark_[r] = stamp_;
        for (int k = 0; k < missing; ++k)
          if (wanted[k] == r) {
            wanted[k] = wanted[--missing];
            if (missing == 0) return true;
            break;
          }
        stack_.push_back(r);
      }
    }
    return false;
  }

  // The child's puller region from the expanded position's areas, when the
  // box moved from `origin` to `to` (pulled along d, the puller now on
  // `back`) and the change is local. False: flood instead.
  bool childRegion(Square origin, Square to, Square back, Direction d, Evaluation& e) {
    if (!removalKeepsConnected(to, origin) && !reconnectsNearby(to, origin, back)) return false;
    // A pull is still possible: the same box again, or one the expanded
    // position offered with another box whose squares the move left alone.
    bool anyPull = freeSquare(board_.neighbor(back, d));
    for (size_t k = 0; !anyPull && k < offers_.size(); ++k) {
      const PullOffer& o = offers_[k];
      anyPull = o.box != origin && o.stand != to && o.step != to;
    }
    if (!anyPull) return false;
    const uint16_t region = label_[back];
    if (areaMin_[region] == to) return false;
    // Areas touching the freed origin merge with it; with the puller's region
    // when one of them is it (always so after more than one pull in a row).
    uint16_t merged[4];
    int count = 0;
    bool joins = false;
    for (Direction a : kDirections) {
      Square x = board_.neighbor(origin, a);
      if (!freeSquare(x)) continue;
      uint16_t l = label_[x];
      joins |= l == region;
      if (std::find(merged, merged + count, l) == merged + count) merged[count++] = l;
    }
    Square smallest = areaMin_[region];
    bool start = areaHasStart_[region] && board_.startPlayer() != to;
    if (joins) {
      smallest = std::min(smallest, origin);
      start |= board_.startPlayer() == origin;
      for (int k = 0; k < count; ++k) {
        smallest = std::min(smallest, areaMin_[merged[k]]);
        start |= areaHasStart_[merged[k]] != 0;
      }
    }
    e.normal = smallest;
    e.anyPull = true;
    e.reachesStart = start;
    e.corrals = static_cast<int>(areaMin_.size()) + (count == 0 ? 1 : 1 - count);
    return true;
  }

  // See hboxPullable(): the seed's strict guard first; when it has
  // exhausted the search (it also cuts off solutions where a box is freed by
  // pulling its neighbour away first: 8 of Microban I's 155), the search
  // runs again with the milder one.
  bool pullable(Square s, bool now = false) const { return hboxPullable(board_, occupied_.data(), s, now); }


  // pri1..pri6 for the boxes `boxes` (row order of hc_), after evaluateRegion.
  //   pri1: boxes not on their Hungarian-assigned target (any target without Hungarian)
  //   pri2: corrals - 1, corrals being the connected floor areas between boxes
  //   pri3: boxes blocking doorways: on a square whose removal splits the empty board
  //   pri4: blocked boxes: not pullable even once one neighbouring box moves
  //         (two boxes, or a wall, on every side). Counting boxes not pullable
  //         at once instead marks nearly every box of a packed room, and the
  //         pri4 queue then pulls boxes apart rather than home: on XSokoban
  //         1-90 at 300,000 positions each that solved 30 levels, this 33.
  //   pri5: 60 (bmx0 - bmx) / bmx0, bmx the sum of squared box-target pull distances
  //   pri6: 60 HunEst / HunEst0
  void evaluateRest(const Square* boxes, int onTargets, Evaluation& e) {
    if (method_.hungarian) {
      int home = 0;
      for (int i = 0; i < n_; ++i) home += boxes[i] == targets_[hc_.columnOf(i)];
      e.pri[1] = n_ - home;
      e.hunEst = hc_.total() / tieScale_;
    } else {
      e.pri[1] = n_ - onTargets;
      e.hunEst = 0;
    }
    if (method_.queue[2] && !halfway_) e.pri[2] = e.corrals - 1;
    if (method_.queue[3] && !halfway_) {
      int doors = 0;
      for (int i = 0; i < n_; ++i) doors += doorway_[boxes[i]];
      e.pri[3] = doors;
    }
    if (method_.queue[4] && !halfway_) {
      int blocked = 0;
      for (int i = 0; i < n_; ++i) blocked += !pullable(boxes[i], false);
      e.pri[4] = blocked;
    }
    if (method_.queue[5] && !halfway_ && bmx0_ > 0) {
      int bmx = squaredDistances(hc_, boxes);
      e.pri[5] = std::clamp(60 * (bmx0_ - bmx) / bmx0_, 0, kMaxPriority);
    }
    if (method_.queue[6] && hunEst0_ > 0) e.pri[6] = std::min(kMaxPriority, 60 * e.hunEst / hunEst0_);
    for (int k = 1; k <= 6; ++k) e.pri[k] = std::min(e.pri[k], kMaxPriority);
  }

  // Tried and not kept: hbox4's "+1 to pri0 when the puller is blocked from
  // its goal" (hbox since 1.1.1: "puller-to-pullerGoal accessibility"; the
  // 1.3.5 text no longer spells it out). XSokoban at 300,000 positions:
  // gains 58 63 65 72 82, loses 14 56 62; Microban I: same 153 solved.
  int pri0Of(const uint8_t* r) const {
    return std::min<int>(load<uint16_t>(r + PositionStore::kPulls) + load<uint16_t>(r + PositionStore::kHunEst),
                         kSecondaryLevels - 1);
  }

  void enqueue(uint32_t index, const Evaluation& e, int pri0) {
    for (int k : active_) queues_[k].push(e.pri[k], pri0, index);
  }

  // Stores a position (sorted boxes) or improves the path to a stored one.
  // False when the memory budget would be passed.
  bool addNode(const Square* sortedBoxes, uint64_t boxKey, const Evaluation& e, uint32_t parent, uint32_t move,
               uint32_t pulls, uint32_t moves, uint32_t& index) {
    uint64_t key = boxKey ^ zobrist_.player(e.normal);
    store_.pack(packed_.data(), sortedBoxes, e.normal);
    index = store_.find(packed_.data(), key);
    if (index != kNone) {
      if (improve(index, parent, move, pulls, moves)) enqueue(index, e, pri0Of(store_.record(index)));
      return true;
    }
    return addNew(key, e, parent, move, pulls, moves, index);
  }

  // A shorter path (fewer pulls; with moveUpdates also equal pulls and fewer
  // moves) to a stored position replaces its parent. True when the position
  // is still open and its pri0 dropped: it must be queued again (the old
  // entries are then skipped as stale).
  bool improve(uint32_t index, uint32_t parent, uint32_t move, uint32_t pulls, uint32_t moves) {
    uint8_t* r = store_.record(index);
    pulls = std::min<uint32_t>(pulls, 0xFFFF);
    uint32_t oldPulls = load<uint16_t>(r + PositionStore::kPulls);
    uint32_t oldMoves = load<uint32_t>(r + PositionStore::kMoves);
    bool better = pulls < oldPulls || (method_.moveUpdates && pulls == oldPulls && moves < oldMoves);
    if (!better) return false;
    store<uint32_t>(r + PositionStore::kParent, parent);
    store<uint32_t>(r + PositionStore::kMove, move);
    store<uint32_t>(r + PositionStore::kMoves, moves);
    store<uint16_t>(r + PositionStore::kPulls, static_cast<uint16_t>(pulls));
    return pulls < oldPulls && !(r[PositionStore::kFlags] & kClosed);
  }

  // Adds the position packed in packed_ (absent from the store).
  bool addNew(uint64_t key, const Evaluation& e, uint32_t parent, uint32_t move, uint32_t pulls, uint32_t moves,
              uint32_t& index) {
    if (store_.full() || memoryBytes() + store_.nextGrowthBytes() > budget_) return false;
    index = store_.add(packed_.data(), key, zobrist_);
    uint8_t* r = store_.record(index);
    store<uint32_t>(r + PositionStore::kParent, parent);
    store<uint32_t>(r + PositionStore::kMove, move);
    store<uint32_t>(r + PositionStore::kMoves, moves);
    store<uint16_t>(r + PositionStore::kPulls, static_cast<uint16_t>(std::min<uint32_t>(pulls, 0xFFFF)));
    store<uint16_t>(r + PositionStore::kHunEst, static_cast<uint16_t>(std::min(e.hunEst, 0xFFFF)));
    enqueue(index, e, pri0Of(r));
    if (bestHunEst_ < 0 || e.hunEst < bestHunEst_) bestHunEst_ = e.hunEst;
    return true;
  }

  // A new position (sorted_, its puller normalised to `normal`, stored as
  // `index`, with `key`) the forward search has stored too: the solution
  // goes through it.
  bool meets(uint32_t index, Square normal, uint64_t key) {
    return meetAt(index, sorted_.data(), normal, key, false, board_.level());
  }

  // Round robin over the active queues; skips taken and stale entries.
  bool popNext(uint32_t& id) {
    for (size_t tried = 0; tried < active_.size(); ++tried) {
      int k = active_[turn_ % active_.size()];
      ++turn_;
      BucketQueue& q = queues_[k];
      int primary, secondary;
      while (q.pop(id, primary, secondary)) {
        uint8_t* r = store_.record(id);
        if (r[PositionStore::kFlags] & kClosed) continue;
        if (pri0Of(r) != secondary) continue;  // re-queued with fewer pulls
        r[PositionStore::kFlags] |= kClosed;
        lastQueue_ = k;
        return true;
      }
    }
    return false;
  }

  // Halfway (see HalfwayTracker): pri2..pri5 only get in the way of the end
  // of the reverse game, so their queues are dropped.
  void noteBoxesOnGoals(int onGoals) {
    if (halfway_ || !halfwayTracker_.note(lastQueue_, onGoals)) return;
    halfway_ = true;
    std::vector<int> keep;
    for (int k : active_) {
      if (k == 1 || k == 6) {
        keep.push_back(k);
      } else {
        queues_[k].release();
      }
    }
    active_ = keep;
    turn_ = 0;
  }

  bool keepPulling(Square box, Square next, Direction d) const {
    return hboxKeepPulling(board_, *pd_, isTarget_.data(), box, next, d);
  }

  SolveStatus expand(uint32_t id) {
    const uint8_t* r = store_.record(id);
    Square normal;
    store_.unpack(r + PositionStore::kHeader, cur_.data(), normal);
    const uint32_t move = load<uint32_t>(r + PositionStore::kMove);
    const uint32_t pulls = load<uint16_t>(r + PositionStore::kPulls);
    const uint32_t moves = load<uint32_t>(r + PositionStore::kMoves);
    depth_ = static_cast<int>(pulls);
    Square puller = normal;
    if (move != kNone) {
      Square to = board_.neighbor(static_cast<Square>(move >> 2), static_cast<Direction>(move & 3));
      puller = board_.neighbor(to, static_cast<Direction>(move & 3));
    }
    for (Square b : cur_) occupied_[b] = 1;
    walkDistances(puller);
    const uint32_t walkStamp = distStamp_;
    labelAreas();
    const uint64_t boxKey = zobrist_.boxes(cur_.data(), n_);
    int onTargets = 0;
    for (Square b : cur_) onTargets += isTarget_[b];
    int home = onTargets;
    if (method_.hungarian) {
      for (int i = 0; i < n_; ++i) rows_[i] = matchRow(cur_[i]);
      hp_.solveWarm(rows_.data());
      home = 0;
      for (int i = 0; i < n_; ++i) home += cur_[i] == targets_[hp_.columnOf(i)];
    }
    noteBoxesOnGoals(home);

    offers_.clear();
    for (int i = 0; i < n_; ++i) {
      for (Direction d : kDirections) {
        Square to = board_.neighbor(cur_[i], d);
        if (to == kNoSquare || occupied_[to] || distMark_[to] != walkStamp) continue;
        Square back = board_.neighbor(to, d);
        if (back != kNoSquare && !occupied_[back]) offers_.push_back({cur_[i], to, back});
      }
    }
    // Two passes: the first evaluates each chain's first pull and
    // prefetches its store slot, so that the second's lookups, each a likely
    // cache miss, overlap instead of waiting one by one.
    firstPulls_.clear();
    for (int i = 0; i < n_; ++i) {
      for (Direction d : kDirections) {
        Square box = cur_[i];
        Square to = board_.neighbor(box, d);
        if (to == kNoSquare || occupied_[to] || distMark_[to] != walkStamp) continue;
        Square back = board_.neighbor(to, d);
        if (back == kNoSquare || occupied_[back] || pd_->dead(to)) continue;
        FirstPull f{i, d, {}};
        occupied_[box] = 0;
        occupied_[to] = 1;
        evaluatePull(box, to, back, d, f.e);
        const uint64_t key = boxKey ^ zobrist_.box(box) ^ zobrist_.box(to) ^ zobrist_.player(f.e.normal);
        store_.prefetch(key);
        if (other_) other_->prefetchPosition(key);
        occupied_[to] = 0;
        occupied_[box] = 1;
        firstPulls_.push_back(f);
      }
    }
    SolveStatus result = SolveStatus::Running;
    for (const FirstPull& f : firstPulls_) {
      const Square to = board_.neighbor(cur_[f.box], f.d);
      result = pullChain(id, f.box, f.d, pulls, moves + dist_[to], boxKey, onTargets, &f.e);
      if (result != SolveStatus::Running) break;
    }
    for (Square b : cur_) occupied_[b] = 0;
    return result;
  }

  // The puller's region after a pull of the box on `origin` to `to` (the
  // puller now on `back`), which `occupied_` shows.
  void evaluatePull(Square origin, Square to, Square back, Direction d, Evaluation& e) {
    if (!childRegion(origin, to, back, d, e)) {
      evaluateRegion(back, e);
      if (needCorrals()) countCorralsAfterMove(origin, to, back, e);
    }
  }

  // Pulls box i in direction d once, and again while inertia says so,
  // storing every position on the way; `first` is the first pull's region,
  // evaluated already.
  SolveStatus pullChain(uint32_t parent, int i, Direction d, uint32_t pulls, uint32_t moves, uint64_t boxKey,
                        int onTargets, const Evaluation* first) {
    std::copy(cur_.begin(), cur_.end(), child_.begin());
    if (method_.hungarian) hc_ = hp_;
    const Square origin = cur_[i];
    Square from = origin;
    Square to = board_.neighbor(from, d);
    Square back = board_.neighbor(to, d);
    SolveStatus result = SolveStatus::Running;
    for (;;) {
      occupied_[from] = 0;
      occupied_[to] = 1;
      child_[i] = to;
      boxKey ^= zobrist_.box(from) ^ zobrist_.box(to);
      onTargets += isTarget_[to] - isTarget_[from];
      ++pulls;
      ++moves;
      const uint32_t move = (static_cast<uint32_t>(from) << 2) | static_cast<uint32_t>(d);
      from = to;
      // The minimal puller-deadlock guard: a moved box off target must stay
      // pullable from some side (see pullable()).
      if (!isTarget_[to] && !pullable(to, strictGuard_)) {
        prunedHeuristically_ = true;
        break;
      }
      Evaluation e;
      if (first) {
        e = *first;
        first = nullptr;
      } else {
        evaluatePull(origin, to, back, d, e);
      }
      const uint64_t key = boxKey ^ zobrist_.player(e.normal);
      store_.prefetch(key);  // the slot is likely a cache miss: fetch it while sorting
      if (other_) other_->prefetchPosition(key);
      sortChild(i, to);
      if (onTargets == n_ && e.reachesStart) {
        if (method_.hungarian) hc_.changeRow(i, matchRow(to));
        evaluateRest(child_.data(), onTargets, e);
        uint32_t index;
        if (!addNode(sorted_.data(), boxKey, e, parent, move, pulls, moves, index)) {
          result = SolveStatus::OutOfMemory;
        } else {
          solvedIndex_ = index;
          result = SolveStatus::Solved;
        }
        break;
      }
      // The seed skips positions whose puller corral is tiny. Here "tiny"
      // means too small to pull anything from (e.g. one square hemmed in by
      // boxes): such a position has no child, so it is a dead end.
      if (!e.anyPull) break;
      // Look the position up first: the Hungarian repair and the priorities
      // are only needed for new positions (and re-queued ones).
      store_.pack(packed_.data(), sorted_.data(), e.normal);
      uint32_t index = store_.find(packed_.data(), key);
      if (index != kNone) {
        if (improve(index, parent, move, pulls, moves)) {
          if (method_.hungarian) hc_.changeRow(i, matchRow(to));
          evaluateRest(child_.data(), onTargets, e);
          enqueue(index, e, pri0Of(store_.record(index)));
        }
      } else {
        if (method_.hungarian && hc_.changeRow(i, matchRow(to)) >= Hungarian::kInfinite) break;
        evaluateRest(child_.data(), onTargets, e);
        if (!addNew(key, e, parent, move, pulls, moves, index)) {
          result = SolveStatus::OutOfMemory;
          break;
        }
        if (meets(index, e.normal, key)) {
          result = SolveStatus::Solved;
          break;
        }
      }
      if (!method_.inertia) break;
      Square next = back;
      Square nextBack = board_.neighbor(next, d);
      if (nextBack == kNoSquare || occupied_[nextBack] || pd_->dead(next) || !keepPulling(to, next, d)) break;
      const uint8_t* r = store_.record(index);
      parent = index;
      pulls = load<uint16_t>(r + PositionStore::kPulls);
      moves = load<uint32_t>(r + PositionStore::kMoves);
      to = next;
      back = nextBack;
    }
    occupied_[from] = 0;
    occupied_[origin] = 1;
    return result;
  }

  // The child's boxes in order: cur_ (sorted) with box i moved to `to`,
  // slid into place rather than sorted.
  void sortChild(int i, Square to) {
    std::copy(cur_.begin(), cur_.end(), sorted_.begin());
    int k = i;
    for (; k + 1 < n_ && sorted_[k + 1] < to; ++k) sorted_[k] = sorted_[k + 1];
    for (; k > 0 && sorted_[k - 1] > to; --k) sorted_[k] = sorted_[k - 1];
    sorted_[k] = to;
  }

  // Breadth-first walking distances from the puller around the boxes.
  void walkDistances(Square from) {
    if (++distStamp_ == 0) {
      std::fill(distMark_.begin(), distMark_.end(), 0);
      distStamp_ = 1;
    }
    if (distMark_.size() != dist_.size()) distMark_.assign(dist_.size(), 0);
    stack_.clear();
    stack_.push_back(from);
    distMark_[from] = distStamp_;
    dist_[from] = 0;
    for (size_t head = 0; head < stack_.size(); ++head) {
      Square s = stack_[head];
      for (Direction d : kDirections) {
        Square r = board_.neighbor(s, d);
        if (r == kNoSquare || distMark_[r] == distStamp_ || occupied_[r]) continue;
        distMark_[r] = distStamp_;
        dist_[r] = dist_[s] + 1;
        stack_.push_back(r);
      }
    }
  }

  static constexpr uint8_t kClosed = 1;

  HboxMethod method_;
  Board board_;
  int n_;
  std::vector<Square> targets_;  // the start squares of the boxes: the puller's goals
  Zobrist zobrist_;
  PositionStore store_;
  uint64_t budget_;
  uint64_t fixedBytes_ = 0;
  std::unique_ptr<PullDistances> pd_;
  std::vector<uint8_t> doorway_, isTarget_, occupied_;
  std::vector<uint32_t> mark_, distMark_;
  static constexpr uint16_t kNoArea = 0xFFFF;
  struct PullOffer {
    Square box, stand, step;  // a pull the expanded position allows: box, puller's square, its step back
  };
  std::vector<PullOffer> offers_;
  struct FirstPull {
    int box;  // index into cur_
    Direction d;
    Evaluation e;
  };
  std::vector<FirstPull> firstPulls_;  // of the expanded position
  std::vector<uint16_t> label_;       // [square] floor area of the expanded position
  std::vector<Square> areaMin_;       // [area] smallest square
  std::vector<uint8_t> areaHasStart_;  // [area] holds the real player start
  std::vector<int32_t> dist_;
  uint32_t stamp_ = 0, distStamp_ = 0;
  std::vector<Square> stack_, cur_, child_, sorted_;
  std::vector<const int32_t*> rows_;
  std::vector<uint8_t> packed_;
  Hungarian hp_, hc_;  // the expanded position's matching, and a child's
  int hunEst0_ = 0, bmx0_ = 0;
  std::vector<int32_t> matchCost_;  // [square * n + target], see buildMatchCosts()
  int32_t tieScale_ = 1;
  std::vector<BucketQueue> queues_;  // [1..6]
  std::vector<int> active_;          // queue numbers in the round robin
  size_t turn_ = 0;
  HalfwayTracker halfwayTracker_{n_};
  int lastQueue_ = 0;  // the queue the position being expanded came from
  bool halfway_ = false;
  bool started_ = false, prunedHeuristically_ = false;
  bool strictGuard_ = true;  // the seed's guard; the milder one after it exhausted the search
  SolveStatus finished_ = SolveStatus::Running;
  uint32_t solvedIndex_ = kNone;
  uint64_t nodes_ = 0;
  int depth_ = 0;
  int bestHunEst_ = -1;
  std::string message_;
  mutable std::vector<uint8_t> lookup_;  // findPosition's query, packed
};

}  // namespace

int hboxStartEstimate(const Level& level) {
  Board board(level);
  if (!board.tooLarge().empty() || level.goalCount() != board.boxCount()) return -1;
  PullDistances pd(board, board.startBoxes());
  const int n = board.boxCount();
  std::vector<const int32_t*> rows;
  for (Square g : board.goals()) rows.push_back(pd.row(g));
  Hungarian h(n);
  int32_t total = h.solve(rows.data());
  return total >= Hungarian::kInfinite ? -1 : total;
}

int finalPlayerCell(const Level& level, const std::string& lurd) {
  Game game(level);
  return game.playAll(lurd) == lurd.size() ? game.player() : -1;
}

std::unique_ptr<Strategy> makeHboxStrategy(const Level& level, const SolverOptions& options, int method) {
  HboxMethod m;
  if (!hboxMethod(method, m)) hboxMethod(1, m);
  return std::make_unique<HboxStrategy>(level, options, m);
}

}  // namespace soko
