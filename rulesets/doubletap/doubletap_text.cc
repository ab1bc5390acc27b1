// doubletap text: action and chance notation, the one-line position string, and their
// parsers. Parsers take any bytes and answer with a clear error; nothing here may crash.
#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "engine/text.h"
#include "rulesets/doubletap/doubletap.h"

namespace sandtable {
namespace {

constexpr std::array<const char*, 13> kPhaseNames = {
    "select", "kind",      "dest",  "timing", "target", "react", "dodge",
    "attack", "reacttest", "block", "morale", "reroll", "over"};
constexpr std::array<const char*, 7> kStageNames = {"-",      "attacks",  "reactions", "targets",
                                                    "dodges", "attacker", "reactmoves"};
constexpr std::array<const char*, 3> kKindNames = {"move", "assault", "run"};
constexpr std::array<const char*, 3> kTimingNames = {"-", "before", "after"};
constexpr std::array<const char*, 5> kReactionNames = {"none", "move", "dodge", "shoot", "melee"};
// Reaction letters in the position string.
constexpr std::array<char, 5> kReactionLetters = {'-', 'm', 'd', 's', 'e'};

absl::Status Error(std::string_view message) { return absl::InvalidArgumentError(ToAbsl(message)); }

template <size_t N>
int IndexOf(const std::array<const char*, N>& names, std::string_view word) {
  for (size_t i = 0; i < N; ++i) {
    if (word == names[i]) return static_cast<int>(i);
  }
  return -1;
}

// "+1", "0", "-2".
std::string Signed(int value) { return value > 0 ? absl::StrCat("+", value) : absl::StrCat(value); }

}  // namespace

int DoubletapGame::ParseCell(std::string_view text) const {
  const std::optional<Coordinate> at = ParseCoordinate(text, std::max(width_, height_) - 1);
  if (!at || at->x >= width_ || at->y >= height_) return -1;
  return CellIndex(at->x, at->y);
}

// ---------------------------------------------------------------------------- actions

std::string DoubletapGame::ActionToString(const State& state, Player, Action action) const {
  const int n = num_units();
  auto cell_text = [&](Action a) {
    return CoordinateText(CellX(static_cast<int>(a)), CellY(static_cast<int>(a)));
  };
  switch (state.phase) {
    case kSelect:
      if (action == kPass) return "pass";
      if (action >= kSelectBase && action < kSelectBase + static_cast<Action>(n)) {
        return std::string(1, units_[action - kSelectBase].label);
      }
      break;
    case kKind:
      if (action >= kKindBase && action <= kKindBase + kRun) return kKindNames[action - kKindBase];
      break;
    case kDest:
    case kDodgeMove: {
      const int u = state.phase == kDest ? state.active : state.cursor;
      if (action < static_cast<Action>(width_ * height_)) {
        if (u < n && state.cell[u] == static_cast<int>(action)) return "stay";
        return absl::StrCat("to ", cell_text(action));
      }
      break;
    }
    case kTiming:
      if (action == kTimingBase + kBefore) return "shoot before";
      if (action == kTimingBase + kAfter) return "shoot after";
      break;
    case kTarget:
      if (action == kHoldFire) return "hold";
      if (action >= kTargetBase && action < kTargetBase + static_cast<Action>(n)) {
        return absl::StrCat("at ", std::string(1, units_[action - kTargetBase].label));
      }
      break;
    case kReact:
      if (action >= kReactBase && action <= kReactBase + kReactMelee) {
        return kReactionNames[action - kReactBase];
      }
      break;
    case kAttackRoll:
    case kReactRoll:
      if (action >= kOutcomeBase) return absl::StrCat("successes ", action - kOutcomeBase);
      break;
    case kBlock:
      if (action == kOutcomeBase) return "killed";
      if (action == kOutcomeBase + 1) return "saved";
      break;
    case kMorale:
    case kReroll:
      if (action == kOutcomeBase) return "fail";
      if (action == kOutcomeBase + 1) return "pass";
      break;
    default:
      break;
  }
  return absl::StrCat("invalid#", action);
}

absl::StatusOr<Action> DoubletapGame::ParseAction(const State& state, Player player,
                                                  std::string_view text) const {
  const std::vector<std::string_view> words = SplitWords(text);
  const NodeKind node = Kind(state);
  if (node == NodeKind::kTerminal) return Error("the game is over: no actions");
  if (words.empty()) return Error("empty action");
  const std::string shown = Printable(text);
  const int n = num_units();
  Action action = kInvalidAction;

  if (node == NodeKind::kChance) {
    if (player != kChancePlayer) {
      return Error(absl::StrCat("'", shown, "': this is a dice roll (a chance outcome), not ",
                                "player ", player, "'s decision"));
    }
    if (words[0] == "roll") {
      const DicePool* pool = PoolAt(state);
      absl::StatusOr<int> value =
          pool->OutcomeOfFacesText(TrimBlanks(text).substr(std::string_view("roll").size()));
      if (!value.ok()) return value.status();
      action = kOutcomeBase + static_cast<Action>(*value);
    } else if (state.phase == kBlock && words.size() == 1 &&
               (words[0] == "killed" || words[0] == "saved")) {
      action = kOutcomeBase + (words[0] == "saved" ? 1 : 0);
    } else if ((state.phase == kMorale || state.phase == kReroll) && words.size() == 1 &&
               (words[0] == "fail" || words[0] == "pass")) {
      action = kOutcomeBase + (words[0] == "pass" ? 1 : 0);
    } else if (std::optional<int> count = ParseWordAndNumber(text, "successes", 9);
               count && (state.phase == kAttackRoll || state.phase == kReactRoll)) {
      action = kOutcomeBase + static_cast<Action>(*count);
    } else {
      const char* expected = state.phase == kBlock    ? "'killed', 'saved'"
                             : state.phase == kMorale ? "'pass', 'fail'"
                             : state.phase == kReroll ? "'pass', 'fail'"
                                                      : "'successes N'";
      return Error(absl::StrCat("'", shown, "': expected ", expected, " or 'roll' and the faces (",
                                PoolAt(state)->Describe(), ")"));
    }
    ChanceList outcomes;
    ChanceOutcomes(state, outcomes);
    for (const ChanceOutcome& o : outcomes) {
      if (o.outcome == action) return action;
    }
    return Error(absl::StrCat("'", shown, "' cannot happen here"));
  }

  const Player mover = CurrentPlayer(state);
  if (player != mover) {
    return Error(absl::StrCat("player ", mover, " decides here, not player ", player));
  }
  auto find_label = [&](std::string_view label) -> int {
    if (label.size() != 1) return -1;
    for (int u = 0; u < n; ++u) {
      if (units_[u].label == label[0]) return u;
    }
    return -1;
  };
  std::string expected;
  switch (state.phase) {
    case kSelect:
      expected = "the letter of a unit to activate, or 'pass'";
      if (words.size() == 1 && words[0] == "pass") {
        action = kPass;
      } else if (words.size() == 1 && find_label(words[0]) >= 0) {
        action = kSelectBase + static_cast<Action>(find_label(words[0]));
      }
      break;
    case kKind:
      expected = "'move', 'assault' or 'run'";
      if (words.size() == 1 && IndexOf(kKindNames, words[0]) >= 0) {
        action = kKindBase + static_cast<Action>(IndexOf(kKindNames, words[0]));
      }
      break;
    case kDest:
    case kDodgeMove: {
      expected = "'to X,Y' or 'stay'";
      const int u = state.phase == kDest ? state.active : state.cursor;
      if (words.size() == 1 && words[0] == "stay") {
        action = state.cell[u];
      } else if (words.size() == 2 && words[0] == "to" && ParseCell(words[1]) >= 0) {
        action = static_cast<Action>(ParseCell(words[1]));
      }
      break;
    }
    case kTiming:
      expected = "'shoot before' or 'shoot after' (the move)";
      if (words.size() == 2 && words[0] == "shoot" &&
          (words[1] == "before" || words[1] == "after")) {
        action = kTimingBase + (words[1] == "before" ? kBefore : kAfter);
      }
      break;
    case kTarget:
      expected = "'at L' (the letter of a target) or 'hold'";
      if (words.size() == 1 && words[0] == "hold") {
        action = kHoldFire;
      } else if (words.size() == 2 && words[0] == "at" && find_label(words[1]) >= 0) {
        action = kTargetBase + static_cast<Action>(find_label(words[1]));
      }
      break;
    case kReact:
      expected = "'none', 'move', 'dodge', 'shoot' or 'melee'";
      if (words.size() == 1 && IndexOf(kReactionNames, words[0]) >= 0) {
        action = kReactBase + static_cast<Action>(IndexOf(kReactionNames, words[0]));
      }
      break;
    default:
      break;
  }
  if (action == kInvalidAction) {
    return Error(absl::StrCat("'", shown, "': expected ", expected));
  }
  ActionList legal;
  LegalActions(state, player, legal);
  if (!legal.Contains(action)) {
    std::vector<std::string> texts;
    for (Action a : legal) texts.push_back(ActionToString(state, player, a));
    return Error(
        absl::StrCat("'", shown, "' is not legal here (legal: ", absl::StrJoin(texts, ", "), ")"));
  }
  return action;
}

// ---------------------------------------------------------------------------- positions

std::string DoubletapGame::StateToString(const State& state) const {
  const int n = num_units();
  auto label = [&](int u) { return u < n ? std::string(1, units_[u].label) : std::string("-"); };
  auto cell = [&](int c) {
    return c == kNoCell ? std::string("-") : CoordinateText(CellX(c), CellY(c));
  };
  std::string groups;
  for (int g = 0; g < state.ngroups; ++g) {
    absl::StrAppend(&groups, g > 0 ? "," : "", label(state.target[g]), ".", state.attacks[g], ".",
                    Signed(state.mod[g] - kModBias), ".", state.succ[g], ".", state.cancel[g],
                    ((state.cover >> g) & 1) ? "c" : "");
  }
  std::string text = absl::StrCat(
      "round=", state.round, " player=", state.player, " points=", state.points,
      " phase=", kPhaseNames[std::min<int>(state.phase, kOver)],
      " stage=", kStageNames[std::min<int>(state.stage, kStageReactMoves)],
      " active=", label(state.active), " kind=", kKindNames[std::min<int>(state.kind, kRun)],
      " from=", cell(state.from), " dest=", cell(state.dest),
      " timing=", kTimingNames[std::min<int>(state.timing, kAfter)],
      " groups=", groups.empty() ? "-" : groups, " assigned=", state.assigned,
      " cursor=", state.cursor, " gcursor=", state.gcursor, " subject=", label(state.subject),
      " hits=", state.hits_open, "/", state.hits_cover, " atk=", state.atk_open, "/",
      state.atk_cover, " took=", state.took_hits, " sub=", state.sub);
  for (int u = 0; u < n; ++u) {
    absl::StrAppend(&text, " ", label(u));
    if (state.cell[u] == kNoCell) {
      text += ":x";
      continue;
    }
    absl::StrAppend(&text, "@", cell(state.cell[u]));
    const uint8_t f = state.flags[u];
    if (f & kReactedBit) text += ":r";
    if ((f & kReactionMask) != 0) {
      absl::StrAppend(&text, ":", std::string(1, kReactionLetters[std::min(f & kReactionMask, 4)]));
    }
    if ((f >> kCountShift) != 0) absl::StrAppend(&text, ":a", f >> kCountShift);
  }
  return text;
}

absl::StatusOr<DoubletapGame::State> DoubletapGame::ParseState(std::string_view text) const {
  const std::vector<std::string_view> words = SplitWords(text);
  static constexpr std::array<const char*, 19> kKeys = {
      "round",   "player", "points", "phase",  "stage",    "active", "kind",
      "from",    "dest",   "timing", "groups", "assigned", "cursor", "gcursor",
      "subject", "hits",   "atk",    "took",   "sub"};
  const int n = num_units();
  if (words.size() != kKeys.size() + static_cast<size_t>(n)) {
    return Error(absl::StrCat("a doubletap position has ", kKeys.size(),
                              " fields (round= player= points= phase= stage= active= kind= "
                              "from= dest= timing= groups= assigned= cursor= gcursor= subject= "
                              "hits= atk= took= sub=) and then one word per unit (",
                              n, " here), got ", words.size(), " words"));
  }
  std::array<std::string_view, kKeys.size()> v;
  for (size_t i = 0; i < kKeys.size(); ++i) {
    const std::string_view key = kKeys[i];
    if (words[i].size() <= key.size() || words[i].substr(0, key.size()) != key ||
        words[i][key.size()] != '=') {
      return Error(absl::StrCat("field ", i + 1, " should be ", ToAbsl(key), "=..., got '",
                                Printable(words[i]), "'"));
    }
    v[i] = words[i].substr(key.size() + 1);
  }
  auto bad = [&](int i) {
    return Error(absl::StrCat(kKeys[i], "='", Printable(v[i]), "' is not valid"));
  };
  auto unit_of = [&](std::string_view word, uint8_t* out) {
    if (word == "-") {
      *out = kNone;
      return true;
    }
    for (int u = 0; word.size() == 1 && u < n; ++u) {
      if (units_[u].label == word[0]) {
        *out = static_cast<uint8_t>(u);
        return true;
      }
    }
    return false;
  };
  auto cell_of = [&](std::string_view word, uint16_t* out) {
    if (word == "-") {
      *out = kNoCell;
      return true;
    }
    const int c = ParseCell(word);
    if (c < 0) return false;
    *out = static_cast<uint16_t>(c);
    return true;
  };
  auto pair_of = [&](std::string_view word, uint8_t* a, uint8_t* b) {
    const size_t slash = word.find('/');
    int x = 0, y = 0;
    if (slash == std::string_view::npos || !ParseBoundedInt(word.substr(0, slash), 20, &x) ||
        !ParseBoundedInt(word.substr(slash + 1), 20, &y)) {
      return false;
    }
    *a = static_cast<uint8_t>(x);
    *b = static_cast<uint8_t>(y);
    return true;
  };

  State s;
  int value = 0;
  if (!ParseBoundedInt(v[0], rounds_, &value) || value < 1) return bad(0);
  s.round = static_cast<uint8_t>(value);
  if (!ParseBoundedInt(v[1], 1, &value)) return bad(1);
  s.player = static_cast<uint8_t>(value);
  if (!ParseBoundedInt(v[2], kMaxPerSide, &value)) return bad(2);
  s.points = static_cast<uint8_t>(value);
  if (IndexOf(kPhaseNames, v[3]) < 0) return bad(3);
  s.phase = static_cast<uint8_t>(IndexOf(kPhaseNames, v[3]));
  if (IndexOf(kStageNames, v[4]) < 0) return bad(4);
  s.stage = static_cast<uint8_t>(IndexOf(kStageNames, v[4]));
  if (!unit_of(v[5], &s.active)) return bad(5);
  if (IndexOf(kKindNames, v[6]) < 0) return bad(6);
  s.kind = static_cast<uint8_t>(IndexOf(kKindNames, v[6]));
  if (!cell_of(v[7], &s.from)) return bad(7);
  if (!cell_of(v[8], &s.dest)) return bad(8);
  if (IndexOf(kTimingNames, v[9]) < 0) return bad(9);
  s.timing = static_cast<uint8_t>(IndexOf(kTimingNames, v[9]));
  if (v[10] != "-") {
    const std::vector<std::string_view> groups = [&] {
      std::vector<std::string_view> out;
      std::string_view rest = v[10];
      while (true) {
        const size_t comma = rest.find(',');
        out.push_back(rest.substr(0, comma));
        if (comma == std::string_view::npos) break;
        rest.remove_prefix(comma + 1);
      }
      return out;
    }();
    if (groups.size() > kMaxGroups) return bad(10);
    for (size_t g = 0; g < groups.size(); ++g) {
      std::string_view group = groups[g];
      if (!group.empty() && group.back() == 'c') {
        s.cover = static_cast<uint8_t>(s.cover | (1u << g));
        group.remove_suffix(1);
      }
      std::vector<std::string_view> parts;
      for (size_t start = 0;;) {
        const size_t dot = group.find('.', start);
        parts.push_back(group.substr(start, dot == std::string_view::npos ? dot : dot - start));
        if (dot == std::string_view::npos) break;
        start = dot + 1;
      }
      if (parts.size() != 5) return bad(10);
      uint8_t t = kNone;
      int attacks = 0, succ = 0, cancel = 0, mod = 0;
      std::string_view mod_text = parts[2];
      const bool negative = !mod_text.empty() && mod_text[0] == '-';
      if (!mod_text.empty() && (mod_text[0] == '-' || mod_text[0] == '+'))
        mod_text.remove_prefix(1);
      if (!unit_of(parts[0], &t) || t == kNone || !ParseBoundedInt(parts[1], 4, &attacks) ||
          attacks < 1 || !ParseBoundedInt(mod_text, 2, &mod) ||
          !ParseBoundedInt(parts[3], attacks, &succ) || !ParseBoundedInt(parts[4], succ, &cancel)) {
        return bad(10);
      }
      s.target[g] = t;
      s.attacks[g] = static_cast<uint8_t>(attacks);
      s.mod[g] = static_cast<uint8_t>((negative ? -mod : mod) + kModBias);
      s.succ[g] = static_cast<uint8_t>(succ);
      s.cancel[g] = static_cast<uint8_t>(cancel);
    }
    s.ngroups = static_cast<uint8_t>(groups.size());
  }
  if (!ParseBoundedInt(v[11], 4, &value)) return bad(11);
  s.assigned = static_cast<uint8_t>(value);
  if (!ParseBoundedInt(v[12], kMaxUnits, &value)) return bad(12);
  s.cursor = static_cast<uint8_t>(value);
  if (!ParseBoundedInt(v[13], kMaxGroups, &value)) return bad(13);
  s.gcursor = static_cast<uint8_t>(value);
  if (!unit_of(v[14], &s.subject)) return bad(14);
  if (!pair_of(v[15], &s.hits_open, &s.hits_cover)) return bad(15);
  if (!pair_of(v[16], &s.atk_open, &s.atk_cover)) return bad(16);
  if (!ParseBoundedInt(v[17], 1, &value)) return bad(17);
  s.took_hits = static_cast<uint8_t>(value);
  if (!ParseBoundedInt(v[18], 1, &value)) return bad(18);
  s.sub = static_cast<uint8_t>(value);

  for (int u = 0; u < kMaxUnits; ++u) s.cell[u] = kNoCell;
  for (int u = 0; u < n; ++u) {
    std::string_view word = words[kKeys.size() + u];
    const std::string shown = Printable(word);
    if (word.empty() || word[0] != units_[u].label) {
      return Error(absl::StrCat("unit ", u + 1, " should be '", std::string(1, units_[u].label),
                                "...', got '", shown, "'"));
    }
    word.remove_prefix(1);
    if (word == ":x") continue;
    std::vector<std::string_view> parts;
    for (size_t start = 0;;) {
      const size_t colon = word.find(':', start);
      parts.push_back(word.substr(start, colon == std::string_view::npos ? colon : colon - start));
      if (colon == std::string_view::npos) break;
      start = colon + 1;
    }
    if (parts[0].empty() || parts[0][0] != '@' || !cell_of(parts[0].substr(1), &s.cell[u]) ||
        s.cell[u] == kNoCell) {
      return Error(absl::StrCat("unit '", shown, "': expected L@X,Y[:r][:m|d|s|e][:aN] or L:x"));
    }
    uint8_t flags = 0;
    size_t i = 1;
    if (i < parts.size() && parts[i] == "r") {
      flags |= kReactedBit;
      ++i;
    }
    if (i < parts.size() && parts[i].size() == 1) {
      const auto it = std::find(kReactionLetters.begin() + 1, kReactionLetters.end(), parts[i][0]);
      if (it == kReactionLetters.end()) return Error(absl::StrCat("unit '", shown, "': bad flag"));
      flags = static_cast<uint8_t>(flags | (it - kReactionLetters.begin()));
      ++i;
    }
    if (i < parts.size() && parts[i].size() >= 2 && parts[i][0] == 'a') {
      int count = 0;
      if (!ParseBoundedInt(parts[i].substr(1), 15, &count) || count == 0) {
        return Error(absl::StrCat("unit '", shown, "': bad activation count"));
      }
      flags = static_cast<uint8_t>(flags | (count << kCountShift));
      ++i;
    }
    if (i != parts.size()) return Error(absl::StrCat("unit '", shown, "': unknown flags"));
    s.flags[u] = flags;
  }
  if (absl::Status status = ValidateState(s); !status.ok()) return status;
  return s;
}

absl::Status DoubletapGame::ValidateState(const State& s) const {
  const int n = num_units();
  // Units: on the board, not on cover or blocking cells, one per cell.
  int living[2] = {0, 0};
  for (int u = 0; u < n; ++u) {
    const int c = s.cell[u];
    if (c == kNoCell) {
      if (s.flags[u] != 0) return Error("a destroyed unit carries no flags");
      continue;
    }
    ++living[units_[u].side];
    if (IsCover(c) || IsBlocking(c)) {
      return Error(absl::StrCat("unit ", std::string(1, units_[u].label),
                                " stands on a cover or blocking cell"));
    }
    for (int v = 0; v < u; ++v) {
      if (s.cell[v] == c) return Error("two units on one cell");
    }
    const uint8_t f = s.flags[u];
    const bool own = units_[u].side == s.player;
    if (own && (f & (kReactedBit | kReactionMask))) {
      return Error("only the opponent's units react in a turn");
    }
    if (!own && (f >> kCountShift) != 0) return Error("only the player's units are activated");
    if ((f >> kCountShift) > activation_cap_) {
      return Error("a unit has more activations than the activation cap (or no cap is set)");
    }
    if ((f & kReactionMask) > kReactMelee) return Error("bad reaction");
    if ((f & kReactionMask) != kNoReaction && !(f & kReactedBit)) {
      return Error("a unit with a reaction has reacted (:r)");
    }
  }
  if (s.phase == kOver) {
    State canonical;
    for (int u = 0; u < kMaxUnits; ++u) canonical.cell[u] = s.cell[u];
    canonical.phase = kOver;
    canonical.round = s.round;
    const bool wiped = SideWiped(s);
    if (!(s == canonical) || (!wiped && s.round != rounds_)) {
      return Error(
          absl::StrCat("phase=over: player=0 points=0, every other field cleared, "
                       "and round=",
                       rounds_, " unless a side is wiped out"));
    }
    return absl::OkStatus();
  }
  if (SideWiped(s)) return Error("a side is wiped out: the game is over");
  if (s.points > living[s.player]) return Error("more activation points than living units");
  const bool selecting = s.phase == kSelect;
  if (selecting) {
    State canonical = s;
    ClearAction(canonical);
    if (!(canonical == s)) return Error("phase=select: the activation fields are cleared");
    if (s.points == 0) return Error("phase=select needs points left");
    for (int u = 0; u < n; ++u) {
      if (s.flags[u] & (kReactedBit | kReactionMask)) {
        // Reactions of earlier activations this turn are allowed, pending ones are not.
        if (s.flags[u] & kReactionMask) return Error("no reaction is pending between activations");
      }
    }
    return absl::OkStatus();
  }
  // In an activation.
  if (s.active >= n || s.cell[s.active] == kNoCell) {
    return Error("this phase needs active= a living unit");
  }
  const int actor_side = units_[s.active].side;
  if ((actor_side == s.player) == (s.sub == 1)) {
    return Error("active= is the player's unit, or the opponent's in a Move reaction (sub=1)");
  }
  if (s.from == kNoCell) return Error("this phase needs from=");
  if (s.kind > kRun || s.timing > kAfter || s.stage > kStageReactMoves) return Error("bad field");
  if (s.sub && s.kind != kMove) return Error("a Move reaction is a move");
  const int total = s.sub                ? 1
                    : s.kind == kAssault ? DoubletapWeapons()[kDoubletapKnife].attacks
                                         : weapon(s.active).attacks;
  int sum = 0;
  for (int g = 0; g < s.ngroups; ++g) {
    sum += s.attacks[g];
    const int t = s.target[g];
    if (units_[t].side == actor_side) return Error("a group targets a friendly unit");
    if (g > 0 && s.target[g - 1] >= t) return Error("groups are in increasing target order");
    const int mod = s.mod[g] - kModBias;
    if (mod < -2 || mod > 1 || (s.kind == kAssault && (mod != 0 || ((s.cover >> g) & 1)))) {
      return Error("bad group modifier");
    }
  }
  for (int g = s.ngroups; g < kMaxGroups; ++g) {
    if (s.target[g] || s.attacks[g] || s.mod[g] || s.succ[g] || s.cancel[g] ||
        ((s.cover >> g) & 1)) {
      return Error("unused groups are cleared");
    }
  }
  if (s.cover >> kMaxGroups) return Error("bad cover bits");
  if (sum != s.assigned || sum > total) return Error("assigned= is the attacks in the groups");
  const bool declared = s.phase >= kReact || s.stage != kStageNone;
  if (declared && s.assigned != 0 && s.assigned != total) {
    return Error("a declared attack assigns every attack");
  }
  const bool pipeline = s.phase == kBlock || s.phase == kMorale || s.phase == kReroll;
  if (pipeline != (s.subject != kNone) || (pipeline && s.subject >= n) ||
      pipeline != (s.took_hits == 1)) {
    return Error("subject= and took= are set exactly during block, morale and re-roll");
  }
  if (pipeline && s.cell[s.subject] == kNoCell) return Error("the subject is alive");
  if (s.phase == kBlock &&
      (s.hits_open + s.hits_cover == 0 || s.hits_open > 10 || s.hits_cover > 10)) {
    return Error("phase=block needs 1..10 hits");
  }
  if (s.phase != kBlock && (s.hits_open || s.hits_cover)) return Error("hits= is 0/0 here");
  if (s.atk_open > kMaxPerSide || s.atk_cover > kMaxPerSide) return Error("bad atk=");
  if (s.cursor > n || s.gcursor > s.ngroups) return Error("bad cursor");
  if (s.sub && s.stage > kStageTargets)
    return Error("a Move reaction resolves its own attack only");
  switch (s.phase) {
    case kKind:
      if (s.stage || s.dest != kNoCell || s.ngroups || s.kind || s.timing ||
          s.from != s.cell[s.active])
        return Error("phase=kind: only active= and from= are set");
      break;
    case kDest:
    case kTiming:
    case kTarget:
      if (s.stage != kStageNone || s.from != s.cell[s.active]) {
        return Error("declaring: no stage, and the unit stands on from=");
      }
      if ((s.phase == kDest) != (s.dest == kNoCell)) return Error("dest= is set after phase dest");
      if (s.phase != kTarget && (s.ngroups || s.timing != kNoTiming)) {
        return Error("timing and targets come later");
      }
      break;
    case kReact:
      if (s.sub || s.stage != kStageNone || s.dest == kNoCell || s.cursor >= n ||
          units_[s.cursor].side == s.player || ReactionOptions(s, s.cursor) == 0) {
        return Error("phase=react: cursor= is an eligible opponent unit");
      }
      break;
    case kDodgeMove:
      if (s.stage != kStageDodges || s.cursor >= n || s.cell[s.cursor] == kNoCell ||
          (s.flags[s.cursor] & kReactionMask) != kReactDodge) {
        return Error("phase=dodge: cursor= is a living unit that dodged, in stage dodges");
      }
      break;
    case kAttackRoll:
      if (s.stage != kStageAttackRolls || s.gcursor >= s.ngroups) {
        return Error("phase=attack: stage attacks, gcursor= a group");
      }
      break;
    case kReactRoll: {
      const int r = s.cursor;
      if (s.stage != kStageReactRolls || r >= n || s.cell[r] == kNoCell) {
        return Error("phase=reacttest: stage reactions, cursor= a living reactor");
      }
      const int reaction = s.flags[r] & kReactionMask;
      if (reaction == kReactShoot) {
        const int m = ReactorModifier(s, r);
        if (m < -2 || m > 2) return Error("the shooting reactor is out of range");
      } else if (reaction != kReactMelee && !(reaction == kReactDodge && IsTarget(s, r, nullptr))) {
        return Error("phase=reacttest: the reactor shoots, melees or dodges as a target");
      }
      break;
    }
    default:
      break;
  }
  if (s.phase >= kAttackRoll && s.stage == kStageNone) return Error("dice need a stage");
  if (s.stage != kStageNone && s.dest == kNoCell) return Error("resolving needs dest=");
  if (Kind(s) == NodeKind::kDecision) {
    ActionList actions;
    LegalActions(s, CurrentPlayer(s), actions);
    if (actions.empty()) return Error("the player to decide has no legal action here");
  }
  return absl::OkStatus();
}

}  // namespace sandtable
