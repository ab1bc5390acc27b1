#include "tools/json_reader.h"

#include <charconv>
#include <cstdint>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"

namespace sandtable {

const JsonValue* JsonValue::Find(std::string_view key) const {
  for (const JsonMember& member : members) {
    if (member.key == key) return &member.value;
  }
  return nullptr;
}

namespace {

class Reader {
 public:
  explicit Reader(std::string_view text) : text_(text) {}

  absl::StatusOr<JsonValue> Document() {
    JsonValue value;
    if (absl::Status status = Value(value, 0); !status.ok()) return status;
    SkipSpace();
    if (pos_ != text_.size()) return Error("text after the value");
    return value;
  }

 private:
  absl::Status Error(absl::string_view what) const {
    return absl::InvalidArgumentError(absl::StrCat("bad JSON at byte ", pos_, ": ", what));
  }

  void SkipSpace() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t' ||
                                   text_[pos_] == '\n' || text_[pos_] == '\r')) {
      ++pos_;
    }
  }

  bool Take(char c) {
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }

  bool TakeWord(std::string_view word) {
    if (text_.substr(pos_, word.size()) != word) return false;
    pos_ += word.size();
    return true;
  }

  absl::Status Value(JsonValue& value, int depth) {
    if (depth >= kMaxJsonDepth) return Error("nested too deeply");
    SkipSpace();
    if (pos_ == text_.size()) return Error("a value expected, the text ended");
    const char c = text_[pos_];
    if (c == '{') return Object(value, depth);
    if (c == '[') return Array(value, depth);
    if (c == '"') {
      value.type = JsonValue::Type::kString;
      return String(value.string);
    }
    if (c == '-' || (c >= '0' && c <= '9')) return Number(value);
    if (TakeWord("true") || TakeWord("false")) {
      value.type = JsonValue::Type::kBool;
      value.boolean = c == 't';
      return absl::OkStatus();
    }
    if (TakeWord("null")) return absl::OkStatus();
    return Error("a value expected");
  }

  absl::Status Object(JsonValue& value, int depth) {
    value.type = JsonValue::Type::kObject;
    ++pos_;  // '{'
    SkipSpace();
    if (Take('}')) return absl::OkStatus();
    while (true) {
      SkipSpace();
      if (pos_ == text_.size() || text_[pos_] != '"') return Error("a key expected");
      std::string key;
      if (absl::Status status = String(key); !status.ok()) return status;
      SkipSpace();
      if (!Take(':')) return Error("':' expected");
      JsonValue member;
      if (absl::Status status = Value(member, depth + 1); !status.ok()) return status;
      value.members.push_back({std::move(key), std::move(member)});
      SkipSpace();
      if (Take('}')) return absl::OkStatus();
      if (!Take(',')) return Error("',' or '}' expected");
    }
  }

  absl::Status Array(JsonValue& value, int depth) {
    value.type = JsonValue::Type::kArray;
    ++pos_;  // '['
    SkipSpace();
    if (Take(']')) return absl::OkStatus();
    while (true) {
      JsonValue item;
      if (absl::Status status = Value(item, depth + 1); !status.ok()) return status;
      value.items.push_back(std::move(item));
      SkipSpace();
      if (Take(']')) return absl::OkStatus();
      if (!Take(',')) return Error("',' or ']' expected");
    }
  }

  // The grammar is checked here, so from_chars never sees inf, nan, hex or a leading '+'.
  absl::Status Number(JsonValue& value) {
    const size_t start = pos_;
    auto digits = [&] {
      const size_t from = pos_;
      while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') ++pos_;
      return pos_ - from;
    };
    Take('-');
    if (Take('0')) {
      // No leading zeros: "01" is not JSON.
    } else if (digits() == 0) {
      return Error("a digit expected");
    }
    if (Take('.') && digits() == 0) return Error("a digit expected after '.'");
    if (Take('e') || Take('E')) {
      if (!Take('+')) Take('-');
      if (digits() == 0) return Error("a digit expected in the exponent");
    }
    value.type = JsonValue::Type::kNumber;
    const char* first = text_.data() + start;
    const char* last = text_.data() + pos_;
    const auto [end, error] = std::from_chars(first, last, value.number);
    // Out of range (1e999) is an error rather than an infinity nobody wrote.
    if (error != std::errc() || end != last) return Error("number out of range");
    return absl::OkStatus();
  }

  absl::StatusOr<uint32_t> Hex4() {
    if (text_.size() - pos_ < 4) return Error("four hex digits expected after \\u");
    uint32_t code = 0;
    for (int i = 0; i < 4; ++i) {
      const char c = text_[pos_++];
      code <<= 4;
      if (c >= '0' && c <= '9') {
        code |= static_cast<uint32_t>(c - '0');
      } else if (c >= 'a' && c <= 'f') {
        code |= static_cast<uint32_t>(c - 'a' + 10);
      } else if (c >= 'A' && c <= 'F') {
        code |= static_cast<uint32_t>(c - 'A' + 10);
      } else {
        return Error("four hex digits expected after \\u");
      }
    }
    return code;
  }

  static void AppendUtf8(uint32_t code, std::string& out) {
    if (code < 0x80) {
      out += static_cast<char>(code);
    } else if (code < 0x800) {
      out += static_cast<char>(0xC0 | (code >> 6));
      out += static_cast<char>(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
      out += static_cast<char>(0xE0 | (code >> 12));
      out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (code & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (code >> 18));
      out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (code & 0x3F));
    }
  }

  absl::Status String(std::string& out) {
    ++pos_;  // '"'
    while (true) {
      if (pos_ == text_.size()) return Error("the string is not closed");
      const char c = text_[pos_++];
      if (c == '"') return absl::OkStatus();
      if (static_cast<unsigned char>(c) < 0x20) return Error("a control character in a string");
      if (c != '\\') {
        out += c;
        continue;
      }
      if (pos_ == text_.size()) return Error("the string is not closed");
      const char escape = text_[pos_++];
      switch (escape) {
        case '"':
        case '\\':
        case '/':
          out += escape;
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'n':
          out += '\n';
          break;
        case 'r':
          out += '\r';
          break;
        case 't':
          out += '\t';
          break;
        case 'u': {
          absl::StatusOr<uint32_t> code = Hex4();
          if (!code.ok()) return code.status();
          if (*code >= 0xDC00 && *code <= 0xDFFF) return Error("a lone low surrogate");
          if (*code >= 0xD800 && *code <= 0xDBFF) {
            if (!TakeWord("\\u")) return Error("a high surrogate without its low half");
            absl::StatusOr<uint32_t> low = Hex4();
            if (!low.ok()) return low.status();
            if (*low < 0xDC00 || *low > 0xDFFF) {
              return Error("a high surrogate without its low half");
            }
            *code = 0x10000 + ((*code - 0xD800) << 10) + (*low - 0xDC00);
          }
          AppendUtf8(*code, out);
          break;
        }
        default:
          return Error("an unknown escape in a string");
      }
    }
  }

  std::string_view text_;
  size_t pos_ = 0;
};

}  // namespace

absl::StatusOr<JsonValue> ParseJson(std::string_view text) { return Reader(text).Document(); }

}  // namespace sandtable
