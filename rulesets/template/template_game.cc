#include "rulesets/template/template_game.h"

#include <cstring>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "engine/check.h"
#include "engine/dice_pool.h"
#include "engine/rng.h"
#include "engine/square_grid.h"
#include "engine/text.h"

namespace sandtable {
namespace {

constexpr uint8_t kNoCell = 255;

// The shot: kDice d6, each hitting on kHitOn or more.
DicePool ShotPool() {
  return DicePool::CountSuccesses(TemplateGame::kDice, 6,
                                  SuccessRule::AtLeast(TemplateGame::kHitOn));
}

absl::Status Error(std::string_view message) { return absl::InvalidArgumentError(ToAbsl(message)); }

}  // namespace

std::vector<ParamDef> TemplateGame::ParamDefs() {
  return {
      {"size",
       "board width and height in cells (odd: the flag is the centre cell)",
       "5",
       3,
       kMaxSize,
       {}},
      {"turns", "turns in the game (both scouts together)", "20", 2, 100, {}},
  };
}

std::string_view TemplateGame::Description() {
  return "the example ruleset to copy: two scouts duel over a flag (docs/adding-a-ruleset.md)";
}

absl::StatusOr<std::shared_ptr<const TemplateGame>> TemplateGame::Create(
    const Params& params, std::string_view scenario_text) {
  if (!scenario_text.empty()) return Error("template takes no scenario");
  const int size = static_cast<int>(params.GetInt("size"));
  if (size % 2 == 0) return Error(absl::StrCat("size must be odd, not ", size));
  return std::shared_ptr<const TemplateGame>(
      new TemplateGame(size, static_cast<int>(params.GetInt("turns"))));
}

TemplateGame::TemplateGame(int size, int turns)
    : size_(size), turns_(turns), flag_((size / 2) * size + size / 2) {
  // Orthogonal neighbours in ascending index order: up, left, right, down.
  neighbours_.resize(size * size);
  for (int cell = 0; cell < size * size; ++cell) {
    const int x = cell % size;
    const int y = cell / size;
    neighbours_[cell] = {
        static_cast<uint8_t>(y > 0 ? cell - size : kNoCell),
        static_cast<uint8_t>(x > 0 ? cell - 1 : kNoCell),
        static_cast<uint8_t>(x + 1 < size ? cell + 1 : kNoCell),
        static_cast<uint8_t>(y + 1 < size ? cell + size : kNoCell),
    };
  }
  // The shot's pool, computed once: P(k hits) for kDice dice hitting on kHitOn+.
  for (const PoolOutcome& hits : ShotPool().Distribution()) {
    hits_.push_back({kHitsBase + static_cast<Action>(hits.value), hits.probability});
  }
}

TemplateGame::State TemplateGame::InitialState() const {
  State state;
  state.cell = {static_cast<uint8_t>((size_ - 1) * size_), static_cast<uint8_t>(size_ - 1)};
  return state;  // player 0 bottom left, player 1 top right, player 0 to move
}

NodeKind TemplateGame::Kind(const State& state) const {
  if (state.phase == kOver) return NodeKind::kTerminal;
  return state.phase == kShot ? NodeKind::kChance : NodeKind::kDecision;
}

Player TemplateGame::CurrentPlayer(const State& state) const {
  if (state.phase == kOver) return kNoPlayer;
  return state.phase == kShot ? kChancePlayer : state.player;
}

bool TemplateGame::InRange(const State& state) const {
  const Cell a{state.cell[0] % size_, state.cell[0] / size_};
  const Cell b{state.cell[1] % size_, state.cell[1] / size_};
  return DistanceSquared(a, b) <= kRange * kRange;
}

void TemplateGame::LegalActions(const State& state, Player player, ActionList& actions) const {
  actions.clear();
  if (state.phase == kOver) return;  // the contract: no actions at a terminal state
  const uint8_t enemy_cell = state.cell[1 - player];
  for (uint8_t next : neighbours_[state.cell[player]]) {
    if (next != kNoCell && next != enemy_cell) actions.push_back(next);
  }
  if (InRange(state)) actions.push_back(kShoot);  // above every cell index: still ascending
}

void TemplateGame::ChanceOutcomes(const State&, ChanceList& outcomes) const {
  outcomes.clear();
  for (const ChanceOutcome& outcome : hits_) outcomes.push_back(outcome);
}

void TemplateGame::Apply(State& state, Action action) const {
  if (state.phase == kShot) {
    const int hits = static_cast<int>(action - kHitsBase);
    uint8_t& health = state.health[1 - state.player];
    health = static_cast<uint8_t>(hits >= health ? 0 : health - hits);
    EndTurn(state);
  } else if (action == kShoot) {
    state.phase = kShot;
  } else {
    state.cell[state.player] = static_cast<uint8_t>(action);
    EndTurn(state);
  }
}

void TemplateGame::EndTurn(State& state) const {
  ++state.turn;
  state.player ^= 1;
  const bool someone_down = state.health[0] == 0 || state.health[1] == 0;
  state.phase = someone_down || state.turn >= turns_ ? kOver : kTurn;
}

double TemplateGame::Returns(const State& state, Player player) const {
  int winner = -1;
  if (state.health[0] == 0 || state.health[1] == 0) {
    winner = state.health[0] == 0 ? 1 : 0;
  } else if (state.cell[0] == flag_ || state.cell[1] == flag_) {
    winner = state.cell[0] == flag_ ? 0 : 1;
  }
  if (winner < 0) return 0.0;
  return winner == player ? 1.0 : -1.0;
}

int TemplateGame::Score(const State& state, Player player) const {
  return kHealth - state.health[1 - player];  // damage dealt
}

uint64_t TemplateGame::InformationSetKey(const State& state, Player) const {
  // Perfect information: both players see the whole state.
  uint64_t words[1] = {};
  static_assert(sizeof(State) == sizeof(words));
  std::memcpy(words, &state, sizeof(State));
  return Mix64(words[0]);
}

// ---------------------------------------------------------------------------- text

std::string TemplateGame::ActionToString(const State& state, Player, Action action) const {
  if (state.phase == kShot) return absl::StrCat("hits ", action - kHitsBase);
  if (action == kShoot) return "shoot";
  return absl::StrCat("move ", CoordinateText(action % size_, action / size_));
}

absl::StatusOr<Action> TemplateGame::ParseAction(const State& state, Player player,
                                                 std::string_view text) const {
  const std::vector<std::string_view> words = SplitWords(text);
  if (state.phase == kOver) return Error("the game is over");
  if (state.phase == kShot) {
    if (player != kChancePlayer) return Error("the dice decide here: 'hits N' or 'roll A B'");
    if (std::optional<int> hits = ParseWordAndNumber(text, "hits", kDice)) {
      return kHitsBase + static_cast<Action>(*hits);
    }
    if (!words.empty() && words[0] == "roll") {
      // The same pool as the distribution, so typed faces and odds cannot disagree.
      const absl::StatusOr<int> hits =
          ShotPool().OutcomeOfFacesText(TrimBlanks(text).substr(std::string_view("roll").size()));
      if (!hits.ok()) return hits.status();
      return kHitsBase + static_cast<Action>(*hits);
    }
    return Error(absl::StrCat("expected 'hits 0..", kDice, "' or 'roll' and ", kDice, " faces"));
  }
  if (player != state.player) return Error(absl::StrCat("it is player ", state.player, "'s turn"));
  ActionList legal;
  LegalActions(state, player, legal);
  if (words.size() == 1 && words[0] == "shoot") {
    if (!legal.Contains(kShoot)) return Error("the enemy is out of range (3 cells)");
    return kShoot;
  }
  if (words.size() == 2 && words[0] == "move") {
    const std::optional<Coordinate> to = ParseCoordinate(words[1], size_ - 1);
    if (!to)
      return Error(absl::StrCat("'", Printable(words[1]), "' is not a cell x,y on the board"));
    const Action action = static_cast<Action>(to->y * size_ + to->x);
    if (!legal.Contains(action)) {
      return Error(absl::StrCat("cannot move to ", ToAbsl(words[1]),
                                ": one step up, down, left or right, "
                                "onto a free cell"));
    }
    return action;
  }
  return Error(absl::StrCat("'", Printable(text), "' is not an action: 'move x,y' or 'shoot'"));
}

std::string TemplateGame::StateToString(const State& state) const {
  // "x,y:health x,y:health turn player phase", e.g. "0,4:2 4,0:2 0 0 turn".
  static constexpr const char* kPhases[] = {"turn", "shot", "over"};
  std::string text;
  for (int p = 0; p < 2; ++p) {
    absl::StrAppend(&text, CoordinateText(state.cell[p] % size_, state.cell[p] / size_), ":",
                    state.health[p], " ");
  }
  absl::StrAppend(&text, state.turn, " ", state.player, " ", kPhases[state.phase]);
  return text;
}

absl::StatusOr<TemplateGame::State> TemplateGame::ParseState(std::string_view text) const {
  const std::vector<std::string_view> words = SplitWords(text);
  if (words.size() != 5) return Error("expected 'x,y:health x,y:health turn player phase'");
  State state;
  for (int p = 0; p < 2; ++p) {
    const size_t colon = words[p].find(':');
    const std::optional<Coordinate> at = ParseCoordinate(words[p].substr(0, colon), size_ - 1);
    const std::optional<int> health = colon == std::string_view::npos
                                          ? std::nullopt
                                          : ParseBoundedInt(words[p].substr(colon + 1), kHealth);
    if (!at || !health) {
      return Error(absl::StrCat("scout ", p, ": '", Printable(words[p]), "' is not x,y:health"));
    }
    state.cell[p] = static_cast<uint8_t>(at->y * size_ + at->x);
    state.health[p] = static_cast<uint8_t>(*health);
  }
  const std::optional<int> turn = ParseBoundedInt(words[2], turns_);
  const std::optional<int> player = ParseBoundedInt(words[3], 1);
  if (!turn || !player) return Error("turn must be 0..turns and player 0 or 1");
  state.turn = static_cast<uint8_t>(*turn);
  state.player = static_cast<uint8_t>(*player);
  if (words[4] == "turn") {
    state.phase = kTurn;
  } else if (words[4] == "shot") {
    state.phase = kShot;
  } else if (words[4] == "over") {
    state.phase = kOver;
  } else {
    return Error("phase must be turn, shot or over");
  }
  // Only states the rules can reach: scouts on different cells, a game over exactly when a
  // scout is down or the turns are spent, a shot only in range.
  const bool down = state.health[0] == 0 || state.health[1] == 0;
  if (state.cell[0] == state.cell[1]) return Error("the scouts cannot share a cell");
  if ((state.phase == kOver) != (down || state.turn == turns_)) {
    return Error("the game is over exactly when a scout is down or the turns are spent");
  }
  if (state.player != state.turn % 2) return Error("player 0 moves on even turns, 1 on odd");
  if (state.phase == kShot && !InRange(state)) return Error("a shot needs the enemy in range");
  return state;
}

BoardView TemplateGame::DescribeBoard(const State& state, Player /*viewer*/) const {
  // Perfect information: every viewer sees the same board.
  BoardView view;
  view.grid = GridKind::kSquare;
  view.width = size_;
  view.height = size_;
  view.terrain_kinds = {{"open", '.', ColourRole::kGround}};
  view.markers.push_back({flag_, '*', "flag", kNeutralSide});
  for (int p = 0; p < 2; ++p) {
    view.pieces.push_back({state.cell[p], p, p == 0 ? "A" : "b", "scout",
                           absl::StrCat("health ", state.health[p], "/", kHealth)});
  }
  view.AddLine().Add(absl::StrCat("turn ", state.turn, " of ", turns_));
  return view;
}

}  // namespace sandtable
