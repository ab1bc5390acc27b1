// quick's notations: actions, chance outcomes (with raw faces) and the position string.
#include <map>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "engine/text.h"
#include "rulesets/quick/quick.h"

namespace sandtable {
namespace {

constexpr const char* kColourNames[] = {"blue", "pink"};
constexpr const char* kEnablerNames[] = {"recon", "artillery", "engineer", "supply"};
constexpr const char* kPhaseNames[] = {
    "select",      "place",          "wander",         "initiative", "choose",   "claim",
    "pick_unit",   "pick_formation", "dest",           "attacker",   "target",   "def_roll",
    "loss",        "cube",           "atk_roll",       "advance",    "alloc_to", "transfer",
    "transfer_to", "revive_unit",    "revive_enabler", "over"};
constexpr int kNumPhases = sizeof(kPhaseNames) / sizeof(kPhaseNames[0]);
constexpr const char* kPlaceNames[] = {"pool", "hand", "discard", "supply", "removed"};

absl::Status Error(std::string_view message) { return absl::InvalidArgumentError(ToAbsl(message)); }

std::string KindText(int kind) {
  switch (kind) {
    case QuickGame::kPass:
      return "pass";
    case QuickGame::kClaimInitiative:
      return "claim";
    case QuickGame::kMoveOne:
      return "move unit";
    case QuickGame::kMoveFormation:
      return "move formation";
    case QuickGame::kMoveAll:
      return "move all";
    case QuickGame::kAttack:
      return "attack";
    case QuickGame::kRedeploy:
      return "redeploy";
    case QuickGame::kReviveUnitKind:
      return "revive unit";
    case QuickGame::kReviveEnablers:
      return "revive enablers";
    default:
      break;
  }
  if (kind >= QuickGame::kRegroupAllocate) {
    return absl::StrCat("regroup allocate ", kEnablerNames[kind - QuickGame::kRegroupAllocate]);
  }
  if (kind >= QuickGame::kRegroupCube) {
    return absl::StrCat("regroup cube ", kColourNames[kind - QuickGame::kRegroupCube]);
  }
  return absl::StrCat("regroup enabler ", kEnablerNames[kind - QuickGame::kRegroupEnabler]);
}

// The words of `text` from `first` on, joined by single blanks.
std::string JoinWords(std::string_view text, size_t first = 0) {
  std::string out;
  const std::vector<std::string_view> words = SplitWords(text);
  for (size_t i = first; i < words.size(); ++i) {
    if (!out.empty()) out += ' ';
    out.append(words[i]);
  }
  return out;
}

}  // namespace

std::string QuickGame::CellText(int cell) const {
  return CoordinateText(cell % width_, cell / width_);
}

std::string QuickGame::ActionToString(const State& state, Player player, Action action) const {
  auto label = [&](Action u) { return std::string(1, units_[u].label); };
  if (player == kChancePlayer) {
    if (state.phase == kCube) return absl::StrCat("cube ", kColourNames[action & 1]);
    if (state.phase == kWander) return absl::StrCat("to ", CellText(static_cast<int>(action)));
    return absl::StrCat("losses ", action);
  }
  switch (state.phase) {
    case kSelect: {
      const int take = std::min(kHandSize, PoolTotal(state, player));
      return absl::StrCat("select ", action, " blue ", take - static_cast<int>(action), " pink");
    }
    case kPlace:
      return absl::StrCat("at ", CellText(static_cast<int>(action)));
    case kInitiative:
      return action == 0 ? "go first" : "go second";
    case kChoose:
      return absl::StrCat(kColourNames[action / kColourStride], " ",
                          KindText(static_cast<int>(action % kColourStride)));
    case kClaim:
      return action == 0 ? "support none" : (action == 1 ? "support gain" : "support cost");
    case kPickFormation:
      return absl::StrCat("formation ", label(action));
    case kDest:
      return action == kStay ? "stay" : absl::StrCat("to ", CellText(static_cast<int>(action)));
    case kTarget:
      return absl::StrCat("target ", label(action));
    case kLoss:
      if (action < kEnablers) return absl::StrCat("exhaust ", kEnablerNames[action]);
      if (action == kReduce) return "reduce";
      if (action == kRemove) return "remove";
      return absl::StrCat("retreat ", CellText(static_cast<int>(action - kRetreatBase)));
    case kAdvance:
      return action == 0 ? "hold" : "advance";
    case kTransfer:
    case kReviveEnabler:
      return action == kDone ? "done" : absl::StrCat("enabler ", kEnablerNames[action & 3]);
    default:
      return absl::StrCat("unit ", label(action));
  }
}

absl::StatusOr<Action> QuickGame::ParseAction(const State& state, Player player,
                                              std::string_view text) const {
  const std::string wanted = JoinWords(text);
  std::vector<Action> legal;
  if (Kind(state) == NodeKind::kTerminal) return Error("the game is over");
  if (player == kChancePlayer) {
    if (Kind(state) != NodeKind::kChance) return Error("not a chance node");
    ChanceList outcomes;
    ChanceOutcomes(state, outcomes);
    for (const ChanceOutcome& o : outcomes) legal.push_back(o.outcome);
    const std::vector<std::string_view> words = SplitWords(text);
    if (!words.empty() && words[0] == "roll") {
      const std::string faces = JoinWords(text, 1);
      Action outcome = kInvalidAction;
      if (state.phase == kCube) {
        return Error("a random cube has no dice: write 'cube blue' or 'cube pink'");
      } else if (state.phase == kWander) {
        const std::optional<int> face =
            words.size() == 2 ? ParseBoundedInt(words[1], 6) : std::nullopt;
        if (!face.has_value() || *face < 1) {
          return Error("a CIV marker wanders with one d6: 'roll N', N from 1 to 6");
        }
        const uint8_t from = state.civ[state.cursor];
        const uint8_t to = neighbours_[from][*face - 1];
        bool blocked = to == kNone;
        for (int u = 0; u < num_units() && !blocked; ++u) blocked = state.cell[u] == to;
        for (int i = 0; i < kMaxUnits && !blocked && state.civ[i] != kNone; ++i) {
          blocked = i != state.cursor && state.civ[i] == to;
        }
        outcome = blocked ? from : to;
      } else {
        const int dice = state.phase == kDefRoll
                             ? DefencePower(state, state.defender)
                             : AttackPower(state, state.attacker, state.cell[state.defender]);
        absl::StatusOr<int> hits = pools_[std::min(dice, kMaxDice)].OutcomeOfFacesText(faces);
        if (!hits.ok()) return hits.status();
        outcome = static_cast<Action>(*hits);
      }
      return outcome;
    }
  } else {
    if (Kind(state) == NodeKind::kChance) return Error("a chance node: enter the dice");
    if (Kind(state) == NodeKind::kDecision && CurrentPlayer(state) != player) {
      return Error(absl::StrCat("it is player ", CurrentPlayer(state), "'s decision"));
    }
    ActionList actions;
    LegalActions(state, player, actions);
    legal.assign(actions.begin(), actions.end());
  }
  std::vector<std::string> texts;
  for (Action a : legal) {
    texts.push_back(ActionToString(state, player, a));
    if (texts.back() == wanted) return a;
  }
  if (texts.size() > 16) {
    texts.resize(16);
    texts.push_back("...");
  }
  return Error(absl::StrCat("'", Printable(text),
                            "' is not legal here; legal: ", absl::StrJoin(texts, " | ")));
}

// --- The position string.

std::string QuickGame::StateToString(const State& s) const {
  auto unit_or_dash = [&](uint8_t u) {
    return u < num_units() ? std::string(1, units_[u].label) : std::string("-");
  };
  auto cells = [&](auto&& pick, int count) {
    std::vector<std::string> parts;
    for (int i = 0; i < count; ++i) {
      const int c = pick(i);
      if (c >= 0) parts.push_back(CellText(c));
    }
    return parts.empty() ? std::string("-") : absl::StrJoin(parts, ";");
  };
  std::string text = absl::StrCat(
      "round=", s.round, " phase=", kPhaseNames[std::min<int>(s.phase, kOver)], " actor=", s.actor,
      " initiative=", s.initiative, " transferred=", s.transferred,
      " cursor=", s.cursor == kNone ? std::string("-") : absl::StrCat(s.cursor), " sub=", s.sub,
      " attacker=", unit_or_dash(s.attacker), " defender=", unit_or_dash(s.defender),
      " losses=", s.losses, " stage=", s.stage, " retreated=", s.retreated,
      " vacated=", s.vacated == kNone ? std::string("-") : CellText(s.vacated),
      " cube_side=", s.cube_side, " transfers=", s.transfers, " formations=", s.formations,
      " group=", s.group, " bonus=", s.bonus, " support=", s.support[0], ",", s.support[1],
      " mus_removed=", s.mus_removed[0], ",", s.mus_removed[1]);
  for (int side = 0; side < 2; ++side) {
    std::vector<std::string> places;
    for (int p = 0; p < kPlaces; ++p) {
      places.push_back(absl::StrCat(s.cubes[side][p][0], ",", s.cubes[side][p][1]));
    }
    std::string log;
    for (int i = 0; i < s.log_len[side]; ++i) {
      const uint32_t e = (s.pool_log[side] >> (2 * i)) & 3;
      log += "bpBP"[e];
    }
    std::vector<std::string> enablers;
    for (int e = 0; e < kEnablers; ++e) {
      const uint8_t at = s.enabler[side][e];
      enablers.push_back(at == kInSupply    ? "supply"
                         : at == kAvailable ? "available"
                         : at == kExhausted ? "exhausted"
                                            : unit_or_dash(at));
    }
    absl::StrAppend(&text, " cubes", side, "=", absl::StrJoin(places, "/"), " spent", side, "=",
                    s.spent[side][0], ",", s.spent[side][1], " selected", side, "=",
                    s.selected[side], " log", side, "=", log.empty() ? "-" : log, " enablers", side,
                    "=", absl::StrJoin(enablers, ","));
  }
  absl::StrAppend(
      &text, " civ=", cells([&](int i) { return s.civ[i] == kNone ? -1 : s.civ[i]; }, kMaxUnits));
  absl::StrAppend(
      &text, " rubble=",
      cells([&](int c) { return TerrainAt(s, c) == kClose && terrain_[c] != kClose ? c : -1; },
            num_cells()));
  for (int u = 0; u < num_units(); ++u) {
    absl::StrAppend(&text, " ", std::string(1, units_[u].label), "@",
                    s.cell[u] == kOff    ? std::string("off")
                    : s.cell[u] == kNone ? std::string("gone")
                                         : CellText(s.cell[u]),
                    s.reduced[u] ? "r" : "");
  }
  return text;
}

absl::StatusOr<QuickGame::State> QuickGame::ParseState(std::string_view text) const {
  std::map<std::string, std::string, std::less<>> fields;
  for (std::string_view word : SplitWords(text)) {
    const size_t at = word.find_first_of("=@");
    if (at == std::string_view::npos || at == 0) {
      return Error(absl::StrCat("'", Printable(word), "' is not key=value or unit@cell"));
    }
    const std::string key(word.substr(0, at + (word[at] == '@' ? 1 : 0)));
    if (!fields.emplace(key, std::string(word.substr(at + 1))).second) {
      return Error(absl::StrCat("'", Printable(key), "' given twice"));
    }
  }
  size_t used = 0;
  auto take = [&](const std::string& key) -> absl::StatusOr<std::string> {
    auto it = fields.find(key);
    if (it == fields.end()) return Error(absl::StrCat("missing '", key, "'"));
    ++used;
    return it->second;
  };
  auto number = [&](const std::string& key, int max, int* out) -> absl::Status {
    absl::StatusOr<std::string> v = take(key);
    if (!v.ok()) return v.status();
    if (!ParseBoundedInt(*v, max, out)) {
      return Error(absl::StrCat(key, "=", Printable(*v), ": expected 0..", max));
    }
    return absl::OkStatus();
  };
  auto cell = [&](std::string_view v, int* out) -> bool {
    const std::optional<Coordinate> c = ParseCoordinate(v, 255);
    if (!c.has_value() || c->x >= width_ || c->y >= height_) return false;
    *out = CellOf(c->x, c->y);
    return true;
  };
  auto unit_label = [&](std::string_view v, int* out) -> bool {
    if (v == "-") {
      *out = kNone;
      return true;
    }
    for (int u = 0; u < num_units(); ++u) {
      if (v.size() == 1 && v[0] == units_[u].label) {
        *out = u;
        return true;
      }
    }
    return false;
  };
  auto pair = [&](std::string_view v, int lo, int hi, int* a, int* b) -> bool {
    std::vector<absl::string_view> parts = absl::StrSplit(ToAbsl(v), ',');
    if (parts.size() != 2) return false;
    auto one = [&](absl::string_view piece, int* out) {
      const std::string_view p = ToStd(piece);
      const bool negative = !p.empty() && p[0] == '-';
      if (!ParseBoundedInt(negative ? p.substr(1) : p, std::max(hi, -lo), out)) return false;
      if (negative) *out = -*out;
      return *out >= lo && *out <= hi;
    };
    return one(parts[0], a) && one(parts[1], b);
  };

  State s;
  int v = 0;
  if (absl::Status st = number("round", rounds_, &v); !st.ok()) return st;
  if (v < 1) return Error("round=0: rounds count from 1");
  s.round = static_cast<uint8_t>(v);
  {
    absl::StatusOr<std::string> phase = take("phase");
    if (!phase.ok()) return phase.status();
    int found = -1;
    for (int p = 0; p < kNumPhases; ++p) {
      if (*phase == kPhaseNames[p]) found = p;
    }
    if (found < 0) return Error(absl::StrCat("phase=", Printable(*phase), ": unknown phase"));
    s.phase = static_cast<uint8_t>(found);
  }
  struct Small {
    const char* key;
    uint8_t* field;
    int max;
  };
  for (const Small& f :
       {Small{"actor", &s.actor, 1}, Small{"initiative", &s.initiative, 1},
        Small{"transferred", &s.transferred, 1}, Small{"sub", &s.sub, 3},
        Small{"losses", &s.losses, kMaxDice}, Small{"stage", &s.stage, 2},
        Small{"retreated", &s.retreated, 1}, Small{"cube_side", &s.cube_side, 1},
        Small{"transfers", &s.transfers, 2}, Small{"formations", &s.formations, 255}}) {
    if (absl::Status st = number(f.key, f.max, &v); !st.ok()) return st;
    *f.field = static_cast<uint8_t>(v);
  }
  {
    absl::StatusOr<std::string> c = take("cursor");
    if (!c.ok()) return c.status();
    if (*c == "-") {
      s.cursor = kNone;
    } else if (ParseBoundedInt(*c, kMaxUnits - 1, &v)) {
      s.cursor = static_cast<uint8_t>(v);
    } else {
      return Error(absl::StrCat("cursor=", Printable(*c), ": expected - or 0..", kMaxUnits - 1));
    }
  }
  for (const char* key : {"attacker", "defender"}) {
    absl::StatusOr<std::string> c = take(key);
    if (!c.ok()) return c.status();
    if (!unit_label(*c, &v)) return Error(absl::StrCat(key, "=", Printable(*c), ": no such unit"));
    (key[0] == 'a' ? s.attacker : s.defender) = static_cast<uint8_t>(v);
  }
  {
    absl::StatusOr<std::string> c = take("vacated");
    if (!c.ok()) return c.status();
    if (*c == "-") {
      s.vacated = kNone;
    } else if (cell(*c, &v)) {
      s.vacated = static_cast<uint8_t>(v);
    } else {
      return Error(absl::StrCat("vacated=", Printable(*c), ": not a hex of the map"));
    }
  }
  const int all_units = (1 << num_units()) - 1;
  for (const char* key : {"group", "bonus"}) {
    if (absl::Status st = number(key, all_units, &v); !st.ok()) return st;
    (key[0] == 'g' ? s.group : s.bonus) = static_cast<uint16_t>(v);
  }
  for (const char* key : {"support", "mus_removed"}) {
    absl::StatusOr<std::string> c = take(key);
    if (!c.ok()) return c.status();
    int a = 0, b = 0;
    const bool support = key[0] == 's';
    if (!pair(*c, support ? -100 : 0, support ? 100 : kMaxUnits, &a, &b)) {
      return Error(absl::StrCat(key, "=", Printable(*c), ": expected two numbers a,b"));
    }
    if (support) {
      s.support[0] = static_cast<int8_t>(a);
      s.support[1] = static_cast<int8_t>(b);
    } else {
      s.mus_removed[0] = static_cast<uint8_t>(a);
      s.mus_removed[1] = static_cast<uint8_t>(b);
    }
  }
  for (int side = 0; side < 2; ++side) {
    absl::StatusOr<std::string> c = take(absl::StrCat("cubes", side));
    if (!c.ok()) return c.status();
    std::vector<absl::string_view> places = absl::StrSplit(ToAbsl(*c), '/');
    if (places.size() != kPlaces) {
      return Error(absl::StrCat("cubes", side, ": expected five blue,pink pairs for ",
                                absl::StrJoin(kPlaceNames, "/")));
    }
    for (int p = 0; p < kPlaces; ++p) {
      int a = 0, b = 0;
      if (!pair(ToStd(places[p]), 0, 60, &a, &b)) {
        return Error(absl::StrCat("cubes", side, ": ", kPlaceNames[p], " is not blue,pink"));
      }
      s.cubes[side][p][0] = static_cast<uint8_t>(a);
      s.cubes[side][p][1] = static_cast<uint8_t>(b);
    }
    c = take(absl::StrCat("spent", side));
    if (!c.ok()) return c.status();
    int a = 0, b = 0;
    if (!pair(*c, 0, kHandSize, &a, &b)) return Error(absl::StrCat("spent", side, ": not a,b"));
    s.spent[side][0] = static_cast<uint8_t>(a);
    s.spent[side][1] = static_cast<uint8_t>(b);
    if (absl::Status st = number(absl::StrCat("selected", side), kHandSize, &v); !st.ok()) {
      return st;
    }
    s.selected[side] = static_cast<uint8_t>(v);
    c = take(absl::StrCat("log", side));
    if (!c.ok()) return c.status();
    if (c->empty()) return Error(absl::StrCat("log", side, ": '-' for no events"));
    if (*c != "-") {
      if (c->size() > kMaxPoolEvents) return Error(absl::StrCat("log", side, ": too long"));
      for (size_t i = 0; i < c->size(); ++i) {
        const size_t e = std::string_view("bpBP").find((*c)[i]);
        if (e == std::string_view::npos) {
          return Error(absl::StrCat("log", side, ": events are b, p (added), B, P (removed)"));
        }
        s.pool_log[side] |= static_cast<uint32_t>(e) << (2 * i);
      }
      s.log_len[side] = static_cast<uint8_t>(c->size());
    }
    c = take(absl::StrCat("enablers", side));
    if (!c.ok()) return c.status();
    std::vector<absl::string_view> where = absl::StrSplit(ToAbsl(*c), ',');
    if (where.size() != kEnablers) {
      return Error(
          absl::StrCat("enablers", side, ": four places (recon,artillery,engineer,supply)"));
    }
    for (int e = 0; e < kEnablers; ++e) {
      const std::string_view w = ToStd(where[e]);
      if (w == "supply") {
        s.enabler[side][e] = kInSupply;
      } else if (w == "available") {
        s.enabler[side][e] = kAvailable;
      } else if (w == "exhausted") {
        s.enabler[side][e] = kExhausted;
      } else if (unit_label(w, &v) && v != kNone && units_[v].side == side &&
                 units_[v].type != kCp) {
        s.enabler[side][e] = static_cast<uint8_t>(v);
      } else {
        return Error(absl::StrCat("enablers", side, ": '", Printable(w),
                                  "' is not supply, available, exhausted or an own MU/HQ"));
      }
    }
  }
  for (const char* key : {"civ", "rubble"}) {
    absl::StatusOr<std::string> c = take(key);
    if (!c.ok()) return c.status();
    if (*c == "-") continue;
    std::vector<absl::string_view> parts = absl::StrSplit(ToAbsl(*c), ';');
    if (key[0] == 'c' && parts.size() > static_cast<size_t>(kMaxUnits)) {
      return Error("civ: too many markers");
    }
    for (size_t i = 0; i < parts.size(); ++i) {
      if (!cell(ToStd(parts[i]), &v)) {
        return Error(absl::StrCat(key, ": '", Printable(ToStd(parts[i])), "' is not a hex"));
      }
      if (key[0] == 'c') {
        s.civ[i] = static_cast<uint8_t>(v);
      } else {
        if (terrain_[v] == kClose) return Error("rubble on a Close hex (it is Close already)");
        s.rubble[v >> 6] |= uint64_t{1} << (v & 63);
      }
    }
  }
  {
    // civ: unused slots are kNone.
    int count = 0;
    if (fields.at("civ") != "-") {
      count =
          static_cast<int>(std::count(fields.at("civ").begin(), fields.at("civ").end(), ';')) + 1;
    }
    for (int i = count; i < kMaxUnits; ++i) s.civ[i] = kNone;
  }
  for (int u = 0; u < num_units(); ++u) {
    absl::StatusOr<std::string> c = take(absl::StrCat(std::string(1, units_[u].label), "@"));
    if (!c.ok()) return c.status();
    std::string_view w = *c;
    if (!w.empty() && w.back() == 'r' && IsManoeuvre(u)) {
      s.reduced[u] = 1;
      w.remove_suffix(1);
    }
    if (w == "off" && !IsManoeuvre(u)) {
      s.cell[u] = kOff;
    } else if (w == "gone" && IsManoeuvre(u) && !s.reduced[u]) {
      s.cell[u] = kNone;
    } else if (cell(w, &v)) {
      s.cell[u] = static_cast<uint8_t>(v);
    } else {
      return Error(absl::StrCat(std::string(1, units_[u].label), "@", Printable(*c),
                                ": expected a hex x,y (r: Reduced), off (HQ/CP) or gone (MU)"));
    }
  }
  if (used != fields.size()) return Error("unknown fields in the position");
  if (absl::Status st = Validate(s); !st.ok()) return st;
  return s;
}

}  // namespace sandtable
