#include "rulesets/reference/goofspiel.h"

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "engine/check.h"
#include "engine/text.h"

namespace sandtable {
namespace {}  // namespace

std::vector<ParamDef> Goofspiel::ParamDefs() {
  return {
      {"cards", "cards per hand and prizes", "13", 1, kMaxCards, {}},
      {"turn_based",
       "player 1 bids after player 0 without seeing the bid",
       "false",
       0,
       0,
       {"false", "true"}},
  };
}

absl::StatusOr<std::shared_ptr<const Goofspiel>> Goofspiel::Create(const Params& params,
                                                                   std::string_view scenario_text) {
  if (!scenario_text.empty()) {
    return absl::InvalidArgumentError("goofspiel takes no scenario");
  }
  return std::make_shared<const Goofspiel>(static_cast<int>(params.GetInt("cards")),
                                           params.GetString("turn_based") == "true");
}

void Goofspiel::ChanceOutcomes(const State& state, ChanceList& outcomes) const {
  outcomes.clear();
  if (Kind(state) != NodeKind::kChance) return;
  const Probability each(1, static_cast<uint64_t>(__builtin_popcount(state.prizes_left)));
  for (uint32_t deck = state.prizes_left; deck != 0; deck &= deck - 1) {
    outcomes.push_back({static_cast<Action>(__builtin_ctz(deck) + 1), each});
  }
}

uint64_t Goofspiel::InformationSetKey(const State& state, Player player) const {
  // Everything is public except player 0's pending bid, which only player 0 sees.
  uint64_t key = HashCombine(0x476f6f66ULL, static_cast<uint64_t>(player));
  for (int r = 0; r < state.round; ++r) {
    key = HashCombine(key,
                      state.history[r][0] | state.history[r][1] << 8 | state.history[r][2] << 16);
  }
  key = HashCombine(key, state.prize);
  const uint64_t pending = player == 0 ? state.pending_bid : (state.pending_bid != 0 ? 255 : 0);
  return HashCombine(key, pending);
}

Goofspiel::State Goofspiel::Determinize(const State& state, Player player, Rng& rng) const {
  State result = state;
  if (player != 1 || state.pending_bid == 0) return result;
  const uint16_t hand = state.hands[0];
  uint32_t pick = rng.Below(static_cast<uint32_t>(__builtin_popcount(hand)));
  uint32_t rest = hand;
  while (pick-- > 0) rest &= rest - 1;
  result.pending_bid = static_cast<uint8_t>(__builtin_ctz(rest) + 1);
  return result;
}

std::string Goofspiel::ActionToString(const State& state, Player player, Action action) const {
  if (player == kChancePlayer) return absl::StrCat("prize ", action);
  return absl::StrCat("bid ", action);
}

absl::StatusOr<Action> Goofspiel::ParseAction(const State& state, Player player,
                                              std::string_view text) const {
  const bool chance = player == kChancePlayer;
  const std::string_view prefix = chance ? "prize " : "bid ";
  if (text.substr(0, prefix.size()) == prefix) text.remove_prefix(prefix.size());
  int value = 0;
  if (!absl::SimpleAtoi(ToAbsl(text), &value) || value < 1 || value > cards_) {
    return absl::InvalidArgumentError(absl::StrCat("expected ", chance ? "a prize" : "a bid",
                                                   " 1..", cards_, ", got '", ToAbsl(text), "'"));
  }
  const uint32_t bit = 1u << (value - 1);
  if (chance) {
    if (Kind(state) != NodeKind::kChance) return absl::InvalidArgumentError("not a chance node");
    if (!(state.prizes_left & bit)) return absl::InvalidArgumentError("that prize is gone");
  } else {
    const NodeKind kind = Kind(state);
    if (kind == NodeKind::kDecision && CurrentPlayer(state) != player) {
      return absl::InvalidArgumentError("not this player's turn");
    }
    if (kind != NodeKind::kDecision && kind != NodeKind::kSimultaneous) {
      return absl::InvalidArgumentError("no bid is due");
    }
    if (!(state.hands[player] & bit)) return absl::InvalidArgumentError("card not in hand");
  }
  return static_cast<Action>(value);
}

std::string Goofspiel::StateToString(const State& state) const {
  // Rounds as prize:bid0-bid1, comma-separated; the current round as "P:" (prize shown) or
  // "P:B-" (player 0's hidden bid made); "-" for a game not started.
  std::string text;
  for (int r = 0; r < state.round; ++r) {
    if (r > 0) text += ',';
    absl::StrAppend(&text, state.history[r][0], ":", state.history[r][1], "-", state.history[r][2]);
  }
  if (state.prize != 0) {
    if (!text.empty()) text += ',';
    absl::StrAppend(&text, state.prize, ":");
    if (state.pending_bid != 0) absl::StrAppend(&text, state.pending_bid, "-");
  }
  return text.empty() ? "-" : text;
}

absl::StatusOr<Goofspiel::State> Goofspiel::ParseState(std::string_view text) const {
  const auto error = [&](std::string_view why) {
    return absl::InvalidArgumentError(absl::StrCat(
        "bad goofspiel position '", ToAbsl(text), "': ", ToAbsl(why),
        " (expected rounds prize:bid0-bid1 separated by commas, e.g. '5:3-7,9:', or '-')"));
  };
  State state = InitialState();
  if (text == "-") return state;
  const std::vector<absl::string_view> rounds = absl::StrSplit(ToAbsl(text), ',');
  for (size_t i = 0; i < rounds.size(); ++i) {
    const bool last = i + 1 == rounds.size();
    const std::vector<absl::string_view> prize_bids = absl::StrSplit(rounds[i], ':');
    if (prize_bids.size() != 2) return error("a round needs one ':'");
    if (Kind(state) != NodeKind::kChance) return error("too many rounds");
    absl::StatusOr<Action> prize = ParseAction(state, kChancePlayer, ToStd(prize_bids[0]));
    if (!prize.ok()) return error(ToStd(prize.status().message()));
    Apply(state, *prize);
    if (prize_bids[1].empty()) {
      if (!last) return error("only the last round may be unfinished");
      continue;
    }
    const std::vector<absl::string_view> bids = absl::StrSplit(prize_bids[1], '-');
    if (bids.size() != 2) return error("bids are bid0-bid1");
    absl::StatusOr<Action> bid0 = ParseAction(state, 0, ToStd(bids[0]));
    if (!bid0.ok()) return error(ToStd(bid0.status().message()));
    if (bids[1].empty()) {
      if (!last || !turn_based_) return error("a hidden bid only in the last turn_based round");
      Apply(state, *bid0);
      continue;
    }
    // Turn-based: player 0's bid is applied first, so that player 1 is the one to move.
    State before_bid1 = state;
    if (turn_based_) Apply(before_bid1, *bid0);
    absl::StatusOr<Action> bid1 = ParseAction(before_bid1, 1, ToStd(bids[1]));
    if (!bid1.ok()) return error(ToStd(bid1.status().message()));
    if (turn_based_) {
      state = before_bid1;
      Apply(state, *bid1);
    } else {
      ApplyJoint(state, {*bid0, *bid1});
    }
  }
  return state;
}

BoardView Goofspiel::DescribeBoard(const State& state, Player viewer) const {
  // Only player 0's pending bid (turn_based) is hidden, from player 1.
  const bool bid_seen = viewer != 1;
  BoardView view;
  view.AddLine("Round").Add(
      absl::StrCat(state.round + (state.round < cards_ ? 1 : 0), " of ", cards_));
  view.AddLine("Points")
      .Add(absl::StrCat(state.points[0]))
      .Add("-")
      .Add(absl::StrCat(state.points[1]));
  view.AddLine("Prize").Add(state.prize == 0 ? std::string("-") : absl::StrCat(state.prize));
  for (Player p = 0; p < kNumPlayers; ++p) {
    BoardLine& hand = view.AddLine(absl::StrCat("Player ", p, " hand"), p);
    for (int v = 1; v <= cards_; ++v) {
      if (state.hands[p] >> (v - 1) & 1) hand.Add(absl::StrCat(v));
    }
  }
  if (state.pending_bid != 0) {
    BoardLine& bid = view.AddLine("Player 0 bid (hidden from player 1)", 0);
    if (bid_seen) {
      bid.Add(absl::StrCat(state.pending_bid));
    } else {
      bid.AddUnknown();
    }
  }
  State shown = state;
  if (!bid_seen) shown.pending_bid = 0;
  std::string rounds = StateToString(shown);
  if (!bid_seen && state.pending_bid != 0) rounds += "?-";
  view.AddLine("Rounds").Add(rounds);
  return view;
}

std::string Goofspiel::DescribeHidden(const State& state, Player owner) const {
  if (owner != 0 || state.pending_bid == 0) return "";
  return absl::StrCat("bid ", state.pending_bid);
}

std::vector<std::pair<std::string, int>> Goofspiel::ResultMeasures(const State& before,
                                                                   const State& after) const {
  return {{"points0", after.points[0] - before.points[0]},
          {"points1", after.points[1] - before.points[1]}};
}

}  // namespace sandtable
