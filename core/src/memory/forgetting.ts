import { type MemoryEpisode, maxTraces } from './episode.js';

/**
 * Forgetting and rehearsal (docs/memory.md, "Forgetting"). Each trace of an episode (its encoding, and each spaced
 * recall) decays by a power law of its age (Wixted & Ebbesen 1991; the sum of traces is ACT-R's base-level
 * learning, Anderson & Schooler 1991):
 *
 *   strength(t) = Σ_j (1 + (t − t_j)/τ)^(−d_j),   d_j = max(d_floor, d · r^j),   d = d_max − (d_max − d_min)·salience
 *
 * Salient episodes decay more slowly (McGaugh 2004), and every rehearsal leaves a trace that decays more slowly than
 * the one before (retrieval practice: Roediger & Karpicke 2006; spacing: Pavlik & Anderson 2005). A recall counts as
 * rehearsal only when the last trace is at least {@link rehearsalSpacingMs} old: massed repetition within one
 * conversation adds little (Cepeda et al. 2006). Below {@link forgetFloor} the episode is gone.
 */

/** Time scale τ of the power law, ms (6 hours). */
export const decayScaleMs = 6 * 3_600_000;
/** Decay exponent of the least salient episode. */
export const maxDecay = 0.6;
/** Decay exponent of the most salient episode. */
export const minDecay = 0.36;
/** The least exponent a rehearsal trace can reach. */
export const minTraceDecay = 0.2;
/** Each rehearsal trace decays at this share of the exponent of the trace before it. */
export const rehearsalSlowing = 0.85;
/** Strength below which an episode is forgotten. */
export const forgetFloor = 0.1;
/** Least time between two recalls that both count as rehearsal, ms (one hour). */
export const rehearsalSpacingMs = 3_600_000;

/** The decay exponent of an episode's encoding trace. */
export function decayExponent(salience: number): number {
  return maxDecay - (maxDecay - minDecay) * Math.min(1, Math.max(0, salience));
}

// (1 + age/τ)^(−d), as e^(−d·ln(1 + age/τ)): the same power, about twice as fast as `**` in V8.
function trace(age: number, exponent: number): number {
  return age <= 0 ? 1 : Math.exp(-exponent * Math.log(1 + age / decayScaleMs));
}

/** An episode's strength at engine time `now` (ms): 1 when just encoded, more after rehearsal, gone below the floor. */
export function strengthAt(episode: MemoryEpisode, now: number): number {
  const d = decayExponent(episode.salience);
  let s = trace(now - episode.at, d);
  const r = episode.rehearsals;
  let exponent = d;
  for (let j = 0; j < r.length; j++) {
    exponent = Math.max(minTraceDecay, exponent * rehearsalSlowing);
    s += trace(now - r[j]!, exponent);
  }
  return s;
}

/**
 * Time since an episode's latest trace within which it is surely still remembered, whatever its salience and
 * rehearsals, ms (about 11 days): every trace decays at most at {@link maxDecay}, so the latest alone is above the
 * floor. It spares computing strengths where only "forgotten or not" matters.
 */
export const surelyRememberedMs = 0.999 * decayScaleMs * (forgetFloor ** (-1 / maxDecay) - 1);

const strengthCache = new WeakMap<readonly MemoryEpisode[], { now: number; values: Float64Array }>();

/**
 * The strengths of a list's episodes at `now`, shared by everything a turn asks of the list (recall, influence,
 * update), so each is computed at most once: NaN until read through {@link strengthIn}.
 */
export function strengthsOf(episodes: readonly MemoryEpisode[], now: number): Float64Array {
  let cached = strengthCache.get(episodes);
  if (cached === undefined || cached.now !== now) {
    cached = { now, values: new Float64Array(episodes.length).fill(Number.NaN) };
    strengthCache.set(episodes, cached);
  }
  return cached.values;
}

/** The strength of `episodes[i]` at `now`, from `values` (of {@link strengthsOf} for the same list and time). */
export function strengthIn(
  values: Float64Array,
  episodes: readonly MemoryEpisode[],
  i: number,
  now: number,
): number {
  let s = values[i]!;
  if (Number.isNaN(s)) {
    s = strengthAt(episodes[i]!, now);
    values[i] = s;
  }
  return s;
}

/** Whether an episode is still remembered at `now`. */
export function isRemembered(episode: MemoryEpisode, now: number): boolean {
  return strengthAt(episode, now) >= forgetFloor;
}

/** The time of an episode's latest trace (its encoding or last rehearsal). */
export function lastTrace(episode: MemoryEpisode): number {
  const r = episode.rehearsals;
  return r.length === 0 ? episode.at : r[r.length - 1]!;
}

/**
 * The episode after a recall at `now`: with a new trace when the last one is at least an hour old (the oldest
 * rehearsal folded away past {@link maxTraces}), else the same object (a massed repeat is not rehearsal).
 */
export function rehearse(episode: MemoryEpisode, now: number): MemoryEpisode {
  if (now - lastTrace(episode) < rehearsalSpacingMs) return episode;
  const kept = episode.rehearsals.length >= maxTraces - 1 ? episode.rehearsals.slice(1) : episode.rehearsals;
  return { ...episode, rehearsals: [...kept, now] };
}
