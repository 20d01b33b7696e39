#include "format.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <optional>

#include "run_length.h"
#include "verify.h"

namespace soko {
namespace {

bool isBoardChar(char c) {
  switch (c) {
    case '#':
    case '@':
    case '+':
    case '$':
    case '*':
    case '.':
    case ' ':
    case '-':
    case '_':
    case 'p':
    case 'P':
    case 'b':
    case 'B':
      return true;
    default:
      return false;
  }
}

bool isRunLengthChar(char c) {
  return std::isdigit(static_cast<unsigned char>(c)) || c == '(' || c == ')';
}

std::string trim(std::string_view s) {
  size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return std::string(s.substr(b, e - b));
}

bool startsWithIgnoreCase(std::string_view s, std::string_view prefix) {
  if (s.size() < prefix.size()) return false;
  for (size_t i = 0; i < prefix.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(s[i])) !=
        std::tolower(static_cast<unsigned char>(prefix[i])))
      return false;
  return true;
}

bool equalsIgnoreCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && startsWithIgnoreCase(a, b);
}

// Splits into lines (LF, CRLF or CR), strips a UTF-8 byte order mark and
// expands tabs to the next multiple of 8 columns.
std::vector<std::string> splitLines(std::string_view text) {
  if (text.size() >= 3 && text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  std::vector<std::string> lines;
  std::string line;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '\n' || c == '\r') {
      lines.push_back(std::move(line));
      line.clear();
      if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
    } else if (c == '\t') {
      line.append(8 - line.size() % 8, ' ');
    } else {
      line.push_back(c);
    }
  }
  if (!line.empty()) lines.push_back(std::move(line));
  return lines;
}

// A board row line: only board and run-length characters, with at least one
// wall once decoded. Returns the decoded text ('|' still in it) or nothing.
std::optional<std::string> decodeBoardLine(const std::string& line) {
  bool hasWall = false;
  for (char c : line) {
    if (!isBoardChar(c) && !isRunLengthChar(c) && c != '|') return std::nullopt;
    hasWall |= c == '#';
  }
  if (!hasWall) return std::nullopt;
  RunLengthResult r = decodeRunLength(line);
  if (!r.error.empty()) return std::nullopt;
  return r.text;
}

bool isCommentLine(const std::string& trimmed) {
  return !trimmed.empty() && (trimmed[0] == ';' || trimmed.rfind("::", 0) == 0);
}

// "Key: value" with a short key of letters, digits, spaces, '-' and '_'.
std::optional<Note> parseNoteLine(const std::string& trimmed) {
  size_t colon = trimmed.find(':');
  if (colon == std::string::npos || colon == 0 || colon > 40) return std::nullopt;
  if (!std::isalpha(static_cast<unsigned char>(trimmed[0]))) return std::nullopt;
  for (size_t i = 0; i < colon; ++i) {
    char c = trimmed[i];
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != ' ' && c != '-' && c != '_')
      return std::nullopt;
  }
  return Note{trim(trimmed.substr(0, colon)), trim(trimmed.substr(colon + 1))};
}

bool isSolutionHeader(const std::string& trimmed) {
  if (!startsWithIgnoreCase(trimmed, "solution")) return false;
  std::string rest = trim(std::string_view(trimmed).substr(8));
  return rest.empty() || rest[0] == ':' || rest[0] == '(' || rest[0] == ' ';
}

bool isLurdLine(const std::string& trimmed) {
  if (trimmed.empty()) return false;
  for (char c : trimmed)
    if (!std::strchr("lurdLURD0123456789() ", c)) return false;
  return true;
}

struct BoardRow {
  std::string cells;  // decoded characters
  int line;           // 1-based file line
  int column;         // 1-based column of the row's first cell in that line, 0 if run-length coded
};

class CollectionParser {
 public:
  explicit CollectionParser(std::string_view text) : lines_(splitLines(text)) {}

  Collection run() {
    size_t i = 0;
    while (i < lines_.size()) {
      const std::string& raw = lines_[i];
      if (decodeBoardLine(raw)) {
        i = readBoard(i);
        continue;
      }
      std::string t = trim(raw);
      if (t.empty() || isCommentLine(t)) {
        ++i;
      } else if (isSolutionHeader(t)) {
        i = readSolution(i);
      } else if (std::optional<Note> note = parseNoteLine(t)) {
        i = readNote(i, *note);
      } else {
        // Plain text: a candidate title for the next board.
        afterBoard_ = false;
        pendingTitle_ = t;
        ++i;
      }
    }
    finishLevel();
    return std::move(out_);
  }

 private:
  size_t readNote(size_t i, Note note) {
    ++i;
    if (equalsIgnoreCase(note.key, "Comment") && note.value.empty()) {
      // Multi-line comment up to "Comment-End:" (or the next board).
      std::string body;
      while (i < lines_.size()) {
        std::string t = trim(lines_[i]);
        if (startsWithIgnoreCase(t, "comment-end") || startsWithIgnoreCase(t, "comment_end")) {
          ++i;
          break;
        }
        if (decodeBoardLine(lines_[i])) break;
        if (!body.empty()) body += '\n';
        body += t;
        ++i;
      }
      note.value = body;
    }
    if (equalsIgnoreCase(note.key, "Title")) {
      if (afterBoard_ && current_)
        current_->title = note.value;
      else
        pendingTitle_ = note.value;
    } else if (afterBoard_ && current_) {
      current_->notes.push_back(std::move(note));
    } else {
      pendingNotes_.push_back(std::move(note));
    }
    return i;
  }

  size_t readSolution(size_t i) {
    std::string t = trim(lines_[i]);
    size_t colon = t.find(':');
    std::string lurd = colon == std::string::npos ? "" : trim(t.substr(colon + 1));
    for (++i; i < lines_.size(); ++i) {
      std::string next = trim(lines_[i]);
      if (!isLurdLine(next)) break;
      if (isTitleOfNextBoard(i, lurd, next)) break;
      lurd += next;
    }
    if (afterBoard_ && current_ && !lurd.empty()) current_->solutions.push_back(lurd);
    return i;
  }

  // A LURD-letter line right above a board ("Dud") may be that board's
  // title rather than the end of this solution: it is, when the solution
  // read so far solves the level and taking the line in would spoil it.
  bool isTitleOfNextBoard(size_t i, const std::string& lurd, const std::string& line) const {
    if (lurd.empty() || !afterBoard_ || !current_ || i + 1 >= lines_.size() ||
        !decodeBoardLine(lines_[i + 1]))
      return false;
    return verify(*current_, lurd).solved && !verify(*current_, lurd + line).solved;
  }

  size_t readBoard(size_t i) {
    finishLevel();
    ++boardNumber_;
    std::vector<BoardRow> rows;
    std::optional<ParseError> error;
    auto fail = [&](int line, int column, std::string message) {
      if (!error) error = ParseError{boardNumber_, pendingTitle_, line, column, std::move(message)};
    };
    for (; i < lines_.size(); ++i) {
      const std::string& raw = lines_[i];
      std::optional<std::string> decoded = decodeBoardLine(raw);
      if (!decoded) {
        // A line inside a board that has walls but also stray characters is a
        // damaged row, not the end of the board.
        std::string t = trim(raw);
        if (t.empty() || t[0] != '#' || parseNoteLine(t)) break;
        for (size_t col = 0; col < raw.size(); ++col) {
          char c = raw[col];
          if (!isBoardChar(c) && !isRunLengthChar(c) && c != '|') {
            fail(static_cast<int>(i) + 1, static_cast<int>(col) + 1,
                 std::string("unknown character '") +
                     (std::isprint(static_cast<unsigned char>(c)) ? std::string(1, c)
                                                                  : "\\x" + hex(c)) +
                     "'");
            break;
          }
        }
        if (!error) {
          RunLengthResult r = decodeRunLength(raw);
          fail(static_cast<int>(i) + 1, static_cast<int>(r.errorAt) + 1,
               r.error.empty() ? "bad board row" : r.error);
        }
        continue;
      }
      bool encoded = std::any_of(raw.begin(), raw.end(), isRunLengthChar);
      size_t start = 0;
      int segment = 0;
      while (true) {
        size_t bar = decoded->find('|', start);
        std::string cells =
            decoded->substr(start, bar == std::string::npos ? std::string::npos : bar - start);
        rows.push_back({cells, static_cast<int>(i) + 1, encoded || segment > 0 ? 0 : 1});
        if (bar == std::string::npos) break;
        start = bar + 1;
        ++segment;
      }
    }
    Level level;
    level.title = pendingTitle_;
    level.notes = std::move(pendingNotes_);
    level.sourceLine = rows.empty() ? 0 : rows.front().line;
    level.number = boardNumber_;
    pendingTitle_.clear();
    pendingNotes_.clear();
    if (!error) buildLevel(level, rows, fail);
    if (error) {
      error->title = level.title;
      out_.errors.push_back(*error);
      current_.reset();
      afterBoard_ = true;  // notes that follow still belong to the bad level
      discard_ = true;
    } else {
      current_ = std::move(level);
      afterBoard_ = true;
      discard_ = false;
    }
    return i;
  }

  template <typename Fail>
  void buildLevel(Level& level, const std::vector<BoardRow>& rows, Fail& fail) {
    // Trailing rows with no wall (a '|' at the end of a line) add nothing.
    size_t height = rows.size();
    while (height > 0 && rows[height - 1].cells.find('#') == std::string::npos &&
           trim(rows[height - 1].cells).empty())
      --height;
    size_t width = 0;
    for (size_t r = 0; r < height; ++r) width = std::max(width, rows[r].cells.size());
    if (height > static_cast<size_t>(kMaxBoardSide) || width > static_cast<size_t>(kMaxBoardSide)) {
      fail(rows.front().line, 0,
           "the board is " + std::to_string(width) + "x" + std::to_string(height) +
               " squares; the largest supported is " + std::to_string(kMaxBoardSide) + "x" +
               std::to_string(kMaxBoardSide));
      return;
    }
    level.width = static_cast<int>(width);
    level.height = static_cast<int>(height);
    level.cells.assign(width * height, 0);
    for (size_t r = 0; r < height; ++r) {
      const BoardRow& row = rows[r];
      for (size_t c = 0; c < row.cells.size(); ++c) {
        int cell = level.index(static_cast<int>(c), static_cast<int>(r));
        uint8_t& f = level.cells[cell];
        bool player = false;
        switch (row.cells[c]) {
          case '#':
            f = kWall;
            break;
          case '.':
            f = kGoal;
            break;
          case '$':
          case 'b':
            f = kBox;
            break;
          case '*':
          case 'B':
            f = kBox | kGoal;
            break;
          case '@':
          case 'p':
            player = true;
            break;
          case '+':
          case 'P':
            f = kGoal;
            player = true;
            break;
          default:
            break;  // floor
        }
        if (player) {
          if (level.player >= 0) {
            fail(row.line, row.column ? row.column + static_cast<int>(c) : 0, "a second player");
            return;
          }
          level.player = cell;
        }
      }
    }
    LevelProblem problem = validateLevel(level);
    if (!problem.ok()) {
      if (problem.cell < 0) {
        fail(rows.empty() ? 0 : rows.front().line, 0, problem.message);
      } else {
        const BoardRow& row = rows[static_cast<size_t>(problem.cell) / width];
        int column = row.column ? row.column + static_cast<int>(problem.cell % width) : 0;
        fail(row.line, column, problem.message);
      }
    }
  }

  static std::string hex(char c) {
    static const char* digits = "0123456789abcdef";
    unsigned char u = static_cast<unsigned char>(c);
    return {digits[u >> 4], digits[u & 15]};
  }

  void finishLevel() {
    if (current_ && !discard_) out_.levels.push_back(std::move(*current_));
    current_.reset();
  }

  std::vector<std::string> lines_;
  Collection out_;
  std::optional<Level> current_;  // the level whose notes may still follow
  bool afterBoard_ = false;       // notes now belong to the last board
  bool discard_ = false;
  int boardNumber_ = 0;
  std::string pendingTitle_;
  std::vector<Note> pendingNotes_;
};

char boardChar(const Level& level, int cell) {
  uint8_t f = level.cells[cell];
  if (f & kWall) return '#';
  bool goal = f & kGoal;
  if (cell == level.player) return goal ? '+' : '@';
  if (f & kBox) return goal ? '*' : '$';
  return goal ? '.' : ' ';
}

std::vector<std::string> boardRows(const Level& level, char floor) {
  std::vector<std::string> rows;
  for (int y = 0; y < level.height; ++y) {
    std::string row;
    for (int x = 0; x < level.width; ++x) {
      char c = boardChar(level, level.index(x, y));
      row += (c == ' ' && (level.cells[level.index(x, y)] & kInterior)) ? floor : c;
    }
    while (!row.empty() && row.back() == ' ') row.pop_back();
    rows.push_back(row);
  }
  return rows;
}

// A title that would read back as something else goes after the board.
bool titleNeedsKey(const std::string& title) {
  std::string t = trim(title);
  return decodeBoardLine(t).has_value() || parseNoteLine(t).has_value() || isCommentLine(t) ||
         isSolutionHeader(t) || t != title;
}

}  // namespace

std::string ParseError::describe() const {
  std::string s;
  if (levelNumber > 0) {
    s = "level " + std::to_string(levelNumber);
    if (!title.empty()) s += " (" + title + ")";
  }
  if (line > 0) s += (s.empty() ? "" : ", ") + std::string("line ") + std::to_string(line);
  if (column > 0) s += ", column " + std::to_string(column);
  return s.empty() ? message : s + ": " + message;
}

Collection parseCollection(std::string_view text) { return CollectionParser(text).run(); }

std::string writeLevel(const Level& level, const WriteOptions& options) {
  std::string out;
  bool titleAfter = !level.title.empty() && titleNeedsKey(level.title);
  if (!level.title.empty() && !titleAfter) out += level.title + "\n\n";
  for (const std::string& row : boardRows(level, ' ')) out += row + "\n";
  if (titleAfter) out += "Title: " + level.title + "\n";
  if (options.notes) {
    for (const Note& n : level.notes) {
      if (n.value.find('\n') != std::string::npos)
        out += n.key + ":\n" + n.value + "\n" + n.key + "-End:\n";
      else
        out += n.key + ": " + n.value + "\n";
    }
  }
  if (options.solutions)
    for (const std::string& s : level.solutions) out += "Solution:\n" + s + "\n";
  return out;
}

std::string writeCollection(const std::vector<Level>& levels, const WriteOptions& options) {
  std::string out;
  for (size_t i = 0; i < levels.size(); ++i) {
    if (i) out += "\n";
    out += writeLevel(levels[i], options);
  }
  return out;
}

std::string writeBoardRunLength(const Level& level) {
  std::string out;
  for (const std::string& row : boardRows(level, '-')) {
    if (!out.empty()) out += '|';
    out += encodeRunLength(row);
  }
  return out;
}

}  // namespace soko
