// A Sokoban level: the board as read from a file, with its title and notes.
//
// Cells are stored row-major in a width x height grid. After validation every
// cell is either a wall, interior (reachable by the player when boxes are
// ignored) or outside (never reachable, drawn as nothing).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace soko {

// Largest board side we load; beyond it a level is rejected with a message.
inline constexpr int kMaxBoardSide = 1024;

enum CellFlag : uint8_t {
  kWall = 1,
  kGoal = 2,
  kBox = 4,
  kInterior = 8,  // set by validateLevel: the player can reach this cell
};

enum class Direction : uint8_t { Up = 0, Down = 1, Left = 2, Right = 3 };
inline constexpr Direction kDirections[4] = {Direction::Up, Direction::Down, Direction::Left,
                                             Direction::Right};
inline constexpr int kDx[4] = {0, 0, -1, 1};
inline constexpr int kDy[4] = {-1, 1, 0, 0};

inline Direction opposite(Direction d) { return static_cast<Direction>(static_cast<int>(d) ^ 1); }
// 'u' 'd' 'l' 'r' for moves; upper case for pushes.
char lurdChar(Direction d, bool push);

struct Note {
  std::string key;    // as written, e.g. "Author"
  std::string value;  // may span several lines (Comment: ... Comment-End:)
};

struct Level {
  std::string title;
  std::vector<Note> notes;             // in file order, Title excluded
  std::vector<std::string> solutions;  // LURD texts found with the level
  int width = 0;
  int height = 0;
  std::vector<uint8_t> cells;  // CellFlag bits, width * height
  int player = -1;             // cell index
  int sourceLine = 0;          // 1-based line of the board's first row in its file
  int number = 0;              // 1-based position of the board in its file (bad ones count too)

  int index(int x, int y) const { return y * width + x; }
  int x(int cell) const { return cell % width; }
  int y(int cell) const { return cell / width; }
  bool has(int cell, CellFlag f) const { return (cells[cell] & f) != 0; }
  // The neighbouring cell in direction d, or -1 off the grid.
  int step(int cell, Direction d) const;

  int boxCount() const;
  int goalCount() const;
  bool solved() const;  // every box on a goal
  std::string note(const std::string& key) const;  // "" when absent; key compare ignores case
};

struct LevelProblem {
  std::string message;     // "" when the level is valid
  int cell = -1;           // the first cell it is about (grid before trimming), or -1
  std::vector<int> cells;  // every cell it is about, `cell` first (e.g. each box too many), or none
  bool ok() const { return message.empty(); }
};

// Checks a freshly read board and normalises it: marks the interior, turns
// unreachable boxes on goals into walls, drops unreachable floor and walls
// that touch no interior square, and crops the grid to what is left.
LevelProblem validateLevel(Level& level);

}  // namespace soko
