// brickaction text: action and chance notation, the one-line position string, and their
// parsers. Parsers take any bytes and answer with a clear error; nothing here may crash.
#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "engine/text.h"
#include "rulesets/brickaction/brickaction.h"

namespace sandtable {
namespace {

constexpr std::array<const char*, BrickactionGame::kNumPhases> kPhaseNames = {
    "select",   "action",  "dest",       "target",   "hold",       "pronereact",
    "reactive", "remove",  "repeat",     "holdmove", "reactmove",  "choosefirst",
    "facing",   "turret",  "smoke",      "rally",    "attackroll", "saveroll",
    "ccroll",   "rolloff", "armourroll", "over"};
constexpr std::array<const char*, 8> kStageNames = {
    "none", "rally", "moveholds", "attackholds", "attack", "reactive", "done", "roadkill"};
// The declared attack, and at phase dest `dash` (a commando's dash), `dismount` (the cell
// where a transport's squad gets out) or `hide` (a move declaring full cover at a corner).
constexpr std::array<const char*, 8> kWeaponNames = {
    "fire", "grenade", "close", "rocket", "riflegrenade", "dash", "dismount", "hide"};
constexpr std::array<const char*, 6> kModeNames = {"none",     "fire",  "reactfire",
                                                   "holdfire", "close", "roadkill"};
constexpr std::array<const char*, 17> kActionNames = {
    "move",   "attack",   "prone",     "rise",        "rally",        "hold",
    "turret", "smoke",    "hide",      "peek",        "activate",     "dash",
    "split",  "dismount", "move hide", "split moves", "split attacks"};
constexpr std::array<const char*, 8> kFacingNames = {"N", "NE", "E", "SE", "S", "SW", "W", "NW"};
// Unit flag letters in the position string, bit by bit from kProneBit.
constexpr std::string_view kFlagLetters = "psgafxtn";

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
  std::vector<std::string_view> words = SplitWords(text);
  std::string out;
  for (size_t i = 0; i < words.size(); ++i) absl::StrAppend(&out, i ? " " : "", ToAbsl(words[i]));
  return out;
}

}  // namespace

// ---------------------------------------------------------------------------- actions

std::string BrickactionGame::ActionToString(const State& state, Player, Action action) const {
  const int n = num_units();
  auto label = [&](Action u) {
    return u < static_cast<Action>(n) ? std::string(1, units_[u].label) : std::string("?");
  };
  const int value = static_cast<int>(action) - static_cast<int>(kOutcomeBase);
  switch (state.phase) {
    case kSelect:
      if (action == kEndTurn) return "end";
      if (action >= kSelectBase && action < kEndTurn) return label(action - kSelectBase);
      break;
    case kAction:
      if (action >= kPickUpBase && action < kPickUpBase + kNumInfantryWeapons) {
        return absl::StrCat("pickup ", kInfantryWeaponNames[action - kPickUpBase]);
      }
      if (action >= kEmbarkBase && action < kEmbarkBase + static_cast<Action>(n)) {
        return "embark " + label(action - kEmbarkBase);
      }
      if (action >= kActionBase && action <= kActionBase + kSplitAttacks) {
        return kActionNames[action - kActionBase];
      }
      break;
    case kDest:
    case kHoldMove:
    case kReactMove:
      if (action == kStay) return "stay";
      if (action < static_cast<Action>(num_cells_)) {
        return absl::StrCat("to ", CoordinateText(CellX(static_cast<int>(action)),
                                                  CellY(static_cast<int>(action))));
      }
      break;
    case kTarget:
      if (action >= kTargetBase && action < kTargetBase + kWeaponSlots * kMaxUnits) {
        const Action t = (action - kTargetBase) / kWeaponSlots;
        const Action weapon = (action - kTargetBase) % kWeaponSlots;
        const bool vehicle = t < static_cast<Action>(n) && units_[t].vehicle;
        if (weapon == kCloseCombat) return absl::StrCat(vehicle ? "swarm " : "close ", label(t));
        return absl::StrCat("at ", label(t),
                            weapon == kWithGrenade        ? " grenade"
                            : weapon == kWithRocket       ? " rocket"
                            : weapon == kWithRifleGrenade ? " riflegrenade"
                                                          : "");
      }
      break;
    case kHold:
      if (action >= kHoldBase && action < kHoldBase + 4 * kMaxUnits) {
        const Action code = action - kHoldBase;
        return absl::StrCat("if ", label(code / 4), (code & 2) ? " attacks " : " moves ",
                            (code & 1) ? "move" : "fire");
      }
      break;
    case kProneReact:
      if (action == kStand) return "stand";
      if (action == kGoProne) return "prone";
      break;
    case kReactive:
      if (action == kNoReaction) return "none";
      if (action >= kReactBase && action < kNoReaction) {
        return absl::StrCat("fire ", label(action - kReactBase));
      }
      break;
    case kRemove:
      if (action >= kLoseBase && action < kLoseBase + 8) {
        const int lost = static_cast<int>(action - kLoseBase);
        if (lost == 0) return "lose regulars";
        return absl::StrCat("lose", (lost & kVeteran) ? " veteran" : "",
                            (lost & kOfficer) ? " officer" : "", (lost & kMedic) ? " medic" : "");
      }
      break;
    case kRepeat:
      if (action == kStop) return "stop";
      if (action == kRepeatCombat) return "repeat";
      break;
    case kSmokeTarget:
      if (action < static_cast<Action>(num_cells_)) {
        return absl::StrCat("smoke ", CoordinateText(CellX(static_cast<int>(action)),
                                                     CellY(static_cast<int>(action))));
      }
      break;
    case kChooseFirst:
      if (action == kGoFirst) return "first";
      if (action == kGoSecond) return "second";
      break;
    case kFacing:
    case kTurret:
      if (action >= kFaceBase && action < kFaceBase + 8) {
        return absl::StrCat(state.phase == kFacing ? "face " : "turret ",
                            kFacingNames[action - kFaceBase]);
      }
      break;
    case kArmourRoll:
      if (value >= 0) {
        return absl::StrCat(DicePool::PairSecond(value) ? "met" : "short", " sixes ",
                            DicePool::PairFirst(value));
      }
      break;
    case kRollOff:
      if (value == 0 || value == 1) return absl::StrCat("player ", value, " wins");
      break;
    case kRally:
      if (value == 0) return "fail";
      if (value == 1) return "pass";
      break;
    case kAttackRoll:
      if (value >= 0) {
        return absl::StrCat("sixes ", DicePool::PairFirst(value), " hits ",
                            DicePool::PairSecond(value));
      }
      break;
    case kSaveRoll:
      if (value >= 0) return absl::StrCat("saves ", value);
      break;
    case kCcRoll:
      if (value >= 0) return CloseOutcomeText(state, value);
      break;
    default:
      break;
  }
  return absl::StrCat("invalid#", action);
}

absl::StatusOr<Action> BrickactionGame::ParseAction(const State& state, Player player,
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
    const std::vector<std::string_view> words = SplitWords(text);
    if (words[0] == "roll" && state.phase == kRollOff) {
      // Player 0's die, then player 1's; a tie is rolled again.
      int a = 0, b = 0;
      if (words.size() != 3 || !ParseBoundedInt(words[1], 6, &a) ||
          !ParseBoundedInt(words[2], 6, &b) || a < 1 || b < 1) {
        return Error("the roll-off: 'roll A B', player 0's d6 then player 1's");
      }
      if (a == b) return Error("a tie: roll again");
      return kOutcomeBase + (a > b ? 0 : 1);
    }
    if (words[0] == "roll") {
      const std::string_view faces = TrimBlanks(text).substr(std::string_view("roll").size());
      absl::StatusOr<int> value = state.phase == kCcRoll && RollAt(state).part == kCloseRest
                                      ? CloseRestOfFaces(state, faces)
                                      : PoolAt(state).OutcomeOfFacesText(faces);
      if (!value.ok()) return value.status();
      const int folded =
          state.phase == kArmourRoll ? ArmourValue(*value, RollAt(state).threshold) : *value;
      const Action action = kOutcomeBase + static_cast<Action>(folded);
      if (std::find(legal.begin(), legal.end(), action) != legal.end()) return action;
      return Error(absl::StrCat("'", shown, "' cannot happen here"));
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
                            node == NodeKind::kChance ? PoolAt(state).Describe() : "", ")"));
}

// ---------------------------------------------------------------------------- positions

namespace {

// The one-byte fields of the position string, in order, and how each is written.
enum class FieldKind { kNumber, kUnit, kPhase, kStage, kWeapon, kMode };
struct ByteField {
  const char* name;
  uint8_t BrickactionGame::State::*member;
  FieldKind kind;
  int max;  // numbers only
};
using S = BrickactionGame::State;
// Close combat's natural 6s and 1s are at most its 8 dice, its total 57 (every die a 6 and
// every +1).
static_assert(BrickactionGame::kMaxCloseDice == 8 &&
              6 * BrickactionGame::kMaxCloseDice + BrickactionGame::kMaxCloseModifier == 57);
constexpr ByteField kByteFields[] = {
    {"turn", &S::turn, FieldKind::kNumber, 20},    {"player", &S::player, FieldKind::kNumber, 1},
    {"left", &S::left, FieldKind::kNumber, 4},     {"phase", &S::phase, FieldKind::kPhase, 0},
    {"stage", &S::stage, FieldKind::kStage, 0},    {"active", &S::active, FieldKind::kUnit, 0},
    {"target", &S::target, FieldKind::kUnit, 0},   {"weapon", &S::weapon, FieldKind::kWeapon, 0},
    {"cursor", &S::cursor, FieldKind::kNumber, 8}, {"sub", &S::sub, FieldKind::kUnit, 0},
    {"mode", &S::mode, FieldKind::kMode, 0},       {"att", &S::att, FieldKind::kUnit, 0},
    {"tgt", &S::tgt, FieldKind::kUnit, 0},         {"roll", &S::roll, FieldKind::kNumber, 255},
    {"side", &S::side, FieldKind::kNumber, 1},     {"saves", &S::saves, FieldKind::kNumber, 6},
    {"subject", &S::subject, FieldKind::kUnit, 0}, {"cas_a", &S::cas_a, FieldKind::kNumber, 40},
    {"cas_t", &S::cas_t, FieldKind::kNumber, 40},  {"lost_a", &S::lost_a, FieldKind::kNumber, 6},
    {"lost_t", &S::lost_t, FieldKind::kNumber, 6}, {"a_sum", &S::a_sum, FieldKind::kNumber, 57},
    {"a_six", &S::a_six, FieldKind::kNumber, 8},   {"a_one", &S::a_one, FieldKind::kNumber, 8},
    {"b_sum", &S::b_sum, FieldKind::kNumber, 57},  {"b_six", &S::b_six, FieldKind::kNumber, 8},
    {"b_one", &S::b_one, FieldKind::kNumber, 8},   {"first", &S::first, FieldKind::kNumber, 1},
};

}  // namespace

std::string BrickactionGame::StateToString(const State& state) const {
  const int n = num_units();
  auto label = [&](int u) { return u < n ? std::string(1, units_[u].label) : std::string("-"); };
  auto cell = [&](int c) {
    return c == kNoCell ? std::string("-") : CoordinateText(CellX(c), CellY(c));
  };
  std::string text;
  for (const ByteField& field : kByteFields) {
    const int v = state.*field.member;
    std::string value;
    switch (field.kind) {
      case FieldKind::kNumber:
        value = absl::StrCat(v);
        break;
      case FieldKind::kUnit:
        value = label(v);
        break;
      case FieldKind::kPhase:
        value = v < kNumPhases ? kPhaseNames[v] : "?";
        break;
      case FieldKind::kStage:
        value = v < 8 ? kStageNames[v] : "?";
        break;
      case FieldKind::kWeapon:
        value = v < static_cast<int>(kWeaponNames.size()) ? kWeaponNames[v] : "?";
        break;
      case FieldKind::kMode:
        value = v < 6 ? kModeNames[v] : "?";
        break;
    }
    absl::StrAppend(&text, text.empty() ? "" : " ", field.name, "=", value);
  }
  absl::StrAppend(&text, " kills=", state.kills[0], "/", state.kills[1], " from=", cell(state.from),
                  " spot=", cell(state.spot));
  if (victory_ == kCaptureVictory) {  // a digit per objective: 1 while the attacker holds it
    absl::StrAppend(&text, " captured=");
    for (int i = 0; i < num_objectives(); ++i) text += (state.captured >> i) & 1 ? '1' : '0';
  }
  for (int i = 0; i < num_flags(); ++i) {  // with a flag per side, flag0= is player 0's
    const std::string suffix = flag_per_side_ ? absl::StrCat(i) : "";
    absl::StrAppend(&text, " flag", suffix, "=", cell(state.flag[i]), " carrier", suffix, "=",
                    label(state.carrier[i]));
  }
  if (has_smoke_) {  // the screen: its top-left cell, its thrower and its age
    absl::StrAppend(
        &text, " smoke=",
        state.smoke == kNoCell
            ? std::string("-")
            : absl::StrCat(cell(state.smoke), "/", label(state.smoke_by), "/", state.smoke_age));
  }
  absl::StrAppend(&text, DroppedWords(state));  // ` dropped=... picked=...` when there are any
  if (state.run_over != 0) {  // the squads a hold move ran over, their saves still to roll
    absl::StrAppend(&text, " run_over=");
    for (int u = 0; u < n; ++u) {
      if ((state.run_over >> u) & 1) text += units_[u].label;
    }
  }
  for (int u = 0; u < n; ++u) {
    absl::StrAppend(&text, " ", label(u));
    if (Destroyed(state, u)) {
      absl::StrAppend(&text, ":x");
      continue;
    }
    std::string flags;
    for (size_t b = 0; b < kFlagLetters.size(); ++b) {
      if (state.flags[u] & (1 << b)) flags += kFlagLetters[b];
    }
    std::string hold = "-";
    if (state.hold[u] != 0) {
      hold = absl::StrCat(label((state.hold[u] & 0x0F) - 1),
                          (state.hold[u] & kHoldOnAttack) ? "a" : "m",
                          (state.hold[u] & kHoldMoves) ? "m" : "f");
    }
    if (units_[u].vehicle) {
      // V@X,Y/dD[w][z]/HULL[+TURRET]/flags/acted[/hold] (the hold only when it has one)
      const uint8_t d = state.damage[u];
      absl::StrAppend(&text, "@", cell(state.cell[u]), "/d", d & kDamageMask,
                      (d & kDamagedBit) ? "w" : "", (d & kDisabledBit) ? "z" : "", "/",
                      kFacingNames[state.facing[u] & 7],
                      units_[u].turret ? absl::StrCat("+", kFacingNames[(state.facing[u] >> 4) & 7])
                                       : std::string(),
                      "/", flags.empty() ? "-" : flags, "/", state.acted[u],
                      state.hold[u] != 0 ? "/" + hold : std::string());
      continue;
    }
    flags.append(state.rockets[u], 'r');                  // rockets left
    flags.append(state.rifle_grenades[u], 'l');           // rifle grenades left
    flags.append(state.smokes[u], 'k');                   // smoke grenades left
    flags.append(state.bonus[u] & kBonusCountMask, 'b');  // a commander's bonus actions left
    if (state.bonus[u] & kBonusUsedBit) flags += 'u';     // one used in this turn
    if (InFullCover(state, u)) flags += 'c';              // full cover at its corner
    flags.append(state.reacted[u], 'e');                  // a sniper squad's reactive fires
    // A commando's split: its halves still to make, h a half move and j an attack (hj, hh, h,
    // jj, j); w once one of its attacks fired a single-use weapon.
    const uint8_t split = state.bonus[u];
    const int twice = (split & kSplitTwiceBit) ? 1 : 0;
    flags.append((split & kSplitMoveBit) ? 1 + twice : 0, 'h');
    flags.append((split & kSplitAttackBit) ? 1 + twice : 0, 'j');
    if (split & kSplitSingleUseBit) flags += 'w';
    // A squad aboard a transport: `>` and the transport's label in place of its cell.
    absl::StrAppend(
        &text, Aboard(state, u) ? ">" + label(Carrier(state, u)) : "@" + cell(state.cell[u]), "/",
        state.regulars[u], (state.specialists[u] & kVeteran) ? "v" : "",
        (state.specialists[u] & kOfficer) ? "o" : "", (state.specialists[u] & kMedic) ? "m" : "",
        "/", flags.empty() ? "-" : flags, "/", state.acted[u], "/", hold);
  }
  return text;
}

absl::StatusOr<BrickactionGame::State> BrickactionGame::ParseState(std::string_view text) const {
  const std::vector<std::string_view> words = SplitWords(text);
  const int n = num_units();
  const bool capture = victory_ == kCaptureVictory;  // one more field: captured=
  const size_t fields = std::size(kByteFields) + 3 + (capture ? 1 : 0) +
                        2 * num_flags() +  // flag= and carrier= for each
                        (has_smoke_ ? 1 : 0);
  std::string_view dropped, picked;
  size_t extra = 0;
  for (std::string_view key : {"dropped=", "picked="}) {
    if (words.size() > fields + extra && words[fields + extra].starts_with(key)) {
      (key == "picked=" ? picked : dropped) = words[fields + extra++].substr(key.size());
      if (words[fields + extra - 1].size() == key.size()) {
        return Error(absl::StrCat(ToAbsl(key), " needs weapons (the word is left out when none)"));
      }
    }
  }
  std::string_view run_over;
  if (words.size() > fields + extra && words[fields + extra].starts_with("run_over=")) {
    run_over = words[fields + extra++].substr(9);
    if (run_over.empty()) return Error("run_over= needs squads (the word is left out when none)");
  }
  const size_t expected = fields + extra + static_cast<size_t>(n);
  if (words.size() != expected) {
    return Error(absl::StrCat("a position has ", expected, " words (", fields + extra,
                              " fields and one per squad), got ", words.size()));
  }
  auto find_label = [&](std::string_view word, uint8_t* out) {
    if (word == "-") {
      *out = kNone;
      return true;
    }
    for (int u = 0; u < n; ++u) {
      if (word.size() == 1 && units_[u].label == word[0]) {
        *out = static_cast<uint8_t>(u);
        return true;
      }
    }
    return false;
  };
  auto parse_cell = [&](std::string_view word, uint16_t* out) {
    if (word == "-") {
      *out = kNoCell;
      return true;
    }
    const std::optional<Coordinate> at = ParseCoordinate(word, std::max(width_, height_) - 1);
    if (!at || at->x >= width_ || at->y >= height_) return false;
    *out = static_cast<uint16_t>(CellIndex(at->x, at->y));
    return true;
  };
  auto value_of = [&](std::string_view word,
                      std::string_view key) -> std::optional<std::string_view> {
    if (word.size() <= key.size() || word.substr(0, key.size()) != key || word[key.size()] != '=') {
      return std::nullopt;
    }
    return word.substr(key.size() + 1);
  };
  State state;
  size_t w = 0;
  for (const ByteField& field : kByteFields) {
    const std::optional<std::string_view> value = value_of(words[w++], field.name);
    const std::string bad = absl::StrCat("expected ", field.name, "=... as word ", w);
    if (!value) return Error(bad);
    int v = -1;
    uint8_t unit = kNone;
    switch (field.kind) {
      case FieldKind::kNumber:
        if (!ParseBoundedInt(*value, field.max, &v)) v = -1;
        break;
      case FieldKind::kUnit:
        if (find_label(*value, &unit)) v = unit;
        break;
      case FieldKind::kPhase:
        v = IndexOf(kPhaseNames, *value);
        break;
      case FieldKind::kStage:
        v = IndexOf(kStageNames, *value);
        break;
      case FieldKind::kWeapon:
        v = IndexOf(kWeaponNames, *value);
        break;
      case FieldKind::kMode:
        v = IndexOf(kModeNames, *value);
        break;
    }
    if (v < 0) return Error(absl::StrCat(bad, ": '", Printable(*value), "' is not valid"));
    state.*field.member = static_cast<uint8_t>(v);
  }
  {
    const std::optional<std::string_view> kills = value_of(words[w++], "kills");
    const size_t slash = kills ? kills->find('/') : std::string_view::npos;
    int k0 = 0, k1 = 0;
    if (slash == std::string_view::npos || !ParseBoundedInt(kills->substr(0, slash), 100, &k0) ||
        !ParseBoundedInt(kills->substr(slash + 1), 100, &k1)) {
      return Error("expected kills=N/N");
    }
    state.kills[0] = static_cast<uint8_t>(k0);
    state.kills[1] = static_cast<uint8_t>(k1);
    const std::optional<std::string_view> from = value_of(words[w++], "from");
    if (!from || !parse_cell(*from, &state.from)) return Error("expected from=X,Y or from=-");
    const std::optional<std::string_view> spot = value_of(words[w++], "spot");
    if (!spot || !parse_cell(*spot, &state.spot)) return Error("expected spot=X,Y or spot=-");
    if (capture) {
      const std::optional<std::string_view> word = value_of(words[w++], "captured");
      const bool digits = word && word->size() == objectives_.size() &&
                          word->find_first_not_of("01") == std::string_view::npos;
      if (!digits) {
        return Error(absl::StrCat("expected captured=0 or 1 for each of the ", num_objectives(),
                                  " objective(s), a digit each"));
      }
      for (size_t i = 0; i < word->size(); ++i) {
        if ((*word)[i] == '1') state.captured |= static_cast<uint8_t>(1u << i);
      }
    }
    for (int i = 0; i < num_flags(); ++i) {
      const std::string suffix = flag_per_side_ ? absl::StrCat(i) : "";
      const std::string flag = absl::StrCat("flag", suffix),
                        carrier = absl::StrCat("carrier", suffix);
      const std::optional<std::string_view> at = value_of(words[w++], flag);
      if (!at || !parse_cell(*at, &state.flag[i])) {
        return Error(absl::StrCat("expected ", flag, "=X,Y or ", flag, "=-"));
      }
      const std::optional<std::string_view> by = value_of(words[w++], carrier);
      if (!by || !find_label(*by, &state.carrier[i])) {
        return Error(absl::StrCat("expected ", carrier, "=L (a squad's label) or ", carrier, "=-"));
      }
    }
  }
  if (has_smoke_) {
    const std::optional<std::string_view> smoke = value_of(words[w++], "smoke");
    const std::string bad = "expected smoke=X,Y/L/AGE (top-left cell, thrower, 1 or 2) or smoke=-";
    if (!smoke) return Error(bad);
    if (*smoke != "-") {
      const std::vector<std::string_view> parts = SplitOn(*smoke, '/');
      int age = 0;
      if (parts.size() != 3 || !parse_cell(parts[0], &state.smoke) || state.smoke == kNoCell ||
          !find_label(parts[1], &state.smoke_by) || state.smoke_by == kNone ||
          !ParseBoundedInt(parts[2], 2, &age) || age < 1) {
        return Error(bad);
      }
      state.smoke_age = static_cast<uint8_t>(age);
    }
  }
  w += extra;  // the dropped and picked-up weapons, parsed once the squads are known
  for (int u = 0; u < kMaxUnits; ++u) state.cell[u] = kNoCell;
  for (int u = 0; u < n; ++u) {
    const std::string_view word = words[w++];
    const std::string label(1, units_[u].label);
    const bool vehicle = units_[u].vehicle;
    const std::string bad =
        vehicle ? absl::StrCat("vehicle ", label, ": expected ", label,
                               "@X,Y/dDAMAGE/HULL[+TURRET]/flags/actions[/hold] or ", label,
                               ":x, got '", Printable(word), "'")
                : absl::StrCat("squad ", label, ": expected ", label,
                               "@X,Y/minis/flags/actions/hold or ", label, ":x, got '",
                               Printable(word), "'");
    if (word.substr(0, 1) != label) return Error(bad);
    if (word == label + ":x") continue;
    const bool aboard = !vehicle && word.size() >= 2 && word[1] == '>';  // L>V/...
    if (word.size() < 2 || (word[1] != '@' && !aboard)) return Error(bad);
    const std::vector<std::string_view> parts = SplitOn(word.substr(2), '/');
    if (aboard) {
      uint8_t v = kNone;
      if (parts.size() != 5 || !find_label(parts[0], &v) || v == kNone || state.cargo[v] != 0) {
        return Error(bad);
      }
      state.cargo[v] = static_cast<uint8_t>(u + 1);
    } else if ((parts.size() != 5 && !(vehicle && parts.size() == 6)) ||
               !parse_cell(parts[0], &state.cell[u]) || state.cell[u] == kNoCell) {
      return Error(bad);
    }
    // The hold: the named unit, m(oves) or a(ttacks), f(ire) or m(ove).
    auto parse_hold = [&](std::string_view hold) {
      uint8_t t = kNone;
      if (hold.size() != 3 || !find_label(hold.substr(0, 1), &t) || t == kNone ||
          (hold[1] != 'm' && hold[1] != 'a') || (hold[2] != 'f' && hold[2] != 'm')) {
        return false;
      }
      state.hold[u] = static_cast<uint8_t>((t + 1) | (hold[1] == 'a' ? kHoldOnAttack : 0) |
                                           (hold[2] == 'm' ? kHoldMoves : 0));
      return true;
    };
    auto parse_flags = [&](std::string_view letters, bool rockets) {
      if (letters == "-") return true;
      for (char c : letters) {
        if (rockets && c == 'r') {
          if (++state.rockets[u] > kMaxRockets) return false;
          continue;
        }
        if (rockets && c == 'l') {
          if (++state.rifle_grenades[u] > kMaxRifleGrenades) return false;
          continue;
        }
        if (rockets && c == 'k') {
          if (++state.smokes[u] > kMaxSmokes) return false;
          continue;
        }
        if (rockets && c == 'b') {
          if (++state.bonus[u] > kBonusActions) return false;
          continue;
        }
        if (rockets && c == 'e') {
          if (++state.reacted[u] > kSpotterReactions) return false;
          continue;
        }
        if (rockets && (c == 'h' || c == 'j')) {
          // hj (a half move, then the attack), hh, h, jj, j: a second letter of the same
          // kind is kSplitTwiceBit, and a j after an h only after a single h.
          const uint8_t bit = c == 'h' ? kSplitMoveBit : kSplitAttackBit;
          const uint8_t had = state.bonus[u] & kSplitBits;
          if (had == 0) {
            state.bonus[u] |= bit;
          } else if (had == bit) {
            state.bonus[u] |= kSplitTwiceBit;
          } else if (had == kSplitMoveBit && bit == kSplitAttackBit) {
            state.bonus[u] |= bit;
          } else {
            return false;
          }
          continue;
        }
        if (rockets && c == 'w') {
          if (state.bonus[u] & kSplitSingleUseBit) return false;
          state.bonus[u] |= kSplitSingleUseBit;
          continue;
        }
        if (rockets && c == 'u') {
          if (state.bonus[u] & kBonusUsedBit) return false;
          state.bonus[u] |= kBonusUsedBit;
          continue;
        }
        if (rockets && c == 'c') {
          if (InFullCover(state, u)) return false;
          state.full_cover |= static_cast<uint16_t>(1 << u);
          continue;
        }
        const size_t b = kFlagLetters.find(c);
        if (b == std::string_view::npos || (state.flags[u] & (1 << b))) return false;
        state.flags[u] |= static_cast<uint8_t>(1 << b);
      }
      return !letters.empty();
    };
    if (vehicle) {
      std::string_view d = parts[1];
      int damage = 0;
      if (d.size() < 2 || d[0] != 'd' || d[1] < '0' || d[1] > '9') return Error(bad);
      damage = d[1] - '0';
      d.remove_prefix(2);
      uint8_t bits = 0;
      if (!d.empty() && d[0] == 'w') {
        bits |= kDamagedBit;
        d.remove_prefix(1);
      }
      if (!d.empty() && d[0] == 'z') {
        bits |= kDisabledBit;
        d.remove_prefix(1);
      }
      if (!d.empty()) return Error(bad);
      state.damage[u] = static_cast<uint8_t>(damage | bits);
      std::string_view f = parts[2], turret;
      const size_t plus = f.find('+');
      if (plus != std::string_view::npos) {
        turret = f.substr(plus + 1);
        f = f.substr(0, plus);
      }
      const int hull = IndexOf(kFacingNames, f);
      const int top = IndexOf(kFacingNames, turret);
      if (hull < 0 || (units_[u].turret ? top < 0 : plus != std::string_view::npos)) {
        return Error(bad);
      }
      state.facing[u] = static_cast<uint8_t>(hull | (units_[u].turret ? top << 4 : 0));
      if (!parse_flags(parts[3], false)) return Error(bad);
      int acted = 0;
      if (!ParseBoundedInt(parts[4], kActionsPerUnit, &acted)) return Error(bad);
      state.acted[u] = static_cast<uint8_t>(acted);
      if (parts.size() == 6 && !parse_hold(parts[5])) return Error(bad);
      continue;
    }
    std::string_view minis = parts[1];
    if (minis.empty() || minis[0] < '0' || minis[0] > '9') return Error(bad);
    state.regulars[u] = static_cast<uint8_t>(minis[0] - '0');
    minis.remove_prefix(1);
    if (!minis.empty() && minis[0] == 'v') {
      state.specialists[u] |= kVeteran;
      minis.remove_prefix(1);
    }
    if (!minis.empty() && minis[0] == 'o') {
      state.specialists[u] |= kOfficer;
      minis.remove_prefix(1);
    }
    if (!minis.empty() && minis[0] == 'm') {
      state.specialists[u] |= kMedic;
      minis.remove_prefix(1);
    }
    if (!minis.empty()) return Error(bad);
    if (!parse_flags(parts[2], true)) return Error(bad);
    int acted = 0;
    if (!ParseBoundedInt(parts[3], kActionsPerUnit + 1, &acted)) return Error(bad);
    state.acted[u] = static_cast<uint8_t>(acted);
    if (parts[4] != "-" && !parse_hold(parts[4])) return Error(bad);
  }
  if (absl::Status s = ParseDroppedWords(dropped, picked, state); !s.ok()) return s;
  for (char c : run_over) {
    uint8_t u = kNone;
    if (!find_label(std::string_view(&c, 1), &u) || u == kNone || ((state.run_over >> u) & 1)) {
      return Error("expected run_over=LABELS (squads, each once)");
    }
    state.run_over |= static_cast<uint8_t>(1u << u);
  }
  if (absl::Status s = ValidateState(state); !s.ok()) return s;
  return state;
}

absl::Status BrickactionGame::ValidateState(const State& state) const {
  const int n = num_units();
  if (!roll_off_ && state.first != first_) {
    return Error(
        absl::StrCat("first=", first_, ": the scenario gives player ", first_, " the first turn"));
  }
  if (state.turn < 1 || state.turn > turns_) {
    return Error(absl::StrCat("turn must be 1..", turns_));
  }
  auto alive = [&](uint8_t u) { return u < n && IsAlive(state, u); };
  if (state.left > ActionsPerTurn(state, state.player)) {
    return Error(absl::StrCat("left=", state.left, ": player ", state.player, " has ",
                              ActionsPerTurn(state, state.player), " actions a turn"));
  }
  for (int u = 0; u < kMaxUnits; ++u) {
    if (InFullCover(state, u) &&
        (u >= n || !IsAlive(state, u) || IsVehicle(u) || terrain_[state.cell[u]] != kCorner)) {
      return Error("full cover (c) only for a squad on a corner cell");
    }
  }
  if (absl::Status s = ValidateCargo(state); !s.ok()) return s;
  if (absl::Status s = ValidateDropped(state); !s.ok()) return s;
  for (int u = 0; u < n; ++u) {
    const std::string name(1, units_[u].label);
    if (!IsAlive(state, u) && !Aboard(state, u)) continue;
    if (IsAlive(state, u) && impassable_.Test(state.cell[u])) {
      return Error(name + " stands on a wall");
    }
    for (int v = 0; v < u && IsAlive(state, u); ++v) {
      if (state.cell[v] == state.cell[u]) return Error(name + " shares a cell with another unit");
    }
    if (state.hold[u] != 0) {
      const int t = (state.hold[u] & 0x0F) - 1;
      if (!alive(static_cast<uint8_t>(t)) || units_[t].side == units_[u].side ||
          (state.flags[u] & kSuppressedBit)) {
        return Error(name +
                     "'s hold must name a living enemy, and a suppressed squad holds "
                     "nothing");
      }
    }
    if (units_[u].vehicle) {
      const uint8_t d = state.damage[u];
      const int damage = d & kDamageMask;
      if (vehicle_impassable_.Test(state.cell[u])) {
        return Error(name + " (a vehicle) stands on a tree, window or floor cell");
      }
      if (damage >= Capacity(u) || ((d & kDamagedBit) && damage == 0) ||
          ((d & kDisabledBit) && damage < 2) || (d & 0xC0)) {
        return Error(absl::StrCat(name, "'s damage must be below its capacity ", Capacity(u),
                                  " (w: damaged this turn, z: disabled, after 2+)"));
      }
      if ((state.flags[u] & ~(kAttackedBit | kBarredBit | kHoldFiredBit)) != 0) {
        return Error(name +
                     " is a vehicle: of the flags only a (attacked), f (hold fired) and x "
                     "(barred)");
      }
      if (state.regulars[u] || state.specialists[u] || state.rockets[u] ||
          state.rifle_grenades[u] || state.smokes[u]) {
        return Error(name + " is a vehicle: no minis, rockets or grenades");
      }
      continue;
    }
    if (state.damage[u] || state.facing[u]) return Error(name + " is a squad: no damage or facing");
    const bool has_bonus = (units_[u].commander == kFieldCommander ||
                            units_[u].commander == kRankingCommander || units_[u].commando) &&
                           (state.specialists[u] & kOfficer);
    if ((state.bonus[u] & ~(kSplitAttackBit | kSplitSingleUseBit)) != 0 && !has_bonus) {
      return Error(absl::StrCat(
          name, " has no field or ranking commander for bonus actions, nor a commando's specials"));
    }
    if (units_[u].commando && (state.bonus[u] & kBonusUsedBit)) {
      return Error(name + "'s commando has specials, not bonus actions (no u)");
    }
    if ((state.bonus[u] & (kSplitBits | kSplitSingleUseBit)) &&
        (u != state.active || !units_[u].commando)) {
      return Error(name +
                   "'s split (h, j, w): a commando's squad, only while it is the active unit");
    }
    if ((state.bonus[u] & kSplitSingleUseBit) && !SplitAttack(state, u)) {
      return Error(name + "'s w (a single-use weapon fired in its split) needs a split attack (j)");
    }
    if (state.reacted[u] > (units_[u].weapons[kSniper] == 0 ? 0
                            : units_[u].spotter             ? kSpotterReactions
                                                            : kSniperReactions)) {
      return Error(absl::StrCat(name, " took ", state.reacted[u],
                                " reactive fires: more than its sniper rifles allow"));
    }
    // A third action only as the field commander's bonus.
    if (state.acted[u] > kActionsPerUnit &&
        !(units_[u].commander == kFieldCommander && (state.bonus[u] & kBonusUsedBit))) {
      return Error(
          absl::StrCat(name, " acted ", state.acted[u], " times (at most ", kActionsPerUnit, ")"));
    }
    if (state.rockets[u] > units_[u].rockets) {
      return Error(absl::StrCat(name, " started with ", units_[u].rockets, " rocket(s)"));
    }
    if (state.smokes[u] > units_[u].smokes) {
      return Error(absl::StrCat(name, " started with ", units_[u].smokes, " smoke grenade(s)"));
    }
    if (state.rifle_grenades[u] > units_[u].rifle_grenades) {
      return Error(
          absl::StrCat(name, " started with ", units_[u].rifle_grenades, " rifle grenade(s)"));
    }
    if (state.regulars[u] > units_[u].regulars ||
        (state.specialists[u] & ~units_[u].specialists) != 0 || Minis(state, u) == 0) {
      return Error(name + " has minis it did not start with (or none)");
    }
    if ((state.flags[u] & kGrenadeBit) && !units_[u].grenade) {
      return Error(name + " has no grenade in this scenario");
    }
  }
  // A target destroyed ends the game as soon as the resolution that destroyed it is over.
  for (int target : target_unit_) {
    if (target >= 0 && Destroyed(state, target) && state.mode == kNoMode && state.phase != kOver) {
      return Error(absl::StrCat(std::string(1, units_[target].label),
                                " (a target unit) is destroyed: the game is over (phase=over)"));
    }
  }
  if (absl::Status s = ValidateFlags(state); !s.ok()) return s;
  // Every objective held by the attacker ends the game; the last one was activated by an
  // attacker's squad in its zone, uncontested.
  if (victory_ == kCaptureVictory && AllCaptured(state)) {
    bool activated = false;
    for (int u = 0; u < n; ++u) {
      const int i = IsAlive(state, u) && !IsVehicle(u) && units_[u].side == attacker_
                        ? ObjectiveAt(state.cell[u])
                        : -1;
      activated |= i >= 0 && MinisNearObjective(state, 1 - attacker_, i) == 0;
    }
    if (state.phase != kOver || !activated) {
      return Error(
          "captured=1: the game is over (phase=over) once each objective's digit is 1, with a "
          "squad of the attacker within 2 cells of one of them and no enemy mini there");
    }
  }
  for (uint8_t u : {state.active, state.target, state.sub, state.att, state.tgt, state.subject}) {
    if (u != kNone && u >= n) return Error("a squad in the action is not in the scenario");
  }
  // A chance node's `roll` names a pool of its phase's kind; elsewhere it is 0.
  const bool rolls = Kind(state) == NodeKind::kChance && state.phase != kRollOff;
  if (rolls ? state.roll >= pools_[RollKindOf(state.phase)].size() : state.roll != 0) {
    return Error("roll names no dice pool of this phase");
  }
  // A screen lies on the map, thrown by a squad; between actions it is standing (age 1).
  if (state.smoke != kNoCell &&
      (CellX(state.smoke) + kSmokeSize > width_ || CellY(state.smoke) + kSmokeSize > height_ ||
       state.smoke_by >= n || units_[state.smoke_by].vehicle ||
       (state.smoke_age == 2 && (state.phase == kSelect || state.phase == kOver)))) {
    return Error("smoke: a 4 x 4 screen on the map thrown by a squad, age 1 between actions");
  }
  if (state.weapon == kDashMove &&
      !(state.phase == kDest && alive(state.active) && units_[state.active].commando &&
        (state.specialists[state.active] & kOfficer) && !(state.flags[state.active] & kProneBit))) {
    return Error("weapon=dash only at phase dest, for a standing squad with its commando");
  }
  if (state.weapon == kHideMove &&
      !(state.phase == kDest && alive(state.active) && !units_[state.active].vehicle)) {
    return Error("weapon=hide only at phase dest, for a squad moving onto a corner");
  }
  if (state.weapon == kDismountMove &&
      !(state.phase == kDest && alive(state.active) && state.cargo[state.active] != 0)) {
    return Error("weapon=dismount only at phase dest, for a transport with its squad");
  }
  if (state.run_over != 0) {
    const int v = state.cursor - 1;
    const bool holds = state.stage == kStageMoveHolds || state.stage == kStageAttackHolds;
    bool fits = holds && v >= 0 && alive(static_cast<uint8_t>(v)) && units_[v].vehicle &&
                state.mode == kRoadkill && state.att == v;
    for (int u = 0; u < kMaxUnits; ++u) {
      if ((state.run_over >> u) & 1) {
        fits = fits && alive(static_cast<uint8_t>(u)) && !units_[u].vehicle &&
               units_[u].side != units_[v].side;
      }
    }
    if (!fits) {
      return Error(
          "run_over=LABELS: enemy squads still to roll the roadkill saves of the vehicle whose "
          "hold move the holds loop just served (cursor), during one of them");
    }
  }
  if (state.cursor > n) return Error("cursor past the last squad");
  // Between actions (and at the end) nothing of an action or a resolution is left.
  const bool no_resolution =
      state.mode == kNoMode && state.att == kNone && state.tgt == kNone && state.subject == kNone &&
      state.side == 0 && state.saves == 0 && state.cas_a == 0 && state.cas_t == 0 &&
      state.lost_a == 0 && state.lost_t == 0 && state.a_sum == 0 && state.a_six == 0 &&
      state.a_one == 0 && state.b_sum == 0 && state.b_six == 0 && state.b_one == 0;
  const bool no_action = state.stage == kStageNone && state.active == kNone &&
                         state.target == kNone && state.weapon == kRepeaters && state.cursor == 0 &&
                         state.sub == kNone && state.from == kNoCell && state.spot == kNoCell &&
                         state.roll == 0;
  if ((state.phase == kSelect || state.phase == kOver) && !(no_resolution && no_action)) {
    return Error(absl::StrCat("phase ", kPhaseNames[state.phase],
                              " comes between actions: the action's and the resolution's fields "
                              "are at their defaults"));
  }
  if ((state.phase == kAction || state.phase == kDest || state.phase == kTarget ||
       state.phase == kHold || state.phase == kTurret || state.phase == kSmokeTarget) &&
      !(no_resolution && state.stage == kStageNone && state.target == kNone && state.sub == kNone &&
        state.from == kNoCell && state.spot == kNoCell && state.roll == 0 && state.cursor == 0)) {
    return Error(
        absl::StrCat("phase ", kPhaseNames[state.phase], " comes before anything is resolved"));
  }
  if (state.phase == kFacing &&
      !(no_resolution && state.stage == kStageNone && state.target == kNone && state.sub == kNone &&
        state.from != kNoCell && state.spot == kNoCell && state.roll == 0 && state.cursor == 0)) {
    return Error("phase facing comes right after a vehicle's move (from=X,Y)");
  }
  // A hold move's roadkill: the holder just served (cursor - 1) against squads.
  const bool hold_roadkill = (state.stage == kStageMoveHolds || state.stage == kStageAttackHolds) &&
                             state.cursor >= 1 && state.att == state.cursor - 1;
  if ((state.stage == kStageRoadkill || state.mode == kRoadkill) &&
      !(hold_roadkill ? units_[state.att].vehicle && state.tgt < n && !units_[state.tgt].vehicle
                      : state.active < n && units_[state.active].vehicle && state.from != kNoCell &&
                            (state.mode != kRoadkill ||
                             (state.stage == kStageRoadkill && state.att == state.active &&
                              state.tgt < n && !units_[state.tgt].vehicle)))) {
    return Error("roadkill: a moved vehicle (active, from, or the holder) against squads (tgt)");
  }
  if (state.from != kNoCell && state.active < n && units_[state.active].vehicle &&
      state.phase != kFacing && state.stage != kStageRoadkill && state.stage != kStageMoveHolds &&
      state.stage != kStageDone) {
    return Error("a vehicle's move ends with its roadkill, holds and reactive fire");
  }
  const Player actor_side = state.player;
  auto own = [&](uint8_t u) { return u != kNone && units_[u].side == actor_side; };
  bool ok = true;
  switch (state.phase) {
    case kAction:
    case kDest:
    case kTarget:
    case kHold:
      ok = own(state.active) && alive(state.active);
      break;
    case kFacing:
      ok = own(state.active) && alive(state.active) && units_[state.active].vehicle;
      break;
    case kTurret:
      ok = own(state.active) && alive(state.active) && units_[state.active].vehicle &&
           units_[state.active].turret;
      break;
    case kSmokeTarget:
      ok = own(state.active) && alive(state.active) && !units_[state.active].vehicle &&
           state.smokes[state.active] > 0;
      break;
    case kArmourRoll:
      ok = (state.mode == kFire || state.mode == kHoldFire || state.mode == kReactFire) &&
           alive(state.att) && alive(state.tgt) && units_[state.tgt].vehicle;
      break;
    case kProneReact:
      ok = own(state.active) && alive(state.target) && state.stage == kStageAttack;
      break;
    case kReactive:
      ok = own(state.active) && state.from != kNoCell && state.stage == kStageDone;
      break;
    case kRemove:
      ok = alive(state.subject) && (state.subject == state.att || state.subject == state.tgt) &&
           state.mode != kNoMode;
      break;
    case kRepeat:
      ok = state.mode == kClose && alive(state.att) && alive(state.tgt) &&
           state.a_sum != state.b_sum;
      break;
    case kHoldMove:
    case kReactMove:
      ok = alive(state.sub) && (state.phase == kHoldMove || state.spot != kNoCell);
      break;
    case kRally:
      ok = alive(state.sub) && own(state.sub) && (state.flags[state.sub] & kSuppressedBit);
      break;
    case kAttackRoll:
      ok = alive(state.att) && alive(state.tgt) && state.mode != kNoMode && state.mode != kClose &&
           state.mode != kRoadkill && !(units_[state.att].vehicle && units_[state.tgt].vehicle);
      break;
    case kSaveRoll:
      ok = alive(state.att) && alive(state.tgt) && state.mode != kNoMode &&
           state.saves == PoolAt(state).dice();
      break;
    case kRollOff:
    case kChooseFirst:
      ok = roll_off_ && state.turn == 1 && state.left == kActionsPerTurn &&
           state.stage == kStageNone && state.kills[0] + state.kills[1] == 0 && state.first == 0 &&
           (state.phase == kChooseFirst || state.player == 0);
      break;
    case kCcRoll:
      ok = state.mode == kClose && alive(state.att) && alive(state.tgt) && CloseRollFits(state);
      break;
    default:
      break;
  }
  if (!ok) return Error(absl::StrCat("the fields do not fit phase ", kPhaseNames[state.phase]));
  if (Kind(state) == NodeKind::kDecision) {
    ActionList actions;
    LegalActions(state, CurrentPlayer(state), actions);
    if (actions.empty()) return Error("no legal action in this position");
  }
  return absl::OkStatus();
}

}  // namespace sandtable
