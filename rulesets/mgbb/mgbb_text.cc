// mgbb text: action and chance notation, the one-line position string, their parsers and
// the result measures of `sandtable odds` (docs/rulesets/mgbb.md, Notation). Parsers take
// any bytes and answer with a clear error; nothing here may crash.
#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "engine/text.h"
#include "rulesets/mgbb/mgbb.h"

namespace sandtable {
namespace {

using G = MgbbGame;

constexpr std::array<const char*, G::kNumPhases> kPhaseNames = {
    "tokens",   "select",    "order",      "dest",       "target",   "facing",    "returnfire",
    "followup", "disengage", "initiative", "activation", "shotroll", "meleeroll", "over"};
constexpr std::array<const char*, G::kNumOrders> kOrderNames = {"move",  "charge", "shoot",  "snap",
                                                                "melee", "turn",   "limber", "end"};
constexpr std::array<const char*, 6> kModeNames = {"none",   "shot",   "snap",
                                                   "return", "charge", "melee"};
constexpr std::array<const char*, kNumFacings> kFacingNames = {"N", "NE", "E", "SE",
                                                               "S", "SW", "W", "NW"};
constexpr std::array<const char*, 2> kSideNames = {"government", "insurgents"};
// Unit flag letters in the position string, bit by bit from kLimberedBit: limbered, moved
// in the previous turn, moved, activated, done, fired (or fired upon), reformed.
constexpr std::string_view kFlagLetters = "lpmadfr";
// The active unit's kDid* letters, bit by bit: moved, turned, hand-to-hand, limbered, acted.
constexpr std::string_view kDidLetters = "mthla";
// An aircraft's flags: called this turn, in the last turn, in the one before; then as a unit's.
constexpr std::string_view kAircraftLetters = "c12adf";

absl::Status Error(std::string_view message) { return absl::InvalidArgumentError(ToAbsl(message)); }

template <size_t N>
int IndexOf(const std::array<const char*, N>& names, std::string_view word) {
  for (size_t i = 0; i < N; ++i) {
    if (word == names[i]) return static_cast<int>(i);
  }
  return -1;
}

// The words of `text` joined by single blanks.
std::string Normalized(std::string_view text) {
  return absl::StrJoin(SplitWords(text), " ", [](std::string* out, std::string_view word) {
    absl::StrAppend(out, ToAbsl(word));
  });
}

// The letters of the set bits of `bits` (bit i: letters[i]); "-" when none.
std::string Letters(uint8_t bits, std::string_view letters) {
  std::string out;
  for (size_t b = 0; b < letters.size(); ++b) {
    if (bits & (1u << b)) out += letters[b];
  }
  return out;
}

// The bits of `word`, each letter of `letters` at most once; nullopt otherwise.
std::optional<uint8_t> Bits(std::string_view word, std::string_view letters) {
  uint8_t bits = 0;
  for (char c : word) {
    const size_t b = letters.find(c);
    if (b == std::string_view::npos || (bits & (1u << b))) return std::nullopt;
    bits |= static_cast<uint8_t>(1u << b);
  }
  return bits;
}

}  // namespace

// ---------------------------------------------------------------------------- actions

std::string MgbbGame::ActionToString(const State& state, Player, Action action) const {
  const Action n = static_cast<Action>(num_units());
  const int value = static_cast<int>(action) - static_cast<int>(kOutcomeBase);
  auto in = [&](Action base, Action count) { return action >= base && action < base + count; };
  switch (state.phase) {
    case kTokens:
      if (action == kTokensDone) return "done";
      if (in(kTokenBase, n)) return "token " + UnitName(static_cast<int>(action - kTokenBase));
      break;
    case kSelect:
      if (in(kSelectBase, n)) return "unit " + UnitName(static_cast<int>(action - kSelectBase));
      break;
    case kOrder:
      if (action == kOrderBase + kLimber && state.active < n) {
        // One word per action: what the gun does, limber up or unlimber.
        return (state.flags[state.active] & kLimberedBit) ? "unlimber" : "limber";
      }
      if (in(kOrderBase, kNumOrders)) return kOrderNames[action - kOrderBase];
      break;
    case kDest:
      if (action < static_cast<Action>(width() * height())) {
        const int c = static_cast<int>(action);
        return absl::StrCat("to ", CoordinateText(CellX(c), CellY(c)));
      }
      break;
    case kTarget:
      if (in(kTargetBase, n)) return "at " + UnitName(static_cast<int>(action - kTargetBase));
      break;
    case kFacing:
      if (in(kFaceBase, kNumFacings))
        return absl::StrCat("face ", kFacingNames[action - kFaceBase]);
      break;
    case kReturnFire:
    case kFollowUp:
    case kDisengage:
      if (action == kYes) {
        return state.phase == kReturnFire ? "return"
               : state.phase == kFollowUp ? "follow"
                                          : "disengage";
      }
      if (action == kNo) return state.phase == kReturnFire ? "hold" : "stay";
      break;
    case kInitiative:
      if (value == 0 || value == 1) return absl::StrCat("initiative ", kSideNames[value]);
      break;
    case kActivationRoll:
      if (value == 0) return "fail";
      if (value == 1) return "pass";
      break;
    case kShotRoll:
    case kMeleeRoll:
      if (value >= 0 && value <= kMaxDice) return absl::StrCat("hits ", value);
      break;
    default:
      break;
  }
  return absl::StrCat("invalid#", action);
}

namespace {

// The raw faces of a chance node ("roll ..." without the word roll) as its outcome value.
absl::StatusOr<int> OutcomeOfFaces(const MgbbGame& game, const MgbbGame::State& state,
                                   std::string_view faces) {
  const std::vector<std::string_view> words = SplitWords(faces);
  switch (state.phase) {
    case G::kInitiative: {
      // The government's dice, a slash, the insurgents' dice; the adjusted totals decide.
      const int want[2] = {game.InitiativeDiceOf(state, 0), game.InitiativeDiceOf(state, 1)};
      const std::string form = absl::StrCat("the initiative: 'roll' with the government's ",
                                            want[0], " d6, '/', then the insurgents' ", want[1]);
      const auto slash = std::find(words.begin(), words.end(), "/");
      if (slash == words.end()) return Error(form);
      const std::vector<std::string_view> dice[2] = {{words.begin(), slash},
                                                     {slash + 1, words.end()}};
      int total[2] = {0, 0};
      for (int side = 0; side < 2; ++side) {
        if (static_cast<int>(dice[side].size()) != want[side]) return Error(form);
        for (std::string_view word : dice[side]) {
          const std::optional<int> face = ParseBoundedInt(word, 6);
          if (!face || *face < 1) {
            return Error(
                absl::StrCat("'", Printable(word), "' is not a face of a d6 (", form, ")"));
          }
          total[side] += *face;
        }
        total[side] += game.InitiativeAdjustmentOf(state, side);
      }
      if (total[0] == total[1]) {
        return Error(absl::StrCat("a tie (", total[0], " each, adjusted): throw again"));
      }
      return total[0] > total[1] ? 0 : 1;
    }
    case G::kActivationRoll: {
      // One d6 against the unit's Activation Roll Table entry, which has a row for every
      // unit (ChanceOutcomes reads the same one).
      const std::optional<int> face =
          words.size() == 1 ? ParseBoundedInt(words[0], 6) : std::nullopt;
      if (!face || *face < 1) return Error("the activation roll: 'roll F', one d6");
      return *face >= mgbb::ActivationRolls().Lookup(game.unit(state.cursor))->effect.amount ? 1
                                                                                             : 0;
    }
    case G::kShotRoll:
    case G::kMeleeRoll:
      return game.HitPool(state.dice).OutcomeOfFacesText(faces);
    default:
      return Error("no dice are thrown here");
  }
}

// What 'roll' takes at this chance node, for messages.
std::string FacesForm(const MgbbGame& game, const MgbbGame::State& state) {
  switch (state.phase) {
    case G::kInitiative:
      return absl::StrCat(game.InitiativeDiceOf(state, 0), " d6 of the government's, '/', ",
                          game.InitiativeDiceOf(state, 1), " d6 of the insurgents'");
    case G::kActivationRoll:
      return "one d6";
    default:
      return absl::StrCat(state.dice, " d6, each 5 or 6 a hit");
  }
}

}  // namespace

absl::StatusOr<Action> MgbbGame::ParseAction(const State& state, Player player,
                                             std::string_view text) const {
  const NodeKind node = Kind(state);
  if (node == NodeKind::kTerminal) return Error("the game is over: no actions");
  const std::string wanted = Normalized(text);
  if (wanted.empty()) return Error("empty action");
  const std::string shown = Printable(text);
  std::vector<Action> legal;
  if (node == NodeKind::kChance) {
    if (player != kChancePlayer) {
      return Error(absl::StrCat("'", shown, "': this is a dice roll (a chance outcome), not ",
                                "player ", player, "'s decision"));
    }
    ChanceList outcomes;
    ChanceOutcomes(state, outcomes);
    for (const ChanceOutcome& o : outcomes) legal.push_back(o.outcome);
    if (SplitWords(text)[0] == "roll") {
      const absl::StatusOr<int> value =
          OutcomeOfFaces(*this, state, TrimBlanks(text).substr(std::string_view("roll").size()));
      if (!value.ok()) return value.status();
      const Action action = state.phase == kShotRoll || state.phase == kMeleeRoll
                                ? HitsOutcome(state, *value)
                                : kOutcomeBase + static_cast<Action>(*value);
      if (std::find(legal.begin(), legal.end(), action) != legal.end()) return action;
      return Error(absl::StrCat("'", shown, "' cannot happen here"));
    }
    // Any number of hits the dice can score names the outcome it belongs to.
    const std::vector<std::string_view> words = SplitWords(text);
    if ((state.phase == kShotRoll || state.phase == kMeleeRoll) && words.size() == 2 &&
        words[0] == "hits") {
      const std::optional<int> hits = ParseBoundedInt(words[1], state.dice);
      if (hits) return HitsOutcome(state, *hits);
    }
  } else {
    const Player mover = CurrentPlayer(state);
    if (player != mover) {
      return Error(absl::StrCat("player ", mover, " decides here, not player ", player));
    }
    ActionList actions;
    LegalActions(state, player, actions);
    legal.assign(actions.begin(), actions.end());
  }
  std::vector<std::string> texts;
  for (Action a : legal) {
    std::string printed = ActionToString(state, player, a);
    if (printed == wanted) return a;
    if (texts.size() < 24) texts.push_back(std::move(printed));
  }
  if (legal.size() > texts.size()) texts.push_back("...");
  return Error(absl::StrCat("'", shown, "' is not legal here (legal: ", absl::StrJoin(texts, ", "),
                            node == NodeKind::kChance ? "; or 'roll' and the faces: " : "",
                            node == NodeKind::kChance ? FacesForm(*this, state) : "", ")"));
}

// ---------------------------------------------------------------------------- positions

namespace {

// The one-byte fields after turn, phase, player and initiative, in order: written only when
// not at their default.
enum class FieldKind { kNumber, kUnit, kOrder, kMode, kDid };
struct ByteField {
  const char* name;
  uint8_t G::State::*member;
  FieldKind kind;
  int max;       // numbers only
  uint8_t none;  // the default
};
using S = G::State;
constexpr ByteField kByteFields[] = {
    {"active", &S::active, FieldKind::kUnit, 0, G::kNone},
    {"ap", &S::ap, FieldKind::kNumber, G::kActionPoints, 0},
    {"steps", &S::steps, FieldKind::kNumber, G::kMaxActionsPerActivation, 0},
    {"did", &S::did, FieldKind::kDid, 0, 0},
    {"order", &S::order, FieldKind::kOrder, 0, G::kEnd},
    {"mode", &S::mode, FieldKind::kMode, 0, G::kNoMode},
    {"att", &S::att, FieldKind::kUnit, 0, G::kNone},
    {"tgt", &S::tgt, FieldKind::kUnit, 0, G::kNone},
    {"dice", &S::dice, FieldKind::kNumber, G::kMaxDice, 0},
    {"side", &S::side, FieldKind::kNumber, 1, 0},
    {"scored", &S::scored, FieldKind::kNumber, G::kMaxDice, 0},
    {"cursor", &S::cursor, FieldKind::kNumber, G::kMaxUnits, 0},
};

}  // namespace

std::string MgbbGame::StateToString(const State& state) const {
  const int n = num_units();
  auto name = [&](int u) { return u < n ? UnitName(u) : std::string("?"); };
  auto named = [](const auto& names, int v) -> std::string {
    return v >= 0 && v < static_cast<int>(names.size()) ? names[v] : "?";
  };
  std::string text =
      absl::StrCat("mgbb turn=", state.turn, " phase=", named(kPhaseNames, state.phase),
                   " player=", state.player, " initiative=", state.initiative);
  for (const ByteField& field : kByteFields) {
    const int v = state.*field.member;
    if (v == field.none) continue;
    std::string value;
    switch (field.kind) {
      case FieldKind::kNumber:
        value = absl::StrCat(v);
        break;
      case FieldKind::kUnit:
        value = name(v);
        break;
      case FieldKind::kOrder:
        value = named(kOrderNames, v);
        break;
      case FieldKind::kMode:
        value = named(kModeNames, v);
        break;
      case FieldKind::kDid:
        value = Letters(static_cast<uint8_t>(v), kDidLetters);
        break;
    }
    absl::StrAppend(&text, " ", field.name, "=", value);
  }
  if (state.destroyed[0] || state.destroyed[1]) {
    absl::StrAppend(&text, " destroyed=", state.destroyed[0], "/", state.destroyed[1]);
  }
  if (state.gas_used) absl::StrAppend(&text, " gas=", Letters(state.gas_used, "gi"));
  // A unit: NAME@X,Y:FACING, then :hN (hit tokens), :tN (activation tokens), :FLAGS when
  // not zero; NAME:x when destroyed. An aircraft: NAME:air, then :tN and :FLAGS.
  for (int u = 0; u < n; ++u) {
    absl::StrAppend(&text, " ", UnitName(u));
    if (IsAircraft(u)) {
      absl::StrAppend(&text, ":air");
      if (state.tokens[u]) absl::StrAppend(&text, ":t", state.tokens[u]);
      if (state.flags[u]) absl::StrAppend(&text, ":", Letters(state.flags[u], kAircraftLetters));
      continue;
    }
    if (!Alive(state, u)) {
      absl::StrAppend(&text, ":x");
      continue;
    }
    absl::StrAppend(&text, "@", CoordinateText(CellX(state.cell[u]), CellY(state.cell[u])), ":",
                    named(kFacingNames, state.facing[u]));
    if (state.hits[u]) absl::StrAppend(&text, ":h", state.hits[u]);
    if (state.tokens[u]) absl::StrAppend(&text, ":t", state.tokens[u]);
    if (state.flags[u]) absl::StrAppend(&text, ":", Letters(state.flags[u], kFlagLetters));
  }
  return text;
}

namespace {

// An aircraft's sortie fields: one token only while called, a called sortie within 2 of
// any 3 turns, the activation flags only on a called one.
absl::Status ValidateAircraft(const MgbbGame& game, const MgbbGame::State& state, int u) {
  const std::string& name = game.UnitName(u);
  const uint8_t flags = state.flags[u];
  if (state.tokens[u] > 1 || (state.tokens[u] && !(flags & G::kCalledBit))) {
    return Error(name + " is an aircraft: one token (t1), and only when called (c)");
  }
  if ((flags & (G::kActivatedBit | G::kDoneBit | G::kFiredBit)) && !(flags & G::kCalledBit)) {
    return Error(name + ": an aircraft activates (a), acts (d) and fires (f) only when called (c)");
  }
  if ((flags & G::kActivatedBit) && state.tokens[u]) {
    return Error(name + " passed its activation (a): its token is spent (t0)");
  }
  constexpr uint8_t kAll = G::kCalledBit | G::kCalledLastTurnBit | G::kCalledTurnBeforeBit;
  if ((flags & kAll) == kAll) {
    return Error(name + " cannot be called in three turns running (2 of any 3 turns)");
  }
  if ((state.turn < 2 && (flags & G::kCalledLastTurnBit)) ||
      (state.turn < 3 && (flags & G::kCalledTurnBeforeBit))) {
    return Error(name + ": flag 1 (called last turn) from turn 2, 2 (the turn before) from turn 3");
  }
  return absl::OkStatus();
}

// The checks of a parsed position beyond its syntax: every field in range and consistent
// with the rules, so that the game's functions may be called on it.
absl::Status Validate(const MgbbGame& game, const MgbbGame::State& state) {
  const int n = game.num_units();
  auto alive = [&](uint8_t u) { return u < n && G::Alive(state, u); };
  auto aircraft = [&](uint8_t u) { return u < n && game.IsAircraft(u); };
  auto name = [&](int u) { return game.UnitName(u); };
  if (state.turn < 1 || state.turn > game.turns()) {
    return Error(absl::StrCat("turn must be 1..", game.turns()));
  }
  // The units: one a cell; tokens only on units that throw them; limbered only guns.
  int tokens[2] = {0, 0}, token_units[2] = {0, 0}, lost[2] = {0, 0};
  for (int u = 0; u < n; ++u) {
    const mgbb::Unit& unit = game.unit(u);
    const bool commander = unit.type == mgbb::UnitType::kCommander;
    if (game.IsAircraft(u)) {
      if (absl::Status s = ValidateAircraft(game, state, u); !s.ok()) return s;
      continue;
    }
    if (!G::Alive(state, u)) {
      ++lost[game.side(u)];
      continue;
    }
    if (!commander) ++token_units[game.side(u)];
    const int other = game.UnitAt(state, state.cell[u]);
    if (other != u) return Error(absl::StrCat(name(u), " shares its cell with ", name(other)));
    if (commander && state.tokens[u]) {
      return Error(name(u) + " is the commander: it always activates, with no token");
    }
    tokens[game.side(u)] += state.tokens[u];
    if ((state.flags[u] & G::kLimberedBit) && unit.type != mgbb::UnitType::kArtillery &&
        unit.type != mgbb::UnitType::kAntiTankGun) {
      return Error(name(u) + " is not a gun: it cannot be limbered (l)");
    }
    if ((state.flags[u] & G::kActivatedBit) && state.tokens[u]) {
      return Error(name(u) + " passed its activation (a): its other tokens are discarded (t0)");
    }
  }
  for (int side = 0; side < 2; ++side) {
    if (tokens[side] > token_units[side]) {
      return Error(absl::StrCat("the ", kSideNames[side], " hold ", tokens[side],
                                " tokens: at most one per unit other than the commander (",
                                token_units[side], ")"));
    }
    if (state.destroyed[side] != lost[1 - side]) {
      return Error(absl::StrCat("destroyed=", state.destroyed[0], "/", state.destroyed[1],
                                ": the enemy units each side destroyed, ", lost[1], "/", lost[0],
                                " here"));
    }
  }
  for (uint8_t u : {state.active, state.att, state.tgt}) {
    if (u != G::kNone && !alive(u) && !(aircraft(u) && u != state.tgt)) {
      return Error("the active unit, att and tgt must be living units (or a sortie's aircraft)");
    }
  }
  // A sortie's one action is its attack: the target, then the shot's roll.
  const bool sortie = aircraft(state.active);
  if (sortie &&
      !((state.phase == G::kTarget && state.order == G::kShoot) ||
        (state.phase == G::kShotRoll && state.att == state.active && state.mode == G::kShot))) {
    return Error(
        "an aircraft's activation is its attack: active= an aircraft only at phase=target "
        "(order=shoot) or phase=shotroll (mode=shot, att= the aircraft)");
  }
  if (aircraft(state.att) && state.att != state.active) {
    return Error("att= an aircraft only during its own sortie (active= the aircraft)");
  }
  // The fields of the phase: the activation's (active, ap, steps, did, order) and the
  // resolution's (mode, att, tgt, dice, side, scored), and what each phase asks of them.
  const uint8_t phase = state.phase;
  const bool ordering =
      phase == G::kOrder || phase == G::kDest || phase == G::kTarget || phase == G::kFacing;
  const bool resolving = phase == G::kShotRoll || phase == G::kMeleeRoll ||
                         phase == G::kReturnFire || phase == G::kFollowUp;
  const bool no_activation = state.active == G::kNone && state.ap == 0 && state.steps == 0 &&
                             state.did == 0 && state.order == G::kEnd;
  const bool no_resolution = state.mode == G::kNoMode && state.att == G::kNone &&
                             state.tgt == G::kNone && state.dice == 0 && state.side == 0 &&
                             state.scored == 0;
  if (!ordering && !resolving && !no_activation) {
    return Error(absl::StrCat("phase=", kPhaseNames[phase],
                              " comes outside an activation: no active, ap, steps, did or order"));
  }
  if (!resolving && !no_resolution) {
    return Error(absl::StrCat("phase=", kPhaseNames[phase],
                              " resolves nothing: no mode, att, tgt, dice, side or scored"));
  }
  if (ordering && (!(alive(state.active) || sortie) || game.side(state.active) != state.player ||
                   !(state.flags[state.active] & G::kActivatedBit))) {
    return Error("active= must name a living, activated unit of the player to move");
  }
  // Shots (return fire too) and melee happen in an activation: play returns to it after.
  if (resolving &&
      (!(alive(state.active) || sortie) || !(state.flags[state.active] & G::kActivatedBit))) {
    return Error(absl::StrCat("phase=", kPhaseNames[phase],
                              " resolves an action of the active unit: active= names a living, "
                              "activated unit"));
  }
  if (state.active != G::kNone && (state.flags[state.active] & G::kDoneBit)) {
    return Error("active= names a unit whose activation is over (d)");
  }
  const uint8_t cursor = state.cursor;
  // A turn starts clean: no tokens, no unit activated, moved, fired or reformed until the
  // tokens are given; tokens wait only for their activation rolls, in scenario order.
  for (int u = 0; u < n; ++u) {
    const uint8_t before_rolls = game.IsAircraft(u)
                                     ? (phase == G::kTokens ? G::kCalledBit : 0) |
                                           G::kCalledLastTurnBit | G::kCalledTurnBeforeBit
                                     : G::kLimberedBit | G::kMovedLastTurnBit;
    if ((phase == G::kInitiative || phase == G::kTokens) && (state.flags[u] & ~before_rolls)) {
      return Error(absl::StrCat("phase=", kPhaseNames[phase], ": ", name(u),
                                " may have only the flags l and p (an aircraft: c while the "
                                "tokens are given, 1 and 2) before the activation rolls"));
    }
    const bool may_hold = phase == G::kTokens || (phase == G::kActivationRoll && u >= cursor);
    if (state.tokens[u] && !may_hold) {
      return Error(absl::StrCat(name(u),
                                " holds tokens: only while they are given (phase=tokens) "
                                "or wait for their rolls (phase=activation, from cursor)"));
    }
  }
  if (phase == G::kInitiative && (state.initiative != 0 || state.player != 0)) {
    return Error("phase=initiative: initiative=0 and player=0 until it is thrown");
  }
  if (phase == G::kOver && state.player != 0) return Error("phase=over: player=0");
  if (phase == G::kActivationRoll && state.player != 1 - state.initiative) {
    return Error("phase=activation: player= is the side that gave its tokens last");
  }
  const uint8_t order = state.order;
  const bool order_fits = phase == G::kDest     ? order == G::kMove
                          : phase == G::kTarget ? order == G::kCharge || order == G::kShoot ||
                                                      order == G::kSnapShot || order == G::kMelee
                          : phase == G::kFacing ? order == G::kTurn
                                                : order == G::kEnd || resolving;
  if (!order_fits) {
    return Error(absl::StrCat("order=", kOrderNames[order % G::kNumOrders],
                              " does not fit phase=", kPhaseNames[phase]));
  }
  if (resolving) {
    // The mode each phase resolves: a shot's roll, the active unit's shot or snap shot
    // awaiting return fire, a melee round's rolls; at a follow-up the round is over (att the
    // winner, tgt the loser).
    const uint8_t mode = state.mode;
    const bool mode_fits =
        phase == G::kShotRoll     ? mode == G::kShot || mode == G::kSnap || mode == G::kReturn
        : phase == G::kReturnFire ? mode == G::kShot || mode == G::kSnap
        : phase == G::kMeleeRoll  ? mode == G::kChargeRound || mode == G::kMeleeRound
                                  : mode == G::kNoMode;
    const bool rolls = phase == G::kShotRoll || phase == G::kMeleeRoll;
    if (!(alive(state.att) || sortie) || !alive(state.tgt) ||
        game.side(state.att) == game.side(state.tgt) || !mode_fits ||
        (rolls ? state.dice < 1 : state.dice != 0) ||
        (phase != G::kMeleeRoll && (state.side != 0 || state.scored != 0)) ||
        (state.side == 0 && state.scored != 0)) {
      return Error(absl::StrCat(
          "phase=", kPhaseNames[phase],
          " resolves an action of att against tgt, two living enemies: mode shot, snap or return "
          "at shotroll, shot or snap at returnfire, charge or melee at meleeroll, none at "
          "followup; dice=1..",
          G::kMaxDice, " only at the rolls; side=1 and scored= only at meleeroll"));
    }
  }
  if (phase == G::kActivationRoll &&
      (!(alive(cursor) || aircraft(cursor)) || state.tokens[cursor] == 0 ||
       (state.flags[cursor] & (G::kActivatedBit | G::kDoneBit)))) {
    return Error("phase=activation: cursor= names a unit with a token still to throw");
  }
  if (phase == G::kDisengage &&
      (!alive(cursor) || game.side(cursor) != state.player || !game.CanDisengage(state, cursor))) {
    return Error("phase=disengage: cursor= names a unit of the player that may disengage");
  }
  if (cursor != 0 && phase != G::kActivationRoll && phase != G::kDisengage) {
    return Error("cursor= only at phase=activation or phase=disengage");
  }
  if (game.Kind(state) == NodeKind::kDecision) {
    ActionList actions;
    game.LegalActions(state, game.CurrentPlayer(state), actions);
    if (actions.empty()) return Error("no legal action in this position");
  } else if (game.Kind(state) == NodeKind::kChance) {
    ChanceList outcomes;
    game.ChanceOutcomes(state, outcomes);
    if (outcomes.empty()) return Error("no outcome of the dice in this position");
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<MgbbGame::State> MgbbGame::ParseState(std::string_view text) const {
  const std::vector<std::string_view> words = SplitWords(text);
  const int n = num_units();
  if (words.empty() || words[0] != "mgbb") {
    return Error("a position starts with the word mgbb");
  }
  auto find_unit = [&](std::string_view word) -> std::optional<uint8_t> {
    for (int u = 0; u < n; ++u) {
      if (word == UnitName(u)) return static_cast<uint8_t>(u);
    }
    return std::nullopt;
  };
  State state;
  // The fields: KEY=VALUE, turn, phase, player and initiative first, the others (each at most
  // once, any order) only when not at their default; then one word per unit.
  size_t w = 1;
  constexpr std::pair<const char*, uint8_t State::*> kFirst[] = {
      {"turn", &State::turn},
      {"phase", &State::phase},
      {"player", &State::player},
      {"initiative", &State::initiative}};
  for (const auto& [key, member] : kFirst) {
    const std::string_view word = w < words.size() ? words[w] : std::string_view();
    const std::string prefix = absl::StrCat(key, "=");
    if (!word.starts_with(prefix)) {
      return Error(absl::StrCat("expected ", key, "=... as word ", w + 1));
    }
    const std::string_view value = word.substr(prefix.size());
    int v = -1;
    if (member == &State::phase) {
      v = IndexOf(kPhaseNames, value);
    } else if (!ParseBoundedInt(value, member == &State::turn ? 255 : 1, &v)) {
      v = -1;
    }
    if (v < 0) return Error(absl::StrCat(key, "='", Printable(value), "' is not valid"));
    state.*member = static_cast<uint8_t>(v);
    ++w;
  }
  uint32_t seen = 0;  // the optional fields given, bit by kByteFields index (then 2 more)
  for (; w < words.size() && words[w].find('=') != std::string_view::npos; ++w) {
    const std::string_view word = words[w];
    const size_t eq = word.find('=');
    const std::string_view key = word.substr(0, eq), value = word.substr(eq + 1);
    const std::string bad =
        absl::StrCat("'", Printable(word), "': not a valid value, or given twice");
    int index = -1;
    for (size_t i = 0; i < std::size(kByteFields); ++i) {
      if (key == kByteFields[i].name) index = static_cast<int>(i);
    }
    if (key == "destroyed") index = std::size(kByteFields);
    if (key == "gas") index = std::size(kByteFields) + 1;
    if (index < 0) {
      return Error(absl::StrCat("'", Printable(key), "' is no field of a position (fields: ",
                                "active ap steps did order mode att tgt dice side scored cursor "
                                "destroyed gas)"));
    }
    if (seen & (1u << index)) return Error(bad);
    seen |= 1u << index;
    if (key == "destroyed") {
      const std::vector<std::string_view> parts = SplitOn(value, '/');
      int d0 = 0, d1 = 0;
      if (parts.size() != 2 || !ParseBoundedInt(parts[0], kMaxUnits, &d0) ||
          !ParseBoundedInt(parts[1], kMaxUnits, &d1) || d0 + d1 == 0) {
        return Error(bad + " (destroyed=N/N, left out when 0/0)");
      }
      state.destroyed[0] = static_cast<uint8_t>(d0);
      state.destroyed[1] = static_cast<uint8_t>(d1);
      continue;
    }
    if (key == "gas") {
      const std::optional<uint8_t> bits = Bits(value, "gi");
      if (!bits || *bits == 0) return Error(bad + " (gas=g, i or gi: who made a gas attack)");
      state.gas_used = *bits;
      continue;
    }
    const ByteField& field = kByteFields[index];
    int v = -1;
    switch (field.kind) {
      case FieldKind::kNumber:
        if (!ParseBoundedInt(value, field.max, &v)) v = -1;
        break;
      case FieldKind::kUnit:
        if (std::optional<uint8_t> u = find_unit(value)) v = *u;
        break;
      case FieldKind::kOrder:
        v = IndexOf(kOrderNames, value);
        break;
      case FieldKind::kMode:
        v = IndexOf(kModeNames, value);
        break;
      case FieldKind::kDid:
        if (std::optional<uint8_t> bits = Bits(value, kDidLetters)) v = *bits;
        break;
    }
    if (v < 0 || v == field.none) {
      return Error(absl::StrCat(bad, " (", field.name, "= is left out at its default)"));
    }
    state.*field.member = static_cast<uint8_t>(v);
  }
  if (words.size() - w != static_cast<size_t>(n)) {
    return Error(
        absl::StrCat("a position ends with one word per unit (", n, "), got ", words.size() - w));
  }
  for (int u = 0; u < kMaxUnits; ++u) state.cell[u] = kNoCell;
  for (int u = 0; u < n; ++u, ++w) {
    const std::string_view word = words[w];
    const std::string& label = UnitName(u);
    const bool aircraft = IsAircraft(u);
    const std::string bad =
        aircraft ? absl::StrCat("unit ", label, " (an aircraft): expected ", label,
                                ":air[:tTOKENS][:FLAGS], got '", Printable(word), "'")
                 : absl::StrCat("unit ", label, ": expected ", label,
                                "@X,Y:FACING[:hHITS][:tTOKENS][:FLAGS] or ", label, ":x, got '",
                                Printable(word), "'");
    if (!word.starts_with(label) || word.size() == label.size()) return Error(bad);
    const std::string_view rest = word.substr(label.size());
    if (rest == ":x" && !aircraft) continue;
    if (rest[0] != (aircraft ? ':' : '@')) return Error(bad);
    const std::vector<std::string_view> parts = SplitOn(rest.substr(1), ':');
    // The optional parts in order: hits, tokens, flags; each not at zero.
    size_t p = 2;
    if (aircraft) {
      if (parts[0] != "air") return Error(bad);
      p = 1;
    } else {
      const std::optional<Coordinate> at = ParseCoordinate(parts[0], mgbb::kMaxMapSide);
      if (!at || at->x >= width() || at->y >= height() || parts.size() < 2) return Error(bad);
      state.cell[u] = static_cast<uint16_t>(CellIndex(at->x, at->y));
      const int facing = IndexOf(kFacingNames, parts[1]);
      if (facing < 0) return Error(bad);
      state.facing[u] = static_cast<uint8_t>(facing);
    }
    int v = 0;
    if (!aircraft && p < parts.size() && parts[p].starts_with("h")) {
      if (!ParseBoundedInt(parts[p++].substr(1), kDestroyedAt - 1, &v) || v == 0) {
        return Error(bad + absl::StrCat(": 1 to ", kDestroyedAt - 1, " hit tokens"));
      }
      state.hits[u] = static_cast<uint8_t>(v);
    }
    if (p < parts.size() && parts[p].starts_with("t")) {
      if (!ParseBoundedInt(parts[p++].substr(1), kMaxTokensPerUnit, &v) || v == 0) {
        return Error(bad + absl::StrCat(": 1 to ", kMaxTokensPerUnit, " activation tokens"));
      }
      state.tokens[u] = static_cast<uint8_t>(v);
    }
    if (p < parts.size()) {
      const std::string_view letters = aircraft ? kAircraftLetters : kFlagLetters;
      const std::optional<uint8_t> flags = Bits(parts[p++], letters);
      if (!flags || *flags == 0) {
        return Error(bad + absl::StrCat(": flags are letters of ", ToAbsl(letters), ", each once"));
      }
      state.flags[u] = *flags;
    }
    if (p != parts.size()) return Error(bad);
  }
  if (absl::Status s = Validate(*this, state); !s.ok()) return s;
  return state;
}

// ---------------------------------------------------------------------------- odds

std::vector<std::pair<std::string, int>> MgbbGame::ResultMeasures(const State& before,
                                                                  const State& after) const {
  // Per side: the hit tokens its units gained (a destroyed unit counts up to kDestroyedAt;
  // reform's removals count negative) and its units destroyed.
  std::vector<std::pair<std::string, int>> out;
  for (int s = 0; s < 2; ++s) {
    int hits = 0, destroyed = 0;
    for (int u = 0; u < num_units(); ++u) {
      if (side(u) != s) continue;
      auto tokens = [&](const State& state) {
        return Alive(state, u) ? state.hits[u] : kDestroyedAt;
      };
      hits += tokens(after) - tokens(before);
      destroyed += Alive(before, u) && !Alive(after, u) ? 1 : 0;
    }
    out.emplace_back(absl::StrCat(kSideNames[s], "_hits"), hits);
    out.emplace_back(absl::StrCat(kSideNames[s], "_destroyed"), destroyed);
  }
  return out;
}

}  // namespace sandtable
