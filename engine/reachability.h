// Where a unit can move within a movement allowance, for both grids, so no ruleset computes
// its own. Moves are paths of steps between neighbouring cells; each step costs integer
// movement points, set by the step's length and the terrain of the cell entered, and a move
// may spend at most its allowance. Impassable cells are never entered; at query time a
// ruleset adds the cells that are blocked right now (occupied by enemies, say) and the cells
// a move may pass through but not end on.
//
// Square steps (docs/geometry.md): 8-way with an orthogonal step of 2 points and a diagonal
// step of 3 (a half-step unit: 1 and 1.5 cells) by default. On open ground that reaches
// exactly the cells within the allowance in Euclidean distance, the rulings' measure, for
// allowances up to 4 cells (moves of 1, 2 and 4 cells); a path on a
// grid can never reach every cell of a larger circle. Doubled terrain (difficult, hard or
// soft cover) has cost factor 2: every step into it costs twice as much.
#ifndef SANDTABLE_ENGINE_REACHABILITY_H_
#define SANDTABLE_ENGINE_REACHABILITY_H_

#include <vector>

#include "absl/functional/function_ref.h"
#include "absl/status/statusor.h"
#include "engine/cell_mask.h"
#include "engine/hex_grid.h"
#include "engine/square_grid.h"

namespace sandtable {

struct SquareSteps {
  enum class Neighbours {
    kOrthogonal,  // 4 neighbours
    kEightWay,    // 4 orthogonal and 4 diagonal neighbours
  };
  // A diagonal step passes the shared corner of the two cells beside it. kFree: touching a
  // corner never blocks (as for line of sight). kNoSqueeze: the step is not allowed when both
  // cells beside it are impassable or blocked (no slipping between two bases).
  enum class Corners { kFree, kNoSqueeze };

  Neighbours neighbours = Neighbours::kEightWay;
  int orthogonal_cost = 2;  // points per orthogonal step into a cell of cost factor 1
  int diagonal_cost = 3;    // points per diagonal step into a cell of cost factor 1
  Corners corners = Corners::kFree;
};

// Static terrain, per cell index: cost factors (empty means 1 everywhere; each >= 1) and
// impassable cells.
struct MoveTerrain {
  std::vector<int> cost_factor;
  CellMask impassable;
};

// The result of one query. Costs are in movement points.
struct Reach {
  static constexpr int kUnreachable = -1;
  CellMask cells;         // where the move may end, the start included
  std::vector<int> cost;  // least cost per cell index, or kUnreachable (no_stop cells too)
};

class MoveGraph {
 public:
  // A step's cost in points for entering `to` from the neighbouring cell `from`, or
  // kNoStep. Lets a ruleset price what MoveTerrain cannot say (a wall on a cell edge).
  static constexpr int kNoStep = -1;
  using SquareStepCost = absl::FunctionRef<int(Cell from, Cell to)>;
  using HexStepCost = absl::FunctionRef<int(Hex from, Hex to)>;

  // Steps priced as SquareSteps says, times the cost factor of the cell entered.
  static absl::StatusOr<MoveGraph> ForSquare(const SquareGrid& grid, const SquareSteps& steps,
                                             const MoveTerrain& terrain);
  static MoveGraph ForSquare(const SquareGrid& grid, const SquareSteps& steps,
                             SquareStepCost step_cost);
  // Every hex step costs `step_cost` points times the cost factor of the hex entered.
  static absl::StatusOr<MoveGraph> ForHex(const HexGrid& grid, const MoveTerrain& terrain,
                                          int step_cost = 1);
  static MoveGraph ForHex(const HexGrid& grid, HexStepCost step_cost);

  int num_cells() const { return static_cast<int>(first_step_.size()) - 1; }

  // The cells reachable from cell index `start` spending at most `allowance` points, never
  // entering a cell of `blocked` and never ending on one of `no_stop` (the start is exempt
  // from both). If `influence` is given, it receives every cell whose being blocked could
  // change the answer.
  Reach From(int start, int allowance, const CellMask& blocked = {}, const CellMask& no_stop = {},
             CellMask* influence = nullptr) const;
  // From(start, allowance, blocked, no_stop).cells without the costs and with no allocation
  // (Dial's buckets on the stack), for a ruleset's hot path.
  CellMask Cells(int start, int allowance, const CellMask& blocked = {},
                 const CellMask& no_stop = {}) const;

 private:
  struct Step {
    int to;
    int cost;
    // For a diagonal step under Corners::kNoSqueeze, the two cells beside it; else -1.
    int side_a = -1;
    int side_b = -1;
  };
  std::vector<int> first_step_;  // steps of cell i: steps_[first_step_[i] .. first_step_[i+1])
  std::vector<Step> steps_;
  bool free_step_ = false;  // some step costs 0 points (Cells then searches as From does)
};

// The reachable cells from every start for one allowance on static terrain, for rulesets
// that ask in their hot path. A query with dynamic obstacles returns the stored answer when
// none of them could change it, and searches otherwise.
class ReachTable {
 public:
  ReachTable(const MoveGraph& graph, int allowance);

  int allowance() const { return allowance_; }
  // As MoveGraph::From(start, allowance, blocked, no_stop).cells.
  CellMask Reachable(int start, const CellMask& blocked = {}, const CellMask& no_stop = {}) const;
  // Reachable(start, blocked, no_stop).Test(dest), answered from the table without a search
  // when the obstacles cannot matter or dest is out of reach anyway.
  bool Reaches(int start, int dest, const CellMask& blocked = {},
               const CellMask& no_stop = {}) const;
  // The cells reachable from `start` with nothing in the way: every answer of Reachable(start,
  // ...) lies within them, so a caller can skip a query that cannot find what it looks for.
  const CellMask& Unobstructed(int start) const { return reach_[start]; }

 private:
  MoveGraph graph_;
  int allowance_;
  std::vector<CellMask> reach_;
  std::vector<CellMask> influence_;
};

}  // namespace sandtable

#endif  // SANDTABLE_ENGINE_REACHABILITY_H_
