import { type Appraisal, appraisalDimensions } from '../appraisal/appraisal.js';
import type { ContributionKind, TurnAttribution } from '../engine/attribute-turn.js';

/** The numbers one sentence describes: a contribution's change per axis (exposed scale) and its detail. */
export interface SentenceInput {
  kind: ContributionKind;
  V: number;
  A: number;
  D: number;
  dimension?: keyof Appraisal;
  value?: number;
  weight?: number;
}

// Up to seven sentences a turn: their pieces are written once and kept in tables (about 2,500 short texts at
// most), so a sentence is two lookups and a join.
const dimensionNames: Record<keyof Appraisal, string> = {
  goal_relevance: 'Goal relevance',
  goal_congruence: 'Goal congruence',
  expectedness: 'Expectedness',
  controllability: 'Controllability',
  agency: 'Agency',
  norm_compatibility: 'Norm compatibility',
};
const dimensionIndex = Object.fromEntries(appraisalDimensions.map((d, i) => [d, i])) as Record<
  keyof Appraisal,
  number
>;
const axisNames = ['valence', 'arousal', 'dominance'] as const;
/** The subject of an appraisal part, by 201·dimension + 100 + value in hundredths. */
const appraisalSubjects: (string | undefined)[] = Array.from({ length: 6 * 201 }, () => undefined);
/** " lowered valence by 0.31." and the like, by 212·(2·axis + 1 when it rose) + size step. */
const moveTexts: (string | undefined)[] = Array.from({ length: 6 * 212 }, () => undefined);

/** n/100 with two decimals, n in [0, 100]: "0.00" … "1.00". */
const hundredths = Array.from({ length: 101 }, (_, n) => (n / 100).toFixed(2));

/** "Goal congruence −0.80 (weight 0.70)", with a true minus sign. */
function appraisalSubject(dimension: keyof Appraisal, value: number, weight: number): string {
  const n = Math.round(value * 100);
  const key = 201 * dimensionIndex[dimension] + 100 + n;
  let text = appraisalSubjects[key];
  if (text === undefined) {
    text = `${dimensionNames[dimension]} ${n < 0 ? '−' : ''}${(Math.abs(n) / 100).toFixed(2)} (weight ${weight.toFixed(2)})`;
    // Relevance's own part: a relevant event takes the place of the arousal and dominance felt before it.
    if (dimension === 'goal_relevance') text += ', taking the place of the earlier feeling,';
    if (n >= -100 && n <= 100) appraisalSubjects[key] = text;
  }
  return text;
}

/** " lowered valence by 0.31.": what a part did on one axis, with the sentence's full stop. */
function moveText(axis: number, value: number): string {
  const size = Math.abs(value);
  // The text depends on the size only through its rounding: two decimals, or three below 0.01.
  const small = size < 0.01;
  const step = small ? 201 + Math.round(size * 1000) : Math.round(size * 100);
  const cached = small || step <= 200;
  const key = 212 * (2 * axis + (value < 0 ? 0 : 1)) + step;
  let text = cached ? moveTexts[key] : undefined;
  if (text === undefined) {
    // Written from the step, so that every size of one step reads alike.
    const shown = small ? ((step - 201) / 1000).toFixed(3) : (step / 100).toFixed(2);
    text = ` ${value < 0 ? 'lowered' : 'raised'} ${axisNames[axis]} by ${shown}.`;
    if (cached) moveTexts[key] = text;
  }
  return text;
}

const unitNames = ['s', 'min', 'h', 'days'] as const;
/** "Time passing since the last update (5 min)", by the duration's unit and count (seconds, minutes, hours, days). */
const decaySubjects: (string | undefined)[] = Array.from({ length: 4 * 100 }, () => undefined);

function decaySubject(seconds: number): string {
  let unit = 3;
  let count = Math.round(seconds / 86_400);
  if (seconds < 90) {
    unit = 0;
    count = Math.round(seconds);
  } else if (seconds < 5400) {
    unit = 1;
    count = Math.round(seconds / 60);
  } else if (seconds < 172_800) {
    unit = 2;
    count = Math.round(seconds / 3600);
  }
  const cached = count < 100;
  let text = cached ? decaySubjects[100 * unit + count] : undefined;
  if (text === undefined) {
    text = `Time passing since the last update (${count} ${unitNames[unit]})`;
    if (cached) decaySubjects[100 * unit + count] = text;
  }
  return text;
}

/** What a contribution is, as the sentence's subject. */
function subject(part: SentenceInput, turn: TurnAttribution, amplified: boolean): string {
  switch (part.kind) {
    case 'decay':
      return decaySubject(turn.seconds);
    case 'mood':
      return 'The mood carried over from before';
    case 'appraisal':
      return appraisalSubject(part.dimension ?? 'goal_relevance', part.value ?? 0, part.weight ?? 0);
    case 'surprise':
      return 'Surprise at what was not expected (the prediction error)';
    case 'personality':
      return amplified ? 'Personality, amplifying the event,' : 'Personality, damping the event,';
    case 'needs':
      return part.V < 0 ? 'Needs going unmet' : 'Needs being met';
    case 'memory':
      return 'Memories of similar episodes';
    case 'body':
      return `The body budget (stress ${hundredths[Math.round(turn.stress * 100)]}, energy ${hundredths[Math.round(turn.energy * 100)]})`;
    case 'relationship':
      return 'The relationship with the speaker';
    case 'override':
      return 'An operator’s override since the last turn';
    case 'other':
      return 'Smaller effects together';
  }
}

/** " lowered valence by 0.31.": what a part did on the axis it moved most. */
function mainMove(V: number, A: number, D: number): string {
  const v = Math.abs(V);
  const a = Math.abs(A);
  const d = Math.abs(D);
  if (v >= a && v >= d) return v < 0.0005 ? ' changed nothing to speak of.' : moveText(0, V);
  return a >= d ? moveText(1, A) : moveText(2, D);
}

/**
 * One short English sentence for a contribution, for operators: what it was and what it did on the axis it moved
 * most ("Goal congruence −0.80 (weight 0.70) lowered valence by 0.31."; its V, A and D give all three). English only,
 * whatever the persona's language. `amplified`, for `personality`: whether the persona's gains pushed the way the
 * event did.
 */
export function contributionText(part: SentenceInput, turn: TurnAttribution, amplified = false): string {
  return subject(part, turn, amplified) + mainMove(part.V, part.A, part.D);
}
