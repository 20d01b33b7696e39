#include "run_length.h"

#include <cctype>
#include <cstdint>

namespace soko {
namespace {

class Decoder {
 public:
  explicit Decoder(std::string_view in) : in_(in) {}

  RunLengthResult run() {
    RunLengthResult r;
    parseSequence(r.text, /*depth=*/0);
    if (error_.empty() && pos_ < in_.size()) fail("unmatched ')'", pos_);
    if (!error_.empty()) {
      r.text.clear();
      r.error = error_;
      r.errorAt = errorAt_;
    }
    return r;
  }

 private:
  static constexpr int kMaxDepth = 64;

  void fail(const std::string& message, size_t at) {
    if (error_.empty()) error_ = message, errorAt_ = at;
  }

  void append(std::string& out, std::string_view piece, size_t count, size_t at) {
    if (static_cast<uint64_t>(piece.size()) * count + out.size() > kMaxDecodedLength) {
      fail("run-length expansion is too long", at);
      return;
    }
    for (size_t i = 0; i < count; ++i) out.append(piece);
  }

  // Parses items until end of input or a ')' that closes the current group.
  void parseSequence(std::string& out, int depth) {
    while (pos_ < in_.size() && error_.empty()) {
      char c = in_[pos_];
      if (c == ')') {
        if (depth == 0) fail("unmatched ')'", pos_);
        return;
      }
      size_t start = pos_;
      size_t count = 1;
      if (std::isdigit(static_cast<unsigned char>(c))) {
        count = 0;
        while (pos_ < in_.size() && std::isdigit(static_cast<unsigned char>(in_[pos_]))) {
          count = count * 10 + static_cast<size_t>(in_[pos_] - '0');
          if (count > kMaxDecodedLength) return fail("run-length count is too large", start);
          ++pos_;
        }
        if (pos_ == in_.size())
          return fail("a run-length count must be followed by what it repeats", start);
        c = in_[pos_];
        if (c == ')') return fail("a run-length count must be followed by what it repeats", start);
      }
      if (c == '(') {
        if (depth >= kMaxDepth) return fail("run-length groups are nested too deeply", pos_);
        size_t open = pos_++;
        std::string group;
        parseSequence(group, depth + 1);
        if (!error_.empty()) return;
        if (pos_ >= in_.size()) return fail("unclosed '('", open);
        ++pos_;  // ')'
        append(out, group, count, start);
      } else {
        ++pos_;
        append(out, std::string_view(&in_[pos_ - 1], 1), count, start);
      }
    }
  }

  std::string_view in_;
  size_t pos_ = 0;
  std::string error_;
  size_t errorAt_ = 0;
};

}  // namespace

RunLengthResult decodeRunLength(std::string_view encoded) { return Decoder(encoded).run(); }

std::string encodeRunLength(std::string_view plain) {
  std::string out;
  for (size_t i = 0; i < plain.size();) {
    size_t j = i;
    while (j < plain.size() && plain[j] == plain[i]) ++j;
    size_t run = j - i;
    if (run >= 3)
      out += std::to_string(run) + plain[i];
    else
      out.append(run, plain[i]);
    i = j;
  }
  return out;
}

}  // namespace soko
