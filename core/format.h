// XSB / .sok text <-> levels.
//
// Reads files with any number of levels: board rows (# @ + $ * . and
// p P b B for player/box, space - _ for floor), run-length rows ("3#4-p.#",
// "2(3(#-)#)"), '|' as a row separator, titles (the last text line before a
// board, or a "Title:" line after it), "Key: value" notes, multi-line
// "Comment:" ... "Comment-End:", "Solution" sections in LURD, ';' and '::'
// comment lines, CRLF and tabs (tab stops every 8 columns).
//
// A bad level produces a ParseError and is skipped; the others still load.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "level.h"

namespace soko {

struct ParseError {
  int levelNumber = 0;  // 1-based position of the board in the file, 0 if not tied to a board
  std::string title;    // the level's title, if it had one
  int line = 0;         // 1-based, 0 if unknown
  int column = 0;       // 1-based, 0 if the whole line or level
  std::string message;  // what is wrong, e.g. "unknown character 'x'"

  // "level 3 (Title), line 12, column 5: unknown character 'x'"
  std::string describe() const;
};

struct Collection {
  std::vector<Level> levels;
  std::vector<ParseError> errors;
};

Collection parseCollection(std::string_view text);

struct WriteOptions {
  bool notes = true;       // Author:, Comment: ... after the board
  bool solutions = false;  // "Solution" sections
};

// One level as XSB text (title line, board, notes), ending in a newline.
std::string writeLevel(const Level& level, const WriteOptions& options = {});
// Levels separated by blank lines.
std::string writeCollection(const std::vector<Level>& levels, const WriteOptions& options = {});
// The board alone on one line, run-length encoded with '|' between rows and
// '-' for floor: short enough for a URL, and parseCollection reads it back.
std::string writeBoardRunLength(const Level& level);

}  // namespace soko
