#include "engine/scenario_text.h"

#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace sandtable {
namespace {

using ::testing::HasSubstr;

std::string ErrorOf(std::string_view text) {
  absl::StatusOr<ScenarioText> parsed = ScenarioText::Parse(text);
  if (parsed.ok()) return "ok";
  EXPECT_EQ(parsed.status().code(), absl::StatusCode::kInvalidArgument);
  return std::string(parsed.status().message());
}

TEST(ScenarioTextTest, ParsesStatementsLegendAndMap) {
  const std::string text =
      "# a comment\n"
      "name Two words\n"
      "  # an indented comment\n"
      "legend . \n"
      "legend # cover impassable\n"
      "map\n"
      "  . # .\n"
      "   .. #\n"
      "end\n"
      "unit side=1 type=tank at=2,-3\n";
  absl::StatusOr<ScenarioText> parsed = ScenarioText::Parse(text);
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  ASSERT_EQ(parsed->statements().size(), 2u);
  const ScenarioStatement& name = parsed->statements()[0];
  EXPECT_EQ(name.line, 2);
  EXPECT_EQ(name.keyword, "name");
  EXPECT_EQ(name.rest, "Two words");
  EXPECT_EQ(name.words, (std::vector<std::string>{"Two", "words"}));
  const ScenarioStatement& unit = parsed->statements()[1];
  EXPECT_EQ(unit.line, 10);
  ASSERT_EQ(unit.fields.size(), 3u);
  EXPECT_EQ(unit.Field("type"), "tank");
  EXPECT_EQ(unit.Field("colour"), std::nullopt);
  ASSERT_TRUE(parsed->map().has_value());
  EXPECT_EQ(parsed->map()->width, 3);
  EXPECT_EQ(parsed->map()->height, 2);
  EXPECT_EQ(parsed->map()->rows[0], ".#.");
  EXPECT_EQ(parsed->map()->rows[1], "..#");
  EXPECT_EQ(parsed->map()->row_lines[1], 8);
  ASSERT_NE(parsed->Legend('#'), nullptr);
  EXPECT_EQ(*parsed->Legend('#'), (std::vector<std::string>{"cover", "impassable"}));
  EXPECT_TRUE(parsed->Legend('.')->empty());
  EXPECT_EQ(parsed->Legend('x'), nullptr);

  FieldReader reader(unit);
  EXPECT_EQ(*reader.Int("side", 0, 1), 1);
  EXPECT_EQ(*reader.String("type"), "tank");
  EXPECT_EQ(*reader.Pair("at"), std::make_pair(2, -3));
  EXPECT_TRUE(reader.Finish().ok());
}

TEST(ScenarioTextTest, HexMapBlock) {
  // quick-style terrain drawn staggered: odd rows half a hex to the right.
  const std::string text =
      "legend . open\n"
      "legend u urban\n"
      "map hex 4 3\n"
      " . . u u\n"
      "  . . u u\n"
      " . u u u\n"
      "end\n";
  absl::StatusOr<ScenarioText> parsed = ScenarioText::Parse(text);
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  const ScenarioMap& map = *parsed->map();
  EXPECT_EQ(map.kind, MapKind::kHex);
  EXPECT_EQ(map.width, 4);
  EXPECT_EQ(map.height, 3);
  EXPECT_EQ(map.rows[2], ".uuu");
  EXPECT_TRUE(map.ExpectKind(MapKind::kHex).ok());
  EXPECT_THAT(std::string(map.ExpectKind(MapKind::kSquare).message()),
              HasSubstr("line 3: this ruleset plays on a square grid"));
  // The size is optional; unstaggered rows are fine.
  absl::StatusOr<ScenarioText> plain = ScenarioText::Parse("legend . \nmap hex\n..\n..\nend\n");
  ASSERT_TRUE(plain.ok()) << plain.status();
  EXPECT_EQ(plain->map()->kind, MapKind::kHex);
  // A square map says so, or says nothing.
  absl::StatusOr<ScenarioText> square = ScenarioText::Parse("legend . \nmap square 2 1\n..\nend\n");
  ASSERT_TRUE(square.ok()) << square.status();
  EXPECT_EQ(square->map()->kind, MapKind::kSquare);
  EXPECT_THAT(std::string(square->map()->ExpectKind(MapKind::kHex).message()),
              HasSubstr("line 2: this ruleset plays on a hex map: write 'map hex'"));
}

TEST(ScenarioTextTest, HexMapErrorsNameTheLine) {
  EXPECT_THAT(ErrorOf("legend . \nmap hex 3 2\n...\n...\n...\nend\n"),
              HasSubstr("line 6: the map has 3 rows, its 'map' line (line 2) says 2"));
  EXPECT_THAT(ErrorOf("legend . \nmap hex 3 2\n....\n....\nend\n"),
              HasSubstr("line 3: map row has 4 cells, the 'map' line (line 2) says 3"));
  EXPECT_THAT(ErrorOf("legend . \nmap hex 0 2\n"),
              HasSubstr("line 2: map width: '0' is not an integer in 1..2048"));
  EXPECT_THAT(ErrorOf("legend . \nmap hex 3\n"), HasSubstr("line 2: expected 'map'"));
  EXPECT_THAT(ErrorOf("legend . \nmap triangle\n"), HasSubstr("line 2: expected 'map'"));
  // Staggered the even-r way: row 1 drawn left of rows 0 and 2.
  EXPECT_THAT(ErrorOf("legend . \nmap hex\n . .\n. .\n . .\nend\n"),
              HasSubstr("line 4: hex map row 1 is drawn to the left of row 0"));
  EXPECT_THAT(ErrorOf("legend . \nmap hex\n . .\n  . .\n   . .\nend\n"),
              HasSubstr("line 5: hex map row 1 is drawn to the left of row 2"));
  // The same drawing is fine as a square map, and tabs are not checked.
  EXPECT_EQ(ErrorOf("legend . \nmap\n . .\n. .\nend\n"), "ok");
  EXPECT_EQ(ErrorOf("legend . \nmap hex\n\t. .\n. .\nend\n"), "ok");
}

TEST(ScenarioTextTest, RulesetAndName) {
  auto parse = [](std::string_view text) {
    absl::StatusOr<ScenarioText> parsed = ScenarioText::Parse(text);
    EXPECT_TRUE(parsed.ok()) << parsed.status();
    return parsed->RulesetAndName("quickplay");
  };
  EXPECT_EQ(*parse("ruleset quickplay\nname Hill 112\n"), "Hill 112");
  EXPECT_EQ(*parse("unit a\n"), "unnamed");
  EXPECT_THAT(std::string(parse("ruleset doubletap\n").status().message()),
              HasSubstr("line 1: this scenario is for 'doubletap', not quickplay"));
  EXPECT_THAT(std::string(parse("name a\nname b\n").status().message()),
              HasSubstr("line 2: 'name' given twice (first on line 1)"));
}

TEST(ScenarioTextTest, CrLfLinesAreAccepted) {
  absl::StatusOr<ScenarioText> parsed =
      ScenarioText::Parse("size 3\r\nlegend . \r\nmap\r\n..\r\nend\r\n");
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  EXPECT_EQ(parsed->statements()[0].rest, "3");
  EXPECT_EQ(parsed->map()->rows[0], "..");
}

TEST(ScenarioTextTest, MapErrorsNameTheLine) {
  EXPECT_THAT(ErrorOf("legend . \nmap\n...\n"), HasSubstr("line 2: map block is not closed"));
  EXPECT_THAT(ErrorOf("legend . \nmap\n...\n..\nend\n"),
              HasSubstr("line 4: map row has 2 cells, the first row has 3"));
  EXPECT_THAT(ErrorOf("legend . \nmap\n...\n\nend\n"), HasSubstr("line 4: empty map row"));
  EXPECT_THAT(ErrorOf("legend . \nmap\nend\n"), HasSubstr("line 3: the map has no rows"));
  EXPECT_THAT(ErrorOf("legend . \nmap\n.\nend\nmap\n.\nend\n"),
              HasSubstr("line 5: a second map (the first is on line 2)"));
  EXPECT_THAT(ErrorOf("map x\n"), HasSubstr("line 1: expected 'map', 'map square' or 'map hex'"));
  EXPECT_THAT(ErrorOf("end\n"), HasSubstr("line 1: 'end' without a 'map' line"));
  EXPECT_THAT(ErrorOf("legend . \nmap\n.x.\nend\n"),
              HasSubstr("line 3: map character 'x' (cell 1,0) has no legend entry"));
}

TEST(ScenarioTextTest, LegendErrors) {
  EXPECT_THAT(ErrorOf("legend\n"), HasSubstr("line 1: expected 'legend C word...'"));
  EXPECT_THAT(ErrorOf("legend ab cover\n"), HasSubstr("line 1: expected 'legend C word...'"));
  EXPECT_THAT(ErrorOf("legend # cover\nlegend # open\n"),
              HasSubstr("line 2: legend character '#' is defined twice"));
}

TEST(ScenarioTextTest, CharacterAndFieldErrors) {
  EXPECT_THAT(ErrorOf("name a\nname \x01\n"), HasSubstr("line 2: column 6: character code 1"));
  EXPECT_THAT(ErrorOf("name \xff\n"), HasSubstr("line 1: column 6: character code 255"));
  EXPECT_EQ(ErrorOf("# comments may hold anything \xff\x01\n"), "ok");
  EXPECT_THAT(ErrorOf("unit a=1 a=2\n"), HasSubstr("line 1: field 'a' given twice"));
  EXPECT_EQ(ErrorOf(""), "ok");
  EXPECT_EQ(ErrorOf(std::string("\0", 1)),
            "line 1: column 1: character code 0 is not printable ASCII");
}

TEST(ScenarioTextTest, KeywordHelpers) {
  absl::StatusOr<ScenarioText> parsed = ScenarioText::Parse("a 1\nb 2\na 3\n");
  ASSERT_TRUE(parsed.ok());
  EXPECT_EQ(parsed->All("a").size(), 2u);
  EXPECT_THAT(std::string(parsed->Unique("a").status().message()),
              HasSubstr("line 3: 'a' given twice (first on line 1)"));
  EXPECT_EQ((*parsed->Unique("b"))->line, 2);
  EXPECT_EQ(*parsed->Unique("c"), nullptr);
  EXPECT_TRUE(parsed->CheckKeywords({"a", "b"}).ok());
  EXPECT_THAT(std::string(parsed->CheckKeywords({"a"}).message()),
              HasSubstr("line 2: unknown keyword 'b' (expected one of: a, legend, map)"));
}

TEST(ScenarioTextTest, FieldReaderErrors) {
  absl::StatusOr<ScenarioText> parsed =
      ScenarioText::Parse("unit n=x at=1 big=99999999999999 extra=1\nunit word\nunit at=1,z\n");
  ASSERT_TRUE(parsed.ok());
  FieldReader reader(parsed->statements()[0]);
  EXPECT_THAT(std::string(reader.Int("n", 0, 5).status().message()),
              HasSubstr("line 1: n: 'x' is not an integer in 0..5"));
  EXPECT_THAT(std::string(reader.Int("big", 0, 5).status().message()),
              HasSubstr("is not an integer in 0..5"));
  EXPECT_THAT(std::string(reader.Pair("at").status().message()),
              HasSubstr("line 1: at: expected x,y, got '1'"));
  EXPECT_THAT(std::string(reader.String("side").status().message()),
              HasSubstr("line 1: 'unit' needs the field side="));
  EXPECT_EQ(*reader.IntOr("side", 0, 1, 1), 1);
  EXPECT_THAT(std::string(reader.Finish().message()),
              HasSubstr("line 1: unknown field 'extra' in 'unit'"));

  FieldReader words(parsed->statements()[1]);
  EXPECT_THAT(std::string(words.Finish().message()),
              HasSubstr("line 2: unexpected 'word' in 'unit'"));
  FieldReader bad_pair(parsed->statements()[2]);
  EXPECT_THAT(std::string(bad_pair.Pair("at").status().message()),
              HasSubstr("line 3: at: 'z' is not an integer"));
}

// A 6 x 8 map, 2 rows deep for each side: player 0 the bottom rows 6-7, player 1 rows 0-1.
TEST(ScenarioTextTest, DeploymentCellsOnTheMapAndInTheSidesRows) {
  EXPECT_TRUE(CheckDeployment(3, 0, 7, 6, 8, 0, 2).ok());
  EXPECT_TRUE(CheckDeployment(3, 5, 6, 6, 8, 0, 2).ok());
  EXPECT_TRUE(CheckDeployment(3, 2, 1, 6, 8, 1, 2).ok());
  EXPECT_EQ(CheckDeployment(3, 6, 7, 6, 8, 0, 2).message(),
            "line 3: at=6,7 is off the 6 x 8 map (cells count from 0)");
  EXPECT_FALSE(CheckDeployment(3, 0, -1, 6, 8, 1, 2).ok());
  EXPECT_EQ(CheckDeployment(4, 2, 5, 6, 8, 0, 2).message(),
            "line 4: player 0 deploys within 2 rows of its edge (player 0 the bottom, player 1 "
            "the top)");
  EXPECT_FALSE(CheckDeployment(4, 2, 2, 6, 8, 1, 2).ok());
}

TEST(ScenarioTextTest, UnitLabelsAreCasedBySideAndUnique) {
  absl::StatusOr<ScenarioText> parsed =
      ScenarioText::Parse("unit\nunit label=q\nunit label=Q\nunit label=7\nunit label=ab\n");
  ASSERT_TRUE(parsed.ok());
  const auto& units = parsed->statements();
  FieldReader plain(units[0]);
  EXPECT_EQ(*plain.UnitLabel('r', 0, ""), 'R');  // the fallback, upper case for side 0
  FieldReader named(units[1]);
  EXPECT_EQ(*named.UnitLabel('r', 0, "R"), 'Q');
  EXPECT_TRUE(named.Finish().ok());  // label= was read
  FieldReader lower(units[2]);
  EXPECT_EQ(*lower.UnitLabel('r', 1, "Q"), 'q');  // side 1: lower case, not taken by 'Q'
  FieldReader taken(units[2]);
  EXPECT_THAT(std::string(taken.UnitLabel('r', 0, "RQ").status().message()),
              HasSubstr("line 3: two units labelled 'Q'"));
  FieldReader digit(units[3]);
  EXPECT_THAT(std::string(digit.UnitLabel('r', 0, "").status().message()),
              HasSubstr("line 4: label=7 is not a single letter"));
  FieldReader two(units[4]);
  EXPECT_FALSE(two.UnitLabel('r', 0, "").ok());
}

}  // namespace
}  // namespace sandtable
