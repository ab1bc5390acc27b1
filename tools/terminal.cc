#include "tools/terminal.h"

#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <iostream>

#include "tools/board_text.h"

namespace sandtable {
namespace {

constexpr std::string_view kReset = "\x1b[0m";

// The ANSI code of a colour role ("" for plain text).
std::string_view RoleCode(ColourRole role) {
  switch (role) {
    case ColourRole::kSide0:
      return "\x1b[1;36m";
    case ColourRole::kSide1:
      return "\x1b[1;31m";
    case ColourRole::kNeutral:
      return "\x1b[1;32m";
    case ColourRole::kUnknown:
      return "\x1b[1;35m";
    case ColourRole::kObjective:
      return "\x1b[1;33m";
    case ColourRole::kGround:
    case ColourRole::kHighlight:
      return "\x1b[2m";
    case ColourRole::kCover:
    case ColourRole::kBlocking:
      return "\x1b[37m";
    case ColourRole::kPlain:
      break;
  }
  return "";
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

std::string TerminalStyle::Board(const BoardView& view) const {
  if (!colour_) return BoardText(view);
  return BoardText(view, [this](ColourRole role, std::string_view text) {
    const std::string_view code = RoleCode(role);
    return code.empty() ? std::string(text) : Wrap(code, text);
  });
}

std::string TerminalStyle::Bot(std::string_view text) const { return Wrap("\x1b[35m", text); }
std::string TerminalStyle::Error(std::string_view text) const { return Wrap("\x1b[31m", text); }
std::string TerminalStyle::Good(std::string_view text) const { return Wrap("\x1b[1;32m", text); }
std::string TerminalStyle::Bold(std::string_view text) const { return Wrap("\x1b[1m", text); }
std::string TerminalStyle::Dim(std::string_view text) const { return Wrap("\x1b[2m", text); }
std::string TerminalStyle::ClearScreen() const { return colour_ ? "\x1b[H\x1b[2J" : ""; }
std::string TerminalStyle::ClearLine() const { return colour_ ? "\r\x1b[K" : "\r"; }

}  // namespace sandtable
