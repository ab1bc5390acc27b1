// Where cells sit in a picture of a board: the one place that decides the hex layout, so the
// text board and the SVG picture agree with the hex geometry in engine/.
#ifndef SANDTABLE_TOOLS_BOARD_LAYOUT_H_
#define SANDTABLE_TOOLS_BOARD_LAYOUT_H_

namespace sandtable {

// Hex boards are pointy-top hexes stored row by row in an offset rectangle ("odd-r": odd
// rows sit half a hex to the right). Change only this to follow engine/'s hex grid.
inline bool HexRowShifted(int row) { return row % 2 == 1; }

struct Point {
  double x = 0;
  double y = 0;
};

// The centre of the hex at (column, row) of the offset rectangle, for hexes of `radius`
// (centre to corner), with the rectangle's top-left corner at the origin.
inline Point HexCentre(int column, int row, double radius) {
  constexpr double kSqrt3 = 1.7320508075688772;
  const double width = kSqrt3 * radius;
  return {width * (column + 0.5 + (HexRowShifted(row) ? 0.5 : 0.0)), radius * (1.0 + 1.5 * row)};
}

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_BOARD_LAYOUT_H_
