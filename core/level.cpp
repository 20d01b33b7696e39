#include "level.h"

#include <algorithm>
#include <cctype>

namespace soko {

char lurdChar(Direction d, bool push) {
  static constexpr char kMove[4] = {'u', 'd', 'l', 'r'};
  char c = kMove[static_cast<int>(d)];
  return push ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
}

int Level::step(int cell, Direction d) const {
  int nx = x(cell) + kDx[static_cast<int>(d)];
  int ny = y(cell) + kDy[static_cast<int>(d)];
  if (nx < 0 || ny < 0 || nx >= width || ny >= height) return -1;
  return index(nx, ny);
}

int Level::boxCount() const {
  return static_cast<int>(std::count_if(cells.begin(), cells.end(), [](uint8_t c) { return c & kBox; }));
}

int Level::goalCount() const {
  return static_cast<int>(std::count_if(cells.begin(), cells.end(), [](uint8_t c) { return c & kGoal; }));
}

bool Level::solved() const {
  return std::none_of(cells.begin(), cells.end(),
                      [](uint8_t c) { return (c & kBox) && !(c & kGoal); });
}

static bool equalsIgnoreCase(const std::string& a, const std::string& b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](char p, char q) {
           return std::tolower(static_cast<unsigned char>(p)) ==
                  std::tolower(static_cast<unsigned char>(q));
         });
}

std::string Level::note(const std::string& key) const {
  for (const Note& n : notes)
    if (equalsIgnoreCase(n.key, key)) return n.value;
  return "";
}

// Marks every non-wall cell connected to the player. Returns the cells on
// the grid's border that the flood reached (the level leaks there), if any.
static std::vector<int> markInterior(Level& level) {
  std::vector<int> stack{level.player};
  level.cells[level.player] |= kInterior;
  std::vector<int> leaks;
  while (!stack.empty()) {
    int cell = stack.back();
    stack.pop_back();
    int cx = level.x(cell), cy = level.y(cell);
    if (cx == 0 || cy == 0 || cx == level.width - 1 || cy == level.height - 1) leaks.push_back(cell);
    for (Direction d : kDirections) {
      int next = level.step(cell, d);
      if (next < 0 || (level.cells[next] & (kWall | kInterior))) continue;
      level.cells[next] |= kInterior;
      stack.push_back(next);
    }
  }
  std::sort(leaks.begin(), leaks.end());
  return leaks;
}

// Keeps walls that touch the interior (8 neighbours); everything else outside
// becomes empty, and the grid is cropped to what is left.
static void dropDecoration(Level& level) {
  const int w = level.width, h = level.height;
  std::vector<uint8_t> kept(level.cells.size(), 0);
  int minX = w, minY = h, maxX = -1, maxY = -1;
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      int cell = level.index(x, y);
      uint8_t c = level.cells[cell];
      bool keep = (c & kInterior) != 0;
      if (!keep && (c & kWall)) {
        for (int dy = -1; dy <= 1 && !keep; ++dy)
          for (int dx = -1; dx <= 1 && !keep; ++dx) {
            int nx = x + dx, ny = y + dy;
            if (nx >= 0 && ny >= 0 && nx < w && ny < h && (level.cells[level.index(nx, ny)] & kInterior))
              keep = true;
          }
      }
      if (!keep) continue;
      kept[cell] = (c & kInterior) ? c : static_cast<uint8_t>(kWall);
      minX = std::min(minX, x), maxX = std::max(maxX, x);
      minY = std::min(minY, y), maxY = std::max(maxY, y);
    }
  }
  const int nw = maxX - minX + 1, nh = maxY - minY + 1;
  std::vector<uint8_t> cropped(static_cast<size_t>(nw) * nh);
  for (int y = 0; y < nh; ++y)
    for (int x = 0; x < nw; ++x) cropped[y * nw + x] = kept[level.index(x + minX, y + minY)];
  int px = level.x(level.player) - minX, py = level.y(level.player) - minY;
  level.cells = std::move(cropped);
  level.width = nw;
  level.height = nh;
  level.player = py * nw + px;
}

// A problem about `cells` (in grid order), the first of them named as `cell`.
static LevelProblem problemAt(std::string message, std::vector<int> cells = {}) {
  // Braced initialisers run in order: `cells` is read before it moves.
  return {std::move(message), cells.empty() ? -1 : cells.front(), std::move(cells)};
}

// Boxes and goals the player can never reach: a box there off its goal, or
// a goal there without a box, is a problem (the first kind found, with every
// cell of that kind); a box on a goal there is scenery and becomes a wall.
static LevelProblem outsideProblem(Level& level) {
  std::vector<int> boxes, goals;
  bool found = false, boxFirst = false;
  for (int cell = 0; cell < static_cast<int>(level.cells.size()); ++cell) {
    uint8_t& c = level.cells[cell];
    if (c & kInterior) continue;
    bool box = c & kBox, goal = c & kGoal;
    if (box && goal) c = kWall;
    else if (box) boxes.push_back(cell);
    else if (goal) goals.push_back(cell);
    if (!found && box != goal) found = true, boxFirst = box;
  }
  if (!found) return {};
  if (boxFirst) return problemAt("a box off its goal that the player can never reach", std::move(boxes));
  return problemAt("a goal that no box can ever reach", std::move(goals));
}

// Boxes and goals in unequal numbers: the cells are the surplus kind's that
// stand alone (boxes off goals, or goals with no box).
static LevelProblem countProblem(const Level& level) {
  const int boxes = level.boxCount(), goals = level.goalCount();
  if (boxes == 0) return problemAt("there are no boxes");
  if (boxes == goals) return {};
  std::vector<int> cells;
  for (int cell = 0; cell < static_cast<int>(level.cells.size()); ++cell) {
    bool box = level.has(cell, kBox), goal = level.has(cell, kGoal);
    if (boxes > goals ? box && !goal : goal && !box) cells.push_back(cell);
  }
  return problemAt("there are " + std::to_string(boxes) + " boxes but " + std::to_string(goals) + " goals",
                   std::move(cells));
}

LevelProblem validateLevel(Level& level) {
  if (level.width <= 0 || level.height <= 0) return problemAt("the board is empty");
  if (level.width > kMaxBoardSide || level.height > kMaxBoardSide)
    return problemAt("the board is " + std::to_string(level.width) + "x" + std::to_string(level.height) +
                     " squares; the largest supported is " + std::to_string(kMaxBoardSide) + "x" +
                     std::to_string(kMaxBoardSide));
  if (level.player < 0) return problemAt("there is no player (@ or +)");
  for (uint8_t& c : level.cells) c &= static_cast<uint8_t>(~kInterior);
  std::vector<int> leaks = markInterior(level);
  if (!leaks.empty())
    return problemAt("the level is open to the outside: the player can walk off the board", std::move(leaks));
  if (LevelProblem p = outsideProblem(level); !p.ok()) return p;
  // Only interior boxes and goals are left: the others were a problem or became walls.
  if (LevelProblem p = countProblem(level); !p.ok()) return p;
  dropDecoration(level);
  return {};
}

}  // namespace soko
