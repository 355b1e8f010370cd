import type { Appraisal } from '../appraisal/appraisal.js';
import type { Conduct } from '../appraisal/conduct.js';
import type { EngineParams } from '../persona/engine-params.js';
import { clamp, decayFactor } from '../util/math.js';

const day = 86_400;
/** Trust drifts back toward neutral over long absences (half-life 90 days). */
const trustHalfLife = 90 * day;
/** Rapport drifts back toward neutral (half-life 14 days). */
const rapportHalfLife = 14 * day;
/** The familiarity count fades with absence (half-life 30 days). */
const familiarityHalfLife = 30 * day;
/** Trust gain rate per good turn (≈ 20 strong good turns take trust from 0.5 to 0.7). */
export const trustGain = 0.027;
/** Share of trust lost to a maximal betrayal (0.7 → 0.4). */
export const trustLoss = 0.43;
/** Rapport moves this share toward the felt valence per fully other-caused turn (half-life ≈ 10 turns). */
const rapportRate = 0.07;
/**
 * Share of the way to full rapport a fully confiding turn moves it (self-disclosure builds liking and intimacy:
 * Collins & Miller 1994; Laurenceau, Barrett & Pietromonaco 1998): half the rate of conduct.
 */
const disclosureRate = 0.035;

/** The relationship part of the state. */
export interface RelationshipState {
  rapport: number;
  trust: number;
  familiarityCount: number;
}

/** Familiarity in [0, 1] from the interaction count: 1 − exp(−N/30). */
export function familiarity(count: number): number {
  return 1 - Math.exp(-count / 30);
}

/** The relationship after `dt` seconds without contact: trust and rapport drift to neutral, familiarity fades. */
export function driftRelationship(r: RelationshipState, dt: number): RelationshipState {
  return {
    rapport: 0.5 + (r.rapport - 0.5) * decayFactor(dt, rapportHalfLife),
    trust: 0.5 + (r.trust - 0.5) * decayFactor(dt, trustHalfLife),
    familiarityCount: r.familiarityCount * decayFactor(dt, familiarityHalfLife),
  };
}

/**
 * Per-turn relationship update. Trust is asymmetric (Baumeister et al. 2001, "bad is stronger than good";
 * Slovic 1993): with q = R·max(|g|, |n|)·o, where o = max(0, −agency) is how much the person caused it (0 for
 * narration and inner events, which are not the person's doing),
 *   pleasant: τ += 0.027·q·(1 − τ)·(1 + 0.3·z_forgivingness)
 *   unpleasant: τ −= 0.43·q·τ
 * Rapport is an exponential average of the emotion's (event-driven) valence over the person's turns; familiarity
 * counts interactions.
 *
 * With a `conduct` (text turns whose roles were read), o is how much the turn is the person's own act toward the
 * character (`conduct.toward`), not the appraisal's agency: a confided wrong by someone else ("my sister lied to
 * me") or a loss ("my dog died") is not the person's doing and leaves trust as it was. Confiding moves rapport
 * toward 1 by 0.035·disclosure·(1 − rapport) instead, whatever the news.
 */
export function updateRelationship(
  r: RelationshipState,
  appraisal: Appraisal,
  impulseValence: number,
  emotionValence: number,
  interaction: boolean,
  params: EngineParams,
  conduct?: Conduct,
): RelationshipState {
  const { goal_relevance: R, goal_congruence: g, agency: a, norm_compatibility: n } = appraisal;
  // Only events from the person change the relationship; narration and inner events (interaction = false) do not.
  const other = interaction ? (conduct ? clamp(conduct.toward, 0, 1) : Math.max(0, -a)) : 0;
  const disclosure = interaction && conduct ? clamp(conduct.disclosure, 0, 1) : 0;
  const q = R * Math.max(Math.abs(g), Math.abs(n)) * other;
  let trust = r.trust;
  if (impulseValence > 0) trust += trustGain * q * (1 - trust) * params.trustRepair;
  else if (impulseValence < 0) trust -= trustLoss * q * trust;
  const target = (emotionValence + 1) / 2;
  return {
    trust: clamp(trust, 0, 1),
    rapport: clamp(
      r.rapport + rapportRate * other * (target - r.rapport) + disclosureRate * disclosure * (1 - r.rapport),
      0,
      1,
    ),
    familiarityCount: r.familiarityCount + (interaction ? 1 : 0),
  };
}
