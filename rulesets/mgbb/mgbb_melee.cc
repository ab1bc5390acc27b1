// Placeholder until this session's melee lands: no charges, hand-to-hand or disengagement.
#include "rulesets/mgbb/mgbb.h"

namespace sandtable {

void MgbbGame::ChargeTargets(const State&, int, ActionList&) const {}
bool MgbbGame::CanCharge(const State&, int) const { return false; }
void MgbbGame::MeleeTargets(const State&, int, ActionList&) const {}
void MgbbGame::StartCharge(State& state, int) const { FinishAction(state); }
void MgbbGame::StartMelee(State& state, int) const { FinishAction(state); }
void MgbbGame::ApplyMeleeRoll(State& state, int) const { FinishAction(state); }
void MgbbGame::ApplyFollowUp(State& state, bool) const { FinishAction(state); }
bool MgbbGame::CanDisengage(const State&, int) const { return false; }
void MgbbGame::Disengage(State&, int) const {}

}  // namespace sandtable
