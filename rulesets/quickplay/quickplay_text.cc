// quickplay text: action notation, the one-line position string, the board, and their
// parsers. Parsers take any bytes and answer with a clear error; nothing here may crash.
#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "engine/text.h"
#include "rulesets/quickplay/quickplay.h"

namespace sandtable {
namespace {

constexpr std::array<const char*, 8> kPhaseNames = {"deploy", "place", "select", "act",
                                                    "qc",     "hit",   "damage", "over"};

absl::Status Error(std::string_view message) {
  return absl::InvalidArgumentError(std::string(message));
}

}  // namespace

// ---------------------------------------------------------------------------- actions

int QuickplayGame::ParseCell(std::string_view text) const {
  const std::optional<Coordinate> at = ParseCoordinate(text, std::max(width_, height_) - 1);
  if (!at || at->x >= width_ || at->y >= height_) return -1;
  return CellIndex(at->x, at->y);
}

std::string QuickplayGame::ActionToString(const State& state, Player, Action action) const {
  auto cell_text = [&](Action a) {
    return CoordinateText(CellX(static_cast<int>(a)), CellY(static_cast<int>(a)));
  };
  const int n = num_units();
  switch (state.phase) {
    case kDeploySelect:
    case kSelect:
      if (action >= kSelectBase && action < kSelectBase + static_cast<Action>(n)) {
        return std::string(1, units_[action - kSelectBase].label);
      }
      break;
    case kDeployPlace:
      if (action < static_cast<Action>(width_ * height_)) {
        return absl::StrCat("place ", cell_text(action));
      }
      break;
    case kActivation:
      if (action == kEndAction) return "end";
      if (action < static_cast<Action>(width_ * height_)) {
        return absl::StrCat("move ", cell_text(action));
      }
      if (action >= kShootBase && action < kShootBase + 2 * 256 && state.active < n) {
        const int slot = static_cast<int>((action - kShootBase) >> 8);
        const int target = static_cast<int>((action - kShootBase) & 0xFF);
        const QuickplayProfile& p = profile(state.active);
        if (target < n && slot < p.num_weapons) {
          std::string text = absl::StrCat("shoot ", std::string(1, units_[target].label));
          if (p.num_weapons > 1) {
            absl::StrAppend(&text, " ", QuickplayWeapons()[p.weapons[slot]].name);
          }
          return text;
        }
      }
      break;
    case kQualityCheck:
      if (action >= kOutcomeBase) return absl::StrCat("survive ", action - kOutcomeBase);
      break;
    case kHitRoll:
      if (action >= kOutcomeBase) return absl::StrCat("hits ", action - kOutcomeBase);
      break;
    case kDamageRoll:
      if (action >= kOutcomeBase) return absl::StrCat("damage ", action - kOutcomeBase);
      break;
    default:
      break;
  }
  return absl::StrCat("invalid#", action);
}

absl::StatusOr<Action> QuickplayGame::ParseRoll(const State& state,
                                                std::string_view faces_text) const {
  const Roll* roll = RollAt(state);
  if (roll == nullptr || !roll->pool.has_value()) return Error("no dice are rolled here");
  absl::StatusOr<int> outcome = roll->pool->OutcomeOfFacesText(faces_text);
  if (!outcome.ok()) return outcome.status();
  return kOutcomeBase + static_cast<Action>(*outcome);
}

int QuickplayGame::UnitLabelled(std::string_view word) const {
  if (word.size() != 1) return -1;
  const auto found = std::ranges::find(units_, word[0], &Unit::label);
  return found == units_.end() ? -1 : static_cast<int>(found - units_.begin());
}

absl::StatusOr<Action> QuickplayGame::ParseAction(const State& state, Player player,
                                                  std::string_view text) const {
  const std::vector<std::string_view> tokens = SplitWords(text);
  const NodeKind kind = Kind(state);
  if (kind == NodeKind::kTerminal) return Error("the game is over: no actions");
  if (tokens.empty()) return Error("empty action");
  const std::string shown = Printable(text);
  Action action = kInvalidAction;

  if (kind == NodeKind::kChance) {
    if (player != kChancePlayer) {
      return Error(absl::StrCat("'", shown, "': this is a dice roll (a chance outcome), not ",
                                "player ", player, "'s decision"));
    }
    if (tokens[0] == "roll") {
      absl::StatusOr<Action> rolled = ParseRoll(state, text.substr(text.find("roll") + 4));
      if (!rolled.ok()) return rolled.status();
      action = *rolled;
    } else {
      const char* word = state.phase == kQualityCheck ? "survive"
                         : state.phase == kHitRoll    ? "hits"
                                                      : "damage";
      const std::optional<int> count = ParseWordAndNumber(text, word, 99);
      if (!count.has_value()) {
        return Error(absl::StrCat("'", shown, "': expected '", word, " N' or 'roll F F ...'"));
      }
      action = kOutcomeBase + static_cast<Action>(*count);
    }
    ChanceList outcomes;
    ChanceOutcomes(state, outcomes);
    for (const ChanceOutcome& outcome : outcomes) {
      if (outcome.outcome == action) return action;
    }
    return Error(absl::StrCat("'", shown, "' cannot happen here (possible: ",
                              absl::StrJoin(outcomes, ", ",
                                            [&](std::string* out, const ChanceOutcome& o) {
                                              out->append(
                                                  ActionToString(state, kChancePlayer, o.outcome));
                                            }),
                              ")"));
  }

  if (player != state.player) {
    return Error(absl::StrCat("it is player ", static_cast<int>(state.player),
                              "'s turn, not player ", player, "'s"));
  }
  switch (state.phase) {
    case kDeploySelect:
    case kSelect: {
      const int u = tokens.size() == 1 ? UnitLabelled(tokens[0]) : -1;
      if (u < 0) {
        return Error(absl::StrCat("'", shown, "': expected the letter of a unit to ",
                                  state.phase == kSelect ? "activate" : "deploy"));
      }
      action = kSelectBase + static_cast<Action>(u);
      break;
    }
    case kDeployPlace: {
      const std::string_view cell_text = tokens.size() == 2 && tokens[0] == "place" ? tokens[1]
                                         : tokens.size() == 1                       ? tokens[0]
                                                              : std::string_view();
      const int cell = ParseCell(cell_text);
      if (cell < 0) {
        return Error(absl::StrCat("'", shown, "': expected 'place X,Y' with 0 <= X < ", width_,
                                  ", 0 <= Y < ", height_));
      }
      action = static_cast<Action>(cell);
      break;
    }
    case kActivation: {
      if (tokens[0] == "end" && tokens.size() == 1) {
        action = kEndAction;
      } else if (tokens[0] == "move" && tokens.size() == 2) {
        const int cell = ParseCell(tokens[1]);
        if (cell < 0) {
          return Error(absl::StrCat("'", shown, "': expected 'move X,Y' with 0 <= X < ", width_,
                                    ", 0 <= Y < ", height_));
        }
        action = static_cast<Action>(cell);
      } else if (tokens[0] == "shoot" && (tokens.size() == 2 || tokens.size() == 3)) {
        const int target = UnitLabelled(tokens[1]);
        if (target < 0) {
          return Error(
              absl::StrCat("'", shown, "': no unit is labelled '", Printable(tokens[1]), "'"));
        }
        const QuickplayProfile& p = profile(state.active);
        int slot = 0;
        if (tokens.size() == 3) {
          slot = -1;
          for (int s = 0; s < p.num_weapons; ++s) {
            if (tokens[2] == QuickplayWeapons()[p.weapons[s]].name) slot = s;
          }
          if (slot < 0) {
            std::vector<std::string> names;
            for (int s = 0; s < p.num_weapons; ++s) {
              names.emplace_back(QuickplayWeapons()[p.weapons[s]].name);
            }
            return Error(absl::StrCat("'", shown, "': the ", p.name, " has no weapon '",
                                      Printable(tokens[2]), "' (it has ",
                                      absl::StrJoin(names, ", "), ")"));
          }
        } else if (p.num_weapons > 1) {
          return Error(absl::StrCat("'", shown, "': name the weapon, e.g. 'shoot ",
                                    Printable(tokens[1]), " ",
                                    QuickplayWeapons()[p.weapons[0]].name, "'"));
        }
        action = kShootBase + static_cast<Action>(slot * 256 + target);
      } else {
        return Error(
            absl::StrCat("'", shown, "': expected 'move X,Y', 'shoot L [WEAPON]' or 'end'"));
      }
      break;
    }
    default:
      return Error("no decision here");
  }
  ActionList legal;
  LegalActions(state, player, legal);
  if (!legal.Contains(action)) {
    std::string why = "not legal here";
    if (state.phase == kActivation && action == static_cast<Action>(action & 0xFFF) &&
        action < kShootBase) {
      why = (state.done & kMoved) ? "the unit has already moved"
                                  : "not a reachable free cell (straight line within move "
                                    "range, not cover, not occupied, no impassable crossed)";
    } else if (state.phase == kActivation && action != kEndAction) {
      why = (state.done & kShot) ? "the unit has already shot"
                                 : "the target is not an enemy in range and line of sight";
    }
    return Error(absl::StrCat("'", shown, "': ", why));
  }
  return action;
}

// ---------------------------------------------------------------------------- positions

std::string QuickplayGame::StateToString(const State& state) const {
  const int active = state.active;
  std::string text = absl::StrCat(
      "round=", state.round, " phase=", kPhaseNames[std::min<int>(state.phase, kOver)],
      " player=", state.player, " vp=", state.vp[0], "-", state.vp[1],
      " active=", active < num_units() ? std::string(1, units_[active].label) : "-",
      " done=", state.done == 0 ? "-" : (state.done & kMoved ? "m" : ""),
      state.done & kShot ? "s" : "",
      " target=", state.target < num_units() ? std::string(1, units_[state.target].label) : "-",
      " weapon=",
      (state.phase == kHitRoll || state.phase == kDamageRoll) && active < num_units()
          ? QuickplayWeapons()[profile(active).weapons[state.weapon]].name
          : "-",
      " hits=", state.hits);
  for (int u = 0; u < num_units(); ++u) {
    text += ' ';
    text += units_[u].label;
    if (!IsAlive(state, u)) {
      text += ":x";
      continue;
    }
    if (state.cell[u] == kNoCell) {
      text += "@-";
    } else {
      absl::StrAppend(&text, "@", CellX(state.cell[u]), ",", CellY(state.cell[u]));
    }
    if (profile(u).squad) {
      absl::StrAppend(&text, ":", Models(state.health[u]), "/", Wounded(state.health[u]));
    } else {
      absl::StrAppend(&text, ":", state.health[u]);
    }
    if ((state.activated >> u) & 1) text += '*';
  }
  return text;
}

absl::StatusOr<QuickplayGame::State> QuickplayGame::ParseState(std::string_view text) const {
  const std::vector<std::string_view> tokens = SplitWords(text);
  static constexpr std::array<const char*, 9> kKeys = {"round", "phase",  "player", "vp",  "active",
                                                       "done",  "target", "weapon", "hits"};
  if (tokens.size() != kKeys.size() + num_units()) {
    return Error(absl::StrCat("a quickplay position has ", kKeys.size(),
                              " fields (round= phase= player= vp= active= done= target= "
                              "weapon= hits=) and then one word per unit (",
                              num_units(), " here), got ", tokens.size(), " words"));
  }
  std::array<std::string_view, kKeys.size()> values;
  for (size_t i = 0; i < kKeys.size(); ++i) {
    const std::string_view key = kKeys[i];
    if (tokens[i].size() <= key.size() || tokens[i].substr(0, key.size()) != key ||
        tokens[i][key.size()] != '=') {
      return Error(absl::StrCat("field ", i + 1, " should be ", std::string(key), "=..., got '",
                                Printable(tokens[i]), "'"));
    }
    values[i] = tokens[i].substr(key.size() + 1);
  }
  auto label_of = [&](std::string_view v, const char* what) -> absl::StatusOr<uint8_t> {
    if (v == "-") return kNone;
    if (const int u = UnitLabelled(v); u >= 0) return static_cast<uint8_t>(u);
    return Error(absl::StrCat(what, "='", Printable(v), "' is not a unit letter or '-'"));
  };

  State state;
  int value = 0;
  if (!ParseBoundedInt(values[0], kRounds, &value)) {
    return Error(absl::StrCat("round='", Printable(values[0]), "' is not 0..", kRounds));
  }
  state.round = static_cast<uint8_t>(value);
  const auto phase_it = std::find(kPhaseNames.begin(), kPhaseNames.end(), values[1]);
  if (phase_it == kPhaseNames.end()) {
    return Error(absl::StrCat("phase='", Printable(values[1]), "' is not one of ",
                              absl::StrJoin(kPhaseNames, "|")));
  }
  state.phase = static_cast<uint8_t>(phase_it - kPhaseNames.begin());
  if (!ParseBoundedInt(values[2], 1, &value)) return Error("player= must be 0 or 1");
  state.player = static_cast<uint8_t>(value);
  {
    const size_t dash = values[3].find('-');
    int vp0 = 0, vp1 = 0;
    const int max_vp = kRounds * static_cast<int>(objectives_.size());
    if (dash == std::string_view::npos ||
        !ParseBoundedInt(values[3].substr(0, dash), max_vp, &vp0) ||
        !ParseBoundedInt(values[3].substr(dash + 1), max_vp, &vp1)) {
      return Error(
          absl::StrCat("vp='", Printable(values[3]), "' is not A-B with 0 <= A, B <= ", max_vp));
    }
    state.vp[0] = static_cast<uint8_t>(vp0);
    state.vp[1] = static_cast<uint8_t>(vp1);
  }
  absl::StatusOr<uint8_t> active = label_of(values[4], "active");
  if (!active.ok()) return active.status();
  state.active = *active;
  if (values[5] == "m") {
    state.done = kMoved;
  } else if (values[5] == "s") {
    state.done = kShot;
  } else if (values[5] == "ms") {
    state.done = kMoved | kShot;
  } else if (values[5] != "-") {
    return Error(absl::StrCat("done='", Printable(values[5]), "' is not -, m, s or ms"));
  }
  absl::StatusOr<uint8_t> target = label_of(values[6], "target");
  if (!target.ok()) return target.status();
  state.target = *target;
  const std::string_view weapon = values[7];
  if (!ParseBoundedInt(values[8], 9, &value)) return Error("hits= must be a small number");
  state.hits = static_cast<uint8_t>(value);

  // Units.
  const std::vector<std::string_view> unit_tokens(tokens.begin() + kKeys.size(), tokens.end());
  for (int u = 0; u < kMaxUnits; ++u) state.cell[u] = kNoCell;
  for (int u = 0; u < num_units(); ++u) {
    std::string_view token = unit_tokens[u];
    const std::string shown = Printable(token);
    if (token.empty() || token[0] != units_[u].label) {
      return Error(absl::StrCat("unit ", u + 1, " should be '", std::string(1, units_[u].label),
                                "...', got '", shown, "'"));
    }
    token.remove_prefix(1);
    if (token == ":x") {
      state.destroyed |= static_cast<uint16_t>(1u << u);
      continue;
    }
    if (!token.empty() && token.back() == '*') {
      state.activated |= static_cast<uint16_t>(1u << u);
      token.remove_suffix(1);
    }
    const size_t colon = token.find(':');
    if (token.empty() || token[0] != '@' || colon == std::string_view::npos) {
      return Error(absl::StrCat("unit '", shown, "': expected L@X,Y:HEALTH[*], L@-:HEALTH or L:x"));
    }
    const std::string_view where = token.substr(1, colon - 1);
    const std::string_view health = token.substr(colon + 1);
    if (where != "-") {
      const int cell = ParseCell(where);
      if (cell < 0) {
        return Error(absl::StrCat("unit '", shown, "': position is not X,Y on the ", width_, " x ",
                                  height_, " board"));
      }
      state.cell[u] = static_cast<uint16_t>(cell);
    }
    if (profile(u).squad) {
      const size_t slash = health.find('/');
      int models = 0, wounded = 0;
      if (slash == std::string_view::npos ||
          !ParseBoundedInt(health.substr(0, slash), squad_size_, &models) ||
          !ParseBoundedInt(health.substr(slash + 1), squad_size_, &wounded) || models < 1 ||
          wounded >= models) {
        return Error(absl::StrCat("unit '", shown,
                                  "': a squad's health is MODELS/WOUNDED with 1 <= MODELS <= ",
                                  squad_size_, " and WOUNDED < MODELS"));
      }
      state.health[u] = static_cast<uint8_t>(models << 4 | wounded);
    } else {
      int tokens_on = 0;
      if (!ParseBoundedInt(health, 1, &tokens_on)) {
        return Error(
            absl::StrCat("unit '", shown, "': a vehicle's health is its damage tokens, 0 or 1"));
      }
      state.health[u] = static_cast<uint8_t>(tokens_on);
    }
  }
  // The weapon names a slot of the active unit.
  const bool shooting = state.phase == kHitRoll || state.phase == kDamageRoll;
  if (weapon != "-") {
    if (!shooting) return Error("weapon= must be - outside phase hit/damage");
    if (state.active == kNone) return Error("weapon= is set but active=-");
    const QuickplayProfile& p = profile(state.active);
    int slot = -1;
    for (int s = 0; s < p.num_weapons; ++s) {
      if (weapon == QuickplayWeapons()[p.weapons[s]].name) slot = s;
    }
    if (slot < 0) {
      return Error(
          absl::StrCat("weapon='", Printable(weapon), "' is not a weapon of the ", p.name));
    }
    state.weapon = static_cast<uint8_t>(slot);
  } else if (shooting) {
    return Error("phase hit/damage needs weapon=NAME");
  }
  if (absl::Status s = ValidateState(state); !s.ok()) return s;
  return state;
}

absl::Status QuickplayGame::ValidateState(const State& s) const {
  const int n = num_units();
  const bool deploying = s.phase == kDeploySelect || s.phase == kDeployPlace;
  if (deploying != (s.round == 0)) return Error("round=0 exactly during deployment");
  if (s.phase == kOver && s.round != kRounds) {
    return Error(absl::StrCat("phase=over needs round=", kRounds));
  }
  bool has_undeployed[2] = {false, false};
  bool has_free[2] = {false, false};
  for (int u = 0; u < n; ++u) {
    if (!IsAlive(s, u)) continue;
    const int c = s.cell[u];
    if (c == kNoCell) {
      if (!deploying) return Error("every unit is on the board after deployment");
      has_undeployed[units_[u].side] = true;
      continue;
    }
    if (IsCover(c))
      return Error(absl::StrCat("unit ", std::string(1, units_[u].label), " stands on cover"));
    if (IsImpassable(c) && !profile(u).ignores_impassable) {
      return Error(
          absl::StrCat("unit ", std::string(1, units_[u].label), " stands on impassable terrain"));
    }
    for (int v = 0; v < u; ++v) {
      if (s.cell[v] == c) return Error("two units on one cell");
    }
    if (!((s.activated >> u) & 1)) has_free[units_[u].side] = true;
  }
  if ((deploying || s.phase == kOver) && s.activated != 0) {
    return Error("no unit is marked activated (*) during deployment or after the game");
  }
  const bool needs_active = s.phase != kDeploySelect && s.phase != kSelect && s.phase != kOver;
  if (needs_active != (s.active != kNone)) {
    return Error(needs_active ? "this phase needs active=LETTER" : "this phase needs active=-");
  }
  const bool shooting = s.phase == kHitRoll || s.phase == kDamageRoll;
  if (shooting != (s.target != kNone)) {
    return Error(shooting ? "phase hit/damage needs target=LETTER" : "target= must be - here");
  }
  if ((s.phase == kDamageRoll) != (s.hits != 0)) {
    return Error("hits= is 1 or more in phase damage and 0 otherwise");
  }
  const bool in_activation = s.phase == kActivation || s.phase == kQualityCheck || shooting;
  if (!in_activation && s.done != 0) return Error("done= must be - outside an activation");
  if (s.phase == kActivation && s.done == (kMoved | kShot)) {
    return Error(
        "an activation ends once the unit has moved and shot: done=ms only while dice "
        "are rolled");
  }
  if (s.phase == kOver && s.player != 0) return Error("phase=over has player=0");
  switch (s.phase) {
    case kDeploySelect:
      if (!has_undeployed[s.player]) return Error("the player has no unit left to deploy");
      break;
    case kDeployPlace:
      if (!IsAlive(s, s.active) || s.cell[s.active] != kNoCell ||
          units_[s.active].side != s.player) {
        return Error("active= must be an undeployed unit of the player");
      }
      {
        bool any = false;
        zones_[s.player].ForEach([&](int c) { any |= CanPlace(s, s.active, c); });
        if (!any) return Error("the deployment zone has no free cell");
      }
      break;
    case kSelect:
      if (!has_free[s.player]) return Error("the player has no unit left to activate");
      break;
    case kOver:
      break;
    default: {
      const int a = s.active;
      if (!IsAlive(s, a) || units_[a].side != s.player || ((s.activated >> a) & 1)) {
        return Error("active= must be a living, not yet activated unit of the player");
      }
      if (s.phase == kQualityCheck &&
          (!profile(a).squad || Wounded(s.health[a]) == 0 || s.done != 0)) {
        return Error("phase qc needs a wounded squad that has not moved or shot");
      }
      if (shooting) {
        const int t = s.target;
        if (!(s.done & kShot)) return Error("phase hit/damage needs done=s or done=ms");
        if (!IsAlive(s, t) || units_[t].side == s.player) {
          return Error("target= must be a living enemy unit");
        }
        if (s.phase == kDamageRoll) {
          if (profile(t).squad) return Error("phase damage needs a vehicle target");
          const int dice = QuickplayWeapons()[profile(a).weapons[s.weapon]].dice;
          if (s.hits > dice) return Error(absl::StrCat("hits= is at most ", dice));
        }
      }
      break;
    }
  }
  return absl::OkStatus();
}

}  // namespace sandtable
