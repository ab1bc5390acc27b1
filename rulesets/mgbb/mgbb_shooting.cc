// Placeholder until this session's shooting lands: no unit can shoot.
#include "rulesets/mgbb/mgbb.h"

namespace sandtable {

bool MgbbGame::LineOfFire(const State&, int, int) const { return false; }
std::optional<mgbb::RangeBand> MgbbGame::ShotBand(const State&, int, int) const {
  return std::nullopt;
}
mgbb::ShootingContext MgbbGame::ShootingContextOf(const State&, int, int, Mode) const { return {}; }
void MgbbGame::ShotTargets(const State&, int, ActionList&) const {}
bool MgbbGame::CanShoot(const State&, int) const { return false; }
void MgbbGame::StartShot(State& state, int, Mode) const { FinishAction(state); }
void MgbbGame::ApplyShotRoll(State& state, int) const { FinishAction(state); }
void MgbbGame::ApplyReturnFire(State& state, bool) const { FinishAction(state); }

}  // namespace sandtable
