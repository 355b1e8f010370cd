/**
 * Published appraisal profiles of emotions, translated into Limbic's six appraisal dimensions.
 *
 * These are the calibration data of the discrete-emotion labeller (`npm run calibrate:labels`) and the fixtures of
 * its acceptance test (`appraisal-profiles.test.ts`, `npm run eval:appraisal`). Every profile names its source; the
 * translation of each source's dimensions is written out once per source below and tabulated in
 * docs/emotion-model.md §7.2, so a reviewer can check every number against the paper.
 *
 * Two kinds of source:
 * - **measured**: means of people's ratings of recalled experiences (Smith & Ellsworth 1985, Table 6).
 * - **model**: a theory's stated appraisal pattern for an emotion, coded with the shared level table
 *   {@link level} (Roseman et al. 1996; Ellsworth & Smith 1988; Smith & Lazarus 1993; Kuppens et al. 2003;
 *   Lazarus 1991; Weiner 1985; Ortony, Clore & Collins 1988).
 *
 * A dimension a source does not state is **missing**: it does not shape that label's prototype, and the fixture run
 * sends the neutral value for it ({@link neutralFill}).
 *
 * Deliberately not used: Scherer's (2001) modal profiles are kept aside for evaluation by the maintainers. People's
 * own appraisal ratings (crowd-enVENT train) enter the calibration separately (core/eval/crowd-appraisals.ts), not as
 * profiles here. Frijda, Kuipers & ter Schure (1989) could not be transcribed: only the
 * abstract is reachable from this machine, and its per-emotion means are not reproduced here from memory.
 */
import type { Appraisal } from '../src/appraisal/appraisal.js';
import type { EmotionLabel } from '../src/labels/emotion-label.js';

/** The six dimensions in the interface's order, with Limbic's names. */
export type Dim = keyof Appraisal;

/** A source of profiles. */
export interface ProfileSource {
  id: SourceId;
  citation: string;
  kind: 'measured' | 'model' | 'design';
}

/** One published profile, translated. */
export interface AppraisalProfile {
  source: SourceId;
  /** The source's own emotion term, as the profile is named (with a qualifier where a source has several). */
  emotion: string;
  /** The emotion term the profile belongs to (profiles of the same term from different sources pool). */
  term: Term;
  /** The Limbic labels of that emotion's family: the profile is a hit when the engine names one of them. */
  family: readonly EmotionLabel[];
  /** The translated dimensions the source states. Missing dimensions are absent. */
  given: Partial<Appraisal>;
  /**
   * An earlier appraisal that sets the expectation, for emotions the source defines against one (relief: a
   * distressing state that changed for the better). The fixture run sends it first, then the profile.
   */
  priors?: readonly Appraisal[];
  /**
   * The relationship the profile presupposes (love and trust: someone close); the fixture run uses a fresh
   * character, so these profiles are scored in this context only by the appraisal-level calibration.
   */
  relationship?: { trust: number; familiarity: number };
  /** The source's own numbers or levels, for the docs' table. */
  raw: Record<string, number | string>;
}

export type SourceId =
  | 'smith-ellsworth-1985'
  | 'roseman-1996'
  | 'ellsworth-smith-1988'
  | 'smith-lazarus-1993'
  | 'kuppens-2003'
  | 'lazarus-1991'
  | 'weiner-1985'
  | 'occ-1988'
  | 'limbic-design';

/** The published sources, in the order of the docs' table. */
export const sources: readonly ProfileSource[] = [
  {
    id: 'smith-ellsworth-1985',
    citation:
      'Smith, C. A., & Ellsworth, P. C. (1985). Patterns of cognitive appraisal in emotion. JPSP, 48(4), 813–838. Table 6.',
    kind: 'measured',
  },
  {
    id: 'roseman-1996',
    citation:
      'Roseman, I. J., Antoniou, A. A., & Jose, P. E. (1996). Appraisal determinants of emotions: constructing a more accurate and comprehensive theory. Cognition and Emotion, 10(3), 241–278. Revised model.',
    kind: 'model',
  },
  {
    id: 'ellsworth-smith-1988',
    citation:
      'Ellsworth, P. C., & Smith, C. A. (1988). From appraisal to emotion: differences among unpleasant feelings. Motivation and Emotion, 12(3), 271–302.',
    kind: 'model',
  },
  {
    id: 'smith-lazarus-1993',
    citation:
      'Smith, C. A., & Lazarus, R. S. (1993). Appraisal components, core relational themes, and the emotions. Cognition and Emotion, 7(3–4), 233–269.',
    kind: 'model',
  },
  {
    id: 'kuppens-2003',
    citation:
      'Kuppens, P., Van Mechelen, I., Smits, D. J. M., & De Boeck, P. (2003). The appraisal basis of anger: specificity, necessity, and sufficiency of components. Emotion, 3(3), 254–269.',
    kind: 'model',
  },
  {
    id: 'lazarus-1991',
    citation:
      'Lazarus, R. S. (1991). Emotion and Adaptation. Oxford University Press. Core relational themes.',
    kind: 'model',
  },
  {
    id: 'weiner-1985',
    citation:
      'Weiner, B. (1985). An attributional theory of achievement motivation and emotion. Psychological Review, 92(4), 548–573.',
    kind: 'model',
  },
  {
    id: 'occ-1988',
    citation:
      'Ortony, A., Clore, G. L., & Collins, A. (1988). The Cognitive Structure of Emotions. Cambridge University Press. Emotion types.',
    kind: 'model',
  },
];

/** The value a fixture run sends for a dimension the source does not state: the neutral appraisal, relevance 0.8. */
export const neutralValues: Appraisal = {
  goal_relevance: 0.8, // level.relevant
  goal_congruence: 0,
  expectedness: 0.5,
  controllability: 0.5,
  agency: 0,
  norm_compatibility: 0,
};

/** Fills the missing dimensions of a profile with {@link neutralValues}. */
export function neutralFill(given: Partial<Appraisal>): Appraisal {
  return { ...neutralValues, ...given };
}

// ---------------------------------------------------------------------------------------------------------------
// Families: which Limbic labels count as a hit for a source emotion. The 19 labels' own names map to themselves;
// source emotions without a label of their own go to their family in Shaver et al.'s (1987) prototype hierarchy
// (frustration, irritation, dislike → anger; distress, despair, hopelessness → sadness; guilt, shame, regret and
// remorse form one subcluster of sadness; hope → joy).
// ---------------------------------------------------------------------------------------------------------------

const joyFamily = [
  'joy',
  'excitement',
  'contentment',
  'amusement',
] as const satisfies readonly EmotionLabel[];
const affection = ['gratitude', 'love', 'trust'] as const satisfies readonly EmotionLabel[];

/** Family of each source emotion term used below. */
export const families = {
  anger: ['anger'],
  frustration: ['anger'],
  dislike: ['anger', 'disgust'],
  contempt: ['disgust'],
  disgust: ['disgust'],
  reproach: ['disgust'],
  fear: ['fear', 'anxiety'],
  anxiety: ['anxiety', 'fear'],
  sadness: ['sadness'],
  distress: ['sadness'],
  hopelessness: ['sadness'],
  regret: ['sadness', 'guilt', 'shame'],
  guilt: ['guilt'],
  remorse: ['guilt'],
  shame: ['shame'],
  'self-reproach': ['shame', 'guilt'],
  joy: joyFamily,
  happiness: joyFamily,
  satisfaction: joyFamily,
  hope: joyFamily,
  interest: ['excitement', 'joy', 'surprise'],
  challenge: ['excitement', 'joy', 'pride'],
  pride: ['pride'],
  gratification: ['pride'],
  gratitude: ['gratitude'],
  liking: affection,
  admiration: affection,
  relief: ['relief'],
  surprise: ['surprise'],
  boredom: ['numbness', 'calm'],
  calm: ['calm'],
  numbness: ['numbness'],
  contentment: ['contentment'],
  amusement: ['amusement'],
  excitement: ['excitement'],
  love: ['love'],
  trust: ['trust'],
} as const satisfies Record<string, readonly EmotionLabel[]>;

/** An emotion term of the sources. */
export type Term = keyof typeof families;

// ---------------------------------------------------------------------------------------------------------------
// Shared coding of categorical levels (model sources). One table for every source, so a level means the same
// number wherever it appears. Values follow the interface's anchors: relevance 0.5 "clearly matters"; congruence
// ±0.7 clearly good or bad; expectedness 0 shocking, 0.5 normal, 1 routine; controllability 0 helpless, 1 can
// resolve; agency +1 self, −1 external; norm −1 cruel/unfair, +1 kind/admirable.
// ---------------------------------------------------------------------------------------------------------------

export const level = {
  /** Any emotion's antecedent is motivationally relevant (Lazarus 1991: relevance is necessary for emotion). */
  relevant: 0.8,
  /** Motive-consistent, desirable, goal-congruent. */
  congruent: 0.7,
  /** Motive-inconsistent, undesirable, goal-incongruent: a goal blocked or a loss. */
  incongruent: -0.7,
  /**
   * An intrinsic ("characterological") problem: something is aversive because of what it is, not because it blocks
   * a goal (Roseman 1996's problem type). Less goal-incongruent than an obstacle, and a breach of standards.
   */
  intrinsicBad: -0.4,
  /**
   * A prospect rather than an outcome: harm or good that may still come (OCC's prospect-based emotions, whose
   * intensity grows with likelihood). Less congruent or incongruent than the outcome itself would be.
   */
  threat: -0.5,
  promise: 0.5,
  /** Unexpected, sudden. */
  unexpected: 0.1,
  /** An uncertain outcome or prospect. */
  uncertain: 0.3,
  /** Anticipated but not yet certain: a threat one sees coming (Lazarus's "uncertain, existential" threat). */
  anticipated: 0.5,
  /**
   * Certain, confirmed, or stable: it is so and will stay so. 0.75 rather than the scale's 1 ("routine"): in the
   * measured source the most certain emotions' means reach 0.65 (happiness), and "certain" is not "routine".
   */
  certain: 0.75,
  lowControl: 0.2,
  highControl: 0.8,
  self: 0.9,
  other: -0.9,
  /** Impersonal circumstances or chance: external, but nobody's doing. */
  circumstances: -0.5,
  /** A breach of a moral norm or of fairness: blameworthy, unfair, an offence. */
  breach: -0.6,
  /** Badness of what someone or something is (characterological): the standards themselves are violated. */
  intrinsicBreach: -0.8,
  /** Praiseworthy, kind, admirable. */
  praiseworthy: 0.6,
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Smith & Ellsworth (1985), Table 6: mean factor scores of 15 recalled emotions on the six recovered dimensions.
// Column conventions of the table: pleasantness high = UNpleasant; responsibility high = self, low = other person;
// certainty high = UNcertain; attention high = wanted to attend; effort high = much effort anticipated;
// situational control high = circumstances beyond anyone's control, low = under human control.
// Entered by hand: the paper's full text is not reachable from the development machine. An independent public
// transcription of seven rows (happiness, sadness, anger, fear, disgust, shame, guilt) agrees with these values except
// shame's and guilt's responsibility, which it gives as 1.31 for both (here 1.13 and 1.15); after translation both
// are strongly self-caused either way (0.75 and 0.77 against 0.87).
// ---------------------------------------------------------------------------------------------------------------

interface SmithEllsworthRow {
  pleasantness: number;
  responsibility: number;
  certainty: number;
  attention: number;
  effort: number;
  situational: number;
}

const seTable: Record<string, [Term, SmithEllsworthRow]> = {
  happiness: ['happiness', row(-1.46, 0.09, -0.46, 0.15, -0.33, -0.21)],
  sadness: ['sadness', row(0.87, -0.36, 0.0, -0.21, -0.14, 1.15)],
  anger: ['anger', row(0.85, -0.94, -0.29, 0.12, 0.53, -0.96)],
  boredom: ['boredom', row(0.34, -0.19, -0.35, -1.27, -1.19, 0.12)],
  challenge: ['challenge', row(-0.37, 0.44, -0.01, 0.52, 1.19, -0.2)],
  hope: ['hope', row(-0.5, 0.15, 0.46, 0.31, -0.18, 0.35)],
  fear: ['fear', row(0.44, -0.17, 0.73, 0.03, 0.63, 0.59)],
  interest: ['interest', row(-1.05, -0.13, -0.07, 0.7, -0.07, 0.41)],
  contempt: ['contempt', row(0.89, -0.5, -0.12, 0.08, -0.07, -0.63)],
  disgust: ['disgust', row(0.38, -0.5, -0.39, -0.96, 0.06, -0.19)],
  frustration: ['frustration', row(0.88, -0.37, -0.08, 0.6, 0.48, 0.22)],
  surprise: ['surprise', row(-1.35, -0.97, 0.73, 0.4, -0.66, 0.15)],
  pride: ['pride', row(-1.25, 0.81, -0.32, 0.02, -0.31, -0.46)],
  shame: ['shame', row(0.73, 1.13, 0.21, -0.11, 0.07, -0.07)],
  guilt: ['guilt', row(0.6, 1.15, -0.15, -0.36, 0.0, -0.29)],
};

function row(
  pleasantness: number,
  responsibility: number,
  certainty: number,
  attention: number,
  effort: number,
  situational: number,
): SmithEllsworthRow {
  return { pleasantness, responsibility, certainty, attention, effort, situational };
}

const clamp = (x: number, lo: number, hi: number) => (x < lo ? lo : x > hi ? hi : x);
const round3 = (x: number) => Math.round(x * 1000) / 1000;

/**
 * Translation of a Smith & Ellsworth factor-score row. The factor scores are z-scores whose emotion means span about
 * ±1.5, so ±1.5 is mapped onto the ends of a bipolar dimension (x/1.5) and onto 0.5 ± 0.5 of a unipolar one (x/3).
 * - goal_congruence = −pleasantness/1.5
 * - goal_relevance = 0.8 + (attention + effort)/6: recalled emotions are relevant (0.8, as for model sources); wanting
 *   to look away and expecting no effort (boredom, disgust) lower it
 * - expectedness = 0.5 − certainty/3 (uncertain → unexpected)
 * - controllability = 0.5 − situational/3 (under human control → controllable; circumstances → not)
 * - agency = responsibility/1.5 − 0.5·clamp(situational/1.5, 0, 1): self (+) versus another person (−), plus the
 *   external share of circumstances at the coded level of circumstances (−0.5, {@link level}); Limbic's agency
 *   counts fate as external too, but less than a person's doing
 * - norm_compatibility: not among the six factors → missing
 */
export function translateSmithEllsworth(r: SmithEllsworthRow): Partial<Appraisal> {
  return {
    goal_relevance: round3(clamp(0.8 + (r.attention + r.effort) / 6, 0, 1)),
    goal_congruence: round3(clamp(-r.pleasantness / 1.5, -1, 1)),
    expectedness: round3(clamp(0.5 - r.certainty / 3, 0, 1)),
    controllability: round3(clamp(0.5 - r.situational / 3, 0, 1)),
    agency: round3(clamp(r.responsibility / 1.5 - 0.5 * clamp(r.situational / 1.5, 0, 1), -1, 1)),
  };
}

const smithEllsworth: AppraisalProfile[] = Object.entries(seTable).map(([emotion, [term, r]]) => ({
  source: 'smith-ellsworth-1985',
  emotion,
  term,
  family: families[term],
  given: translateSmithEllsworth(r),
  raw: { ...r },
}));

// ---------------------------------------------------------------------------------------------------------------
// Model sources, coded with the shared levels.
// ---------------------------------------------------------------------------------------------------------------

const L = level;

function model(
  source: SourceId,
  emotion: string,
  term: Term,
  given: Partial<Appraisal>,
  raw: Record<string, string>,
  prior?: Appraisal,
): AppraisalProfile {
  const profile: AppraisalProfile = { source, emotion, term, family: families[term], given, raw };
  if (prior) profile.priors = [prior, prior];
  return profile;
}

/**
 * Roseman, Antoniou & Jose (1996), revised model: which appraisals cause 17 emotions. Appraisals: unexpectedness,
 * situational state (motive-consistent/-inconsistent), motivational state (appetitive/aversive), probability
 * (uncertain/certain), control potential (low/high), problem type (non-characterological/characterological) and
 * agency (circumstances/other person/self). Motivational state has no Limbic dimension; for relief (motive-consistent
 * and aversive: a punishment avoided or removed) it is the prior threat.
 */
const roseman: AppraisalProfile[] = (() => {
  const s = 'roseman-1996' as const;
  // Circumstances are nobody's conduct, so no norm is at stake: a circumstance-caused problem that is not intrinsic
  // has norm compatibility 0 (stated, not missing).
  const circ = { agency: L.circumstances, norm_compatibility: 0 };
  const other = { agency: L.other };
  const self = { agency: L.self };
  const threat = neutralFill({ goal_congruence: L.incongruent, expectedness: L.uncertain });
  return [
    // Surprise is caused by unexpectedness whatever the other appraisals: the model's "either state" is coded as
    // the midpoint of congruence (neither consistent nor inconsistent).
    model(
      s,
      'surprise',
      'surprise',
      { goal_congruence: 0, expectedness: L.unexpected },
      {
        unexpectedness: 'unexpected',
        state: 'either',
      },
    ),
    model(
      s,
      'hope',
      'hope',
      { ...circ, goal_congruence: L.promise, expectedness: L.uncertain },
      {
        agency: 'circumstances',
        state: 'motive-consistent',
        probability: 'uncertain',
      },
    ),
    model(
      s,
      'joy',
      'joy',
      { ...circ, goal_congruence: L.congruent, expectedness: L.certain },
      {
        agency: 'circumstances',
        state: 'motive-consistent',
        motive: 'appetitive',
        probability: 'certain',
      },
    ),
    model(
      s,
      'relief',
      'relief',
      { ...circ, goal_congruence: L.congruent, expectedness: L.certain },
      { agency: 'circumstances', state: 'motive-consistent', motive: 'aversive', probability: 'certain' },
      threat,
    ),
    model(
      s,
      'fear',
      'fear',
      { ...circ, goal_congruence: L.threat, expectedness: L.uncertain, controllability: L.lowControl },
      { agency: 'circumstances', state: 'motive-inconsistent', probability: 'uncertain', control: 'low' },
    ),
    model(
      s,
      'sadness',
      'sadness',
      { ...circ, goal_congruence: L.incongruent, expectedness: L.certain, controllability: L.lowControl },
      {
        agency: 'circumstances',
        state: 'motive-inconsistent',
        motive: 'appetitive',
        probability: 'certain',
        control: 'low',
      },
    ),
    model(
      s,
      'distress',
      'distress',
      { ...circ, goal_congruence: L.incongruent, expectedness: L.certain, controllability: L.lowControl },
      {
        agency: 'circumstances',
        state: 'motive-inconsistent',
        motive: 'aversive',
        probability: 'certain',
        control: 'low',
      },
    ),
    model(
      s,
      'frustration',
      'frustration',
      { ...circ, goal_congruence: L.incongruent, controllability: L.highControl },
      {
        agency: 'circumstances',
        state: 'motive-inconsistent',
        control: 'high',
        problem: 'non-characterological',
      },
    ),
    model(
      s,
      'disgust',
      'disgust',
      {
        agency: L.circumstances,
        goal_congruence: L.intrinsicBad,
        controllability: L.highControl,
        norm_compatibility: L.intrinsicBreach,
      },
      {
        agency: 'circumstances',
        state: 'motive-inconsistent',
        control: 'high',
        problem: 'characterological',
      },
    ),
    model(
      s,
      'liking',
      'liking',
      { ...other, goal_congruence: L.congruent },
      {
        agency: 'other person',
        state: 'motive-consistent',
      },
    ),
    model(
      s,
      'dislike',
      'dislike',
      { ...other, goal_congruence: L.incongruent, controllability: L.lowControl },
      { agency: 'other person', state: 'motive-inconsistent', control: 'low' },
    ),
    model(
      s,
      'anger',
      'anger',
      { ...other, goal_congruence: L.incongruent, controllability: L.highControl },
      {
        agency: 'other person',
        state: 'motive-inconsistent',
        control: 'high',
        problem: 'non-characterological',
      },
    ),
    model(
      s,
      'contempt',
      'contempt',
      {
        ...other,
        goal_congruence: L.intrinsicBad,
        controllability: L.highControl,
        norm_compatibility: L.intrinsicBreach,
      },
      { agency: 'other person', state: 'motive-inconsistent', control: 'high', problem: 'characterological' },
    ),
    model(
      s,
      'pride',
      'pride',
      { ...self, goal_congruence: L.congruent },
      {
        agency: 'self',
        state: 'motive-consistent',
      },
    ),
    model(
      s,
      'regret',
      'regret',
      { ...self, goal_congruence: L.incongruent, controllability: L.lowControl },
      { agency: 'self', state: 'motive-inconsistent', control: 'low' },
    ),
    model(
      s,
      'guilt',
      'guilt',
      { ...self, goal_congruence: L.incongruent, controllability: L.highControl },
      { agency: 'self', state: 'motive-inconsistent', control: 'high', problem: 'non-characterological' },
    ),
    model(
      s,
      'shame',
      'shame',
      {
        ...self,
        goal_congruence: L.intrinsicBad,
        controllability: L.highControl,
        norm_compatibility: L.intrinsicBreach,
      },
      { agency: 'self', state: 'motive-inconsistent', control: 'high', problem: 'characterological' },
    ),
  ];
})();

/**
 * Ellsworth & Smith (1988): recalled unpleasant situations selected for one appraisal. The situations defined by
 * human agency or situational control were reliably associated with anger (another person responsible), guilt (self
 * responsible) and sadness (circumstances beyond anyone's control), as predicted; the situations selected for
 * certainty or attention did not differ as predicted, so they are not used.
 */
const ellsworthSmith: AppraisalProfile[] = (() => {
  const s = 'ellsworth-smith-1988' as const;
  const bad = { goal_congruence: L.incongruent };
  return [
    model(
      s,
      'anger',
      'anger',
      { ...bad, agency: L.other, controllability: L.highControl },
      {
        selected: 'another person responsible (human control)',
      },
    ),
    model(
      s,
      'guilt',
      'guilt',
      { ...bad, agency: L.self, controllability: L.highControl },
      {
        selected: 'self responsible (human control)',
      },
    ),
    model(
      s,
      'sadness',
      'sadness',
      { ...bad, agency: L.circumstances, controllability: L.lowControl, norm_compatibility: 0 },
      {
        selected: 'situational control (no one could have controlled it)',
      },
    ),
  ];
})();

/**
 * Smith & Lazarus (1993): appraisal components of four emotions, each with a core relational theme. Anger:
 * other-accountability; guilt: self-accountability; fear-anxiety: low emotion-focused coping potential (uncertain
 * whether one can cope); sadness: low future expectancy (nothing will set it right). All are motivationally relevant
 * and incongruent.
 */
const smithLazarus: AppraisalProfile[] = (() => {
  const s = 'smith-lazarus-1993' as const;
  const bad = { goal_congruence: L.incongruent };
  return [
    model(s, 'anger', 'anger', { ...bad, agency: L.other }, { accountability: 'other' }),
    model(s, 'guilt', 'guilt', { ...bad, agency: L.self }, { accountability: 'self' }),
    model(
      s,
      'fear-anxiety',
      'fear',
      { goal_congruence: L.threat, controllability: L.lowControl, expectedness: L.uncertain },
      {
        'emotion-focused coping potential': 'low',
      },
    ),
    model(
      s,
      'sadness',
      'sadness',
      { ...bad, controllability: L.lowControl, expectedness: L.certain },
      {
        'future expectancy': 'low',
        'problem-focused coping potential': 'low',
      },
    ),
  ];
})();

/**
 * Kuppens, Van Mechelen, Smits & De Boeck (2003): none of the components goal obstacle, other accountability,
 * unfairness and control was necessary or sufficient for anger; anger arose from different combinations of them.
 * Two such combinations, each without one of the first three components. The third (other accountability and
 * unfairness without a goal obstacle) is left out: in six dimensions it is the same vector as OCC's reproach, a
 * blameworthy act that does not touch one's goals, which Limbic reads as disgust (contempt family), so the two
 * sources cannot both be met; docs/emotion-model.md §7.2 says so.
 */
const kuppens: AppraisalProfile[] = (() => {
  const s = 'kuppens-2003' as const;
  return [
    model(
      s,
      'anger (obstacle + other accountability)',
      'anger',
      { goal_congruence: L.incongruent, agency: L.other },
      { 'goal obstacle': 'yes', 'other accountability': 'yes', unfairness: 'no' },
    ),
    model(
      s,
      'anger (obstacle + unfairness)',
      'anger',
      { goal_congruence: L.incongruent, norm_compatibility: L.breach },
      { 'goal obstacle': 'yes', 'other accountability': 'no', unfairness: 'yes' },
    ),
  ];
})();

/**
 * Lazarus (1991): core relational themes. Anger: a demeaning offence against me and mine. Anxiety: facing an
 * uncertain, existential threat. Fright: an immediate, concrete and overwhelming physical danger. Guilt: having
 * transgressed a moral imperative. Shame: having failed to live up to an ego-ideal. Sadness: having experienced an
 * irrevocable loss. Disgust: taking in or being too close to an indigestible object or idea. Happiness: making
 * reasonable progress toward a goal. Pride: enhancing one's ego-identity by taking credit for a valued achievement.
 * Relief: a distressing goal-incongruent condition that has changed for the better or gone away. Hope: fearing the
 * worst but yearning for better. Gratitude: appreciation of an altruistic gift.
 */
const lazarus: AppraisalProfile[] = (() => {
  const s = 'lazarus-1991' as const;
  const distressing = neutralFill({ goal_congruence: L.incongruent, expectedness: L.certain });
  return [
    model(
      s,
      'anger',
      'anger',
      { goal_congruence: L.incongruent, agency: L.other, norm_compatibility: L.breach },
      { theme: 'a demeaning offence against me and mine' },
    ),
    model(
      s,
      'anxiety',
      'anxiety',
      { goal_congruence: L.threat, expectedness: L.anticipated },
      { theme: 'facing an uncertain, existential threat' },
    ),
    model(
      s,
      'fright',
      'fear',
      {
        goal_congruence: L.incongruent,
        expectedness: L.unexpected,
        controllability: L.lowControl,
      },
      { theme: 'an immediate, concrete and overwhelming physical danger' },
    ),
    model(
      s,
      'guilt',
      'guilt',
      { goal_congruence: L.incongruent, agency: L.self, norm_compatibility: L.breach },
      { theme: 'having transgressed a moral imperative' },
    ),
    model(
      s,
      'shame',
      'shame',
      { goal_congruence: L.intrinsicBad, agency: L.self, norm_compatibility: L.intrinsicBreach },
      { theme: 'having failed to live up to an ego-ideal (what one is, not an act)' },
    ),
    model(
      s,
      'sadness',
      'sadness',
      { goal_congruence: L.incongruent, expectedness: L.certain, controllability: L.lowControl },
      { theme: 'having experienced an irrevocable loss' },
    ),
    model(
      s,
      'disgust',
      'disgust',
      { goal_congruence: L.intrinsicBad, norm_compatibility: L.intrinsicBreach },
      { theme: 'taking in or being too close to an indigestible object or idea' },
    ),
    model(
      s,
      'happiness',
      'happiness',
      { goal_congruence: L.congruent },
      {
        theme: 'making reasonable progress toward a goal',
      },
    ),
    model(
      s,
      'pride',
      'pride',
      { goal_congruence: L.congruent, agency: L.self, norm_compatibility: L.praiseworthy },
      { theme: 'taking credit for a valued achievement' },
    ),
    model(
      s,
      'relief',
      'relief',
      { goal_congruence: L.congruent },
      { theme: 'a distressing condition that changed for the better or went away' },
      distressing,
    ),
    model(
      s,
      'hope',
      'hope',
      { goal_congruence: L.promise, expectedness: L.uncertain },
      { theme: 'fearing the worst but yearning for better' },
    ),
    model(
      s,
      'gratitude',
      'gratitude',
      { goal_congruence: L.congruent, agency: L.other, norm_compatibility: L.praiseworthy },
      { theme: 'appreciation of an altruistic gift' },
    ),
  ];
})();

/**
 * Weiner (1985): emotions from the attributions of an outcome. Success attributed to oneself → pride; to another's
 * help → gratitude. Failure caused by another who could have done otherwise (controllable by them: blameworthy) →
 * anger; by oneself through a controllable cause (effort) → guilt; by oneself through an uncontrollable cause
 * (ability) → shame; by a stable cause (it will stay so) → hopelessness.
 */
const weiner: AppraisalProfile[] = (() => {
  const s = 'weiner-1985' as const;
  return [
    model(
      s,
      'pride',
      'pride',
      { goal_congruence: L.congruent, agency: L.self },
      {
        outcome: 'success',
        locus: 'internal',
      },
    ),
    model(
      s,
      'gratitude',
      'gratitude',
      { goal_congruence: L.congruent, agency: L.other },
      {
        outcome: 'success',
        locus: 'external, another person’s volitional help',
      },
    ),
    model(
      s,
      'anger',
      'anger',
      { goal_congruence: L.incongruent, agency: L.other, norm_compatibility: L.breach },
      { outcome: 'failure', locus: 'external', controllability: 'controllable by the other (blameworthy)' },
    ),
    model(
      s,
      'guilt',
      'guilt',
      { goal_congruence: L.incongruent, agency: L.self, controllability: L.highControl },
      { outcome: 'failure', locus: 'internal', controllability: 'controllable (effort)' },
    ),
    model(
      s,
      'shame',
      'shame',
      { goal_congruence: L.incongruent, agency: L.self, controllability: L.lowControl },
      { outcome: 'failure', locus: 'internal', controllability: 'uncontrollable (ability)' },
    ),
    model(
      s,
      'hopelessness',
      'hopelessness',
      { goal_congruence: L.incongruent, expectedness: L.certain, controllability: L.lowControl },
      { outcome: 'failure', stability: 'stable' },
    ),
  ];
})();

/**
 * Ortony, Clore & Collins (1988): emotion types by their eliciting conditions. Event-based: joy and distress
 * (desirable or undesirable event), hope and fear (prospect of one); agent-based: pride, self-reproach (OCC's
 * "shame", which covers guilt too), admiration, reproach (praise- or blameworthy act of self or other); compounds:
 * gratification (pride + joy), remorse (self-reproach + distress), gratitude (admiration + joy), anger (reproach +
 * distress). Fortunes-of-others and attraction types need dimensions Limbic does not have and are left out.
 */
const occ: AppraisalProfile[] = (() => {
  const s = 'occ-1988' as const;
  return [
    // Joy and distress are about an event that has happened (OCC's well-being types), hope and fear about a prospect:
    // the first are coded certain, the second uncertain.
    model(
      s,
      'joy',
      'joy',
      { goal_congruence: L.congruent, expectedness: L.certain },
      {
        event: 'desirable, actual',
      },
    ),
    model(
      s,
      'distress',
      'distress',
      { goal_congruence: L.incongruent, expectedness: L.certain },
      {
        event: 'undesirable, actual',
      },
    ),
    model(
      s,
      'hope',
      'hope',
      { goal_congruence: L.promise, expectedness: L.uncertain },
      {
        event: 'prospect of a desirable event',
      },
    ),
    // OCC's fear is the prospect-based type: a threat anticipated, not present, which is what Limbic calls anxiety
    // (issue 11: anxiety when the threat is anticipated rather than present). Its family is fear or anxiety.
    model(
      s,
      'fear (prospect-based)',
      'anxiety',
      { goal_congruence: L.threat, expectedness: L.uncertain },
      {
        event: 'prospect of an undesirable event',
      },
    ),
    model(
      s,
      'pride',
      'pride',
      { agency: L.self, norm_compatibility: L.praiseworthy },
      {
        action: 'praiseworthy, self',
      },
    ),
    model(
      s,
      'shame (self-reproach)',
      'self-reproach',
      { agency: L.self, norm_compatibility: L.breach },
      { action: 'blameworthy, self' },
    ),
    model(
      s,
      'admiration',
      'admiration',
      { agency: L.other, norm_compatibility: L.praiseworthy },
      {
        action: 'praiseworthy, other',
      },
    ),
    model(
      s,
      'reproach',
      'reproach',
      { agency: L.other, norm_compatibility: L.breach },
      {
        action: 'blameworthy, other',
      },
    ),
    model(
      s,
      'gratification',
      'gratification',
      { goal_congruence: L.congruent, agency: L.self, norm_compatibility: L.praiseworthy },
      { action: 'praiseworthy, self', event: 'desirable' },
    ),
    model(
      s,
      'remorse',
      'remorse',
      { goal_congruence: L.incongruent, agency: L.self, norm_compatibility: L.breach },
      { action: 'blameworthy, self', event: 'undesirable' },
    ),
    model(
      s,
      'gratitude',
      'gratitude',
      { goal_congruence: L.congruent, agency: L.other, norm_compatibility: L.praiseworthy },
      { action: 'praiseworthy, other', event: 'desirable' },
    ),
    model(
      s,
      'anger',
      'anger',
      { goal_congruence: L.incongruent, agency: L.other, norm_compatibility: L.breach },
      { action: 'blameworthy, other', event: 'undesirable' },
    ),
  ];
})();

/** Every profile, grouped by source in {@link sources} order. */
export const profiles: readonly AppraisalProfile[] = [
  ...smithEllsworth,
  ...roseman,
  ...ellsworthSmith,
  ...smithLazarus,
  ...kuppens,
  ...lazarus,
  ...weiner,
  ...occ,
];

/**
 * Limbic's design profiles: the patterns issue 11 asks the labeller to separate, coded with the same level table,
 * plus the labels no published source profiles (calm, contentment, amusement, excitement, love, trust, numbness).
 * They are calibration data like the published profiles but are not one of them: they are reported on their own
 * and never counted in the published sources' hit rates. The canonical appraisals of the test suite
 * (core/test/fixtures.ts) are separate vectors and stay an independent test.
 */
export const designProfiles: readonly AppraisalProfile[] = (() => {
  const s = 'limbic-design' as const;
  const d = (
    emotion: string,
    term: Term,
    given: Partial<Appraisal>,
    wording: string,
    prior?: Appraisal,
  ): AppraisalProfile => model(s, emotion, term, given, { wording }, prior);
  const threat = neutralFill({ goal_congruence: L.incongruent, expectedness: L.uncertain });
  return [
    d(
      'fear',
      'fear',
      {
        goal_congruence: L.incongruent,
        expectedness: L.unexpected,
        controllability: L.lowControl,
        agency: L.circumstances,
      },
      'other- or circumstance-caused, low control, uncertain outcome, urgency',
    ),
    d(
      'anxiety',
      'anxiety',
      {
        goal_congruence: L.threat,
        expectedness: L.anticipated,
        controllability: L.lowControl,
        agency: L.circumstances,
      },
      'the threat is anticipated rather than present',
    ),
    d(
      'sadness',
      'sadness',
      {
        goal_congruence: L.incongruent,
        expectedness: L.certain,
        controllability: L.lowControl,
        agency: L.circumstances,
        norm_compatibility: 0,
      },
      'loss, no one to blame or fate, low control, high certainty',
    ),
    d(
      'anger',
      'anger',
      {
        goal_congruence: L.incongruent,
        controllability: L.highControl,
        agency: L.other,
        norm_compatibility: L.breach,
      },
      'other-caused, norm-violating, with enough control or power to act',
    ),
    d(
      'irritation',
      'frustration',
      {
        goal_congruence: L.incongruent,
        controllability: L.lowControl,
        agency: L.other,
        norm_compatibility: L.breach,
      },
      'irritation when weaker',
    ),
    d(
      'disgust',
      'disgust',
      { goal_relevance: 0.4, goal_congruence: L.intrinsicBad, norm_compatibility: L.intrinsicBreach },
      'norm violation and aversion with low personal goal stakes',
    ),
    d(
      'contempt',
      'contempt',
      {
        goal_relevance: 0.4,
        goal_congruence: L.intrinsicBad,
        controllability: L.highControl,
        agency: L.other,
        norm_compatibility: L.intrinsicBreach,
      },
      'contempt when the other is judged inferior',
    ),
    d(
      'guilt',
      'guilt',
      {
        goal_congruence: L.incongruent,
        controllability: L.highControl,
        agency: L.self,
        norm_compatibility: L.breach,
      },
      'self-caused, norm-violating, about an act that can be repaired (control)',
    ),
    d(
      'shame',
      'shame',
      {
        goal_congruence: L.incongruent,
        controllability: L.lowControl,
        agency: L.self,
        norm_compatibility: L.breach,
      },
      'self-caused, norm-violating, about the self (low control, exposure)',
    ),
    d('pride', 'pride', { goal_congruence: L.congruent, agency: L.self }, 'own success'),
    d(
      'gratitude',
      'gratitude',
      { goal_congruence: L.congruent, agency: L.other, norm_compatibility: L.praiseworthy },
      'help or a gift from someone',
    ),
    d('joy', 'joy', { goal_congruence: L.congruent, expectedness: L.certain }, 'a good outcome'),
    d('relief', 'relief', { goal_congruence: L.congruent }, 'a feared outcome that did not come', threat),
    d('surprise', 'surprise', { goal_congruence: 0, expectedness: L.unexpected }, 'something unexpected'),
    d(
      'calm',
      'calm',
      {
        goal_relevance: 0.1,
        goal_congruence: 0.1,
        expectedness: 0.7,
        controllability: 0.6,
        agency: 0,
        norm_compatibility: 0,
      },
      'calm: nothing that matters happens (low relevance)',
    ),
    d(
      'numbness',
      'numbness',
      {
        goal_relevance: 0.2,
        goal_congruence: -0.3,
        expectedness: 0.6,
        controllability: 0.3,
        agency: 0,
        norm_compatibility: 0,
      },
      'numbness: little matters, mildly bad, nothing to be done',
    ),
    d(
      'contentment',
      'contentment',
      {
        goal_relevance: 0.35,
        goal_congruence: 0.45,
        expectedness: 0.75,
        controllability: 0.6,
        agency: 0,
        norm_compatibility: 0.2,
      },
      'contentment: a mildly good, expected state of affairs',
    ),
    d(
      'amusement',
      'amusement',
      {
        goal_relevance: 0.3,
        goal_congruence: 0.5,
        expectedness: 0.2,
        controllability: 0.6,
        agency: -0.3,
        norm_compatibility: 0,
      },
      'amusement: a harmless, unexpected incongruity',
    ),
    d(
      'excitement',
      'excitement',
      {
        goal_relevance: 0.9,
        goal_congruence: 0.7,
        expectedness: 0.3,
        controllability: 0.5,
        agency: 0,
        norm_compatibility: 0,
      },
      'excitement: a highly relevant good prospect that is still open',
    ),
    {
      ...d(
        'love',
        'love',
        { goal_relevance: 0.9, goal_congruence: 0.7, agency: L.other, norm_compatibility: L.praiseworthy },
        'love: a good act by someone close (with a close bond)',
      ),
      relationship: { trust: 0.85, familiarity: 0.8 },
    },
    {
      ...d(
        'trust',
        'trust',
        {
          goal_relevance: 0.5,
          goal_congruence: 0.3,
          expectedness: L.certain,
          agency: -0.6,
          norm_compatibility: L.praiseworthy,
        },
        'trust: another’s reliable good conduct (with an established bond)',
      ),
      relationship: { trust: 0.75, familiarity: 0.6 },
    },
  ];
})();
