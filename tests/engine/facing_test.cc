#include "engine/facing.h"

#include <array>
#include <cstdlib>

#include "gtest/gtest.h"

namespace sandtable {
namespace {

TEST(FacingTest, StepsAndTurns) {
  EXPECT_EQ(FacingStep(Facing::kN), (Cell{0, -1}));
  EXPECT_EQ(FacingStep(Facing::kSE), (Cell{1, 1}));
  EXPECT_EQ(FacingStep(Facing::kW), (Cell{-1, 0}));
  EXPECT_EQ(FacingStep(HexFacing::kNE), (Hex{1, -1}));
  EXPECT_EQ(FacingStep(HexFacing::kSW), (Hex{-1, 1}));
  EXPECT_EQ(Turned(Facing::kN, 1), Facing::kNE);
  EXPECT_EQ(Turned(Facing::kN, -1), Facing::kNW);
  EXPECT_EQ(Turned(Facing::kW, 11), Facing::kNE);
  EXPECT_EQ(Turned(HexFacing::kNE, -1), HexFacing::kNW);
  EXPECT_EQ(Turned(HexFacing::kNW, 2), HexFacing::kE);
  EXPECT_EQ(TurnSteps(Facing::kN, Facing::kN), 0);
  EXPECT_EQ(TurnSteps(Facing::kN, Facing::kNW), 1);
  EXPECT_EQ(TurnSteps(Facing::kN, Facing::kSE), 3);
  EXPECT_EQ(TurnSteps(Facing::kSW, Facing::kNE), 4);
  EXPECT_EQ(TurnSteps(HexFacing::kNE, HexFacing::kW), 2);
  EXPECT_EQ(TurnSteps(HexFacing::kNE, HexFacing::kSW), 3);
  EXPECT_EQ(TurnSteps(HexFacing::kNE, HexFacing::kNW), 1);
  EXPECT_EQ(TurnSteps(HexFacing::kSE, HexFacing::kNW), 3);
}

TEST(FacingTest, FacingTowardNearestDirection) {
  EXPECT_EQ(FacingToward({0, 0}, {5, 1}), Facing::kE);     // 11.3 degrees below east
  EXPECT_EQ(FacingToward({0, 0}, {2, 1}), Facing::kSE);    // 26.6 below east: 18.4 from SE
  EXPECT_EQ(FacingToward({0, 0}, {1, -3}), Facing::kN);    // 18.4 east of north
  EXPECT_EQ(FacingToward({0, 0}, {-1, -2}), Facing::kNW);  // 26.6 west of north
  EXPECT_EQ(FacingToward({3, 3}, {3, 4}), Facing::kS);
  EXPECT_EQ(FacingToward({3, 3}, {0, 6}), Facing::kSW);
  // Every offset in a box has exactly one nearest facing, and it is within 22.5 degrees.
  for (int dx = -6; dx <= 6; ++dx) {
    for (int dy = -6; dy <= 6; ++dy) {
      if (dx == 0 && dy == 0) continue;
      const Facing f = FacingToward({0, 0}, {dx, dy});
      EXPECT_TRUE(InFireArc({0, 0}, f, 1, {dx, dy}));
      // A mount with no width bears only along the 8 directions.
      const bool on_axis = dx == 0 || dy == 0 || dx == dy || dx == -dy;
      EXPECT_EQ(TurnsToBear({0, 0}, Facing::kN, 0, {dx, dy}),
                on_axis ? TurnSteps(Facing::kN, f) : -1);
    }
  }
}

TEST(FacingTest, SquareArcsByHand) {
  const Cell unit{5, 5};
  EXPECT_EQ(ArcOf(unit, Facing::kN, {5, 0}), Arc::kFront);
  EXPECT_EQ(ArcOf(unit, Facing::kN, {7, 3}), Arc::kFront);  // exactly 45 degrees: front
  EXPECT_EQ(ArcOf(unit, Facing::kN, {3, 3}), Arc::kFront);
  EXPECT_EQ(ArcOf(unit, Facing::kN, {8, 4}), Arc::kRight);
  EXPECT_EQ(ArcOf(unit, Facing::kN, {7, 7}), Arc::kRight);  // exactly 135 degrees: side
  EXPECT_EQ(ArcOf(unit, Facing::kN, {3, 7}), Arc::kLeft);
  EXPECT_EQ(ArcOf(unit, Facing::kN, {6, 8}), Arc::kRear);
  EXPECT_EQ(ArcOf(unit, Facing::kN, {2, 5}), Arc::kLeft);
  EXPECT_EQ(ArcOf(unit, Facing::kN, unit), Arc::kFront);
  // A diagonal facing: the front quarter is bounded by north and east.
  EXPECT_EQ(ArcOf(unit, Facing::kNE, {9, 5}), Arc::kFront);
  EXPECT_EQ(ArcOf(unit, Facing::kNE, {5, 1}), Arc::kFront);
  EXPECT_EQ(ArcOf(unit, Facing::kNE, {9, 6}), Arc::kRight);
  EXPECT_EQ(ArcOf(unit, Facing::kNE, {5, 9}), Arc::kRight);  // 135 degrees
  EXPECT_EQ(ArcOf(unit, Facing::kNE, {4, 9}), Arc::kRear);
  EXPECT_EQ(ArcOf(unit, Facing::kNE, {1, 7}), Arc::kRear);
  EXPECT_EQ(ArcOf(unit, Facing::kNE, {1, 5}), Arc::kLeft);
  // The ring of 16 cells two steps out, facing north: 5 front, 4 right, 3 rear, 4 left.
  std::array<int, 4> counts{};
  for (int dx = -2; dx <= 2; ++dx) {
    for (int dy = -2; dy <= 2; ++dy) {
      if (std::abs(dx) == 2 || std::abs(dy) == 2) {
        ++counts[static_cast<int>(ArcOf(unit, Facing::kN, {5 + dx, 5 + dy}))];
      }
    }
  }
  EXPECT_EQ(counts, (std::array<int, 4>{5, 4, 3, 4}));
}

TEST(FacingTest, SquareArcsAreConsistent) {
  // Exhaustive over offsets and facings: arcs agree with fire arcs, fire arcs grow with
  // their width, and turning the unit and the offset together by 90 degrees changes nothing.
  for (int f = 0; f < kNumFacings; ++f) {
    const Facing facing = static_cast<Facing>(f);
    for (int dx = -7; dx <= 7; ++dx) {
      for (int dy = -7; dy <= 7; ++dy) {
        const Cell other{dx, dy};
        const Arc arc = ArcOf({0, 0}, facing, other);
        EXPECT_EQ(arc == Arc::kFront, InFireArc({0, 0}, facing, 1, other));
        EXPECT_EQ(arc == Arc::kRear, !InFireArc({0, 0}, facing, 3, other));
        for (int w = 0; w < 4; ++w) {
          if (InFireArc({0, 0}, facing, w, other)) {
            EXPECT_TRUE(InFireArc({0, 0}, facing, w + 1, other));
          }
        }
        EXPECT_TRUE(InFireArc({0, 0}, facing, 4, other));
        EXPECT_EQ(ArcOf({0, 0}, Turned(facing, 2), Cell{-dy, dx}), arc);
        EXPECT_EQ(ArcOf({3, -2}, facing, Cell{3 + dx, -2 + dy}), arc);
        // Forward of the front edge is the open half-plane ahead: not within 90 degrees
        // of the reverse facing.
        EXPECT_EQ(IsForwardOf({0, 0}, facing, other),
                  !InFireArc({0, 0}, Turned(facing, 4), 2, other));
      }
    }
  }
}

TEST(FacingTest, TurretTurnsToBear) {
  // brickaction: a turret covers its front quarter; more than one 45-degree turn costs an
  // action.
  const Cell tank{5, 5};
  EXPECT_EQ(TurnsToBear(tank, Facing::kN, 1, {6, 2}), 0);
  EXPECT_EQ(TurnsToBear(tank, Facing::kN, 1, {8, 5}), 1);  // east: NE covers 0..90
  EXPECT_EQ(TurnsToBear(tank, Facing::kN, 1, {8, 6}), 2);
  EXPECT_EQ(TurnsToBear(tank, Facing::kN, 1, {5, 9}), 3);  // south: SE covers up to 180
  EXPECT_EQ(TurnsToBear(tank, Facing::kN, 4, {5, 9}), 0);
  EXPECT_EQ(TurnsToBear(tank, Facing::kN, 0, {5, 9}), 4);
}

TEST(FacingTest, ForwardOfTheFrontEdge) {
  EXPECT_TRUE(IsForwardOf({3, 3}, Facing::kE, {4, 0}));
  EXPECT_FALSE(IsForwardOf({3, 3}, Facing::kE, {3, 9}));  // level with the front edge line
  EXPECT_FALSE(IsForwardOf({3, 3}, Facing::kE, {2, 3}));
  EXPECT_TRUE(IsForwardOf({3, 3}, Facing::kNE, {4, 3}));
  EXPECT_FALSE(IsForwardOf({3, 3}, Facing::kNE, {4, 4}));
  EXPECT_FALSE(IsForwardOf({3, 3}, Facing::kNE, {3, 3}));
}

TEST(FacingTest, HexArcsByHand) {
  const Hex unit{0, 0};
  EXPECT_EQ(ArcOf(unit, HexFacing::kE, {3, 0}), Arc::kFront);
  EXPECT_EQ(ArcOf(unit, HexFacing::kE, {1, -1}), Arc::kFront);  // NE, exactly 60: front
  EXPECT_EQ(ArcOf(unit, HexFacing::kE, {0, 1}), Arc::kFront);   // SE, exactly 60: front
  EXPECT_EQ(ArcOf(unit, HexFacing::kE, {1, 1}), Arc::kFront);   // 30 degrees
  EXPECT_EQ(ArcOf(unit, HexFacing::kE, {-1, 2}), Arc::kRight);  // straight down the page
  EXPECT_EQ(ArcOf(unit, HexFacing::kE, {1, -2}), Arc::kLeft);   // straight up
  EXPECT_EQ(ArcOf(unit, HexFacing::kE, {-1, 1}), Arc::kRight);  // SW, exactly 120: side
  EXPECT_EQ(ArcOf(unit, HexFacing::kE, {0, -1}), Arc::kLeft);   // NW, exactly 120: side
  EXPECT_EQ(ArcOf(unit, HexFacing::kE, {-2, 1}), Arc::kRear);   // 150 degrees
  EXPECT_EQ(ArcOf(unit, HexFacing::kE, {-1, 0}), Arc::kRear);
  EXPECT_EQ(ArcOf(unit, HexFacing::kNW, {0, -3}), Arc::kFront);
  EXPECT_EQ(ArcOf(unit, HexFacing::kNW, {0, 2}), Arc::kRear);
  EXPECT_EQ(ArcOf(unit, HexFacing::kNW, {2, -1}), Arc::kRight);
  EXPECT_TRUE(InFireArc(unit, HexFacing::kSW, 0, {-2, 2}));
  EXPECT_FALSE(InFireArc(unit, HexFacing::kSW, 0, {-2, 3}));
  EXPECT_TRUE(InFireArc(unit, HexFacing::kSW, 3, {2, -2}));
  // The ring two hexes out, facing east: front 5 (three at 0/30/60 plus the two at 60),
  // rear 3, sides 2 each.
  std::array<int, 4> counts{};
  for (int dq = -2; dq <= 2; ++dq) {
    for (int dr = -2; dr <= 2; ++dr) {
      if (HexDistance(unit, {dq, dr}) == 2) {
        ++counts[static_cast<int>(ArcOf(unit, HexFacing::kE, {dq, dr}))];
      }
    }
  }
  EXPECT_EQ(counts, (std::array<int, 4>{5, 2, 3, 2}));
}

TEST(FacingTest, HexArcsAreConsistent) {
  // Turning the unit and the offset together by 60 degrees changes nothing.
  for (int f = 0; f < kNumHexFacings; ++f) {
    const HexFacing facing = static_cast<HexFacing>(f);
    for (int dq = -5; dq <= 5; ++dq) {
      for (int dr = -5; dr <= 5; ++dr) {
        const Hex other{dq, dr};
        const int ds = -dq - dr;
        const Hex turned{-dr, -ds};  // 60 degrees clockwise
        const Arc arc = ArcOf({0, 0}, facing, other);
        EXPECT_EQ(ArcOf({0, 0}, Turned(facing, 1), turned), arc);
        EXPECT_EQ(ArcOf({2, -1}, facing, Hex{2 + dq, -1 + dr}), arc);
        EXPECT_EQ(arc == Arc::kFront, InFireArc({0, 0}, facing, 1, other));
        EXPECT_EQ(arc == Arc::kRear, !InFireArc({0, 0}, facing, 2, other));
        EXPECT_TRUE(InFireArc({0, 0}, facing, 3, other));
      }
    }
  }
}

}  // namespace
}  // namespace sandtable
