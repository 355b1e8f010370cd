import type { Appraisal } from '../appraisal/appraisal.js';
import type { EmotionLabel } from './emotion-label.js';

/** What the appraisal rules may consult besides the event itself. */
export interface RuleContext {
  /** The expected goal congruence before this event (for relief). */
  expectedCongruence: number;
  trust: number;
  familiarity: number;
}

/**
 * The emotion an appraisal pattern points to, after OCC (Ortony, Clore & Collins 1988) and Scherer's (2001) modal
 * appraisal profiles, in Limbic's six dimensions. It separates the emotions that VAD alone cannot (anger vs disgust:
 * blame vs norm violation without stakes; sadness vs shame vs guilt: loss vs own failure by low vs high control).
 * Returns null when the pattern is not distinctive; then the felt VAD state alone decides.
 */
export function appraisalLabel(ap: Appraisal, ctx: RuleContext): EmotionLabel | null {
  const { goal_relevance: R, goal_congruence: g, expectedness: x, controllability: c, agency: a } = ap;
  const n = ap.norm_compatibility;
  const u = 1 - x;
  if (g >= 0.2) {
    if (a >= 0.4 && n >= 0) return 'pride';
    if (a <= -0.4) return ctx.trust > 0.7 && ctx.familiarity > 0.5 && n >= 0.3 ? 'love' : 'gratitude';
    if (ctx.expectedCongruence < -0.2) return 'relief';
    if (u >= 0.6) return g < 0.3 ? 'surprise' : 'excitement';
    if (R < 0.4) return u >= 0.4 ? 'amusement' : 'contentment';
    return 'joy';
  }
  if (g <= -0.2) {
    // Own doing: a moral failure is guilt (controllable act) or shame (the self); a plain failure is sadness.
    if (a >= 0.4) return n <= -0.3 ? (c >= 0.5 ? 'guilt' : 'shame') : 'sadness';
    if (a <= -0.3 && (c >= 0.5 || (n <= -0.3 && c >= 0.3))) return 'anger';
    if (n <= -0.5 && R < 0.5) return 'disgust';
    if (c < 0.5 && u >= 0.6) return 'fear';
    if (c < 0.5 && x > 0.3 && x < 0.7) return 'anxiety';
    return 'sadness';
  }
  if (u >= 0.7) return 'surprise';
  if (n <= -0.5) return 'disgust';
  if (a <= -0.3 && n >= 0.3 && ctx.trust > 0.6) return 'trust';
  return null;
}
