// Facing and fire arcs, for units whose direction matters (vehicle hulls and turrets, bases
// with a front edge). A square-grid unit faces one of 8 directions 45 degrees apart (a
// ruleset with 4 uses the orthogonal ones); a hex unit faces one of the 6 hex directions.
// Arcs are measured from the unit's cell centre to the other cell's centre and decided by
// exact integer tests (docs/geometry.md). A direction exactly on the line between two arcs
// belongs to the one nearer the front: doubt favours the target's stronger armour.
#ifndef SANDTABLE_ENGINE_FACING_H_
#define SANDTABLE_ENGINE_FACING_H_

#include <cstdint>

#include "engine/hex_grid.h"
#include "engine/square_grid.h"

namespace sandtable {

// Clockwise from north (up the page, towards row 0).
enum class Facing : uint8_t { kN, kNE, kE, kSE, kS, kSW, kW, kNW };
inline constexpr int kNumFacings = 8;

// Clockwise from north-east, in kHexDirections order.
enum class HexFacing : uint8_t { kNE, kE, kSE, kSW, kW, kNW };
inline constexpr int kNumHexFacings = 6;

// The quarter (square) or sector (hex) of a unit's surroundings another cell lies in.
// Square: front within 45 degrees of the facing, rear more than 135 degrees away, sides 90
// degrees each. Hex: front within 60 degrees, rear more than 120 degrees away, sides 60
// degrees each. A unit's own cell is in front.
enum class Arc : uint8_t { kFront, kRight, kRear, kLeft };
inline bool IsSide(Arc arc) { return arc == Arc::kRight || arc == Arc::kLeft; }

// The step one cell (hex) ahead.
Cell FacingStep(Facing facing);
Hex FacingStep(HexFacing facing);

// Turned clockwise by `steps` (45 or 60 degrees each; negative is anticlockwise).
Facing Turned(Facing facing, int steps);
HexFacing Turned(HexFacing facing, int steps);

// The fewest steps either way from one facing to another: 0..4 (square), 0..3 (hex).
// (A ruleset may charge an action for turning a turret more than 1 step.)
int TurnSteps(Facing from, Facing to);
int TurnSteps(HexFacing from, HexFacing to);

// The facing nearest to the direction from `from` to `to` (which differ). There are no
// ties: no cell offset lies exactly between two of the 8 facings.
Facing FacingToward(Cell from, Cell to);

// Which arc of a unit at `unit` facing `facing` the cell `other` is in: for armour, the
// arc of the target the shooter is in is ArcOf(target, target_hull, shooter).
Arc ArcOf(Cell unit, Facing facing, Cell other);
Arc ArcOf(Hex unit, HexFacing facing, Hex other);

// A weapon mounted at `unit` pointing along `facing` covers the cells within
// `half_width` steps either side of it, boundaries included: 0 only straight ahead, 1 the
// front arc (90 degrees on a square grid), up to kNumFacings / 2 (or kNumHexFacings / 2)
// all round, as for a turret free to turn.
bool InFireArc(Cell unit, Facing facing, int half_width, Cell other);
bool InFireArc(Hex unit, HexFacing facing, int half_width, Hex other);

// The fewest 45-degree turns of a mount with the given half width that bring `other` into
// its arc: 0 when it is already covered, -1 when no turn does (only possible with
// half_width 0, for a cell off the 8 directions).
int TurnsToBear(Cell unit, Facing facing, int half_width, Cell other);

// True when `other` lies strictly ahead of the line through the unit's centre at right
// angles to its facing. For cell centres that is the same as ahead of the unit's front edge
// (half a cell ahead) extended to the table edges: "forward of the front edge".
bool IsForwardOf(Cell unit, Facing facing, Cell other);

}  // namespace sandtable

#endif  // SANDTABLE_ENGINE_FACING_H_
