#include "tools/match/match_player.h"

#include <cmath>
#include <optional>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "engine/check.h"
#include "engine/text.h"
#include "tools/cli_common.h"

namespace sandtable {
namespace {

double EvaluateFor(const Position& position, Player seat) {
  const double value = position.Evaluate();
  return seat == 0 ? value : -value;
}

// The expected value for `seat` of `position` with `budget` evaluations left (see header).
double GreedyValue(const Position& position, Player seat, double budget) {
  switch (position.Kind()) {
    case NodeKind::kTerminal:
      return position.Returns(seat);
    case NodeKind::kChance: {
      const ChanceList outcomes = position.ChanceOutcomes();
      if (budget < outcomes.size()) break;
      double value = 0;
      for (const ChanceOutcome& outcome : outcomes) {
        std::unique_ptr<Position> child = position.Clone();
        child->Apply(outcome.outcome);
        value +=
            outcome.probability.ToDouble() * GreedyValue(*child, seat, budget / outcomes.size());
      }
      return value;
    }
    case NodeKind::kDecision: {
      if (position.CurrentPlayer() != seat) break;
      const ActionList actions = position.LegalActions(seat);
      if (actions.empty() || budget < actions.size()) break;
      double best = -INFINITY;
      for (const Action action : actions) {
        std::unique_ptr<Position> child = position.Clone();
        child->Apply(action);
        best = std::max(best, GreedyValue(*child, seat, budget / actions.size()));
      }
      return best;
    }
    case NodeKind::kSimultaneous:
      break;
  }
  return EvaluateFor(position, seat);
}

class RandomPlayer final : public MatchPlayer {
 public:
  Action Choose(const Position& position, Player seat, uint64_t seed) override {
    Rng rng(seed);
    const ActionList actions = position.LegalActions(seat);
    CHECK(!actions.empty());
    return actions[static_cast<int>(rng.Below(actions.size()))];
  }
};

class GreedyPlayer final : public MatchPlayer {
 public:
  explicit GreedyPlayer(int64_t budget) : budget_(budget) {}
  Action Choose(const Position& position, Player seat, uint64_t seed) override {
    Rng rng(seed);
    std::unique_ptr<Position> seen = position.Clone();
    seen->Determinize(seat, rng);
    return GreedyChoice(*seen, seat, budget_, rng);
  }

 private:
  int64_t budget_;
};

class IsmctsPlayer final : public MatchPlayer {
 public:
  IsmctsPlayer(SearchOptions options, const Game& game)
      : options_(std::move(options)), game_(game) {}
  Action Choose(const Position& position, Player seat, uint64_t seed) override {
    SearchOptions options = options_;
    options.seed = seed;
    const SearchResult result = game_.NewSearch(options)->Run(position, seat);
    CHECK(position.LegalActions(seat).Contains(result.best_action));
    return result.best_action;
  }

 private:
  SearchOptions options_;
  const Game& game_;
};

absl::Status BadSpec(std::string_view text, std::string_view why) {
  return absl::InvalidArgumentError(absl::StrCat(
      "player '", ToAbsl(text), "': ", ToAbsl(why),
      " (expected random, greedy[:budget=N] or ismcts[:iterations=N,movetime=MS,threads=T,"
      "c=X,cutoff=K,rollout=ruleset|uniform,values=ruleset|raw|normalized,deterministic=0|1,"
      "belief=uniform|inference|bluff,model=N])"));
}

}  // namespace

Action GreedyChoice(const Position& position, Player seat, int64_t budget, Rng& rng) {
  const ActionList actions = position.LegalActions(seat);
  CHECK(!actions.empty());
  std::vector<double> values;
  if (position.Kind() == NodeKind::kSimultaneous) {
    // Against each of the opponent's choices equally likely.
    const ActionList replies = position.LegalActions(Opponent(seat));
    const double share = static_cast<double>(budget) / (actions.size() * replies.size());
    for (const Action action : actions) {
      double value = 0;
      for (const Action reply : replies) {
        JointAction joint;
        joint[seat] = action;
        joint[Opponent(seat)] = reply;
        std::unique_ptr<Position> child = position.Clone();
        child->ApplyJoint(joint);
        value += GreedyValue(*child, seat, share);
      }
      values.push_back(value / replies.size());
    }
  } else {
    CHECK(position.Kind() == NodeKind::kDecision && position.CurrentPlayer() == seat);
    const double share = static_cast<double>(budget) / actions.size();
    for (const Action action : actions) {
      std::unique_ptr<Position> child = position.Clone();
      child->Apply(action);
      values.push_back(GreedyValue(*child, seat, share));
    }
  }
  double best = -INFINITY;
  for (const double value : values) best = std::max(best, value);
  std::vector<Action> ties;
  for (int i = 0; i < actions.size(); ++i) {
    if (values[i] >= best - 1e-12) ties.push_back(actions[i]);
  }
  return ties[rng.Below(static_cast<uint32_t>(ties.size()))];
}

absl::StatusOr<PlayerSpec> ParsePlayerSpec(std::string_view text_in) {
  const absl::string_view text = absl::StripAsciiWhitespace(ToAbsl(text_in));
  PlayerSpec spec;
  spec.text = std::string(text);
  const size_t colon = text.find(':');
  const absl::string_view kind = text.substr(0, colon);
  const absl::string_view rest =
      colon == absl::string_view::npos ? absl::string_view() : text.substr(colon + 1);
  if (kind == "random") {
    spec.kind = PlayerKind::kRandom;
  } else if (kind == "greedy") {
    spec.kind = PlayerKind::kGreedy;
  } else if (kind == "ismcts") {
    spec.kind = PlayerKind::kIsmcts;
  } else {
    return BadSpec(text_in, absl::StrCat("unknown player '", kind, "'"));
  }
  if (colon != absl::string_view::npos && rest.empty())
    return BadSpec(text_in, "nothing after ':'");
  bool has_limit = false;
  if (!rest.empty()) {
    for (const absl::string_view item : absl::StrSplit(rest, ',')) {
      const size_t eq = item.find('=');
      if (eq == absl::string_view::npos) {
        return BadSpec(text_in, absl::StrCat("expected key=value, got '", item, "'"));
      }
      const absl::string_view key = absl::StripAsciiWhitespace(item.substr(0, eq));
      const absl::string_view value = absl::StripAsciiWhitespace(item.substr(eq + 1));
      int64_t number = 0;
      double real = 0;
      const bool is_int = absl::SimpleAtoi(value, &number);
      auto need = [&](bool ok, std::string_view what) -> absl::Status {
        if (ok) return absl::OkStatus();
        return BadSpec(text_in,
                       absl::StrCat(key, " must be ", ToAbsl(what), ", got '", value, "'"));
      };
      absl::Status status;
      if (spec.kind == PlayerKind::kRandom) {
        return BadSpec(text_in, "random takes no options");
      } else if (spec.kind == PlayerKind::kGreedy) {
        if (key != "budget") return BadSpec(text_in, absl::StrCat("unknown key '", key, "'"));
        status = need(is_int && number >= 1, "an integer >= 1");
        spec.greedy_budget = number;
      } else if (key == "iterations") {
        status = need(is_int && number >= 1, "an integer >= 1");
        spec.search.max_iterations = number;
        has_limit = true;
      } else if (key == "movetime") {
        status = need(is_int && number >= 1, "milliseconds >= 1");
        spec.search.max_time_ms = number;
        has_limit = true;
      } else if (key == "threads") {
        status = need(is_int && number >= 1 && number <= 256, "1..256");
        spec.search.threads = static_cast<int>(number);
      } else if (key == "c") {
        status = need(absl::SimpleAtod(value, &real) && std::isfinite(real) && real >= 0,
                      "a finite number >= 0");
        spec.search.ucb_c = real;
      } else if (key == "cutoff") {
        status = need(is_int && number >= 0 && number <= 1000000, "an integer >= 0");
        spec.search.rollout_cutoff = static_cast<int>(number);
      } else if (key == "rollout") {
        const std::optional<RolloutChoice> rollout = RolloutChoiceNamed(ToStd(value));
        status = need(rollout.has_value(), "ruleset or uniform");
        spec.search.rollout = rollout.value_or(RolloutChoice::kRuleset);
      } else if (key == "values") {
        const std::optional<UcbValues> values = UcbValuesNamed(ToStd(value));
        status = need(values.has_value(), "ruleset, raw or normalized");
        spec.search.ucb_values = values.value_or(UcbValues::kRuleset);
      } else if (key == "belief") {
        const std::optional<BeliefModel> belief = BeliefModelNamed(ToStd(value));
        status = need(belief.has_value(), "uniform, inference or bluff");
        spec.search.belief = belief.value_or(BeliefModel::kUniform);
      } else if (key == "model") {
        status = need(is_int && number >= 1 && number <= 100000000, "an integer >= 1");
        spec.search.model_iterations = static_cast<int>(number);
      } else if (key == "deterministic") {
        status = need(is_int && (number == 0 || number == 1), "0 or 1");
        spec.search.deterministic = number == 1;
      } else {
        return BadSpec(text_in, absl::StrCat("unknown key '", key, "'"));
      }
      if (!status.ok()) return status;
    }
  }
  if (spec.kind == PlayerKind::kIsmcts && !has_limit) spec.search.max_iterations = 1000;
  spec.search.on_progress = nullptr;
  return spec;
}

std::unique_ptr<MatchPlayer> NewMatchPlayer(const PlayerSpec& spec, const Game& game) {
  switch (spec.kind) {
    case PlayerKind::kRandom:
      return std::make_unique<RandomPlayer>();
    case PlayerKind::kGreedy:
      return std::make_unique<GreedyPlayer>(spec.greedy_budget);
    case PlayerKind::kIsmcts:
      return std::make_unique<IsmctsPlayer>(spec.search, game);
  }
  return nullptr;
}

}  // namespace sandtable
