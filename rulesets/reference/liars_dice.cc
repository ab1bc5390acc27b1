#include "rulesets/reference/liars_dice.h"

#include <algorithm>

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "engine/check.h"
#include "engine/text.h"

namespace sandtable {
namespace {}  // namespace

std::vector<ParamDef> LiarsDice::ParamDefs() {
  return {
      {"dice", "dice per player", "1", 1, kMaxDice, {}},
      {"faces", "faces per die", "6", 2, kMaxFaces, {}},
  };
}

absl::StatusOr<std::shared_ptr<const LiarsDice>> LiarsDice::Create(const Params& params,
                                                                   std::string_view scenario_text) {
  if (!scenario_text.empty()) {
    return absl::InvalidArgumentError("liars_dice takes no scenario");
  }
  return std::make_shared<const LiarsDice>(static_cast<int>(params.GetInt("dice")),
                                           static_cast<int>(params.GetInt("faces")));
}

void LiarsDice::ChanceOutcomes(const State& state, ChanceList& outcomes) const {
  outcomes.clear();
  if (Kind(state) != NodeKind::kChance) return;
  const Probability each(1, static_cast<uint64_t>(faces_));
  for (int face = 1; face <= faces_; ++face) outcomes.push_back({static_cast<Action>(face), each});
}

bool LiarsDice::BidStands(const State& state) const {
  const int quantity = state.last_bid / faces_ + 1;
  const int face = state.last_bid % faces_ + 1;
  int count = 0;
  for (Player p = 0; p < kNumPlayers; ++p) {
    for (int i = 0; i < dice_; ++i) count += state.dice[p][i] == face;
  }
  return count >= quantity;
}

double LiarsDice::Returns(const State& state, Player player) const {
  if (Kind(state) != NodeKind::kTerminal) return 0;
  // The caller is the player to move when "liar" was called; the bidder is the other one.
  const Player bidder = (state.num_bids - 1) % 2;
  const Player winner = BidStands(state) ? bidder : Opponent(bidder);
  return player == winner ? 1.0 : -1.0;
}

int LiarsDice::Score(const State& state, Player player) const {
  return static_cast<int>(Returns(state, player));
}

uint64_t LiarsDice::InformationSetKey(const State& state, Player player) const {
  // Own dice as a multiset (a cup has no order), the bids, how far the deal has gone.
  uint64_t counts = 0;
  const int own_rolled = std::min<int>(dice_, std::max<int>(0, state.rolled - player * dice_));
  for (int i = 0; i < own_rolled; ++i) counts += uint64_t{1} << (4 * state.dice[player][i]);
  uint64_t key = HashCombine(counts * 2 + static_cast<uint64_t>(player), state.bids_made);
  return HashCombine(key, state.rolled * 2u + state.liar_called);
}

std::string LiarsDice::ActionToString(const State& state, Player player, Action action) const {
  if (player == kChancePlayer) return absl::StrCat("roll ", action);
  if (action == LiarAction()) return "liar";
  return absl::StrCat(action / faces_ + 1, "x", action % faces_ + 1);
}

absl::StatusOr<Action> LiarsDice::ParseAction(const State& state, Player player,
                                              std::string_view text) const {
  if (player == kChancePlayer) {
    if (Kind(state) != NodeKind::kChance) return absl::InvalidArgumentError("not a chance node");
    if (text.substr(0, 5) == "roll ") text.remove_prefix(5);
    int face = 0;
    if (!absl::SimpleAtoi(ToAbsl(text), &face) || face < 1 || face > faces_) {
      return absl::InvalidArgumentError(
          absl::StrCat("expected a die face 1..", faces_, ", got '", ToAbsl(text), "'"));
    }
    return static_cast<Action>(face);
  }
  if (Kind(state) != NodeKind::kDecision || CurrentPlayer(state) != player) {
    return absl::InvalidArgumentError("not this player's turn");
  }
  if (text == "liar") {
    if (state.last_bid < 0) return absl::InvalidArgumentError("no bid to call liar on yet");
    return LiarAction();
  }
  const std::vector<absl::string_view> parts = absl::StrSplit(ToAbsl(text), 'x');
  int quantity = 0;
  int face = 0;
  if (parts.size() != 2 || !absl::SimpleAtoi(parts[0], &quantity) ||
      !absl::SimpleAtoi(parts[1], &face) || quantity < 1 || quantity > 2 * dice_ || face < 1 ||
      face > faces_) {
    return absl::InvalidArgumentError(absl::StrCat("expected a bid QxF (Q in 1..", 2 * dice_,
                                                   ", F in 1..", faces_, ") or liar, got '",
                                                   ToAbsl(text), "'"));
  }
  const Action bid = BidAction(quantity, face);
  if (static_cast<int>(bid) <= state.last_bid) {
    return absl::InvalidArgumentError("a bid must be higher than the current bid");
  }
  return bid;
}

std::string LiarsDice::StateToString(const State& state) const {
  // "<player 0 dice>/<player 1 dice>/<bids>", '?' for a die not rolled yet, e.g.
  // "35/16/1x3,2x5,liar".
  std::string text;
  for (Player p = 0; p < kNumPlayers; ++p) {
    for (int i = 0; i < dice_; ++i) {
      text += state.dice[p][i] == 0 ? '?' : static_cast<char>('0' + state.dice[p][i]);
    }
    text += '/';
  }
  bool first = true;
  for (int a = 0; a < 2 * dice_ * faces_; ++a) {
    if (!(state.bids_made >> a & 1)) continue;
    if (!first) text += ',';
    first = false;
    absl::StrAppend(&text, ActionToString(state, 0, static_cast<Action>(a)));
  }
  if (state.liar_called) text += first ? "liar" : ",liar";
  return text;
}

absl::StatusOr<LiarsDice::State> LiarsDice::ParseState(std::string_view text) const {
  const auto error = [&](std::string_view why) {
    return absl::InvalidArgumentError(absl::StrCat("bad liars_dice position '", ToAbsl(text),
                                                   "': ", ToAbsl(why),
                                                   " (expected e.g. '3/5/1x3,2x5' with ", dice_,
                                                   " dice per player, '?' for a die not rolled)"));
  };
  const std::vector<absl::string_view> parts = absl::StrSplit(ToAbsl(text), '/');
  if (parts.size() != 3) return error("need three '/'-separated parts");
  State state;
  for (Player p = 0; p < kNumPlayers; ++p) {
    if (static_cast<int>(parts[p].size()) != dice_) return error("wrong number of dice");
    for (int i = 0; i < dice_; ++i) {
      const char c = parts[p][i];
      if (c == '?') continue;
      if (c < '1' || c > '0' + faces_) return error("bad die face");
      if (state.rolled != p * dice_ + i) return error("dice must be rolled in order");
      Apply(state, static_cast<Action>(c - '0'));
    }
  }
  if (parts[2].empty()) return state;
  for (absl::string_view item : absl::StrSplit(parts[2], ',')) {
    if (Kind(state) != NodeKind::kDecision) return error("bids before the deal or after liar");
    absl::StatusOr<Action> action = ParseAction(state, CurrentPlayer(state), ToStd(item));
    if (!action.ok()) return error(ToStd(action.status().message()));
    Apply(state, *action);
  }
  return state;
}

BoardView LiarsDice::DescribeBoard(const State& state, Player viewer) const {
  const bool over = Kind(state) == NodeKind::kTerminal;
  BoardView view;
  for (Player p = 0; p < kNumPlayers; ++p) {
    const bool seen = over || viewer == kOmniscient || viewer == p;
    BoardLine& line = view.AddLine(absl::StrCat("Player ", p, " dice"), p);
    for (int i = 0; i < dice_; ++i) {
      // Unknown: not rolled yet, or hidden from the viewer.
      if (seen && state.dice[p][i] != 0) {
        line.Add(absl::StrCat(state.dice[p][i]));
      } else {
        line.AddUnknown();
      }
    }
  }
  const std::string position = StateToString(state);
  BoardLine& bids = view.AddLine("Bids");
  const std::string history = position.substr(position.rfind('/') + 1);
  if (!history.empty()) {
    for (absl::string_view bid : absl::StrSplit(history, ',')) bids.Add(std::string(bid));
  }
  if (Kind(state) == NodeKind::kDecision) {
    view.AddLine("To move").Add(absl::StrCat("player ", CurrentPlayer(state)));
  } else if (Kind(state) == NodeKind::kTerminal) {
    view.AddLine("Winner").Add(absl::StrCat("player ", Returns(state, 0) > 0 ? 0 : 1));
  }
  return view;
}

std::string LiarsDice::DescribeHidden(const State& state, Player owner) const {
  const int own_rolled = std::min<int>(dice_, std::max<int>(0, state.rolled - owner * dice_));
  if (own_rolled == 0) return "";
  // Counting sort by face (small and warning-free).
  int counts[kMaxFaces + 1] = {};
  for (int i = 0; i < own_rolled; ++i) ++counts[state.dice[owner][i]];
  std::string text = "dice";
  for (int face = 1; face <= faces_; ++face) {
    for (int i = 0; i < counts[face]; ++i) absl::StrAppend(&text, " ", face);
  }
  return text;
}

}  // namespace sandtable
