#include "engine/reachability.h"

#include <array>
#include <functional>
#include <queue>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace sandtable {
namespace {

absl::Status CheckTerrain(const MoveTerrain& terrain, int num_cells) {
  if (!terrain.cost_factor.empty() && static_cast<int>(terrain.cost_factor.size()) != num_cells) {
    return absl::InvalidArgumentError(absl::StrCat("movement terrain has ",
                                                   terrain.cost_factor.size(), " cost factors for ",
                                                   num_cells, " cells"));
  }
  for (size_t i = 0; i < terrain.cost_factor.size(); ++i) {
    if (terrain.cost_factor[i] < 1 || terrain.cost_factor[i] > 100) {
      return absl::InvalidArgumentError(absl::StrCat(
          "movement cost factor ", terrain.cost_factor[i], " of cell ", i, " is not in 1..100"));
    }
  }
  return absl::OkStatus();
}

absl::Status CheckStepCost(int cost, const char* what) {
  if (cost < 1 || cost > 1000) {
    return absl::InvalidArgumentError(
        absl::StrCat(what, " step cost ", cost, " is not in 1..1000"));
  }
  return absl::OkStatus();
}

// The terrain's price for entering cell `to` by a step of `length` points.
int TerrainCost(const MoveTerrain& terrain, int to, int length) {
  if (terrain.impassable.Test(to)) return MoveGraph::kNoStep;
  return terrain.cost_factor.empty() ? length : length * terrain.cost_factor[to];
}

}  // namespace

absl::StatusOr<MoveGraph> MoveGraph::ForSquare(const SquareGrid& grid, const SquareSteps& steps,
                                               const MoveTerrain& terrain) {
  if (absl::Status s = CheckTerrain(terrain, grid.num_cells()); !s.ok()) return s;
  if (absl::Status s = CheckStepCost(steps.orthogonal_cost, "orthogonal"); !s.ok()) return s;
  if (absl::Status s = CheckStepCost(steps.diagonal_cost, "diagonal"); !s.ok()) return s;
  return ForSquare(grid, steps, [&](Cell from, Cell to) {
    const bool diagonal = from.x != to.x && from.y != to.y;
    return TerrainCost(terrain, grid.Index(to),
                       diagonal ? steps.diagonal_cost : steps.orthogonal_cost);
  });
}

MoveGraph MoveGraph::ForSquare(const SquareGrid& grid, const SquareSteps& steps,
                               SquareStepCost step_cost) {
  // Orthogonal directions first, then diagonals, each clockwise from north.
  static constexpr Cell kDirections[8] = {{0, -1}, {1, 0}, {0, 1},  {-1, 0},
                                          {1, -1}, {1, 1}, {-1, 1}, {-1, -1}};
  const int directions = steps.neighbours == SquareSteps::Neighbours::kEightWay ? 8 : 4;
  MoveGraph graph;
  graph.first_step_.reserve(grid.num_cells() + 1);
  for (int index = 0; index < grid.num_cells(); ++index) {
    graph.first_step_.push_back(static_cast<int>(graph.steps_.size()));
    const Cell from = grid.CellAt(index);
    for (int d = 0; d < directions; ++d) {
      const Cell to{from.x + kDirections[d].x, from.y + kDirections[d].y};
      if (!grid.InBounds(to)) continue;
      const int cost = step_cost(from, to);
      if (cost == kNoStep) continue;
      CHECK(cost >= 0);
      graph.free_step_ |= cost == 0;
      Step step{grid.Index(to), cost};
      if (d >= 4 && steps.corners == SquareSteps::Corners::kNoSqueeze) {
        step.side_a = grid.Index(Cell{to.x, from.y});
        step.side_b = grid.Index(Cell{from.x, to.y});
        // Both sides impassable for good: never allowed.
        if (step_cost(from, Cell{to.x, from.y}) == kNoStep &&
            step_cost(from, Cell{from.x, to.y}) == kNoStep) {
          continue;
        }
      }
      graph.steps_.push_back(step);
    }
  }
  graph.first_step_.push_back(static_cast<int>(graph.steps_.size()));
  return graph;
}

absl::StatusOr<MoveGraph> MoveGraph::ForHex(const HexGrid& grid, const MoveTerrain& terrain,
                                            int step_cost) {
  if (absl::Status s = CheckTerrain(terrain, grid.num_cells()); !s.ok()) return s;
  if (absl::Status s = CheckStepCost(step_cost, "hex"); !s.ok()) return s;
  return ForHex(grid, [&](Hex, Hex to) { return TerrainCost(terrain, grid.Index(to), step_cost); });
}

MoveGraph MoveGraph::ForHex(const HexGrid& grid, HexStepCost step_cost) {
  MoveGraph graph;
  graph.first_step_.reserve(grid.num_cells() + 1);
  for (int index = 0; index < grid.num_cells(); ++index) {
    graph.first_step_.push_back(static_cast<int>(graph.steps_.size()));
    const Hex from = grid.CellAt(index);
    for (const Hex to : grid.Neighbours(from)) {
      const int cost = step_cost(from, to);
      if (cost == kNoStep) continue;
      CHECK(cost >= 0);
      graph.free_step_ |= cost == 0;
      graph.steps_.push_back(Step{grid.Index(to), cost});
    }
  }
  graph.first_step_.push_back(static_cast<int>(graph.steps_.size()));
  return graph;
}

Reach MoveGraph::From(int start, int allowance, const CellMask& blocked_in, const CellMask& no_stop,
                      CellMask* influence) const {
  CHECK(start >= 0 && start < num_cells());
  // The mover's own cell never blocks it.
  CellMask blocked = blocked_in;
  blocked.Reset(start);
  Reach reach;
  reach.cost.assign(num_cells(), Reach::kUnreachable);
  if (allowance < 0) return reach;
  // Dijkstra; costs are non-negative, so a cell is final when it is popped.
  using Entry = std::pair<int, int>;  // cost, cell
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> queue;
  reach.cost[start] = 0;
  queue.push({0, start});
  while (!queue.empty()) {
    const auto [cost, cell] = queue.top();
    queue.pop();
    if (cost != reach.cost[cell]) continue;  // a stale entry
    for (int i = first_step_[cell]; i < first_step_[cell + 1]; ++i) {
      const Step& step = steps_[i];
      const int next = cost + step.cost;
      if (next > allowance) continue;
      if (step.side_a >= 0 && influence != nullptr) {
        influence->Set(step.side_a);
        influence->Set(step.side_b);
      }
      if (blocked.Test(step.to)) {
        if (influence != nullptr) influence->Set(step.to);
        continue;
      }
      if (step.side_a >= 0 && blocked.Test(step.side_a) && blocked.Test(step.side_b)) continue;
      if (reach.cost[step.to] != Reach::kUnreachable && reach.cost[step.to] <= next) continue;
      reach.cost[step.to] = next;
      queue.push({next, step.to});
    }
  }
  for (int i = 0; i < num_cells(); ++i) {
    if (reach.cost[i] == Reach::kUnreachable) continue;
    if (influence != nullptr) influence->Set(i);
    if (i == start || !no_stop.Test(i)) reach.cells.Set(i);
  }
  if (influence != nullptr) influence->Reset(start);
  return reach;
}

CellMask MoveGraph::Cells(int start, int allowance, const CellMask& blocked_in,
                          const CellMask& no_stop) const {
  CHECK(start >= 0 && start < num_cells());
  // Dial's algorithm: bucket c lists the cells first reached, or reached cheaper, at cost c.
  // With every step at 1 point or more a bucket never grows while it is read; each step is
  // followed once from a settled cell, so the entries are at most the steps (8 a cell).
  constexpr int kMaxBuckets = 256;
  constexpr int kMaxEntries = 8 * kMaxCells + 1;
  if (allowance < 0) return {};
  if (allowance >= kMaxBuckets || free_step_) {
    return From(start, allowance, blocked_in, no_stop).cells;
  }
  CellMask blocked = blocked_in;
  blocked.Reset(start);
  std::array<int16_t, kMaxBuckets> head;
  head.fill(-1);
  std::array<int16_t, kMaxEntries> entry_cell, entry_next;
  std::array<uint8_t, kMaxCells> best;
  CellMask seen, settled;
  int entries = 0;
  auto push = [&](int cell, int cost) {
    CHECK(entries < kMaxEntries);
    entry_cell[entries] = static_cast<int16_t>(cell);
    entry_next[entries] = head[cost];
    head[cost] = static_cast<int16_t>(entries++);
    seen.Set(cell);
    best[cell] = static_cast<uint8_t>(cost);
  };
  push(start, 0);
  for (int cost = 0; cost <= allowance; ++cost) {
    for (int e = head[cost]; e >= 0; e = entry_next[e]) {
      const int cell = entry_cell[e];
      if (settled.Test(cell)) continue;
      settled.Set(cell);
      for (int i = first_step_[cell]; i < first_step_[cell + 1]; ++i) {
        const Step& step = steps_[i];
        const int next = cost + step.cost;
        if (next > allowance || blocked.Test(step.to) || settled.Test(step.to)) continue;
        if (step.side_a >= 0 && blocked.Test(step.side_a) && blocked.Test(step.side_b)) continue;
        if (seen.Test(step.to) && best[step.to] <= next) continue;
        push(step.to, next);
      }
    }
  }
  settled.Remove(no_stop);
  settled.Set(start);  // the start is exempt
  return settled;
}

ReachTable::ReachTable(const MoveGraph& graph, int allowance)
    : graph_(graph), allowance_(allowance) {
  reach_.resize(graph.num_cells());
  influence_.resize(graph.num_cells());
  for (int start = 0; start < graph.num_cells(); ++start) {
    reach_[start] = graph.From(start, allowance, {}, {}, &influence_[start]).cells;
  }
}

CellMask ReachTable::Reachable(int start, const CellMask& blocked, const CellMask& no_stop) const {
  if (blocked.Intersects(influence_[start])) {  // the start itself is never in influence_
    return graph_.Cells(start, allowance_, blocked, no_stop);
  }
  CellMask cells = reach_[start];
  cells.Remove(no_stop);
  cells.Set(start);  // the start is exempt (and always reached)
  return cells;
}

bool ReachTable::Reaches(int start, int dest, const CellMask& blocked,
                         const CellMask& no_stop) const {
  if (dest == start) return true;
  if (!reach_[start].Test(dest) || no_stop.Test(dest)) return false;
  return !blocked.Intersects(influence_[start]) ||
         graph_.Cells(start, allowance_, blocked, no_stop).Test(dest);
}

}  // namespace sandtable
