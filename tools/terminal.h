// Terminal output for people: whether to use colour (a TTY whose TERM is not "dumb", and
// no NO_COLOR), and the ANSI styling of boards, bot lines, errors and results.
#ifndef SANDTABLE_TOOLS_TERMINAL_H_
#define SANDTABLE_TOOLS_TERMINAL_H_

#include <ostream>
#include <string>
#include <string_view>

#include "engine/board.h"

namespace sandtable {

// True when `fd` is a terminal, TERM is set and not "dumb", and NO_COLOR is unset or empty
// (https://no-color.org).
bool ColourWanted(int fd);

class TerminalStyle {
 public:
  explicit TerminalStyle(bool colour) : colour_(colour) {}
  bool colour() const { return colour_; }

  // The text board (tools/board_text.h), coloured by the description's colour roles:
  // player 0 cyan, player 1 red, neutral green, unknown magenta, objectives yellow, open
  // ground dim, cover and blocking terrain white.
  std::string Board(const BoardView& view) const;
  std::string Bot(std::string_view text) const;    // the bot's lines: magenta
  std::string Error(std::string_view text) const;  // red
  std::string Good(std::string_view text) const;   // green, bold
  std::string Bold(std::string_view text) const;
  std::string Dim(std::string_view text) const;
  // Clears the screen and homes the cursor (colour terminals only; "" otherwise).
  std::string ClearScreen() const;
  // Returns to the start of the line and clears it, for a progress line ("\r" otherwise).
  std::string ClearLine() const;

 private:
  std::string Wrap(std::string_view code, std::string_view text) const;
  bool colour_;
};

// The style of a progress line written to `err`: colour (clear-line codes) only when `err`
// is the process's stderr and that is a colour terminal.
TerminalStyle ProgressStyle(const std::ostream& err);

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_TERMINAL_H_
