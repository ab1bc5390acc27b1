#include "tools/terminal.h"

#include <unistd.h>

#include <cctype>
#include <cstdlib>
#include <cstring>
#include <iostream>

namespace sandtable {
namespace {

constexpr std::string_view kReset = "\x1b[0m";

// A board row: optional blanks, a row number, a blank.
bool IsBoardRow(std::string_view line) {
  size_t i = 0;
  while (i < line.size() && line[i] == ' ') ++i;
  const size_t digits = i;
  while (i < line.size() && std::isdigit(static_cast<unsigned char>(line[i]))) ++i;
  return i > digits && i < line.size() && line[i] == ' ';
}

}  // namespace

bool ColourWanted(int fd) {
  if (isatty(fd) == 0) return false;
  const char* term = std::getenv("TERM");
  if (term == nullptr || *term == '\0' || std::strcmp(term, "dumb") == 0) return false;
  const char* no_colour = std::getenv("NO_COLOR");
  return no_colour == nullptr || *no_colour == '\0';
}

TerminalStyle ProgressStyle(const std::ostream& err) {
  return TerminalStyle(&err == &std::cerr && ColourWanted(STDERR_FILENO));
}

std::string TerminalStyle::Wrap(std::string_view code, std::string_view text) const {
  if (!colour_) return std::string(text);
  std::string out(code);
  out += text;
  out += kReset;
  return out;
}

std::string TerminalStyle::Board(std::string_view render) const {
  if (!colour_) return std::string(render);
  std::string out;
  size_t start = 0;
  while (start <= render.size()) {
    size_t end = render.find('\n', start);
    if (end == std::string_view::npos) end = render.size();
    const std::string_view line = render.substr(start, end - start);
    if (!IsBoardRow(line)) {
      out += line;
    } else {
      // Skip the row number at both ends: colour only the cells between.
      size_t i = 0;
      while (i < line.size() &&
             (line[i] == ' ' || std::isdigit(static_cast<unsigned char>(line[i])))) {
        out += line[i++];
      }
      for (; i < line.size(); ++i) {
        const char c = line[i];
        std::string_view code;
        if (std::isupper(static_cast<unsigned char>(c)) && c != 'X') {
          code = "\x1b[1;36m";
        } else if (std::islower(static_cast<unsigned char>(c))) {
          code = "\x1b[1;31m";
        } else if (c == '*') {
          code = "\x1b[1;33m";
        } else if (c == '.' || c == ',') {
          code = "\x1b[2m";
        } else if (c == '#' || c == 'X' || c == '%') {
          code = "\x1b[37m";
        }
        if (code.empty()) {
          out += c;
        } else {
          out += code;
          out += c;
          out += kReset;
        }
      }
    }
    if (end == render.size()) break;
    out += '\n';
    start = end + 1;
  }
  return out;
}

std::string TerminalStyle::Bot(std::string_view text) const { return Wrap("\x1b[35m", text); }
std::string TerminalStyle::Error(std::string_view text) const { return Wrap("\x1b[31m", text); }
std::string TerminalStyle::Good(std::string_view text) const { return Wrap("\x1b[1;32m", text); }
std::string TerminalStyle::Bold(std::string_view text) const { return Wrap("\x1b[1m", text); }
std::string TerminalStyle::Dim(std::string_view text) const { return Wrap("\x1b[2m", text); }
std::string TerminalStyle::ClearScreen() const { return colour_ ? "\x1b[H\x1b[2J" : ""; }
std::string TerminalStyle::ClearLine() const { return colour_ ? "\r\x1b[K" : "\r"; }

}  // namespace sandtable
