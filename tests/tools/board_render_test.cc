// The board renderers on hand-made descriptions: the text board, the SVG picture (square,
// hex and panel layouts), what an unknown piece hides, and the terminal's colours.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/board.h"
#include "engine/hex_grid.h"
#include "tools/board_layout.h"
#include "tools/board_svg.h"
#include "tools/board_text.h"
#include "tools/terminal.h"

namespace sandtable {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

// Whether `xml` is well-formed as far as our pictures go: every element closed in order,
// attribute values quoted, text free of raw '<' and of '&' outside an entity.
bool WellFormed(const std::string& xml, std::string* why) {
  std::vector<std::string> open;
  size_t i = 0;
  while (i < xml.size()) {
    if (xml[i] == '&') {
      const size_t end = xml.find(';', i);
      const std::string entity = xml.substr(i, end == std::string::npos ? 1 : end - i + 1);
      if (entity != "&amp;" && entity != "&lt;" && entity != "&gt;" && entity != "&quot;" &&
          entity != "&apos;") {
        *why = "bad entity " + entity;
        return false;
      }
      i += entity.size();
      continue;
    }
    if (xml[i] != '<') {
      ++i;
      continue;
    }
    const size_t end = xml.find('>', i);
    if (end == std::string::npos) return (*why = "unclosed tag", false);
    const std::string tag = xml.substr(i + 1, end - i - 1);
    if (std::count(tag.begin(), tag.end(), '"') % 2 != 0 || tag.find('<') != std::string::npos) {
      *why = "bad tag <" + tag + ">";
      return false;
    }
    const std::string name = tag.substr(0, tag.find_first_of(" />"));
    if (tag[0] == '?') {
      // The XML declaration.
    } else if (tag[0] == '/') {
      if (open.empty() || open.back() != tag.substr(1)) {
        *why = "unbalanced </" + tag.substr(1) + ">";
        return false;
      }
      open.pop_back();
    } else if (tag.back() != '/') {
      open.push_back(name);
    }
    i = end + 1;
  }
  if (!open.empty()) return (*why = "unclosed <" + open.back() + ">", false);
  return true;
}

size_t Count(const std::string& text, const std::string& part) {
  size_t n = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

// A 4x3 board: a cover cell, an objective, a piece of each side and an unknown one of side 1.
BoardView SmallBoard(GridKind grid) {
  BoardView view;
  view.grid = grid;
  view.width = 4;
  view.height = 3;
  view.terrain_kinds = {{"open", '.', ColourRole::kGround}, {"cover", '#', ColourRole::kCover}};
  view.terrain = {0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  view.markers.push_back({5, '*', "objective <A&B>", kNeutralSide});
  view.pieces.push_back({4, 0, "A", "archer", "2 wounds", false});
  view.pieces.push_back({7, 1, "b", "knight", "fresh", false});
  view.pieces.push_back({10, 1, "c", "secret_agent", "disguised", true});
  view.pieces.push_back({kOffGrid, 0, "D", "dragon", "in reserve", false});
  view.AddLine("Round").Add("2 of 5");
  view.AddLine("Player 1 hand", 1).Add("7").AddUnknown();
  return view;
}

TEST(BoardTextTest, SquareBoardWithCoordinatesPiecesAndLegend) {
  EXPECT_EQ(BoardText(SmallBoard(GridKind::kSquare)),
            "    0123\n"
            "  0 ..#. 0\n"
            "  1 A*.b 1\n"
            "  2 ..?. 2\n"
            "    0123\n"
            "Round: 2 of 5\n"
            "Player 1 hand: 7 ?\n"
            "Player 0: A=archer[0,1 2 wounds] D=dragon[in reserve]\n"
            "Player 1: b=knight[3,1 fresh] ?[2,2]\n"
            "Legend: . open  # cover  * objective <A&B>  A player 0  b ? player 1\n");
}

// The small board with a wall between (1,0) and (2,0) and a fence under (3,1).
BoardView SmallBoardWithEdges() {
  BoardView view = SmallBoard(GridKind::kSquare);
  view.edge_kinds = {{"fence", ':', ColourRole::kCover}, {"wall", '|', ColourRole::kBlocking}};
  view.edges = {{1, false, 1}, {7, true, 0}};
  return view;
}

TEST(BoardTextTest, EdgesSpreadTheSquareBoard) {
  // A column between neighbours and a line between rows, where the edges are drawn.
  EXPECT_EQ(BoardText(SmallBoardWithEdges()),
            "    0 1 2 3\n"
            "  0 . .|# . 0\n"
            "\n"
            "  1 A * . b 1\n"
            "          :\n"
            "  2 . . ? . 2\n"
            "    0 1 2 3\n"
            "Round: 2 of 5\n"
            "Player 1 hand: 7 ?\n"
            "Player 0: A=archer[0,1 2 wounds] D=dragon[in reserve]\n"
            "Player 1: b=knight[3,1 fresh] ?[2,2]\n"
            "Legend: . open  # cover  : fence  | wall  * objective <A&B>  A player 0  b ? player "
            "1\n");
}

TEST(BoardSvgTest, EdgesAreThickLines) {
  const std::string svg = BoardSvg(SmallBoardWithEdges());
  std::string why;
  EXPECT_TRUE(WellFormed(svg, &why)) << why << "\n" << svg;
  // The grid starts at (30, 30), cells of 30: the east edge of (1,0) at x = 90 from y = 30
  // to 60, the south edge of (3,1) at y = 90 from x = 120 to 150.
  EXPECT_THAT(svg, HasSubstr("<line x1=\"90.0\" y1=\"30.0\" x2=\"90.0\" y2=\"60.0\" "
                             "stroke=\"#55524d\"><title>wall</title></line>"));
  EXPECT_THAT(svg, HasSubstr("<line x1=\"120.0\" y1=\"90.0\" x2=\"150.0\" y2=\"90.0\" "
                             "stroke=\"#86ad72\"><title>fence</title></line>"));
  EXPECT_THAT(svg, HasSubstr(">fence</text>"));
}

TEST(BoardTextTest, HexRowsAreShiftedLikeTheLayout) {
  const std::string text = BoardText(SmallBoard(GridKind::kHex));
  EXPECT_THAT(text, HasSubstr("    0 1 2 3\n"));
  EXPECT_THAT(text, HasSubstr("  0 . . # .  0\n"));
  EXPECT_THAT(text, HasSubstr("  1  A * . b 1\n"));
  EXPECT_TRUE(HexRowShifted(1) && !HexRowShifted(0) && !HexRowShifted(2));
}

TEST(BoardTextTest, BoardWithoutAGridIsItsLines) {
  BoardView view;
  view.AddLine("Player 0", 0).Add("Q");
  view.AddLine("Player 1", 1).AddUnknown();
  view.AddLine("Betting");
  view.AddLine().Add("free text");
  EXPECT_EQ(BoardText(view), "Player 0: Q\nPlayer 1: ?\nBetting:\nfree text\n");
  EXPECT_EQ(BoardText(TextBoard("one line")), "one line\n");
}

TEST(BoardSvgTest, SquarePictureIsWellFormedAndTellsSidesApartByShape) {
  const std::string svg = BoardSvg(SmallBoard(GridKind::kSquare), "a <title>");
  std::string why;
  EXPECT_TRUE(WellFormed(svg, &why)) << why << "\n" << svg;
  EXPECT_THAT(svg, HasSubstr("<title>a &lt;title&gt;</title>"));
  EXPECT_THAT(svg, HasSubstr("objective &lt;A&amp;B&gt;"));
  // Twelve cells; player 0's piece a circle in blue, player 1's a square in red.
  EXPECT_EQ(Count(svg, "<rect x=") - Count(svg, "rx=\"2\""), 12u + 2u /* legend swatches */);
  EXPECT_THAT(svg, HasSubstr("<circle cx=\"45.0\" cy=\"75.0\" r=\"10.8\" fill=\"#1f5fbf\""));
  EXPECT_THAT(svg, HasSubstr("rx=\"2\" fill=\"#c8302b\""));
  // Coordinates: column 3 above the grid, row 2 beside it.
  EXPECT_THAT(svg, HasSubstr(">3</text>"));
  EXPECT_THAT(svg, HasSubstr(">2</text>"));
  EXPECT_THAT(svg, HasSubstr(">Legend</text>"));
  EXPECT_THAT(svg, HasSubstr(">player 1</text>"));
}

TEST(BoardSvgTest, UnknownPiecesShowOnlyTheirSideAndCell) {
  const BoardView view = SmallBoard(GridKind::kSquare);
  for (const std::string& drawn : {BoardText(view), BoardSvg(view)}) {
    EXPECT_THAT(drawn, Not(HasSubstr("secret_agent")));
    EXPECT_THAT(drawn, Not(HasSubstr("disguised")));
  }
  const std::string svg = BoardSvg(view);
  EXPECT_THAT(svg, HasSubstr("fill=\"#8c8c8c\" stroke-dasharray=\"3 2\""));
  EXPECT_THAT(svg, HasSubstr("<title>?[2,2]</title>"));
  // Two views that differ only in what is unknown draw alike.
  BoardView other = view;
  other.pieces[2] = {10, 1, "c", "", "", true};
  EXPECT_NE(other, view);
  EXPECT_EQ(BoardSvg(other), BoardSvg(view));
  EXPECT_EQ(BoardText(other), BoardText(view));
}

TEST(BoardSvgTest, HexPictureUsesTheLayoutsCentres) {
  const std::string svg = BoardSvg(SmallBoard(GridKind::kHex));
  std::string why;
  EXPECT_TRUE(WellFormed(svg, &why)) << why << "\n" << svg;
  EXPECT_EQ(Count(svg, "<polygon points="), 12u + 0u);  // one per cell, no neutral pieces
  // Player 0's piece at (0, 1): an odd row, so half a hex to the right of column 0.
  const Point centre = HexCentre(0, 1, 17);
  EXPECT_NEAR(centre.x, 1.7320508 * 17, 1e-6);
  EXPECT_NEAR(centre.y, 17 * 2.5, 1e-6);
  EXPECT_THAT(svg, HasSubstr(absl::StrFormat("<circle cx=\"%.1f\" cy=\"%.1f\"", 8 + 22 + centre.x,
                                             8 + 22 + centre.y)));
  // Row 0 is not shifted: its first hex's top corner sits above its centre.
  const Point first = HexCentre(0, 0, 17);
  EXPECT_THAT(svg, HasSubstr(absl::StrFormat(" %.1f,%.1f\"", 30 + first.x, 30 + first.y - 17)));
}

// The pictures put hexes where engine/'s hex grid says they are: on quick's 8 x 6 map, two
// hexes are drawn one hex width apart exactly when the grid calls them neighbours, and
// farther apart otherwise, so labels and pieces sit on the hexes the rules mean.
TEST(BoardLayoutTest, HexCentresAgreeWithTheHexGridsNeighbours) {
  const absl::StatusOr<HexGrid> grid = HexGrid::Create(8, 6);
  ASSERT_TRUE(grid.ok());
  constexpr double kRadius = 10;
  const double hex_width = std::sqrt(3.0) * kRadius;
  auto centre = [&](int index) {
    const Hex h = grid->CellAt(index);
    return HexCentre(HexGrid::Column(h), h.r, kRadius);
  };
  int neighbour_pairs = 0;
  for (int a = 0; a < 48; ++a) {
    for (int b = 0; b < 48; ++b) {
      if (a == b) continue;
      const Point pa = centre(a);
      const Point pb = centre(b);
      const double apart = std::hypot(pa.x - pb.x, pa.y - pb.y);
      const bool neighbours = HexDistance(grid->CellAt(a), grid->CellAt(b)) == 1;
      if (neighbours) {
        ++neighbour_pairs;
        EXPECT_NEAR(apart, hex_width, 1e-9) << a << " " << b;
      } else {
        EXPECT_GT(apart, hex_width + 1) << a << " " << b;
      }
    }
  }
  // 7 east-west pairs in each of 6 rows and 15 between each two rows, counted both ways.
  EXPECT_EQ(neighbour_pairs, 2 * (7 * 6 + 15 * 5));
}

TEST(BoardSvgTest, BoardWithoutAGridIsDrawnAsPanels) {
  BoardView view;
  view.AddLine("Player 0 dice", 0).Add("3").Add("6");
  view.AddLine("Player 1 dice", 1).AddUnknown().AddUnknown();
  const std::string svg = BoardSvg(view);
  std::string why;
  EXPECT_TRUE(WellFormed(svg, &why)) << why;
  EXPECT_EQ(Count(svg, "rx=\"4\""), 4u);  // a box per die
  EXPECT_EQ(Count(svg, ">?</text>"), 2u);
  EXPECT_THAT(svg, HasSubstr(">Player 1 dice</text>"));
  EXPECT_EQ(XmlEscape("a<b>&\"c'\x01"), "a&lt;b&gt;&amp;&quot;c&apos;?");
}

TEST(BoardTerminalTest, ColoursFollowTheDescription) {
  const BoardView view = SmallBoard(GridKind::kSquare);
  EXPECT_EQ(TerminalStyle(false).Board(view), BoardText(view));
  const std::string coloured = TerminalStyle(true).Board(view);
  EXPECT_THAT(coloured, HasSubstr("\x1b[1;36mA\x1b[0m"));  // player 0
  EXPECT_THAT(coloured, HasSubstr("\x1b[1;31mb\x1b[0m"));  // player 1
  EXPECT_THAT(coloured, HasSubstr("\x1b[1;35m?\x1b[0m"));  // unknown
  EXPECT_THAT(coloured, HasSubstr("\x1b[1;33m*\x1b[0m"));  // objective
  EXPECT_THAT(coloured, HasSubstr("\x1b[37m#\x1b[0m"));    // cover
  // A side-1 piece labelled with an upper-case letter is still player 1's colour: the
  // colour comes from the side, not the letter.
  BoardView upper = view;
  upper.pieces[1].label = "K";
  EXPECT_THAT(TerminalStyle(true).Board(upper), HasSubstr("\x1b[1;31mK\x1b[0m"));
}

}  // namespace
}  // namespace sandtable
