import type { Appraisal } from '../appraisal/appraisal.js';
import type { MemoryInfluence } from '../engine/apply-turn.js';
import type { Vec3 } from '../persona/engine-params.js';
import { appraisalRows, appraisalSimilarity, rowSize } from './appraisal-rows.js';
import type { MemoryEpisode } from './episode.js';
import { forgetFloor, strengthIn, strengthsOf } from './forgetting.js';
import type { Recalled } from './recall.js';

/**
 * How memory shapes a turn's feeling (docs/memory.md, "Memory shapes feeling"), each effect bounded:
 *
 * - Sensitisation: an offence (goal_congruence and agency both below −0.2) by someone who offended before hurts
 *   more: gain = 1 + 0.5·(1 − e^(−L)), L = Σ similarity·min(1, strength) over their earlier offences alike in
 *   appraisal. Repeated mild transgressions by a partner sensitise rather than habituate ("social allergies",
 *   Cunningham et al. 2005).
 * - Expectedness: the expected appraisal moves toward the appraisals of episodes alike to this one, by
 *   w = 0.3·(1 − e^(−W)), W = Σ similarity·min(1, strength): an event like one already lived is less surprising
 *   (predictions are built from past experience; Barrett 2017, instance memory: Hintzman 1986).
 * - Reinstatement: recalling an episode brings back a little of its feeling: the emotion moves by
 *   0.1·Σ w_i·(f_i − baseline) / max(1, Σ w_i), w_i = min(1, strength)·min(1, 2·cue similarity), at most 0.15 per
 *   axis (autobiographical recall induces emotion; Mills & D'Mello 2014).
 */

/** Most the sensitisation gain adds. */
export const maxSensitisation = 0.5;
/** Most the expected appraisal moves toward similar episodes. */
export const maxExpectationShift = 0.3;
/** Share of a recalled feeling that comes back. */
export const reinstatement = 0.1;
/** Most a reinstated feeling moves any axis of the emotion. */
export const maxReinstatement = 0.15;
/** Least appraisal similarity for an episode to count as "alike". */
const minAlike = 0.3;

function isOffence(ap: Appraisal): boolean {
  return ap.goal_congruence < -0.2 && ap.agency < -0.2;
}

/** The influence of memory on one turn by `speaker` with `appraisal`; null when memory changes nothing. */
export function memoryInfluence(
  episodes: readonly MemoryEpisode[],
  appraisal: Appraisal,
  speaker: string | null,
  recalled: readonly Recalled[],
  baseline: Vec3,
  now: number,
): MemoryInfluence | null {
  const offence = isOffence(appraisal);
  let load = 0;
  let alike = 0;
  // The weighted sums of the alike episodes' appraisals, one variable per dimension: no allocation per episode.
  let relevance = 0;
  let congruence = 0;
  let expectedness = 0;
  let controllability = 0;
  let agency = 0;
  let norms = 0;
  const strengths = strengthsOf(episodes, now);
  const rows = appraisalRows(episodes);
  for (let i = 0; i < episodes.length; i++) {
    const similarity = appraisalSimilarity(appraisal, rows, i);
    if (similarity < minAlike) continue;
    const strength = strengthIn(strengths, episodes, i, now);
    if (strength < forgetFloor) continue;
    const w = similarity * Math.min(1, strength);
    const k = rowSize * i;
    alike += w;
    relevance += w * rows[k]!;
    congruence += w * rows[k + 1]!;
    expectedness += w * rows[k + 2]!;
    controllability += w * rows[k + 3]!;
    agency += w * rows[k + 4]!;
    norms += w * rows[k + 5]!;
    if (offence && episodes[i]!.speaker === speaker && isOffence(episodes[i]!.appraisal)) load += w;
  }
  let reinstate: Vec3 = { V: 0, a: 0, D: 0 };
  if (recalled.length > 0) {
    let total = 0;
    const sum = { V: 0, a: 0, D: 0 };
    for (const r of recalled) {
      const w = Math.min(1, r.strength) * Math.min(1, 2 * r.similarity);
      const f = r.episode.feeling;
      total += w;
      sum.V += w * (f.V - baseline.V);
      sum.a += w * (2 * f.A - 1 - baseline.a);
      sum.D += w * (f.D - baseline.D);
    }
    const k = reinstatement / Math.max(1, total);
    const bound = (x: number) => Math.max(-maxReinstatement, Math.min(maxReinstatement, k * x));
    reinstate = { V: bound(sum.V), a: bound(sum.a), D: bound(sum.D) };
  }
  if (alike === 0 && recalled.length === 0) return null;
  let expectation: MemoryInfluence['expectation'] = null;
  if (alike > 0) {
    const target: Appraisal = {
      goal_relevance: relevance / alike,
      goal_congruence: congruence / alike,
      expectedness: expectedness / alike,
      controllability: controllability / alike,
      agency: agency / alike,
      norm_compatibility: norms / alike,
    };
    expectation = { target, weight: maxExpectationShift * (1 - Math.exp(-alike)) };
  }
  return { gain: 1 + maxSensitisation * (1 - Math.exp(-load)), expectation, reinstate };
}
