// mgbb's board description: the map's cells, the units with their hit tokens, facing and
// activation, the polling station, smoke and gas, the turn and what is being resolved. Full
// information: every viewer sees the same board.
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "engine/board.h"
#include "rulesets/mgbb/mgbb.h"

namespace sandtable {
namespace {

using G = MgbbGame;
using mgbb::MapCell;
using mgbb::UnitType;
using mgbb::Works;

constexpr const char* kFacingWords[] = {"N", "NE", "E", "SE", "S", "SW", "W", "NW"};
constexpr const char* kSideWords[] = {"government", "insurgents"};

// By UnitType: the piece's label and kind. Labels start with distinct letters, none a
// terrain glyph, so the text board tells every type apart: H the commander (headquarters),
// Q a staff team, P a ground attack aircraft (plane).
constexpr std::pair<const char*, const char*> kTypeWords[] = {
    {"F", "foot"},          {"C", "cavalry"},
    {"S", "scouts"},        {"A", "artillery"},
    {"T", "anti_tank_gun"}, {"M", "machine_gun"},
    {"V", "vehicle"},       {"Q", "staff_team"},
    {"H", "commander"},     {"P", "ground_attack_aircraft"}};
constexpr const char* kClassWords[] = {"regular army", "police", "guerrilla",
                                       "tribal",       "mob",    "armed mob"};
constexpr const char* kTraitWords[] = {"", "charismatic", "rash", "cautious", "defensive", "hated"};

constexpr const char* kWhat[] = {
    "give an activation token (token NAME / done)",
    "choose the unit to act (unit NAME)",
    "the active unit's order (move / charge / shoot / snap / melee / turn / limber / end)",
    "the destination (to X,Y)",
    "the target (at NAME)",
    "the new facing (face N|NE|...)",
    "the target may return fire (return / hold)",
    "the winner may follow up (follow / stay)",
    "reform: disengage the unit (disengage / stay)",
    "the initiative roll",
    "an activation roll",
    "the shooting dice",
    "the melee dice",
    "",
};
static_assert(std::size(kWhat) == G::kNumPhases);
static_assert(std::size(kTypeWords) == static_cast<size_t>(UnitType::kGroundAttackAircraft) + 1);

// The terrain kind of a map cell without its objective (a marker): its name says every
// feature, its glyph the most important one (works, then terrain, road, height).
TerrainKind KindOf(const MapCell& cell) {
  std::vector<std::string> features;
  if (cell.works == Works::kFortification) features.push_back("fortification");
  if (cell.works == Works::kBattlefieldDefence) features.push_back("battlefield defence");
  if (cell.terrain) features.push_back("terrain");
  if (cell.road) features.push_back("road");
  if (cell.height > 0) features.push_back(absl::StrCat("height ", cell.height));
  TerrainKind kind{features.empty() ? "open" : absl::StrJoin(features, ", "), '.',
                   ColourRole::kGround};
  if (cell.works == Works::kFortification) {
    kind.glyph = '#';
    kind.role = ColourRole::kBlocking;
  } else if (cell.works == Works::kBattlefieldDefence) {
    kind.glyph = 'x';
    kind.role = ColourRole::kCover;
  } else if (cell.terrain) {
    kind.glyph = cell.road ? 'R' : 't';
    kind.role = ColourRole::kCover;
  } else if (cell.road) {
    kind.glyph = '=';
    kind.role = ColourRole::kHighlight;
  } else if (cell.height > 0) {
    kind.glyph = static_cast<char>('0' + cell.height);  // open hillside: its height
    kind.role = ColourRole::kHighlight;
  }
  return kind;
}

}  // namespace

BoardView MgbbGame::MapView() const {
  const int cells = width() * height();
  BoardView view;
  view.grid = GridKind::kSquare;
  view.width = width();
  view.height = height();
  view.terrain_kinds = {KindOf(MapCell{})};
  view.terrain.resize(cells);
  for (int c = 0; c < cells; ++c) {
    MapCell cell = MapAt(c);
    cell.objective = false;
    const TerrainKind kind = KindOf(cell);
    size_t k = 0;
    while (k < view.terrain_kinds.size() && view.terrain_kinds[k] != kind) ++k;
    if (k == view.terrain_kinds.size()) view.terrain_kinds.push_back(kind);
    view.terrain[c] = static_cast<uint8_t>(k);
    if (IsObjective(c)) view.markers.push_back({c, '*', "polling station (objective)", -1});
    if (HasSmoke(c)) view.markers.push_back({c, '~', "smoke", -1});
    if (HasGas(c)) view.markers.push_back({c, 'g', "gas", -1});
  }
  return view;
}

BoardView MgbbGame::DescribeBoard(const State& state, Player /*viewer*/) const {
  BoardView view = map_view_;  // the table never changes: described once, in Create
  const int n = num_units();

  const std::string score = absl::StrCat("destroyed ", state.destroyed[0], "-", state.destroyed[1]);
  if (state.phase == kOver) {
    const double g = Returns(state, 0) - Returns(state, 1);
    view.AddLine().Add(absl::StrCat("Game over after turn ", state.turn, ": ", score, ", ",
                                    g > 0   ? "the government wins"
                                    : g < 0 ? "the insurgents win"
                                            : "a draw"));
  } else {
    view.AddLine().Add(
        absl::StrCat("Turn ", state.turn, " of ", turns(), nighttime() ? " (night)" : "",
                     state.phase == kInitiative
                         ? std::string()
                         : absl::StrCat(" | initiative: ", kSideWords[state.initiative % 2]),
                     " | ", score, " | ",
                     Kind(state) == NodeKind::kChance ? std::string("dice")
                                                      : std::string(kSideWords[state.player % 2]),
                     ": ", kWhat[state.phase % kNumPhases]));
  }
  if (state.active < n) {
    view.AddLine("Active", side(state.active))
        .Add(absl::StrCat(UnitName(state.active), ", ", state.ap, " action point(s) left, ",
                          state.steps, " action(s) taken"));
  }
  if (state.att < n && state.tgt < n) {
    constexpr const char* kModes[] = {"",       "shot",        "snap shot", "return fire",
                                      "charge", "hand-to-hand"};
    // At a follow-up the round is over: att won, tgt lost and retreated.
    std::string line =
        state.phase == kFollowUp
            ? absl::StrCat("melee won: ", UnitName(state.att), " may follow ", UnitName(state.tgt))
            : absl::StrCat(kModes[state.mode % std::size(kModes)], ": ", UnitName(state.att),
                           " at ", UnitName(state.tgt));
    if (state.dice) absl::StrAppend(&line, ", ", state.dice, " dice");
    if (state.phase == kMeleeRoll && state.side == 1) {
      absl::StrAppend(&line, ", ", UnitName(state.tgt), " throws back (", UnitName(state.att),
                      " scored ", state.scored, ")");
    }
    view.AddLine("Combat", side(state.att)).Add(std::move(line));
  }

  for (int u = 0; u < n; ++u) {
    const mgbb::Unit& unit = this->unit(u);
    const size_t type = static_cast<size_t>(unit.type) % std::size(kTypeWords);
    BoardPiece piece;
    piece.side = side(u);
    piece.label = kTypeWords[type].first;
    piece.kind = kTypeWords[type].second;
    piece.status =
        absl::StrCat(UnitName(u), ", ",
                     kClassWords[static_cast<size_t>(unit.unit_class) % std::size(kClassWords)]);
    if (unit.trait != mgbb::CommanderTrait::kNone) {
      absl::StrAppend(&piece.status, ", ",
                      kTraitWords[static_cast<size_t>(unit.trait) % std::size(kTraitWords)]);
    }
    if (IsAircraft(u)) {
      // Off the table: its sortie's state.
      absl::StrAppend(&piece.status, ", off the table");
      constexpr std::pair<uint8_t, const char*> kSortieWords[] = {
          {kCalledBit, "called"},
          {kCalledLastTurnBit, "called last turn"},
          {kCalledTurnBeforeBit, "called the turn before"},
          {kActivatedBit, "activated"},
          {kDoneBit, "done"},
          {kFiredBit, "fired"}};
      for (const auto& [bit, word] : kSortieWords) {
        if (state.flags[u] & bit) absl::StrAppend(&piece.status, ", ", word);
      }
      view.pieces.push_back(std::move(piece));
      continue;
    }
    if (!Alive(state, u)) {
      absl::StrAppend(&piece.status, ", destroyed");
      view.pieces.push_back(std::move(piece));
      continue;
    }
    piece.cell = state.cell[u];
    absl::StrAppend(&piece.status, ", facing ", kFacingWords[state.facing[u] % kNumFacings]);
    if (state.hits[u]) absl::StrAppend(&piece.status, ", ", state.hits[u], " hit token(s)");
    if (state.tokens[u]) {
      absl::StrAppend(&piece.status, ", ", state.tokens[u], " activation token(s)");
    }
    const uint8_t f = state.flags[u];
    constexpr std::pair<uint8_t, const char*> kFlagWords[] = {
        {kLimberedBit, "limbered"}, {kMovedLastTurnBit, "moved last turn"},
        {kMovedBit, "moved"},       {kActivatedBit, "activated"},
        {kDoneBit, "done"},         {kFiredBit, "fired or fired upon"},
        {kReformedBit, "reformed"}};
    for (const auto& [bit, word] : kFlagWords) {
      if (f & bit) absl::StrAppend(&piece.status, ", ", word);
    }
    view.pieces.push_back(std::move(piece));
  }
  return view;
}

int MgbbGame::ActionCell(const State& state, Player /*player*/, Action action) const {
  auto cell_of = [&](Action base) {
    const Action u = action - base;
    return action >= base && u < static_cast<Action>(num_units()) && Alive(state, u)
               ? static_cast<int>(state.cell[u])
               : kOffGrid;
  };
  switch (state.phase) {
    case kDest:
      return action < static_cast<Action>(width() * height()) ? static_cast<int>(action) : kOffGrid;
    case kTokens:
      return cell_of(kTokenBase);
    case kSelect:
      return cell_of(kSelectBase);
    case kTarget:
      return cell_of(kTargetBase);
    default:
      return kOffGrid;
  }
}

}  // namespace sandtable
