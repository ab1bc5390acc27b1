#include "rulesets/reference/kuhn_poker.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "engine/check.h"
#include "engine/text.h"

namespace sandtable {
namespace {

constexpr char kCardNames[] = {'J', 'Q', 'K'};

int CardFromChar(char c) {
  switch (c) {
    case 'J':
    case 'j':
      return 0;
    case 'Q':
    case 'q':
      return 1;
    case 'K':
    case 'k':
      return 2;
  }
  return KuhnPoker::kNoCard;
}

}  // namespace

absl::StatusOr<std::shared_ptr<const KuhnPoker>> KuhnPoker::Create(const Params& params,
                                                                   std::string_view scenario_text) {
  if (!scenario_text.empty()) {
    return absl::InvalidArgumentError("kuhn_poker takes no scenario");
  }
  return std::make_shared<const KuhnPoker>();
}

int KuhnPoker::Dealt(const State& state) {
  return (state.cards[0] != kNoCard) + (state.cards[1] != kNoCard);
}

NodeKind KuhnPoker::Kind(const State& state) const {
  if (Dealt(state) < kNumPlayers) return NodeKind::kChance;
  const int n = state.num_actions;
  if (n < 2) return NodeKind::kDecision;
  // pp, bp, bb end the hand; pb gives player 0 a last decision; pbp and pbb end it.
  if (n == 2 && state.actions[0] == kPass && state.actions[1] == kBet) return NodeKind::kDecision;
  return NodeKind::kTerminal;
}

Player KuhnPoker::CurrentPlayer(const State& state) const {
  switch (Kind(state)) {
    case NodeKind::kChance:
      return kChancePlayer;
    case NodeKind::kDecision:
      return state.num_actions % 2;
    default:
      return kNoPlayer;
  }
}

void KuhnPoker::LegalActions(const State& state, Player player, ActionList& actions) const {
  actions.clear();
  if (Kind(state) != NodeKind::kDecision) return;
  actions.push_back(kPass);
  actions.push_back(kBet);
}

void KuhnPoker::ChanceOutcomes(const State& state, ChanceList& outcomes) const {
  outcomes.clear();
  const int dealt = Dealt(state);
  for (int card = 0; card < 3; ++card) {
    if (dealt == 1 && card == state.cards[0]) continue;
    outcomes.push_back({static_cast<Action>(card), Probability(1, 3 - dealt)});
  }
}

void KuhnPoker::Apply(State& state, Action action) const {
  if (Dealt(state) < kNumPlayers) {
    DCHECK(action < 3);
    state.cards[Dealt(state)] = static_cast<int8_t>(action);
    return;
  }
  DCHECK(action <= kBet && state.num_actions < 3);
  state.actions[state.num_actions++] = static_cast<uint8_t>(action);
}

int KuhnPoker::ChipsForPlayer0(const State& state) {
  const int showdown = state.cards[0] > state.cards[1] ? 1 : -1;
  const uint8_t* a = state.actions;
  if (state.num_actions == 2) {
    if (a[0] == kPass && a[1] == kPass) return showdown;  // pp
    if (a[0] == kBet && a[1] == kPass) return 1;          // bp: player 1 folds
    return 2 * showdown;                                  // bb
  }
  if (a[2] == kPass) return -1;  // pbp: player 0 folds
  return 2 * showdown;           // pbb
}

double KuhnPoker::Returns(const State& state, Player player) const {
  if (Kind(state) != NodeKind::kTerminal) return 0;
  const double chips = ChipsForPlayer0(state) / 2.0;
  return player == 0 ? chips : -chips;
}

int KuhnPoker::Score(const State& state, Player player) const {
  if (Kind(state) != NodeKind::kTerminal) return 0;
  const int chips = ChipsForPlayer0(state);
  return player == 0 ? chips : -chips;
}

uint64_t KuhnPoker::InformationSetKey(const State& state, Player player) const {
  uint64_t key = HashCombine(0x4b75686eULL, static_cast<uint64_t>(player));
  key = HashCombine(key, static_cast<uint64_t>(state.cards[player] + 1));
  key = HashCombine(key, static_cast<uint64_t>(Dealt(state)));
  for (int i = 0; i < state.num_actions; ++i) key = HashCombine(key, state.actions[i] + 10);
  return key;
}

KuhnPoker::State KuhnPoker::Determinize(const State& state, Player player, Rng& rng) const {
  State result = state;
  const Player other = Opponent(player);
  if (state.cards[other] == kNoCard) return result;
  // The opponent's card is uniform over the cards `player` does not hold.
  int candidates[3];
  int n = 0;
  for (int card = 0; card < 3; ++card) {
    if (card != state.cards[player]) candidates[n++] = card;
  }
  result.cards[other] = static_cast<int8_t>(candidates[rng.Below(static_cast<uint32_t>(n))]);
  return result;
}

std::string KuhnPoker::ActionToString(const State& state, Player player, Action action) const {
  if (player == kChancePlayer) {
    return action < 3 ? std::string(1, kCardNames[action]) : "?";
  }
  return action == kPass ? "p" : "b";
}

absl::StatusOr<Action> KuhnPoker::ParseAction(const State& state, Player player,
                                              std::string_view text) const {
  if (player == kChancePlayer) {
    if (Kind(state) != NodeKind::kChance) return absl::InvalidArgumentError("not a chance node");
    if (text.substr(0, 5) == "deal ") text.remove_prefix(5);
    const int card = text.size() == 1 ? CardFromChar(text[0]) : kNoCard;
    if (card == kNoCard) {
      return absl::InvalidArgumentError(
          absl::StrCat("expected a card J, Q or K, got '", ToAbsl(text), "'"));
    }
    if (Dealt(state) == 1 && card == state.cards[0]) {
      return absl::InvalidArgumentError("that card is already dealt");
    }
    return static_cast<Action>(card);
  }
  if (Kind(state) != NodeKind::kDecision || CurrentPlayer(state) != player) {
    return absl::InvalidArgumentError("not this player's turn");
  }
  if (text == "p" || text == "pass" || text == "check" || text == "fold") return kPass;
  if (text == "b" || text == "bet" || text == "call") return kBet;
  return absl::InvalidArgumentError(
      absl::StrCat("expected p (pass/check/fold) or b (bet/call), got '", ToAbsl(text), "'"));
}

std::string KuhnPoker::StateToString(const State& state) const {
  std::string text;
  for (Player p = 0; p < kNumPlayers; ++p) {
    text += state.cards[p] == kNoCard ? '-' : kCardNames[state.cards[p]];
  }
  text += '/';
  for (int i = 0; i < state.num_actions; ++i) text += state.actions[i] == kPass ? 'p' : 'b';
  return text;
}

absl::StatusOr<KuhnPoker::State> KuhnPoker::ParseState(std::string_view text) const {
  const auto error = [&] {
    return absl::InvalidArgumentError(
        absl::StrCat("expected cards and betting like 'QK/pb' ('-' for an undealt card), got '",
                     ToAbsl(text), "'"));
  };
  if (text.size() < 3 || text[2] != '/' || text.size() > 6) return error();
  State state;
  for (Player p = 0; p < kNumPlayers; ++p) {
    state.cards[p] = text[p] == '-' ? kNoCard : static_cast<int8_t>(CardFromChar(text[p]));
    if (text[p] != '-' && state.cards[p] == kNoCard) return error();
  }
  if (state.cards[0] == kNoCard && state.cards[1] != kNoCard) return error();
  if (state.cards[0] != kNoCard && state.cards[0] == state.cards[1]) {
    return absl::InvalidArgumentError("both players hold the same card");
  }
  for (char c : text.substr(3)) {
    if (Kind(state) != NodeKind::kDecision) return error();
    if (c != 'p' && c != 'b') return error();
    Apply(state, c == 'p' ? kPass : kBet);
  }
  return state;
}

BoardView KuhnPoker::DescribeBoard(const State& state, Player viewer) const {
  const bool over = Kind(state) == NodeKind::kTerminal;
  BoardView view;
  for (Player p = 0; p < kNumPlayers; ++p) {
    BoardLine& line = view.AddLine(absl::StrCat("Player ", p), p);
    if (state.cards[p] == kNoCard) {
      line.Add("-");
    } else if (over || viewer == kOmniscient || viewer == p) {
      line.Add(std::string(1, kCardNames[state.cards[p]]));
    } else {
      line.AddUnknown();
    }
  }
  BoardLine& betting = view.AddLine("Betting");
  for (char c : StateToString(state).substr(3)) betting.Add(std::string(1, c));
  const Player mover = CurrentPlayer(state);
  if (mover >= 0) view.AddLine("To move").Add(absl::StrCat("player ", mover));
  if (Kind(state) == NodeKind::kTerminal) {
    view.AddLine("Result").Add(absl::StrCat("player 0 wins ", ChipsForPlayer0(state), " chips"));
  }
  return view;
}

std::string KuhnPoker::DescribeHidden(const State& state, Player owner) const {
  if (state.cards[owner] == kNoCard) return "";
  return absl::StrCat("hand ", std::string(1, kCardNames[state.cards[owner]]));
}

}  // namespace sandtable
