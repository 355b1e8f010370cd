import type { Domain } from '../persona/hexaco.js';
import { clamp } from '../util/math.js';

/**
 * The trait levels at which personality changes what is felt (docs/emotion-model.md §11.5): agreeable from A 0.7,
 * anxious from N 0.65, steady up to N 0.35, lively from E 0.65, open from O 0.7, closed up to O 0.35.
 */
export const traitLevels = {
  agreeable: 0.7,
  anxious: 0.65,
  /** Steady is N below this. */
  steady: 0.35 + 1e-6,
  lively: 0.65,
  open: 0.7,
  /** Closed is O below this. */
  closed: 0.35 + 1e-6,
} as const;

/** The trait is at least the level (with a hair of slack for levels written in decimals). */
export function at(trait: number, level: number): boolean {
  return trait >= level - 1e-9;
}

/** Centres a trait from [0, 1] to [−1, 1]. */
export const z = (x: number) => 2 * x - 1;

/**
 * Liking of the speaker in [−1, 1]: 0.5 for a neutral character with neutral rapport (people feel with strangers
 * too), more with rapport and agreeableness, and negative for a hostile, disagreeable character, who then resents
 * the speaker's good fortune and gloats over the bad (OCC's resentment and gloating; Ortony, Clore & Collins 1988).
 */
export function liking(rapport: number, agreeableness: number): number {
  return clamp(0.5 + 1.5 * (rapport - 0.5) + 0.5 * (agreeableness - 0.5), -1, 1);
}

/**
 * Envy of the speaker's own success, [−1, 1]: low Honesty-Humility (greed, status-seeking) and low Agreeableness
 * (Ashton & Lee 2007; envy's hostile side, Smith & Kim 2007). Above `resentmentAt` a success the speaker earned is
 * resented; between `respectAt` and it, met with grudging respect.
 */
export function envyOf(p: Readonly<Record<Domain, number>>): number {
  return -(z(p.H) + z(p.A)) / 2;
}
