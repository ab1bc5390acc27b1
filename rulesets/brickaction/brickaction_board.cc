// brickaction's board description: terrain, squads, the objective, the turn and the action
// being resolved. Perfect information: every viewer sees the same board.
#include <iterator>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "engine/board.h"
#include "rulesets/brickaction/brickaction.h"

namespace sandtable {
namespace {

constexpr const char* kFacingWords[] = {"N", "NE", "E", "SE", "S", "SW", "W", "NW"};

constexpr const char* kWhat[] = {
    "choose a squad (or end the turn)",
    "move / attack / prone / rise / rally / hold / smoke / hide / peek",
    "choose the destination (to X,Y)",
    "choose the target (at L / at L grenade / close L)",
    "choose the hold (if L moves|attacks fire|move)",
    "the target may go prone first (prone / stand)",
    "reactive fire at the mover (fire L / none)",
    "choose which minis die (lose ...)",
    "the close-combat winner may repeat (repeat / stop)",
    "hold move (to X,Y / stay)",
    "reactive move toward the destroyed squad (to X,Y / stay)",
    "the roll-off's winner: take the first turn or the second (first / second)",
    "the moved vehicle's hull facing (face N|NE|...)",
    "the turret's new facing (turret N|NE|...)",
    "where the smoke screen lands (smoke X,Y: its top-left cell)",
    "rally roll",
    "attack roll",
    "save rolls",
    "close-combat roll",
    "the roll-off for the first turn",
    "armour roll (the total against the armour table)",
    "",
};
static_assert(std::size(kWhat) == BrickactionGame::kNumPhases);

}  // namespace

BoardView BrickactionGame::DescribeBoard(const State& state, Player /*viewer*/) const {
  const int n = num_units();
  BoardView view;
  view.grid = GridKind::kSquare;
  view.width = width_;
  view.height = height_;
  // Trees get a role of their own so the picture tells them from low walls; windows are hard
  // cover and look it.
  view.terrain_kinds = {
      {"open", '.', ColourRole::kGround},          {"hard cover", '#', ColourRole::kCover},
      {"total cover", 'X', ColourRole::kBlocking}, {"soft cover", '"', ColourRole::kHighlight},
      {"tree", 'T', ColourRole::kNeutral},         {"floor", '_', ColourRole::kGround},
      {"window", 'W', ColourRole::kCover},         {"corner", '+', ColourRole::kCover}};
  view.terrain.assign(terrain_.begin(), terrain_.end());
  // Raised ground: a kind per terrain and height, drawn with its map character.
  for (const auto& [kind_height, glyph] : raised_glyphs_) {
    const auto [kind, height] = kind_height;
    const TerrainKind& base = view.terrain_kinds[kind];
    view.terrain_kinds.push_back(
        {absl::StrCat(base.name, ", ", height, " blocks high"), glyph, base.role});
    for (int c = 0; c < num_cells_; ++c) {
      if (terrain_[c] == kind && elevation_[c] == height) {
        view.terrain[c] = static_cast<uint8_t>(view.terrain_kinds.size() - 1);
      }
    }
  }
  // Walls on cell edges, in BrickactionWalls::Kind's order.
  view.edge_kinds = {{"soft wall (on an edge)", '"', ColourRole::kHighlight},
                     {"low wall (on an edge)", '#', ColourRole::kCover},
                     {"high wall (on an edge)", 'X', ColourRole::kBlocking}};
  for (const BrickactionWalls::Wall& wall : walls_.walls()) {
    view.edges.push_back({CellIndex(wall.edge.cell.x, wall.edge.cell.y),
                          wall.edge.side == CellEdge::Side::kSouth,
                          static_cast<uint8_t>(wall.kind)});
  }
  // The objective, drawn on the cell at (or just above and left of) its point.
  if (victory_ == kObjectiveVictory) {
    view.markers.push_back({ObjectiveCell(0), '*', "objective (2 cells around)", -1});
  }
  if (victory_ == kCaptureVictory) AddCaptureMarkers(state, view);

  // The smoke screen's 16 cells.
  if (state.smoke != kNoCell) {
    for (int dy = 0; dy < kSmokeSize; ++dy) {
      for (int dx = 0; dx < kSmokeSize; ++dx) {
        view.markers.push_back(
            {state.smoke + CellIndex(dx, dy), '~', "smoke (blocks sight for one action)", -1});
      }
    }
  }
  // Weapons lying where a squad was destroyed.
  for (int u = 0; u < n; ++u) {
    if (state.dropped[u] == 0) continue;
    std::string name = absl::StrCat("weapons dropped by ", std::string(1, units_[u].label), ":");
    const Loadout weapons = Weapons(state, u);
    for (int w = 0; w < kNumInfantryWeapons; ++w) {
      if (weapons[w]) absl::StrAppend(&name, " ", weapons[w], " ", kInfantryWeaponNames[w]);
    }
    view.markers.push_back({state.dropped[u] - 1, 'w', std::move(name), -1});
  }
  if (victory_ == kFlagVictory) AddFlagMarkers(state, view);

  if (state.phase == kOver) {
    const int winner = Winner(state);
    const std::string decided_by =
        victory_ == kObjectiveVictory
            ? absl::StrCat("minis on the objective ", MinisOnObjective(state, 0), "-",
                           MinisOnObjective(state, 1))
            : absl::StrCat("victory ", kVictoryNames[victory_]);
    view.AddLine().Add(absl::StrCat(
        "Game over: ", decided_by, ", killed ", state.kills[0], "-", state.kills[1], ", ",
        winner < 0 ? std::string("draw") : absl::StrCat("player ", winner, " wins")));
  } else {
    view.AddLine().Add(absl::StrCat(
        "Turn ", state.turn, " of ", turns_, " | player ", state.player, "'s turn, ", state.left,
        " action(s) left | killed ", state.kills[0], "-", state.kills[1], " | ",
        Kind(state) == NodeKind::kChance ? std::string("dice")
                                         : absl::StrCat("player ", CurrentPlayer(state)),
        ": ", kWhat[state.phase]));
  }
  if (state.active < n) {
    std::string line = std::string(1, units_[state.active].label);
    if (state.from != kNoCell) {
      absl::StrAppend(&line, " moved from ", CoordinateText(CellX(state.from), CellY(state.from)));
    }
    if (state.target < n) {
      constexpr const char* kHow[] = {"fires at ", "fires with the grenade at ", "closes with ",
                                      "fires a rocket at ", "fires a rifle grenade at "};
      absl::StrAppend(&line, " ",
                      state.weapon == kCloseCombat && IsVehicle(state.target)
                          ? "swarms "
                          : kHow[state.weapon % std::size(kHow)],
                      std::string(1, units_[state.target].label));
    }
    view.AddLine("Action", units_[state.active].side).Add(std::move(line));
  }
  if (state.att < n && state.tgt < n) {
    constexpr const char* kModes[] = {
        "", "attack", "reactive fire", "hold attack", "close combat", "roadkill"};
    std::string line =
        absl::StrCat(kModes[state.mode % 6], ": ", std::string(1, units_[state.att].label), " at ",
                     std::string(1, units_[state.tgt].label));
    if (state.mode == kClose && state.side == 1) {
      absl::StrAppend(&line, ", attacker's total ", state.a_sum);
    }
    if (state.cas_t || state.cas_a) {
      absl::StrAppend(&line, ", casualties pending ", state.cas_a, "/", state.cas_t);
    }
    if (state.saves) absl::StrAppend(&line, ", ", state.saves, " save(s) to roll");
    view.AddLine("Combat", units_[state.att].side).Add(std::move(line));
  }
  for (int u = 0; u < n; ++u) {
    BoardPiece piece;
    piece.side = units_[u].side;
    piece.label = std::string(1, units_[u].label);
    piece.kind = IsVehicle(u) ? "vehicle" : "squad";
    if (!IsAlive(state, u)) {
      piece.status = Aboard(state, u)
                         ? absl::StrCat("aboard ", std::string(1, units_[Carrier(state, u)].label))
                         : "destroyed";
      view.pieces.push_back(std::move(piece));
      continue;
    }
    piece.cell = state.cell[u];
    // Its hold, squad or vehicle: the named unit, the trigger and the response.
    const std::string hold =
        state.hold[u] == 0
            ? std::string()
            : absl::StrCat(", holds: if ", std::string(1, units_[(state.hold[u] & 0x0F) - 1].label),
                           (state.hold[u] & kHoldOnAttack) ? " attacks " : " moves ",
                           (state.hold[u] & kHoldMoves) ? "move" : "fire");
    if (IsVehicle(u)) {
      const Unit& unit = units_[u];
      piece.kind = "vehicle";
      piece.status =
          absl::StrCat(kClassNames[unit.vehicle_class], " ",
                       kVehicleWeaponNames[unit.vehicle_weapon], ", damage ", Damage(state, u), "/",
                       Capacity(u), ", facing ", kFacingWords[state.facing[u] & 7]);
      if (unit.turret) {
        absl::StrAppend(&piece.status, ", turret ", kFacingWords[(state.facing[u] >> 4) & 7]);
      }
      if (state.damage[u] & kDisabledBit) absl::StrAppend(&piece.status, ", DISABLED");
      if (state.cargo[u]) {
        absl::StrAppend(&piece.status, ", carries ",
                        std::string(1, units_[state.cargo[u] - 1].label));
      }
      if (state.flags[u] & kBarredBit) absl::StrAppend(&piece.status, ", may not attack");
      if (state.acted[u]) absl::StrAppend(&piece.status, ", ", state.acted[u], " action(s)");
      absl::StrAppend(&piece.status, hold);
      view.pieces.push_back(std::move(piece));
      continue;
    }
    static constexpr const char* kOfficerWords[] = {", officer", ", field commander",
                                                    ", ranking commander", ", general"};
    piece.status = absl::StrCat(Minis(state, u), " minis (", state.regulars[u], " regulars",
                                (state.specialists[u] & kVeteran) ? ", veteran" : "",
                                !(state.specialists[u] & kOfficer) ? ""
                                : units_[u].spotter                ? ", spotter"
                                : units_[u].commando               ? ", commando"
                                                     : kOfficerWords[units_[u].commander],
                                (state.specialists[u] & kMedic) ? ", medic" : "", ")");
    const Loadout weapons = Weapons(state, u);  // the scenario's and those picked up
    for (int w = 0; w < kNumInfantryWeapons; ++w) {
      if (weapons[w]) {
        absl::StrAppend(&piece.status, ", ", weapons[w], " ", kInfantryWeaponNames[w],
                        weapons[w] > units_[u].weapons[w]
                            ? absl::StrCat(" (", weapons[w] - units_[u].weapons[w], " picked up)")
                            : std::string());
      }
    }
    if (units_[u].heavy_support) absl::StrAppend(&piece.status, ", heavy support");
    if (units_[u].bayonets) absl::StrAppend(&piece.status, ", ", units_[u].bayonets, " bayonet");
    if (state.bonus[u] & kBonusCountMask) {
      absl::StrAppend(&piece.status, ", ", state.bonus[u] & kBonusCountMask,
                      units_[u].commando ? " dash(es)" : " bonus action(s)");
    }
    const uint8_t f = state.flags[u];
    if (f & kProneBit) absl::StrAppend(&piece.status, ", prone");
    if (InFullCover(state, u)) absl::StrAppend(&piece.status, ", full cover at its corner");
    if (f & kSuppressedBit) absl::StrAppend(&piece.status, ", SUPPRESSED");
    if (CarriedFlag(state, u) >= 0) {
      absl::StrAppend(&piece.status, ", carries ", FlagName(CarriedFlag(state, u)));
    }
    if (f & kGrenadeBit) absl::StrAppend(&piece.status, ", grenade");
    if (state.rockets[u]) absl::StrAppend(&piece.status, ", ", state.rockets[u], " rocket(s)");
    if (state.rifle_grenades[u]) {
      absl::StrAppend(&piece.status, ", ", state.rifle_grenades[u], " rifle grenade(s)");
    }
    if (state.smokes[u]) {
      absl::StrAppend(&piece.status, ", ", state.smokes[u], " smoke grenade(s)");
    }
    if (state.reacted[u]) {
      absl::StrAppend(&piece.status, ", ", state.reacted[u], " reactive fire(s) this turn");
    }
    if (f & kBarredBit) absl::StrAppend(&piece.status, ", may not attack (hold fired)");
    if (state.acted[u]) absl::StrAppend(&piece.status, ", ", state.acted[u], " action(s)");
    absl::StrAppend(&piece.status, hold);
    view.pieces.push_back(std::move(piece));
  }
  return view;
}

int BrickactionGame::ActionCell(const State& state, Player /*player*/, Action action) const {
  auto cell_of = [&](int u) {
    return u < num_units() && IsAlive(state, u) ? static_cast<int>(state.cell[u]) : kOffGrid;
  };
  switch (state.phase) {
    case kDest:
    case kHoldMove:
    case kReactMove:
    case kSmokeTarget:
      return action < static_cast<Action>(num_cells_) ? static_cast<int>(action) : kOffGrid;
    case kSelect:
      return action < kEndTurn ? cell_of(static_cast<int>(action - kSelectBase)) : kOffGrid;
    case kTarget:
      return cell_of(static_cast<int>(action - kTargetBase) / kWeaponSlots);
    case kHold:
      return cell_of(static_cast<int>(action - kHoldBase) / 4);
    case kReactive:
      return action < kNoReaction ? cell_of(static_cast<int>(action - kReactBase)) : kOffGrid;
    default:
      return kOffGrid;
  }
}

}  // namespace sandtable
