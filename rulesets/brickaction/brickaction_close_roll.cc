// brickaction's close-combat roll: a side rolls up to 8 dice, and the rules care about its
// total, natural 6s and natural 1s. Up to kMaxWholeCloseDice dice that is one chance node;
// 7 dice have 288 such outcomes and 8 have 405, more than a chance node holds, so they roll
// in two: the natural 6s and 1s (at most 45 outcomes), then the sum of the other dice, each
// 2..5 with equal chances (at most 25). Each (total, sixes, ones) is reached by exactly one
// pair of outcomes, so exact enumeration walks no more paths than one node would.
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "rulesets/brickaction/brickaction.h"

namespace sandtable {
namespace {

using State = BrickactionGame::State;
// The rolling side's fields (State::side: 0 the attacker, 1 the target).
constexpr uint8_t State::*kSum[2] = {&State::a_sum, &State::b_sum};
constexpr uint8_t State::*kSixes[2] = {&State::a_six, &State::b_six};
constexpr uint8_t State::*kOnes[2] = {&State::a_one, &State::b_one};

}  // namespace

int BrickactionGame::AddClosePool(int dice, int modifier) {
  if (dice <= kMaxWholeCloseDice) {
    return AddPool(DicePool::SumAndNaturals(dice, 6, modifier), kCloseRollKind);
  }
  // The split roll does not depend on the modifier: it is added to the 6s and 1s.
  if (close_naturals_pool_[dice] >= 0) return close_naturals_pool_[dice];
  split_close_rolls_ = true;
  for (int rest = 1; rest <= dice; ++rest) {
    if (close_rest_pool_[rest] >= 0) continue;
    DicePool pool = DicePool::Sum(rest, 4, rest);  // a face of 2..5 is a d4 + 1
    pool.Label(absl::StrCat("the faces of all the side's dice again (the same 6s and 1s): the ",
                            rest, " showing 2..5 summed"));
    close_rest_pool_[rest] = AddPool(std::move(pool), kCloseRollKind, kCloseRest);
  }
  DicePool naturals = DicePool::CountPair(dice, 6, SuccessRule::Natural(6), SuccessRule::AtMost(1));
  naturals.Label(absl::StrCat(dice, "d6, counting the natural 6s and 1s (the others' sum next)"));
  close_naturals_pool_[dice] = AddPool(std::move(naturals), kCloseRollKind, kCloseNaturals);
  return close_naturals_pool_[dice];
}

bool BrickactionGame::ApplyCloseRoll(State& state, int value) const {
  const int side = state.side;
  const Roll& roll = RollAt(state);
  switch (roll.part) {
    case kWholeCloseRoll:
      state.*kSum[side] = static_cast<uint8_t>(DicePool::TripleSum(value));
      state.*kSixes[side] = static_cast<uint8_t>(DicePool::TripleHighs(value));
      state.*kOnes[side] = static_cast<uint8_t>(DicePool::TripleOnes(value));
      return true;
    case kCloseNaturals: {
      const int sixes = DicePool::PairFirst(value), ones = DicePool::PairSecond(value);
      const int u = side == 0 ? state.att : state.tgt;
      state.*kSixes[side] = static_cast<uint8_t>(sixes);
      state.*kOnes[side] = static_cast<uint8_t>(ones);
      // The total so far: the naturals' faces and the veterans' and bayonets' +1s.
      state.*kSum[side] = static_cast<uint8_t>(6 * sixes + ones + CloseModifier(state, u));
      const int rest = roll.pool.dice() - sixes - ones;
      if (rest == 0) return true;
      state.roll = static_cast<uint8_t>(close_rest_pool_[rest]);
      return false;
    }
    case kCloseRest:
      state.*kSum[side] = static_cast<uint8_t>(state.*kSum[side] + value);
      return true;
  }
  return true;
}

std::string BrickactionGame::CloseOutcomeText(const State& state, int value) const {
  switch (RollAt(state).part) {
    case kCloseNaturals:
      return absl::StrCat("sixes ", DicePool::PairFirst(value), " ones ",
                          DicePool::PairSecond(value));
    case kCloseRest:  // the side's whole roll, as one node would have said it
      return absl::StrCat("total ", state.*kSum[state.side] + value, " sixes ",
                          state.*kSixes[state.side], " ones ", state.*kOnes[state.side]);
    case kWholeCloseRoll:
      break;
  }
  return absl::StrCat("total ", DicePool::TripleSum(value), " sixes ", DicePool::TripleHighs(value),
                      " ones ", DicePool::TripleOnes(value));
}

absl::StatusOr<int> BrickactionGame::CloseRestOfFaces(const State& state,
                                                      std::string_view faces) const {
  const int sixes = state.*kSixes[state.side], ones = state.*kOnes[state.side];
  const int dice = sixes + ones + PoolAt(state).dice();
  const absl::StatusOr<int> whole = DicePool::SumAndNaturals(dice, 6).OutcomeOfFacesText(faces);
  if (!whole.ok()) return whole.status();
  if (DicePool::TripleHighs(*whole) != sixes || DicePool::TripleOnes(*whole) != ones) {
    return absl::InvalidArgumentError(absl::StrCat(
        "these faces have ", DicePool::TripleHighs(*whole), " sixes and ",
        DicePool::TripleOnes(*whole), " ones; the roll's 6s and 1s were ", sixes, " and ", ones));
  }
  return DicePool::TripleSum(*whole) - 6 * sixes - ones;
}

bool BrickactionGame::CloseRollFits(const State& state) const {
  const Roll& roll = RollAt(state);
  const int side = state.side;
  const int u = side == 0 ? state.att : state.tgt;
  const int dice = CloseDice(state, u), modifier = CloseModifier(state, u);
  const int sum = state.*kSum[side], sixes = state.*kSixes[side], ones = state.*kOnes[side];
  const bool target_not_rolled =
      side == 1 || (state.b_sum == 0 && state.b_six == 0 && state.b_one == 0);
  if (roll.part == kCloseRest) {
    return target_not_rolled && dice > kMaxWholeCloseDice &&
           sixes + ones + roll.pool.dice() == dice && sum == 6 * sixes + ones + modifier;
  }
  return target_not_rolled && state.roll == ClosePool(dice, modifier) && sum == 0 && sixes == 0 &&
         ones == 0;
}

}  // namespace sandtable
