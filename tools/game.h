// The type-erased game and position the protocol and the subcommands use: one virtual
// interface over every ruleset (the hot loops stay templated in search/ and rulesets/).
// Implemented once for any RegisteredRuleset by tools/game_impl.h; created through the
// registry (tools/registry.h) from a spec such as "quickplay(squad_size=5)".
#ifndef SANDTABLE_TOOLS_GAME_H_
#define SANDTABLE_TOOLS_GAME_H_

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/board.h"
#include "engine/rng.h"
#include "engine/types.h"
#include "search/search_types.h"

namespace sandtable {

class Position;

// Totals of uniformly random games (see Position::RandomPlayouts).
struct PlayoutStats {
  int64_t games = 0;
  int64_t steps = 0;      // every Apply/ApplyJoint, chance outcomes included
  int64_t decisions = 0;  // decision and simultaneous steps
  int64_t wins[kNumPlayers] = {0, 0};
  int64_t draws = 0;
};

// One search over a position; Stop() may be called from any thread while Run() blocks.
class Search {
 public:
  virtual ~Search() = default;
  // Searches for `player` (the player to move, or the engine's seat at a simultaneous
  // node), using only what `player` can observe in `position`.
  virtual SearchResult Run(const Position& position, Player player) = 0;
  virtual void Stop() = 0;
};

class Game {
 public:
  virtual ~Game() = default;
  virtual std::string_view name() const = 0;
  // The canonical spec with every parameter: "quickplay(squad_size=4,cells_per_brick=1)".
  virtual std::string spec() const = 0;
  virtual int MaxGameLength() const = 0;
  // Whether a player may not observe everything (the ruleset's kHasHiddenInformation).
  virtual bool HasHiddenInformation() const = 0;
  virtual std::unique_ptr<Position> NewInitialPosition() const = 0;
  virtual absl::StatusOr<std::unique_ptr<Position>> ParsePosition(std::string_view text) const = 0;
  virtual std::unique_ptr<Search> NewSearch(const SearchOptions& options) const = 0;
};

class Position {
 public:
  virtual ~Position() = default;
  virtual std::unique_ptr<Position> Clone() const = 0;
  virtual const Game& game() const = 0;

  virtual NodeKind Kind() const = 0;
  virtual Player CurrentPlayer() const = 0;
  virtual ActionList LegalActions(Player player) const = 0;
  virtual ChanceList ChanceOutcomes() const = 0;
  // Both CHECK that the action(s) are legal here: validate outside input with ParseAction.
  virtual void Apply(Action action) = 0;
  virtual void ApplyJoint(JointAction joint) = 0;

  virtual double Returns(Player player) const = 0;
  virtual int Score(Player player) const = 0;
  virtual uint64_t InformationSetKey(Player player) const = 0;
  virtual std::string DescribeHidden(Player owner) const = 0;
  // Replaces what `observer` cannot see by a sample consistent with its observations.
  virtual void Determinize(Player observer, Rng& rng) = 0;
  // Measures of what changed since `before` (a position of the same game), for `odds`.
  virtual std::vector<std::pair<std::string, int>> ResultMeasures(const Position& before) const = 0;

  virtual std::string ActionToString(Player actor, Action action) const = 0;
  // Parses `text` as an action of `actor` (kChancePlayer: a chance outcome, raw faces
  // accepted) and checks that it is legal here; errors say why and what is expected.
  virtual absl::StatusOr<Action> ParseAction(Player actor, std::string_view text) const = 0;
  // The board cell (as in DescribeBoard) a legal action of `actor` points at, or kOffGrid
  // (also for every action of a ruleset without kHasActionCells).
  virtual int ActionCell(Player actor, Action action) const = 0;
  virtual std::string ToString() const = 0;  // the one-line position string
  // The board as `viewer` sees it (0, 1, or kOmniscient for everything), for the renderers
  // (tools/board_text.h, tools/board_svg.h).
  virtual BoardView DescribeBoard(Player viewer) const = 0;

  // The registered evaluator's estimate for player 0 in [-1, 1] (Returns(0) at terminal
  // nodes). It reads the whole state: determinize first when a player must not peek.
  virtual double Evaluate() const = 0;
  // Plays `games` games from here to the end in the templated hot loop: decisions and joint
  // choices uniformly at random, chance outcomes by their probabilities. For bench.
  // `games_done`, when not null, counts the finished games (for progress reports from
  // another thread).
  virtual PlayoutStats RandomPlayouts(int64_t games, uint64_t seed,
                                      std::atomic<int64_t>* games_done) const = 0;
};

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_GAME_H_
