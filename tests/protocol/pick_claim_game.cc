#include "tests/protocol/pick_claim_game.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/params.h"
#include "engine/rng.h"
#include "search/playout.h"
#include "tests/protocol/pick_claim.h"
#include "tools/game_impl.h"

namespace sandtable::protocol_test {
namespace {

using Clock = std::chrono::steady_clock;

class StandInSearch final : public Search {
 public:
  explicit StandInSearch(const SearchOptions& options) : options_(options) {}

  SearchResult Run(const Position& position, Player player) override {
    const Clock::time_point start = Clock::now();
    Clock::time_point last_progress = start;
    Rng rng(options_.seed, 7);
    const ActionList actions = position.LegalActions(player);
    std::vector<int64_t> visits(actions.size(), 0);
    std::vector<double> wins(actions.size(), 0);
    SearchResult result;
    result.player = player;
    result.root_kind = position.Kind();
    int64_t iterations = 0;
    auto seconds = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
    auto snapshot = [&] {
      SearchResult r = result;
      r.actions.clear();
      for (int i = 0; i < actions.size(); ++i) {
        RootActionStats stats;
        stats.action = actions[i];
        stats.text = position.ActionToString(player, actions[i]);
        stats.visits = visits[i];
        stats.win_probability = visits[i] > 0 ? wins[i] / visits[i] : 0;
        stats.mean_value = 2 * stats.win_probability - 1;
        stats.lower_bound = std::max(0.0, stats.win_probability - 0.1);
        stats.policy = iterations > 0 ? static_cast<double>(visits[i]) / iterations : 0;
        stats.principal_variation = {stats.text};
        r.actions.push_back(stats);
      }
      std::stable_sort(
          r.actions.begin(), r.actions.end(),
          [](const RootActionStats& a, const RootActionStats& b) { return a.visits > b.visits; });
      r.iterations = iterations;
      r.seconds = seconds();
      r.iterations_per_second = r.seconds > 0 ? iterations / r.seconds : 0;
      r.tree_nodes = iterations;
      return r;
    };
    while (!actions.empty() && !stop_.load(std::memory_order_relaxed)) {
      if (options_.max_iterations > 0 && iterations >= options_.max_iterations) break;
      if (options_.max_time_ms > 0 && seconds() * 1000 >= options_.max_time_ms) break;
      const int i = static_cast<int>(iterations % actions.size());
      std::unique_ptr<Position> next = position.Clone();
      next->Determinize(player, rng);
      if (next->Kind() == NodeKind::kSimultaneous) {
        const ActionList other = next->LegalActions(1 - player);
        JointAction joint;
        joint[player] = actions[i];
        joint[1 - player] = other[static_cast<int>(rng.Below(other.size()))];
        next->ApplyJoint(joint);
      } else {
        next->Apply(actions[i]);
      }
      const PlayoutStats playout = next->RandomPlayouts(1, rng.Next(), nullptr);
      ++visits[i];
      wins[i] += playout.wins[player] + 0.5 * playout.draws;
      ++iterations;
      if (options_.on_progress && Clock::now() - last_progress >=
                                      std::chrono::milliseconds(options_.progress_interval_ms)) {
        last_progress = Clock::now();
        SearchProgress progress;
        progress.snapshot = snapshot();
        progress.iterations = iterations;
        progress.seconds = progress.snapshot.seconds;
        progress.iterations_per_second = progress.snapshot.iterations_per_second;
        options_.on_progress(progress);
      }
    }
    result = snapshot();
    result.stopped = stop_.load();
    result.belief = {{"pick 3", 0.5}, {"pick 2", 0.3}, {"pick 1", 0.2}};
    result.belief_samples = options_.belief_samples;
    if (!result.actions.empty()) {
      if (result.root_kind == NodeKind::kSimultaneous) {
        double u = rng.Uniform();
        result.best_action = result.actions.back().action;
        for (const RootActionStats& stats : result.actions) {
          u -= stats.policy;
          if (u < 0) {
            result.best_action = stats.action;
            break;
          }
        }
      } else {
        result.best_action = result.actions[0].action;
      }
      result.best_action_text = position.ActionToString(player, result.best_action);
    }
    return result;
  }

  void Stop() override { stop_.store(true); }

 private:
  SearchOptions options_;
  std::atomic<bool> stop_{false};
};

class StandInGame final : public Game {
 public:
  explicit StandInGame(std::shared_ptr<const Game> inner) : inner_(std::move(inner)) {}
  std::string_view name() const override { return inner_->name(); }
  std::string spec() const override { return inner_->spec(); }
  int MaxGameLength() const override { return inner_->MaxGameLength(); }
  bool HasHiddenInformation() const override { return inner_->HasHiddenInformation(); }
  std::unique_ptr<Position> NewInitialPosition() const override {
    return inner_->NewInitialPosition();
  }
  absl::StatusOr<std::unique_ptr<Position>> ParsePosition(std::string_view text) const override {
    return inner_->ParsePosition(text);
  }
  std::unique_ptr<Search> NewSearch(const SearchOptions& options) const override {
    return std::make_unique<StandInSearch>(options);
  }

 private:
  std::shared_ptr<const Game> inner_;
};

}  // namespace

absl::StatusOr<std::shared_ptr<const Game>> CreatePickClaimGame(std::string_view spec,
                                                                std::string_view scenario_text) {
  absl::StatusOr<RulesetSpec> parsed = ParseRulesetSpec(spec);
  if (!parsed.ok()) return parsed.status();
  if (parsed->name != "pick_claim") {
    return absl::NotFoundError(
        absl::StrCat("unknown ruleset '", parsed->name, "'; known: pick_claim"));
  }
  return CreateGameOf<PickClaim, NeutralEvaluator, UniformRollout>(parsed->values, scenario_text);
}

std::shared_ptr<const Game> WithStandInSearch(std::shared_ptr<const Game> game) {
  return std::make_shared<StandInGame>(std::move(game));
}

}  // namespace sandtable::protocol_test
