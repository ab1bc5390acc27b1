#include "rulesets/brickaction/brickaction_edges.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace sandtable {
namespace {

constexpr const char* kSideWords[] = {"N", "E", "S", "W"};
constexpr Cell kSideSteps[] = {{0, -1}, {1, 0}, {0, 1}, {-1, 0}};
constexpr const char* kKindWords[] = {"soft", "hard", "total"};

// An edge as the scenario writes it in its canonical form.
std::string EdgeText(const CellEdge& edge) {
  return absl::StrCat("at=", edge.cell.x, ",", edge.cell.y,
                      " side=", edge.side == CellEdge::Side::kEast ? "E" : "S");
}

// Whether `edge` touches `cell`: it is one of the cell's edges or ends at one of its
// corners. The edge's ends are its cell's corner (x+1, y) and (x+1, y+1) for an east edge,
// (x, y+1) and (x+1, y+1) for a south edge; the cell spans x..x+1, y..y+1.
bool Touches(const CellEdge& edge, Cell cell) {
  const int x0 = edge.cell.x + (edge.side == CellEdge::Side::kEast ? 1 : 0);
  const int y0 = edge.cell.y + (edge.side == CellEdge::Side::kEast ? 0 : 1);
  const int x1 = edge.cell.x + 1, y1 = edge.cell.y + 1;
  auto on_cell = [&](int x, int y) {
    return x >= cell.x && x <= cell.x + 1 && y >= cell.y && y <= cell.y + 1;
  };
  return on_cell(x0, y0) || on_cell(x1, y1);
}

}  // namespace

absl::StatusOr<BrickactionWalls> BrickactionWalls::Read(const ScenarioText& text, int width,
                                                        int height) {
  BrickactionWalls walls;
  walls.width_ = width;
  std::vector<int> lines;  // of walls_, for the duplicate's error
  auto on_map = [&](Cell c) { return c.x >= 0 && c.y >= 0 && c.x < width && c.y < height; };
  for (const ScenarioStatement* statement : text.All("wall")) {
    const int line = statement->line;
    FieldReader reader(*statement);
    absl::StatusOr<std::pair<int, int>> at = reader.Pair("at");
    if (!at.ok()) return at.status();
    const Cell cell{at->first, at->second};
    if (!on_map(cell)) {
      return ScenarioError(
          line, absl::StrCat("wall at=", cell.x, ",", cell.y, ": not a cell of the ", width, " x ",
                             height, " map"));
    }
    absl::StatusOr<std::string> side = reader.String("side");
    if (!side.ok()) return side.status();
    int d = 0;
    while (d < 4 && *side != kSideWords[d]) ++d;
    if (d == 4) return ScenarioError(line, "wall side: N, E, S or W (the neighbour's side)");
    const Cell neighbour{cell.x + kSideSteps[d].x, cell.y + kSideSteps[d].y};
    if (!on_map(neighbour)) {
      return ScenarioError(line, absl::StrCat("wall at=", cell.x, ",", cell.y, " side=", *side,
                                              ": the map's border, not an edge between two "
                                              "cells"));
    }
    absl::StatusOr<std::string> kind_word = reader.String("kind");
    if (!kind_word.ok()) return kind_word.status();
    int kind = 0;
    while (kind < 3 && *kind_word != kKindWords[kind]) ++kind;
    if (kind == 3) return ScenarioError(line, "wall kind: hard, total or soft");
    if (absl::Status s = reader.Finish(); !s.ok()) return s;
    const CellEdge edge = *EdgeBetween(cell, neighbour);
    for (size_t w = 0; w < walls.walls_.size(); ++w) {
      if (walls.walls_[w].edge == edge) {
        return ScenarioError(line, absl::StrCat("wall ", EdgeText(edge),
                                                ": a second wall on the edge of line ", lines[w]));
      }
    }
    walls.walls_.push_back({edge, static_cast<Kind>(kind)});
    lines.push_back(line);
  }
  walls.touching_.resize(static_cast<size_t>(width) * height);
  for (const Wall& wall : walls.walls_) {
    walls.any_.push_back(wall.edge);
    if (wall.kind == Kind::kTotal) walls.total_.push_back(wall.edge);
    for (int y = wall.edge.cell.y - 1; y <= wall.edge.cell.y + 2; ++y) {
      for (int x = wall.edge.cell.x - 1; x <= wall.edge.cell.x + 2; ++x) {
        if (!on_map({x, y}) || !Touches(wall.edge, {x, y})) continue;
        Edges& edges = walls.touching_[y * width + x];
        edges.any.push_back(wall.edge);
        (wall.kind == Kind::kSoft ? edges.soft : edges.barrier).push_back(wall.edge);
      }
    }
  }
  return walls;
}

bool BrickactionWalls::BlocksSight(Cell from, Cell to) const {
  return !total_.empty() && SegmentCrossesEdges(from, to, total_);
}

BrickactionWalls::Cover BrickactionWalls::CoverAt(Cell shooter, Cell target) const {
  Cover cover;
  if (walls_.empty()) return cover;
  const Edges& edges = touching_[target.y * width_ + target.x];
  cover.hard = SegmentCrossesEdges(shooter, target, edges.barrier);
  // A soft wall; or a joint of a soft wall with a harder one: the weaker.
  cover.soft = SegmentCrossesEdges(shooter, target, edges.soft) ||
               (!cover.hard && SegmentCrossesEdges(shooter, target, edges.any));
  return cover;
}

int BrickactionWalls::StepFactor(Cell from, Cell to) const {
  if (walls_.empty()) return 1;
  if (SegmentCrossesEdges(from, to, total_)) return 0;
  return SegmentCrossesEdges(from, to, any_) ? 2 : 1;
}

MoveGraph BrickactionWalls::Moves(const SquareGrid& grid, const MoveTerrain& terrain) const {
  const SquareSteps steps;
  return MoveGraph::ForSquare(grid, steps, [&](Cell from, Cell to) {
    const int c = grid.Index(to);
    const int walls = StepFactor(from, to);
    if (terrain.impassable.Test(c) || walls == 0) return MoveGraph::kNoStep;
    const bool diagonal = from.x != to.x && from.y != to.y;
    const int factor = std::max(terrain.cost_factor.empty() ? 1 : terrain.cost_factor[c], walls);
    return (diagonal ? steps.diagonal_cost : steps.orthogonal_cost) * factor;
  });
}

}  // namespace sandtable
