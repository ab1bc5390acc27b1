// brickaction's walls on cell edges (the scenario's `wall` statements; docs/rulesets/
// brickaction.md, "Walls on cell edges"): what they do to line of sight, cover and moves.
// Only Create's precomputation asks; the hot path reads its tables.
#ifndef SANDTABLE_RULESETS_BRICKACTION_BRICKACTION_EDGES_H_
#define SANDTABLE_RULESETS_BRICKACTION_BRICKACTION_EDGES_H_

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/reachability.h"
#include "engine/scenario_text.h"
#include "engine/square_grid.h"

namespace sandtable {

class BrickactionWalls {
 public:
  // Weakest first: where walls of different kinds meet, a line through the joint passes the
  // weaker one.
  enum class Kind : uint8_t { kSoft, kHard, kTotal };
  struct Wall {
    CellEdge edge;  // the canonical form (engine/square_grid.h)
    Kind kind;
  };
  struct Cover {
    bool hard = false;
    bool soft = false;
  };

  // The `wall at=X,Y side=N|E|S|W kind=hard|total|soft` statements on a width x height map.
  static absl::StatusOr<BrickactionWalls> Read(const ScenarioText& text, int width, int height);

  bool empty() const { return walls_.empty(); }
  const std::vector<Wall>& walls() const { return walls_; }

  // A total wall crosses the line between the centres of `from` and `to`.
  bool BlocksSight(Cell from, Cell to) const;
  // The cover walls give the squad at `target` from a shooter at `shooter`: a wall that
  // touches the target's cell (one of its edges, or one running out of its corners) and
  // the line crosses. Total walls count as hard here (BlocksSight decides whether it sees).
  Cover CoverAt(Cell shooter, Cell target) const;
  // A step between neighbours: 1 (no wall crossed), 2 (crosses a hard or soft wall: double
  // cost) or 0 (crosses a total wall: never). A diagonal step crosses walls as a line does:
  // only by squeezing between walls meeting at its corner.
  int StepFactor(Cell from, Cell to) const;

  // Moves on `grid`: SquareSteps{} priced by the cell entered (terrain's factor, impassable
  // cells) and by the walls crossed, the higher factor of the two (double, not four times).
  MoveGraph Moves(const SquareGrid& grid, const MoveTerrain& terrain) const;

 private:
  struct Edges {
    std::vector<CellEdge> soft;     // soft walls
    std::vector<CellEdge> barrier;  // hard or total walls
    std::vector<CellEdge> any;
  };

  int width_ = 0;
  std::vector<Wall> walls_;
  std::vector<CellEdge> total_;
  std::vector<CellEdge> any_;
  // Per cell index: the walls touching the cell (its four edges and the up to eight running
  // out of its corners).
  std::vector<Edges> touching_;
};

}  // namespace sandtable

#endif  // SANDTABLE_RULESETS_BRICKACTION_BRICKACTION_EDGES_H_
