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
  // Completed pairs (the two games of one seed, sides swapped) by the first player's points
  // in the pair: pairs[k] counts pairs worth k/2 points (0, 1/2, 1, 3/2 or 2).
  int64_t pairs[5] = {0, 0, 0, 0, 0};
  // The first player's returns (in [-1, 1]): their sum over games, and over the completed
  // pairs the sum and sum of squares of each pair's mean.
  double return_sum = 0;
  double pair_return_sum = 0;
  double pair_return_squares = 0;

  // A game with the first player's result `a_result` (> 0 win, 0 draw, < 0 loss).
  void AddGame(double a_result);
  // Both games of a pair (each also added with AddGame).
  void AddPair(double first_result, double second_result);

  int64_t games() const { return wins + draws + losses; }
  int64_t pair_count() const;
  // Points per game: (wins + draws / 2) / games; 0.5 before any game.
  double Fraction() const;
  // Points per game over the completed pairs; 0.5 before any.
  double PairFraction() const;
  // The first player's mean return per game; 0 before any game.
  double MeanReturn() const;
};

// A 95% interval for the first player's mean return per game, from the spread of the
// completed pairs' means (normal approximation, so only from kMinPairsForReturnInterval
// pairs on; `valid` false before).
inline constexpr int64_t kMinPairsForReturnInterval = 10;
struct ReturnInterval {
  bool valid = false;
  double lower = 0;
  double upper = 0;
};
ReturnInterval MeanReturnInterval(const MatchScore& score);

// The logistic Elo model: expected score of a player `elo` points stronger, and back.
// EloFromScore(0) = -infinity, EloFromScore(1) = +infinity.
double ExpectedScore(double elo);
double EloFromScore(double score);

struct EloEstimate {
  double elo = 0;    // from the mean score, +-inf at 0 or 1
  double lower = 0;  // 95% interval, may be +-inf
  double upper = 0;
};
// Counts the completed pairs by points per game (pentanomial: the two games of a pair share
// their dice, so they are not independent) when there are any, else the games (trinomial).
// The interval is the likelihood-ratio one: the mean scores whose most likely outcome
// distribution (as in Sprt) has a log-likelihood within 3.84 / 2 (chi-squared, 1 degree of
// freedom, 95%) of the best. Unlike a normal approximation it stays honest for a few games
// or a lopsided score (16 wins in 8 pairs: above +227, where the normal approximation said
// above +485).
EloEstimate EstimateElo(const MatchScore& score);

enum class SprtDecision { kContinue, kAcceptH0, kAcceptH1 };

struct SprtResult {
  double llr = 0;          // log-likelihood ratio of H1 (elo1) against H0 (elo0)
  double lower_bound = 0;  // log(beta / (1 - alpha)): accept H0 at or below
  double upper_bound = 0;  // log((1 - beta) / alpha): accept H1 at or above
  SprtDecision decision = SprtDecision::kContinue;
};

// The generalised SPRT on the multinomial likelihood (Van den Bergh, as in Fishtest): LLR = sum_k
// n_k log(p1_k / p0_k) over the observed outcomes k with counts n_k, where p0 and p1 are the most
// likely distributions over the outcomes whose mean is the expected score at elo0 and at elo1. The
// outcomes are the completed pairs by points per game (pentanomial) when there are any, else the
// games (trinomial). Unlike the normal approximation n (s1 - s0) (2 s - s0 - s1) / (2 var), this
// does not stop a match on a handful of games whose variance happens to be small.
// elo0 and elo1 must give expected scores strictly between 0 and 1 (|elo| up to a few
// thousand).
SprtResult Sprt(const MatchScore& score, double elo0, double elo1, double alpha = 0.05,
                double beta = 0.05);

const char* SprtDecisionName(SprtDecision decision);

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_MATCH_ELO_H_
