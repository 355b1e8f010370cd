import type { Domain } from '../persona/hexaco.js';
import type {
  EnergyLevel,
  FamiliarityLevel,
  NeedLevel,
  RapportLevel,
  StressLevel,
  TraitName,
  TrustLevel,
} from './prompt-data.js';
import type { AttachmentStyle, NeedState } from './prompt-input.js';

/** A band index: 0 to 4 for five bands, fewer for coarser scales. */
export type Band = 0 | 1 | 2 | 3 | 4;

/** The band of a value in [0, 1] cut at .2, .4, .6 and .8. */
export function toBand(value: number): Band {
  if (value < 0.2) return 0;
  if (value < 0.4) return 1;
  if (value < 0.6) return 2;
  if (value < 0.8) return 3;
  return 4;
}

/** The band of a value in [-1, 1] cut at -.6, -.2, .2 and .6. */
export function toSignedBand(value: number): Band {
  return toBand((value + 1) / 2);
}

/** Familiarity band index: < .15 stranger, < .4 acquaintance, < .7 familiar, else close. */
export function toFamiliarityBand(value: number): 0 | 1 | 2 | 3 {
  if (value < 0.15) return 0;
  if (value < 0.4) return 1;
  if (value < 0.7) return 2;
  return 3;
}

/** Need band index against its setpoint: 0 deficit (more than .25 below), 1 low (more than .1 below), 2 satisfied. */
export function toNeedBand(value: number, setpoint: number): 0 | 1 | 2 {
  if (value < setpoint - 0.25) return 0;
  if (value < setpoint - 0.1) return 1;
  return 2;
}

/** Intensity levels in band order (defined with the labels). */
export { intensityLevels } from '../labels/emotion-label.js';

/** Energy levels in band order. */
export const energyLevels = [
  'depleted',
  'low',
  'moderate',
  'good',
  'full',
] as const satisfies readonly EnergyLevel[];

/** Stress levels in band order. */
export const stressLevels = [
  'none',
  'low',
  'moderate',
  'high',
  'severe',
] as const satisfies readonly StressLevel[];

/** Rapport levels in band order. */
export const rapportLevels = [
  'hostile',
  'cool',
  'neutral',
  'warm',
  'affectionate',
] as const satisfies readonly RapportLevel[];

/** Trust levels in band order. */
export const trustLevels = [
  'very_low',
  'low',
  'moderate',
  'high',
  'very_high',
] as const satisfies readonly TrustLevel[];

/** Familiarity levels in band order. */
export const familiarityLevels = [
  'stranger',
  'acquaintance',
  'familiar',
  'close',
] as const satisfies readonly FamiliarityLevel[];

/** Need levels in band order. */
export const needLevels = ['deficit', 'low', 'satisfied'] as const satisfies readonly NeedLevel[];

/** The needs in the order of deficit bit masks (bit 0 belonging, bit 1 competence, bit 2 autonomy). */
export const needNames = [
  'belonging',
  'competence',
  'autonomy',
] as const satisfies readonly (keyof NeedState)[];

/** Attachment styles in table order. */
export const attachmentStyles = [
  'secure',
  'anxious',
  'avoidant',
  'disorganized',
] as const satisfies readonly AttachmentStyle[];

/** The index of each attachment style in {@link attachmentStyles}. */
export const attachmentIndex: Record<AttachmentStyle, number> = {
  secure: 0,
  anxious: 1,
  avoidant: 2,
  disorganized: 3,
};

/** The HEXACO domain behind each trait name. */
export const traitDomains = {
  openness: 'O',
  conscientiousness: 'C',
  extraversion: 'E',
  agreeableness: 'A',
  emotionality: 'N',
  honesty_humility: 'H',
} as const satisfies Record<TraitName, Domain>;

/** The trait names in prompt order. */
export const traitNames = Object.keys(traitDomains) as TraitName[];

/** Rounds to two decimals, for values shown in prompt_data. */
export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
