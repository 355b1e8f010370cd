import type { AppraisalLabelModel } from '../labels/label-model.js';
import type { AttachmentStyle, NeedState } from '../prompt/prompt-input.js';
import { centre, clamp } from '../util/math.js';
import type { Domain, Facet } from './hexaco.js';
import type { EmotionConfig, ResolvedPersona, Vad } from './persona.js';

/** A VAD vector in the engine's internal space: every axis in [-1, 1] (arousal too). */
export interface Vec3 {
  V: number;
  a: number;
  D: number;
}

/**
 * Everything the dynamics need about one character, derived once from its persona: the full emotion config plus
 * personality-driven modifiers. Pure data; derive it again whenever the persona changes.
 */
export interface EngineParams {
  /** The complete emotion config: explicit overrides, the rest derived from personality. */
  config: EmotionConfig;
  /** The baseline in internal space (arousal in [-1, 1]). */
  baseline: Vec3;
  /** Weight of norm compatibility in the valence impulse: 1 + 0.3·z(sincerity, fairness). */
  normWeight: number;
  /** Arousal gain on threats (incongruent, low control): 1 + 0.3·z_fearfulness. */
  threatGain: number;
  /** Damping of arousal and dominance on other-caused harm (anger): 1 − 0.3·z(patience, gentleness). */
  angerDamping: number;
  /** Damping of dominance on own success (pride): 1 − 0.2·z_modesty. */
  prideDamping: number;
  /** Pleasure from novelty: 0.08·mean z of the four Openness facets. */
  noveltyReward: number;
  /** Pleasure gain from own success (status reward): 1 − 0.2·z_greed_avoidance. */
  statusGain: number;
  /** Dominance boost in events another person caused: 0.1·z_social_boldness. */
  socialBoldness: number;
  /** Half-life factor of unpleasant episodes: 1 + 0.5·zN (emotional inertia, Kuppens, Allen & Sheeber 2010). */
  negativeDuration: number;
  /** Half-life factor of pleasant episodes: 1 + 0.3·zE. */
  positiveDuration: number;
  /** Trust repair factor: 1 + 0.3·z_forgivingness. */
  trustRepair: number;
  /** Weight of belonging events: 1 + 0.3·z_sentimentality. */
  belongingWeight: number;
  /** Weight of competence events: 1 + 0.3·z(organization, diligence, perfectionism). */
  competenceWeight: number;
  /** SDT need setpoints (θ); a need below θ − 0.25 is a deficit. */
  needSetpoints: NeedState;
  /**
   * How readily the character takes the floor in a group, in [0, 1]: extraversion averaged with its sociability and
   * social-boldness facets (Mehl, Gosling & Pennebaker 2006: extraversion goes with talking more).
   */
  talkativeness: number;
  /** ECR attachment dimensions in [0, 1] and the resulting style (Brennan, Clark & Shaver 1998). */
  attachment: { anxiety: number; avoidance: number; style: AttachmentStyle };
  /**
   * The appraisal labeller's calibrated model; the shipped one unless replaced (for evaluation: the calibration's
   * leave-one-source-out runs the engine with models that lack a source).
   */
  labelModel?: AppraisalLabelModel;
}

type Z = Record<Domain, number>;
type ZF = Record<Facet, number>;

/** Scale of the personality baseline (k_b); keeps resting moods in the "slight" zone. */
const baselineScale = 0.5;

/**
 * Default mood from personality: Mehrabian (1996) as used by ALMA (Gebhard 2005), sign-corrected for neuroticism
 * (Mehrabian's fifth factor was emotional stability = −N), with HEXACO Emotionality standing in for N.
 */
export function personalityBaseline(z: Z, zf: ZF): Vec3 {
  const V = 0.21 * z.E + 0.59 * z.A - 0.19 * z.N;
  const a = 0.15 * z.O + 0.3 * z.A + 0.57 * z.N;
  const D = 0.25 * z.O + 0.17 * z.C + 0.6 * z.E - 0.32 * z.A;
  // Facet refinements (deviation from the domain only, so facets equal to their domain change nothing).
  const dSse = zf.social_self_esteem - z.E;
  const dLive = zf.liveliness - z.E;
  return {
    V: clamp(baselineScale * V, -1, 1),
    a: clamp(baselineScale * a + 0.1 * dLive, -1, 1),
    D: clamp(baselineScale * D + 0.15 * dSse, -1, 1),
  };
}

function mean(...xs: number[]): number {
  let s = 0;
  for (const x of xs) s += x;
  return s / xs.length;
}

/** Converts an internal VAD (arousal in [-1, 1]) to the interface's VAD (arousal in [0, 1]). */
export function toExposedVad(v: Vec3): Vad {
  return { V: v.V, A: (v.a + 1) / 2, D: v.D };
}

/** Converts the interface's VAD (arousal in [0, 1]) to internal space. */
export function toInternalVad(v: Vad): Vec3 {
  return { V: v.V, a: v.A * 2 - 1, D: v.D };
}

function attachmentStyle(anxiety: number, avoidance: number): AttachmentStyle {
  // Both dimensions at the scale midpoint or below read as secure.
  if (anxiety > 0.5 && avoidance > 0.5) return 'disorganized';
  if (anxiety > 0.5) return 'anxious';
  if (avoidance > 0.5) return 'avoidant';
  return 'secure';
}

/**
 * Derives the engine parameters of a persona: the emotion config (explicit fields win, the rest come from
 * personality as documented in docs/emotion-model.md) and the facet-driven modifiers.
 */
export function deriveEngineParams(persona: ResolvedPersona): EngineParams {
  const p = persona.personality;
  const z: Z = {
    O: centre(p.O),
    C: centre(p.C),
    E: centre(p.E),
    A: centre(p.A),
    N: centre(p.N),
    H: centre(p.H),
  };
  const zf = Object.fromEntries(Object.entries(p.facets).map(([k, v]) => [k, centre(v)])) as ZF;
  const derivedBaseline = personalityBaseline(z, zf);
  const given = persona.emotion_config;
  // Facet deviations refine the domain-level gains (Larsen & Ketelaar 1991: E → positive, N → negative reactivity).
  const config: EmotionConfig = {
    baseline: given.baseline ?? toExposedVad(derivedBaseline),
    reactivity: given.reactivity ?? clamp(0.6 * (1 - 0.15 * zf.prudence), 0, 2),
    positive_gain: given.positive_gain ?? clamp(1 + 0.4 * z.E + 0.2 * (zf.liveliness - z.E), 0, 3),
    negative_gain: given.negative_gain ?? clamp(1 + 0.5 * z.N + 0.25 * (zf.anxiety - z.N), 0, 3),
    arousal_gain: given.arousal_gain ?? clamp(1 + 0.3 * z.N + 0.15 * z.E, 0, 3),
    emotion_half_life_seconds: given.emotion_half_life_seconds ?? 90,
    mood_half_life_seconds: given.mood_half_life_seconds ?? 600,
    mood_pull: given.mood_pull ?? 0.3,
    expectation_learning_rate:
      given.expectation_learning_rate ?? clamp(0.25 * (1 + 0.3 * zf.flexibility), 0, 1),
    coping_threshold: given.coping_threshold ?? clamp(0.75 - 0.15 * z.N + 0.05 * z.C, 0, 1),
    energy_recovery_per_hour: given.energy_recovery_per_hour ?? 0.125,
    stress_half_life_seconds: given.stress_half_life_seconds ?? (7200 * (1 + 0.5 * z.N)) / 1.5,
    turn_seconds: given.turn_seconds ?? 30,
  };
  const anxiety = clamp(0.5 + 0.3 * zf.dependence + 0.2 * zf.anxiety - 0.2 * zf.social_self_esteem, 0, 1);
  // Avoidance also falls with agreeableness (Noftle & Shaver 2006: avoidance correlates negatively with A and E).
  const avoidance = clamp(0.5 - 0.3 * z.E - 0.2 * zf.sentimentality - 0.15 * z.A, 0, 1);
  return {
    config,
    baseline: given.baseline ? toInternalVad(given.baseline) : derivedBaseline,
    normWeight: 1 + 0.3 * mean(zf.sincerity, zf.fairness),
    threatGain: 1 + 0.3 * zf.fearfulness,
    angerDamping: 1 - 0.3 * mean(zf.patience, zf.gentleness),
    prideDamping: 1 - 0.2 * zf.modesty,
    noveltyReward:
      0.08 * mean(zf.inquisitiveness, zf.unconventionality, zf.aesthetic_appreciation, zf.creativity),
    statusGain: 1 - 0.2 * zf.greed_avoidance,
    socialBoldness: 0.1 * zf.social_boldness,
    talkativeness: clamp(0.5 + 0.5 * mean(z.E, zf.sociability, zf.social_boldness), 0, 1),
    negativeDuration: 1 + 0.5 * z.N,
    positiveDuration: 1 + 0.3 * z.E,
    trustRepair: 1 + 0.3 * zf.forgivingness,
    belongingWeight: 1 + 0.3 * zf.sentimentality,
    competenceWeight: 1 + 0.3 * mean(zf.organization, zf.diligence, zf.perfectionism),
    needSetpoints: {
      belonging: clamp(0.5 + 0.15 * z.E + 0.15 * zf.dependence + 0.05 * (zf.sociability - z.E), 0.1, 0.9),
      competence: clamp(0.5 + 0.2 * z.C, 0.1, 0.9),
      autonomy: clamp(0.5 + 0.15 * z.O - 0.1 * zf.dependence, 0.1, 0.9),
    },
    attachment: { anxiety, avoidance, style: attachmentStyle(anxiety, avoidance) },
  };
}
