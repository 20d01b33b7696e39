#include "grid_check.h"

#include <cctype>
#include <string>

namespace soko {
namespace {

// The flags of one board character as the parser reads it, and whether the
// player stands there; false when it is no board character.
bool readSquare(char c, uint8_t& flags, bool& player) {
  flags = 0;
  player = false;
  switch (c) {
    case '#':
      flags = kWall;
      return true;
    case '.':
      flags = kGoal;
      return true;
    case '$':
    case 'b':
      flags = kBox;
      return true;
    case '*':
    case 'B':
      flags = kBox | kGoal;
      return true;
    case '@':
    case 'p':
      player = true;
      return true;
    case '+':
    case 'P':
      flags = kGoal;
      player = true;
      return true;
    case ' ':
    case '-':
    case '_':
      return true;
    default:
      return false;
  }
}

std::string unknownCharacter(char c) {
  if (std::isprint(static_cast<unsigned char>(c)))
    return std::string("unknown character '") + c + "'";
  static const char* digits = "0123456789abcdef";
  const unsigned char u = static_cast<unsigned char>(c);
  return std::string("unknown character '\\x") + digits[u >> 4] + digits[u & 15] + "'";
}

LevelProblem at(std::string message, int cell) { return {std::move(message), cell, {cell}}; }

// The drawn grid as a level, before validation; a problem when a square
// holds no board character or a second player.
LevelProblem readGrid(Level& level, std::string_view cells) {
  level.cells.assign(cells.size(), 0);
  for (int cell = 0; cell < static_cast<int>(cells.size()); ++cell) {
    bool player = false;
    if (!readSquare(cells[cell], level.cells[cell], player))
      return at(unknownCharacter(cells[cell]), cell);
    if (!player) continue;
    if (level.player >= 0) return at("a second player", cell);
    level.player = cell;
  }
  return {};
}

// [cell of the drawn grid] 1 on the interior marked by validateLevel, which
// crops a valid level: the player's square tells by how much.
std::vector<uint8_t> interiorOf(const Level& level, int width, int height, int drawnPlayer) {
  std::vector<uint8_t> out(static_cast<size_t>(width) * height, 0);
  if (drawnPlayer < 0) return out;
  const int dx = drawnPlayer % width - level.x(level.player);
  const int dy = drawnPlayer / width - level.y(level.player);
  for (int cell = 0; cell < static_cast<int>(level.cells.size()); ++cell)
    if (level.has(cell, kInterior)) out[(level.y(cell) + dy) * width + level.x(cell) + dx] = 1;
  return out;
}

}  // namespace

GridCheck checkGrid(int width, int height, std::string_view cells) {
  GridCheck out;
  if (width <= 0 || height <= 0) {
    out.problem = {"the board is empty", -1, {}};
    return out;
  }
  if (cells.size() != static_cast<size_t>(width) * height) {
    out.problem = {"the board has " + std::to_string(cells.size()) + " squares, not " +
                       std::to_string(width) + "x" + std::to_string(height),
                   -1,
                   {}};
    return out;
  }
  Level level;
  level.width = width;
  level.height = height;
  out.problem = readGrid(level, cells);
  if (!out.problem.ok()) return out;
  const int drawnPlayer = level.player;
  out.problem = validateLevel(level);
  out.interior = interiorOf(level, width, height, drawnPlayer);
  if (out.problem.ok()) out.level = std::move(level);
  return out;
}

}  // namespace soko
