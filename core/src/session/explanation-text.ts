import type { Appraisal } from '../appraisal/appraisal.js';
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
  /** For `personality`: whether the persona's gains pushed the same way as the event (amplified) or against it. */
  amplified?: boolean;
}

const dimensionNames: Record<keyof Appraisal, string> = {
  goal_relevance: 'Goal relevance',
  goal_congruence: 'Goal congruence',
  expectedness: 'Expectedness',
  controllability: 'Controllability',
  agency: 'Agency',
  norm_compatibility: 'Norm compatibility',
};

const axes = [
  ['V', 'valence'],
  ['A', 'arousal'],
  ['D', 'dominance'],
] as const;

/** A signed number with a true minus sign and two decimals: `−0.80`, `0.45`. */
function signed(x: number): string {
  const text = Math.abs(x).toFixed(2);
  return x < 0 && text !== '0.00' ? `−${text}` : text;
}

/** A size: two decimals, or three below 0.01 (a part is listed only if it is at least 0.0005). */
function amount(x: number): string {
  const size = Math.abs(x);
  return size >= 0.01 ? size.toFixed(2) : size.toFixed(3);
}

function duration(seconds: number): string {
  if (seconds < 90) return `${Math.round(seconds)} s`;
  if (seconds < 5400) return `${Math.round(seconds / 60)} min`;
  if (seconds < 172_800) return `${Math.round(seconds / 3600)} h`;
  return `${Math.round(seconds / 86_400)} days`;
}

/** "lowered valence by 0.31 and raised arousal by 0.05": the one or two largest axes a part moved. */
function moves(part: SentenceInput): string {
  let first: (typeof axes)[number] | null = null;
  let second: (typeof axes)[number] | null = null;
  for (const axis of axes) {
    const size = Math.abs(part[axis[0]]);
    if (size < 0.0005) continue;
    if (first === null || size > Math.abs(part[first[0]])) {
      second = first;
      first = axis;
    } else if (second === null || size > Math.abs(part[second[0]])) second = axis;
  }
  if (first === null) return 'changed nothing to speak of';
  const say = ([key, name]: (typeof axes)[number]) =>
    `${part[key] < 0 ? 'lowered' : 'raised'} ${name} by ${amount(part[key])}`;
  return second === null ? say(first) : `${say(first)} and ${say(second)}`;
}

/** What a contribution is, as the sentence's subject. */
function subject(part: SentenceInput, turn: TurnAttribution): string {
  switch (part.kind) {
    case 'decay':
      return `Time passing since the last update (${duration(turn.seconds)})`;
    case 'mood':
      return 'The mood carried over from before';
    case 'appraisal': {
      const dimension = part.dimension ?? 'goal_relevance';
      const named = `${dimensionNames[dimension]} ${signed(part.value ?? 0)} (weight ${(part.weight ?? 0).toFixed(2)})`;
      // Relevance's own part: a relevant event takes the place of the arousal and dominance felt before it.
      return dimension === 'goal_relevance' ? `${named}, taking the place of the earlier feeling,` : named;
    }
    case 'surprise':
      return 'Surprise at what was not expected (the prediction error)';
    case 'personality':
      return part.amplified ? 'Personality, amplifying the event,' : 'Personality, damping the event,';
    case 'needs':
      return part.V < 0 ? 'Needs going unmet' : 'Needs being met';
    case 'memory':
      return 'Memories of similar episodes';
    case 'body':
      return `The body budget (stress ${turn.stress.toFixed(2)}, energy ${turn.energy.toFixed(2)})`;
    case 'relationship':
      return 'The relationship with the speaker';
    case 'other':
      return 'Smaller effects together';
  }
}

/**
 * One short English sentence for a contribution, for operators: "Goal congruence −0.80 (weight 0.70) lowered
 * valence by 0.31 and raised arousal by 0.05." (English only, whatever the persona's language.)
 */
export function contributionText(part: SentenceInput, turn: TurnAttribution): string {
  return `${subject(part, turn)} ${moves(part)}.`;
}
