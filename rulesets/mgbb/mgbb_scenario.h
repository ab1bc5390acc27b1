// mgbb's scenario: the map, the forces and the victory rule of one game, read from and written
// to the scenario text format (engine/scenario_text.h; docs/rulesets/mgbb.md, "Scenario
// format"). Sources: "Machine Guns and Ballot Boxes, Quick Reference Sheets" and "mgbb:
// rulings" (Geometry and units; Result and default scenario).
#ifndef SANDTABLE_RULESETS_MGBB_MGBB_SCENARIO_H_
#define SANDTABLE_RULESETS_MGBB_MGBB_SCENARIO_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/facing.h"
#include "rulesets/mgbb/mgbb_units.h"

namespace sandtable::mgbb {

// A cell holds at most one kind of works (decision: the sheets treat fortifications and
// battlefield defences as different obstacles, never as one on top of the other).
enum class Works : uint8_t { kNone, kFortification, kBattlefieldDefence };

// Heights 0..kMaxHeight: the rulings need only "uphill" (higher than the opponent).
inline constexpr int kMaxHeight = 2;

struct MapCell {
  bool terrain = false;    // any terrain: cover, slows foot and cavalry, blocks sight
  bool road = false;       // movement fully along a road gains 1M
  bool objective = false;  // the polling station
  Works works = Works::kNone;
  uint8_t height = 0;

  bool operator==(const MapCell&) const = default;
};

struct PlacedUnit {
  Unit unit;
  int x = 0;
  int y = 0;
  Facing facing = Facing::kN;

  bool operator==(const PlacedUnit& other) const;
};

enum class MarkerKind : uint8_t { kSmoke, kGas };

struct Marker {
  MarkerKind kind = MarkerKind::kSmoke;
  int x = 0;
  int y = 0;

  bool operator==(const Marker&) const = default;
};

// The rulings' one rule ("Result and default scenario"): the government wins by holding the
// polling station at the end; the insurgents by holding it or by having destroyed more enemy
// units; otherwise a draw. An enum so that later scenarios can add rules.
enum class VictoryRule : uint8_t { kElectionDay };

struct Scenario {
  std::string name = "unnamed";
  int width = 24;  // 12M x 8M, one cell half an M
  int height = 16;
  std::vector<MapCell> cells = std::vector<MapCell>(24 * 16);  // row by row
  bool nighttime = false;
  int turns = 8;
  VictoryRule victory = VictoryRule::kElectionDay;
  std::vector<PlacedUnit> units;  // commanders are units of type kCommander with a trait
  std::vector<Marker> markers;    // smoke and gas on the table at the start

  MapCell& At(int x, int y) { return cells[y * width + x]; }
  const MapCell& At(int x, int y) const { return cells[y * width + x]; }
  bool operator==(const Scenario&) const = default;
};

// Map sizes the format accepts, in cells.
inline constexpr int kMinMapSide = 2;
inline constexpr int kMaxMapSide = 64;

// Reads a scenario text; errors are InvalidArgument "line N: ...".
absl::StatusOr<Scenario> ParseScenario(std::string_view text);

// A text that ParseScenario reads back as `scenario` (which must be valid).
std::string ScenarioToText(const Scenario& scenario);

// The shipped scenarios by name ("election_day" first, the default).
const std::vector<std::pair<std::string_view, std::string_view>>& BuiltInScenarios();

}  // namespace sandtable::mgbb

#endif  // SANDTABLE_RULESETS_MGBB_MGBB_SCENARIO_H_
