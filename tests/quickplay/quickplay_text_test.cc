// Every error path of the position parser, the action parser and the scenario reader, plus
// robustness against arbitrary bytes.
#include <string>

#include "engine/rng.h"
#include "gmock/gmock.h"
#include "tests/quickplay/quickplay_test_util.h"

namespace sandtable::quickplay_test {
namespace {

using ::testing::HasSubstr;

constexpr char kUnits[] = "R@0,0:4/0 T@1,0:0 B@2,0:0 r@11,7:4/0 t@10,7:0 b@9,7:0";
constexpr char kSelect[] =
    "round=1 phase=select player=0 vp=0-0 active=- done=- target=- weapon=- hits=0";

class QuickplayTextTest : public ::testing::Test {
 protected:
  void SetUp() override { game_ = MakeGame(TestScenario()); }
  std::string StateError(const std::string& text) {
    absl::StatusOr<State> s = game_->ParseState(text);
    if (s.ok()) return "ok";
    EXPECT_EQ(s.status().code(), absl::StatusCode::kInvalidArgument);
    return std::string(s.status().message());
  }
  std::string HeadError(const std::string& head, const std::string& units = kUnits) {
    return StateError(head + " " + units);
  }
  std::string ActionError(const State& s, Player p, const std::string& text) {
    absl::StatusOr<Action> a = game_->ParseAction(s, p, text);
    if (a.ok()) return "ok";
    EXPECT_EQ(a.status().code(), absl::StatusCode::kInvalidArgument);
    return std::string(a.status().message());
  }
  std::shared_ptr<const QuickplayGame> game_;
};

TEST_F(QuickplayTextTest, PositionRoundTrips) {
  const std::string text = std::string(kSelect) + " " + kUnits;
  EXPECT_EQ(game_->StateToString(ParseOrDie(*game_, text)), text);
  const std::string damage =
      "round=4 phase=damage player=1 vp=2-3 active=t done=ms target=B weapon=cannon hits=2 "
      "R@0,0:3/1* T:x B@2,0:1 r@11,7:4/0 t@10,7:0 b@9,7:1*";
  EXPECT_EQ(game_->StateToString(ParseOrDie(*game_, damage)), damage);
  // Tabs and extra spaces are accepted; the canonical form has single spaces.
  EXPECT_EQ(game_->StateToString(ParseOrDie(*game_,
                                            "  round=1\tphase=select player=0 vp=0-0 "
                                            "active=- done=- target=- weapon=- "
                                            "hits=0   " +
                                                std::string(kUnits) + "\n")),
            text);
}

TEST_F(QuickplayTextTest, PositionFieldErrors) {
  EXPECT_THAT(StateError(""), HasSubstr("a quickplay position has 9 fields"));
  EXPECT_THAT(StateError(kSelect), HasSubstr("6 here), got 9 words"));
  EXPECT_THAT(HeadError("rnd=1 phase=select player=0 vp=0-0 active=- done=- target=- weapon=- "
                        "hits=0"),
              HasSubstr("field 1 should be round=..., got 'rnd=1'"));
  EXPECT_THAT(HeadError("round= phase=select player=0 vp=0-0 active=- done=- target=- "
                        "weapon=- hits=0"),
              HasSubstr("round='' is not 0..6"));
  EXPECT_THAT(HeadError("round=7 phase=select player=0 vp=0-0 active=- done=- target=- "
                        "weapon=- hits=0"),
              HasSubstr("round='7' is not 0..6"));
  EXPECT_THAT(HeadError("round=1 phase=fight player=0 vp=0-0 active=- done=- target=- "
                        "weapon=- hits=0"),
              HasSubstr("phase='fight' is not one of deploy|place|select|act|qc|hit|damage|over"));
  EXPECT_THAT(HeadError("round=1 phase=select player=2 vp=0-0 active=- done=- target=- "
                        "weapon=- hits=0"),
              HasSubstr("player= must be 0 or 1"));
  EXPECT_THAT(HeadError("round=1 phase=select player=0 vp=0 active=- done=- target=- "
                        "weapon=- hits=0"),
              HasSubstr("vp='0' is not A-B"));
  EXPECT_THAT(HeadError("round=1 phase=select player=0 vp=7-0 active=- done=- target=- "
                        "weapon=- hits=0"),
              HasSubstr("0 <= A, B <= 6"));
  EXPECT_THAT(HeadError("round=1 phase=select player=0 vp=0-0 active=Q done=- target=- "
                        "weapon=- hits=0"),
              HasSubstr("active='Q' is not a unit letter or '-'"));
  EXPECT_THAT(HeadError("round=1 phase=select player=0 vp=0-0 active=- done=x target=- "
                        "weapon=- hits=0"),
              HasSubstr("done='x' is not -, m, s or ms"));
  EXPECT_THAT(HeadError("round=1 phase=select player=0 vp=0-0 active=- done=- target=rr "
                        "weapon=- hits=0"),
              HasSubstr("target='rr' is not a unit letter"));
  EXPECT_THAT(HeadError("round=1 phase=select player=0 vp=0-0 active=- done=- target=- "
                        "weapon=- hits=x"),
              HasSubstr("hits= must be a small number"));
  EXPECT_THAT(HeadError("round=1 phase=hit player=0 vp=0-0 active=- done=- target=r "
                        "weapon=cannon hits=0"),
              HasSubstr("weapon= is set but active=-"));
  // A weapon outside the shooting phases would be dropped when the position is written.
  EXPECT_THAT(HeadError("round=1 phase=act player=0 vp=0-0 active=T done=- target=- "
                        "weapon=cannon hits=0"),
              HasSubstr("weapon= must be - outside phase hit/damage"));
  EXPECT_THAT(HeadError("round=1 phase=hit player=0 vp=0-0 active=T done=s target=r "
                        "weapon=guns hits=0"),
              HasSubstr("weapon='guns' is not a weapon of the tank"));
  EXPECT_THAT(HeadError("round=1 phase=hit player=0 vp=0-0 active=T done=s target=r "
                        "weapon=- hits=0"),
              HasSubstr("phase hit/damage needs weapon=NAME"));
}

TEST_F(QuickplayTextTest, PositionUnitErrors) {
  EXPECT_THAT(HeadError(kSelect, "T@0,0:4/0 T@1,0:0 B@2,0:0 r@11,7:4/0 t@10,7:0 b@9,7:0"),
              HasSubstr("unit 1 should be 'R...', got 'T@0,0:4/0'"));
  EXPECT_THAT(HeadError(kSelect, "R@0,0 T@1,0:0 B@2,0:0 r@11,7:4/0 t@10,7:0 b@9,7:0"),
              HasSubstr("unit 'R@0,0': expected L@X,Y:HEALTH[*]"));
  EXPECT_THAT(HeadError(kSelect, "R@12,0:4/0 T@1,0:0 B@2,0:0 r@11,7:4/0 t@10,7:0 b@9,7:0"),
              HasSubstr("position is not X,Y on the 12 x 8 board"));
  EXPECT_THAT(HeadError(kSelect, "R@a,0:4/0 T@1,0:0 B@2,0:0 r@11,7:4/0 t@10,7:0 b@9,7:0"),
              HasSubstr("position is not X,Y"));
  EXPECT_THAT(HeadError(kSelect, "R@0,0:5/0 T@1,0:0 B@2,0:0 r@11,7:4/0 t@10,7:0 b@9,7:0"),
              HasSubstr("a squad's health is MODELS/WOUNDED with 1 <= MODELS <= 4"));
  EXPECT_THAT(HeadError(kSelect, "R@0,0:4/4 T@1,0:0 B@2,0:0 r@11,7:4/0 t@10,7:0 b@9,7:0"),
              HasSubstr("WOUNDED < MODELS"));
  EXPECT_THAT(HeadError(kSelect, "R@0,0:4 T@1,0:0 B@2,0:0 r@11,7:4/0 t@10,7:0 b@9,7:0"),
              HasSubstr("a squad's health"));
  EXPECT_THAT(HeadError(kSelect, "R@0,0:4/0 T@1,0:2 B@2,0:0 r@11,7:4/0 t@10,7:0 b@9,7:0"),
              HasSubstr("a vehicle's health is its damage tokens, 0 or 1"));
  EXPECT_THAT(HeadError(kSelect, "R@3,2:4/0 T@1,0:0 B@2,0:0 r@11,7:4/0 t@10,7:0 b@9,7:0"),
              HasSubstr("unit R stands on cover"));
  EXPECT_THAT(HeadError(kSelect, "R@5,4:4/0 T@1,0:0 B@2,0:0 r@11,7:4/0 t@10,7:0 b@9,7:0"),
              HasSubstr("unit R stands on impassable terrain"));
  EXPECT_EQ(HeadError(kSelect, "R@0,0:4/0 T@1,0:0 B@5,4:0 r@11,7:4/0 t@10,7:0 b@9,7:0"), "ok");
  EXPECT_THAT(HeadError(kSelect, "R@0,0:4/0 T@0,0:0 B@2,0:0 r@11,7:4/0 t@10,7:0 b@9,7:0"),
              HasSubstr("two units on one cell"));
  EXPECT_THAT(HeadError(kSelect, "R@-:4/0 T@1,0:0 B@2,0:0 r@11,7:4/0 t@10,7:0 b@9,7:0"),
              HasSubstr("every unit is on the board after deployment"));
}

TEST_F(QuickplayTextTest, PositionConsistencyErrors) {
  auto head = [](const std::string& round, const std::string& phase, const std::string& rest) {
    return "round=" + round + " phase=" + phase + " player=0 vp=0-0 " + rest;
  };
  const std::string none = "active=- done=- target=- weapon=- hits=0";
  EXPECT_THAT(HeadError(head("0", "select", none)), HasSubstr("round=0 exactly during deployment"));
  EXPECT_THAT(HeadError(head("3", "over", none)), HasSubstr("phase=over needs round=6"));
  EXPECT_THAT(HeadError(head("1", "act", none)), HasSubstr("this phase needs active=LETTER"));
  EXPECT_THAT(HeadError(head("1", "select", "active=R done=- target=- weapon=- hits=0")),
              HasSubstr("this phase needs active=-"));
  EXPECT_THAT(HeadError(head("1", "hit", "active=T done=s target=- weapon=cannon hits=0")),
              HasSubstr("phase hit/damage needs target=LETTER"));
  EXPECT_THAT(HeadError(head("1", "act", "active=T done=- target=r weapon=- hits=0")),
              HasSubstr("target= must be - here"));
  EXPECT_THAT(HeadError(head("1", "damage", "active=T done=s target=t weapon=cannon hits=0")),
              HasSubstr("hits= is 1 or more in phase damage"));
  EXPECT_THAT(HeadError(head("1", "select", "active=- done=m target=- weapon=- hits=0")),
              HasSubstr("done= must be - outside an activation"));
  EXPECT_THAT(HeadError(head("1", "act", "active=T done=ms target=- weapon=- hits=0")),
              HasSubstr("an activation ends once the unit has moved and shot"));
  EXPECT_THAT(HeadError(head("1", "act", "active=r done=- target=- weapon=- hits=0")),
              HasSubstr("active= must be a living, not yet activated unit of the player"));
  EXPECT_THAT(HeadError(head("1", "qc", "active=R done=- target=- weapon=- hits=0")),
              HasSubstr("phase qc needs a wounded squad"));
  EXPECT_THAT(HeadError(head("1", "hit", "active=T done=m target=r weapon=cannon hits=0")),
              HasSubstr("phase hit/damage needs done=s or done=ms"));
  EXPECT_THAT(HeadError(head("1", "hit", "active=T done=s target=R weapon=cannon hits=0")),
              HasSubstr("target= must be a living enemy unit"));
  EXPECT_THAT(HeadError(head("1", "damage", "active=T done=s target=r weapon=cannon hits=1")),
              HasSubstr("phase damage needs a vehicle target"));
  EXPECT_THAT(HeadError(head("1", "damage", "active=T done=s target=t weapon=mg hits=2")),
              HasSubstr("hits= is at most 1"));
  EXPECT_THAT(HeadError(kSelect, "R@0,0:4/0* T@1,0:0* B@2,0:0* r@11,7:4/0 t@10,7:0 b@9,7:0"),
              HasSubstr("the player has no unit left to activate"));
  EXPECT_THAT(HeadError("round=6 phase=over player=1 vp=0-0 " + none),
              HasSubstr("phase=over has player=0"));
  EXPECT_THAT(HeadError("round=6 phase=over player=0 vp=0-0 " + none,
                        "R@0,0:4/0* T@1,0:0 B@2,0:0 r@11,7:4/0 t@10,7:0 b@9,7:0"),
              HasSubstr("no unit is marked activated"));
  auto alternate = MakeGame(TestScenario(), {{"deployment", "alternate"}});
  const std::string deploy = "round=0 phase=deploy player=0 vp=0-0 " + none + " ";
  EXPECT_THAT(std::string(alternate
                              ->ParseState(deploy + "R@0,0:4/0 T@1,0:0 B@2,0:0 r@-:4/0 "
                                                    "t@-:0 b@-:0")
                              .status()
                              .message()),
              HasSubstr("the player has no unit left to deploy"));
  EXPECT_THAT(std::string(alternate
                              ->ParseState("round=0 phase=place player=0 vp=0-0 active=r done=- "
                                           "target=- weapon=- hits=0 R@-:4/0 T@1,0:0 B@2,0:0 "
                                           "r@-:4/0 t@-:0 b@-:0")
                              .status()
                              .message()),
              HasSubstr("active= must be an undeployed unit of the player"));
}

TEST_F(QuickplayTextTest, ActionErrors) {
  State select = ParseOrDie(*game_, std::string(kSelect) + " " + kUnits);
  EXPECT_THAT(ActionError(select, 0, ""), HasSubstr("empty action"));
  EXPECT_THAT(ActionError(select, 1, "r"), HasSubstr("it is player 0's turn, not player 1's"));
  EXPECT_THAT(ActionError(select, 0, "Z"), HasSubstr("expected the letter of a unit to activate"));
  EXPECT_THAT(ActionError(select, 0, "r"), HasSubstr("'r': not legal here"));
  EXPECT_THAT(ActionError(select, kChancePlayer, "hits 1"), HasSubstr("it is player 0's turn"));

  State act = ParseOrDie(*game_,
                         "round=1 phase=act player=0 vp=0-0 active=T done=- target=- "
                         "weapon=- hits=0 R@0,0:4/0 T@1,1:0 B@2,0:0 r@4,1:4/0 t@10,7:0 "
                         "b@9,7:0");
  EXPECT_THAT(ActionError(act, 0, "fly 1,1"),
              HasSubstr("expected 'move X,Y', 'shoot L [WEAPON]' or 'end'"));
  EXPECT_THAT(ActionError(act, 0, "move 1"), HasSubstr("expected 'move X,Y' with 0 <= X < 12"));
  EXPECT_THAT(ActionError(act, 0, "move a,b"), HasSubstr("expected 'move X,Y'"));
  EXPECT_THAT(ActionError(act, 0, "move 12,0"), HasSubstr("expected 'move X,Y'"));
  EXPECT_THAT(ActionError(act, 0, "move 7,7"), HasSubstr("not a reachable free cell"));
  EXPECT_THAT(ActionError(act, 0, "shoot q cannon"), HasSubstr("no unit is labelled 'q'"));
  EXPECT_THAT(ActionError(act, 0, "shoot r laser"),
              HasSubstr("the tank has no weapon 'laser' (it has cannon, mg)"));
  EXPECT_THAT(ActionError(act, 0, "shoot r"), HasSubstr("name the weapon, e.g. 'shoot r cannon'"));
  EXPECT_THAT(ActionError(act, 0, "shoot R cannon"),
              HasSubstr("the target is not an enemy in range and line of sight"));
  EXPECT_EQ(ActionError(act, 0, "  shoot   r\tmg "), "ok");
  State shot = act;
  Play(*game_, shot, {"shoot r mg", "hits 0"});
  EXPECT_THAT(ActionError(shot, 0, "shoot r mg"), HasSubstr("the unit has already shot"));
  Play(*game_, shot, {"move 1,2"});
  State moved = act;
  Play(*game_, moved, {"move 1,2"});
  EXPECT_THAT(ActionError(moved, 0, "move 1,3"), HasSubstr("the unit has already moved"));
}

TEST_F(QuickplayTextTest, ChanceNotationAndRawFaceErrors) {
  State hit = ParseOrDie(*game_,
                         "round=1 phase=hit player=0 vp=0-0 active=T done=s target=t "
                         "weapon=cannon hits=0 R@0,0:4/0 T@1,1:0 B@2,0:0 r@4,6:4/0 "
                         "t@5,1:0 b@9,7:0");
  EXPECT_THAT(ActionError(hit, 0, "hits 1"), HasSubstr("this is a dice roll"));
  EXPECT_THAT(ActionError(hit, kChancePlayer, "hits"),
              HasSubstr("expected 'hits N' or 'roll F F ...'"));
  EXPECT_THAT(ActionError(hit, kChancePlayer, "damage 1"), HasSubstr("expected 'hits N'"));
  EXPECT_THAT(ActionError(hit, kChancePlayer, "hits 3"),
              HasSubstr("'hits 3' cannot happen here (possible: hits 0, hits 1, hits 2)"));
  EXPECT_THAT(ActionError(hit, kChancePlayer, "roll 5"),
              HasSubstr("expected 2 dice (2d10), got 1"));
  EXPECT_THAT(ActionError(hit, kChancePlayer, "roll 5 11"),
              HasSubstr("'11' is not a face of a d10 (1..10)"));
  EXPECT_THAT(ActionError(hit, kChancePlayer, "roll 0 1"), HasSubstr("'0' is not a face"));
  EXPECT_THAT(ActionError(hit, kChancePlayer, "roll x 1"), HasSubstr("'x' is not a face"));
  EXPECT_EQ(game_->ActionToString(hit, kChancePlayer,
                                  *game_->ParseAction(hit, kChancePlayer, "roll 5 4")),
            "hits 1");
  State damage = hit;
  Play(*game_, damage, {"hits 1"});
  EXPECT_THAT(ActionError(damage, kChancePlayer, "roll 5 5"),
              HasSubstr("expected 1 dice (1d10 (one reroll per hit)), got 2"));
  EXPECT_EQ(game_->ActionToString(damage, kChancePlayer,
                                  *game_->ParseAction(damage, kChancePlayer, "roll 5")),
            "damage 1");
  State qc = ParseOrDie(*game_,
                        "round=1 phase=qc player=0 vp=0-0 active=R done=- target=- "
                        "weapon=- hits=0 R@0,0:4/3 T@1,1:0 B@2,0:0 r@4,6:4/0 t@4,1:0 "
                        "b@9,7:0");
  EXPECT_THAT(ActionError(qc, kChancePlayer, "roll 1 1"), HasSubstr("expected 3 dice (3d6"));
  EXPECT_THAT(ActionError(qc, kChancePlayer, "roll 1 1 7"), HasSubstr("not a face of a d6"));
  EXPECT_EQ(game_->ActionToString(qc, kChancePlayer,
                                  *game_->ParseAction(qc, kChancePlayer, "roll 1 2 6")),
            "survive 1");
  State over = ParseOrDie(*game_,
                          "round=6 phase=over player=0 vp=0-0 active=- done=- target=- "
                          "weapon=- hits=0 " +
                              std::string(kUnits));
  EXPECT_THAT(ActionError(over, 0, "end"), HasSubstr("the game is over"));
}

std::string ScenarioError(const std::string& text,
                          const std::map<std::string, std::string>& params = {}) {
  auto game = QuickplayGame::CreateFromStrings(params, text);
  if (game.ok()) return "ok";
  EXPECT_EQ(game.status().code(), absl::StatusCode::kInvalidArgument);
  return std::string(game.status().message());
}

// The test scenario with one line replaced (or appended when `old` is empty).
std::string Edit(const std::string& old, const std::string& replacement) {
  std::string text = TestScenario();
  if (old.empty()) return text + replacement;
  const size_t at = text.find(old);
  EXPECT_NE(at, std::string::npos) << old;
  return text.replace(at, old.size(), replacement);
}

TEST(QuickplayScenarioTest, ScenarioErrorsNameTheLine) {
  EXPECT_EQ(ScenarioError(TestScenario()), "ok");
  EXPECT_THAT(ScenarioError("unit side=0 type=tank at=0,0\n"), HasSubstr("no map block"));
  EXPECT_THAT(ScenarioError(Edit("", "weather rain\n")),
              HasSubstr("line 23: unknown keyword 'weather'"));
  EXPECT_THAT(ScenarioError(Edit("legend X impassable", "legend X lava")),
              HasSubstr("line 12: map character 'X' has unknown terrain 'lava'"));
  EXPECT_THAT(ScenarioError(Edit("\nmap\n", "\nmap hex\n")),
              HasSubstr("this ruleset plays on a square grid, not a hex map"));
  EXPECT_THAT(ScenarioError(Edit("ruleset quickplay", "ruleset doubletap")),
              HasSubstr("line 1: this scenario is for 'doubletap', not quickplay"));
  EXPECT_THAT(ScenarioError(Edit("", "name again\n")), HasSubstr("line 23: 'name' given twice"));
  EXPECT_THAT(ScenarioError(Edit("", "cells_per_brick 3\n")),
              HasSubstr("line 23: cells_per_brick: '3' is not an integer in 1..2"));
  EXPECT_THAT(ScenarioError(Edit("", "cells_per_brick 2\n")),
              HasSubstr("play it with the parameter cells_per_brick=2"));
  EXPECT_THAT(ScenarioError(Edit("", "unit side=0 type=dragon at=5,5\n")),
              HasSubstr("line 23: unknown unit type 'dragon'"));
  EXPECT_THAT(ScenarioError(Edit("", "unit side=0 type=tank at=5,5\n")),
              HasSubstr("line 23: two units labelled 'T'"));
  EXPECT_EQ(ScenarioError(Edit("", "unit side=0 type=tank at=5,5 label=h\n")), "ok");
  EXPECT_THAT(ScenarioError(Edit("", "unit side=0 type=tank at=5,5 label=7\n")),
              HasSubstr("label=7 is not a single letter"));
  EXPECT_THAT(ScenarioError(Edit("", "unit side=0 type=tank at=3,2 label=h\n")),
              HasSubstr("a unit cannot stand on a cover cell"));
  EXPECT_THAT(ScenarioError(Edit("", "unit side=0 type=tank at=5,4 label=h\n")),
              HasSubstr("only a brassbounder can stand on an impassable cell"));
  EXPECT_THAT(ScenarioError(Edit("", "unit side=0 type=tank at=0,0 label=h\n")),
              HasSubstr("two units on one cell"));
  EXPECT_THAT(ScenarioError(Edit("", "unit side=0 type=tank label=h\n")),
              HasSubstr("with fixed deployment every unit needs at=X,Y"));
  EXPECT_EQ(
      ScenarioError(Edit("", "unit side=0 type=tank label=h\n"), {{"deployment", "alternate"}}),
      "ok");
  EXPECT_THAT(ScenarioError(Edit("", "unit side=0 type=tank at=12,0 label=h\n")),
              HasSubstr("at=12,0 is off the 12 x 8 map"));
  EXPECT_THAT(ScenarioError(Edit("", "unit side=2 type=tank at=5,5 label=h\n")),
              HasSubstr("side: '2' is not an integer in 0..1"));
  EXPECT_THAT(ScenarioError(Edit("", "unit side=0 type=tank at=5,5 label=h colour=red\n")),
              HasSubstr("unknown field 'colour' in 'unit'"));
  EXPECT_THAT(ScenarioError(Edit("unit side=1 type=rifle_squad at=11,7\nunit side=1 type=tank "
                                 "at=10,7\nunit side=1 type=brassbounder at=9,7\n",
                                 "")),
              HasSubstr("player 1 has no units"));
  EXPECT_THAT(ScenarioError(Edit("", "objective at=10,6\n")),
              HasSubstr("line 23: two strategic points on one cell"));
  EXPECT_THAT(ScenarioError(Edit("",
                                 "objective at=1,1\nobjective at=1,2\nobjective at=1,3\n"
                                 "objective at=1,4\nobjective at=1,5\nobjective at=1,6\n"
                                 "objective at=1,7\nobjective at=2,1\n")),
              HasSubstr("line 30: more than 8 strategic points"));
  EXPECT_THAT(ScenarioError(Edit("", "zone side=0 from=3,0 to=0,7\n")),
              HasSubstr("line 23: zone from=3,0 to=0,7 is not a rectangle"));
  EXPECT_THAT(ScenarioError(Edit("", "zone side=0 from=0,0\n")),
              HasSubstr("'zone' needs the field to="));
  std::string many;
  for (int i = 0; i < 11; ++i) {
    many += "unit side=1 type=tank at=" + std::to_string(i) +
            ",3 label=" + std::string(1, static_cast<char>('c' + i)) + "\n";
  }
  EXPECT_THAT(ScenarioError(Edit("", many)), HasSubstr("line 33: more than 16 units"));
  std::string big = "legend . open\nmap\n";
  for (int y = 0; y < 50; ++y) big += std::string(50, '.') + "\n";
  big += "end\n";
  EXPECT_THAT(ScenarioError(big), HasSubstr("line 2: the map is 50 x 50 cells; at most 2048"));
  EXPECT_THAT(
      ScenarioError(Edit("", "zone side=1 from=4,0 to=4,0\n"), {{"deployment", "alternate"}}),
      HasSubstr("player 1's deployment zone has 1 free cells for 3 units"));
}

TEST(QuickplayScenarioTest, ScenarioMayAddObjectivesByLine) {
  auto game = MakeGame(Edit("", "objective at=1,1\n"));
  ASSERT_NE(game, nullptr);
  EXPECT_EQ(game->objectives().size(), 2u);
  EXPECT_EQ(game->objectives()[1], game->CellIndex(1, 1));
  EXPECT_EQ(game->scenario_name(), "test");
}

// Arbitrary bytes and mutations of valid text never crash the parsers.
TEST(QuickplayRobustnessTest, ParsersSurviveGarbageAndMutations) {
  auto game = MakeGame(TestScenario());
  const std::string valid = std::string(kSelect) + " " + kUnits;
  const State state = ParseOrDie(*game, valid);
  const std::string scenario = TestScenario();
  Rng rng(11);
  const std::string alphabet = "0123456789,:/@-*=x RTBrtb\t\n.#Xabcdefghijklmnopqrstuvwxyz\xff";
  for (int i = 0; i < 3000; ++i) {
    std::string text = (i % 3 == 0) ? valid : (i % 3 == 1) ? std::string("move 1,1") : scenario;
    const int edits = 1 + static_cast<int>(rng.Below(4));
    for (int e = 0; e < edits; ++e) {
      const size_t pos = rng.Below(static_cast<uint32_t>(text.size() + 1));
      const char c = alphabet[rng.Below(static_cast<uint32_t>(alphabet.size()))];
      switch (rng.Below(3)) {
        case 0:
          text.insert(pos, 1, c);
          break;
        case 1:
          if (pos < text.size()) text.erase(pos, 1);
          break;
        default:
          if (pos < text.size()) text[pos] = c;
          break;
      }
    }
    if (i % 3 == 0) {
      absl::StatusOr<State> parsed = game->ParseState(text);
      if (parsed.ok()) {
        // Anything accepted is a position the rules can continue from.
        EXPECT_EQ(game->StateToString(*parsed),
                  game->StateToString(*game->ParseState(game->StateToString(*parsed))));
        if (game->Kind(*parsed) == NodeKind::kDecision) {
          ActionList actions;
          game->LegalActions(*parsed, parsed->player, actions);
          EXPECT_FALSE(actions.empty()) << text;
        } else if (game->Kind(*parsed) == NodeKind::kChance) {
          ChanceList outcomes;
          game->ChanceOutcomes(*parsed, outcomes);
          EXPECT_FALSE(outcomes.empty()) << text;
        }
      }
    } else if (i % 3 == 1) {
      (void)game->ParseAction(state, 0, text);
      (void)game->ParseAction(state, kChancePlayer, text);
    } else {
      (void)QuickplayGame::CreateFromStrings({}, text);
    }
  }
}

}  // namespace
}  // namespace sandtable::quickplay_test
