#include "tools/cli_demo.h"

#include <cxxopts.hpp>
#include <memory>

#include "absl/strings/str_cat.h"
#include "engine/chance.h"
#include "tools/board_text.h"
#include "tools/cli_common.h"
#include "tools/match/match_player.h"

namespace sandtable {
namespace {

struct Flags : GameFlags {
  uint64_t seed = 1;
  PlayerSpec players[kNumPlayers];
};

absl::Status ParseFlags(int argc, const char* const* argv, Flags& flags) {
  return CatchFlagErrors([&]() -> absl::Status {
    cxxopts::Options options(
        "sandtable demo",
        "Shows the default position and plays one seeded game to the end, printing each "
        "step and the board after each turn, then the result and score. Players as in "
        "'sandtable match' (random, greedy, ismcts:...).");
    AddGameFlags(options);
    options.add_options()("seed", "game seed (default 1)", cxxopts::value<uint64_t>())(
        "p0", "player 0 (default random)", cxxopts::value<std::string>())(
        "p1", "player 1 (default random)", cxxopts::value<std::string>())("h,help", "this help");
    const cxxopts::ParseResult result = options.parse(argc, argv);
    if (absl::Status status = FinishParse(options, result, flags); !status.ok() || flags.help) {
      return status;
    }
    ReadGameFlags(result, flags);
    if (result.count("seed")) flags.seed = result["seed"].as<uint64_t>();
    for (Player p = 0; p < kNumPlayers; ++p) {
      const std::string key = absl::StrCat("p", p);
      absl::StatusOr<PlayerSpec> spec =
          ParsePlayerSpec(result.count(key) ? result[key].as<std::string>() : "random");
      if (!spec.ok()) return spec.status();
      flags.players[p] = *std::move(spec);
    }
    return absl::OkStatus();
  });
}

}  // namespace

int RunDemo(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  Flags flags;
  const int code = ReportFlags("demo", ParseFlags(argc, argv, flags), flags, out, err);
  if (code >= 0) return code;
  absl::StatusOr<std::shared_ptr<const Game>> game = LoadGame(flags);
  if (!game.ok()) return Fail("demo", game.status(), err);
  std::unique_ptr<MatchPlayer> players[kNumPlayers] = {NewMatchPlayer(flags.players[0], **game),
                                                       NewMatchPlayer(flags.players[1], **game)};

  std::unique_ptr<Position> position = (*game)->NewInitialPosition();
  out << (*game)->spec() << ", seed " << flags.seed << ": player 0 = " << flags.players[0].text
      << ", player 1 = " << flags.players[1].text << "\n\n"
      << BoardText(position->DescribeBoard(kOmniscient)) << position->ToString() << "\n\n";
  Rng dice(flags.seed, 0);
  Player last_mover = kNoPlayer;
  int64_t ply = 0;
  int turn = 0;
  while (position->Kind() != NodeKind::kTerminal) {
    const NodeKind kind = position->Kind();
    // A new turn starts when someone other than the last mover decides: show the board.
    const Player mover = kind == NodeKind::kDecision       ? position->CurrentPlayer()
                         : kind == NodeKind::kSimultaneous ? kNoPlayer
                                                           : last_mover;
    if (kind != NodeKind::kChance && last_mover != kNoPlayer && mover != last_mover) {
      out << "\n" << BoardText(position->DescribeBoard(kOmniscient)) << "\n";
    }
    if (kind != NodeKind::kChance && mover != last_mover) {
      out << "turn " << ++turn << (mover == kNoPlayer ? "" : absl::StrCat(": player ", mover))
          << "\n";
    }
    const uint64_t seed = HashCombine(flags.seed, static_cast<uint64_t>(++ply));
    if (kind == NodeKind::kChance) {
      const Action outcome = SampleChance(position->ChanceOutcomes(), dice);
      out << "  chance: " << position->ActionToString(kChancePlayer, outcome) << "\n";
      position->Apply(outcome);
    } else if (kind == NodeKind::kDecision) {
      const Action action = players[mover]->Choose(*position, mover, seed);
      out << "  player " << mover << ": " << position->ActionToString(mover, action) << "\n";
      position->Apply(action);
    } else {
      JointAction joint;
      for (Player p = 0; p < kNumPlayers; ++p) {
        joint[p] = players[p]->Choose(*position, p, HashCombine(seed, p));
      }
      out << "  simultaneous: player 0 " << position->ActionToString(0, joint[0]) << ", player 1 "
          << position->ActionToString(1, joint[1]) << "\n";
      position->ApplyJoint(joint);
    }
    last_mover = mover;
  }
  out << "\n" << BoardText(position->DescribeBoard(kOmniscient)) << position->ToString() << "\n\n";
  const double result = position->Returns(0);
  out << (result > 0   ? "player 0 wins"
          : result < 0 ? "player 1 wins"
                       : "draw")
      << "; score " << position->Score(0) << " : " << position->Score(1) << " after " << ply
      << " steps\n";
  return kExitOk;
}

}  // namespace sandtable
