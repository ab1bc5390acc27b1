// Match statistics: score, Elo difference with a 95% interval, and a sequential
// probability ratio test (SPRT) between two Elo hypotheses.
#ifndef SANDTABLE_TOOLS_MATCH_ELO_H_
#define SANDTABLE_TOOLS_MATCH_ELO_H_

#include <cstdint>

namespace sandtable {

struct MatchScore {
  int64_t wins = 0;  // from the first player's point of view
  int64_t draws = 0;
  int64_t losses = 0;

  int64_t games() const { return wins + draws + losses; }
  // Points per game: (wins + draws / 2) / games; 0.5 before any game.
  double Fraction() const;
  // The variance of one game's points (1, 1/2, 0) around Fraction().
  double GameVariance() const;
};

// The logistic Elo model: expected score of a player `elo` points stronger, and back.
// EloFromScore(0) = -infinity, EloFromScore(1) = +infinity.
double ExpectedScore(double elo);
double EloFromScore(double score);

struct EloEstimate {
  double elo = 0;
  double lower = 0;  // 95% interval (normal approximation of the mean score), may be +-inf
  double upper = 0;
};
EloEstimate EstimateElo(const MatchScore& score);

enum class SprtDecision { kContinue, kAcceptH0, kAcceptH1 };

struct SprtResult {
  double llr = 0;          // log-likelihood ratio of H1 (elo1) against H0 (elo0)
  double lower_bound = 0;  // log(beta / (1 - alpha)): accept H0 at or below
  double upper_bound = 0;  // log((1 - beta) / alpha): accept H1 at or above
  SprtDecision decision = SprtDecision::kContinue;
};

// The generalised SPRT on the trinomial (win/draw/loss) outcome with the usual normal
// approximation: LLR = n (s1 - s0) (2 s - s0 - s1) / (2 var), where s is the observed mean
// score, var the per-game variance, and s0, s1 the expected scores at elo0 and elo1. When
// every game had the same result, var is computed as if one more game had been drawn.
SprtResult Sprt(const MatchScore& score, double elo0, double elo1, double alpha = 0.05,
                double beta = 0.05);

const char* SprtDecisionName(SprtDecision decision);

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_MATCH_ELO_H_
