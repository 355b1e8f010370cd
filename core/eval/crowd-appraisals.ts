/**
 * crowd-enVENT's events in the appraisal labeller's terms (docs/emotion-model.md §7.2): each writer's own appraisal
 * ratings (1–5) translated into Limbic's six dimensions, and the Limbic label and family of each of its 13 emotions.
 * The labeller's calibration takes exemplars from the train split; `npm run eval:appraisal` scores the labeller on
 * the dev split. Troiano, Oberländer & Klinger (2023), Computational Linguistics 49(1):1–72.
 */
import type { Appraisal } from '../src/appraisal/appraisal.js';
import { appraisalDistances, type LabelContext } from '../src/labels/appraisal-classifier.js';
import { type EmotionLabel, emotionLabels } from '../src/labels/emotion-label.js';
import type { AppraisalLabelModel } from '../src/labels/label-model.js';
import type { EventEmotion } from '../src/reader/event-categories.js';
import { families } from '../test/appraisal-profiles.js';
import { type CrowdDimension, crowdDir, loadCrowd } from '../train/event-data.js';

/**
 * The Limbic label each crowd-enVENT emotion is an exemplar of: its own where Limbic has it; boredom is numbness (as
 * for the published profiles) and no emotion is calm.
 */
export const crowdLabelOf: Readonly<Record<EventEmotion, EmotionLabel>> = {
  anger: 'anger',
  boredom: 'numbness',
  disgust: 'disgust',
  fear: 'fear',
  guilt: 'guilt',
  joy: 'joy',
  'no-emotion': 'calm',
  pride: 'pride',
  relief: 'relief',
  sadness: 'sadness',
  shame: 'shame',
  surprise: 'surprise',
  trust: 'trust',
};

/**
 * The labels that count as naming a crowd-enVENT emotion: the family of the same term among the published profiles
 * (core/test/appraisal-profiles.ts), so that both tests score alike (fear: fear or anxiety; joy: joy, excitement,
 * contentment or amusement; boredom: numbness or calm; no emotion: calm).
 */
export const crowdFamilyOf: Readonly<Record<EventEmotion, readonly EmotionLabel[]>> = {
  anger: families.anger,
  boredom: families.boredom,
  disgust: families.disgust,
  fear: families.fear,
  guilt: families.guilt,
  joy: families.joy,
  'no-emotion': families.calm,
  pride: families.pride,
  relief: families.relief,
  sadness: families.sadness,
  shame: families.shame,
  surprise: families.surprise,
  trust: families.trust,
};

const unit = (x: number) => (x - 1) / 4;

/**
 * A writer's ratings as a Limbic appraisal (docs/emotion-model.md §7.2 tabulates the choice and the alternatives
 * that cross-validation on train rejected; every rating 1–5 is scaled to 0–1 first):
 *
 * - goal_relevance: mean of goal relevance ("expected important consequences") and intensity: how much it mattered;
 * - goal_congruence: pleasantness − unpleasantness (÷4), as the event reader's valence;
 * - expectedness: mean of "could predict the event" and "not sudden";
 * - controllability: mean of the writer's own control and "not controlled by chance": the coping potential of the
 *   design profiles (anger with power, guilt over a repairable act) and the human against situational control of
 *   Smith & Ellsworth's (1985) measured profiles;
 * - agency: own responsibility − the larger of another person's and half of chance's: +1 the writer's doing, −1
 *   someone else's; chance counts half, as circumstances are coded −0.5 against another person's −0.9;
 * - norm_compatibility: −(mean of the clash with one's standards and the violation of norms or laws): a breach is
 *   negative, no breach 0 (the corpus has no scale for praiseworthy acts).
 */
export function toAppraisal(r: Readonly<Record<CrowdDimension, number>>): Appraisal {
  return {
    goal_relevance: (unit(r.goal_relevance) + unit(r.intensity)) / 2,
    goal_congruence: (r.pleasantness - r.unpleasantness) / 4,
    expectedness: (unit(r.predict_event) + 1 - unit(r.suddenness)) / 2,
    controllability: (unit(r.self_control) + 1 - unit(r.chance_control)) / 2,
    agency: unit(r.self_responsblt) - Math.max(unit(r.other_responsblt), unit(r.chance_responsblt) / 2),
    norm_compatibility: -unit((r.standards + r.social_norms) / 2),
  };
}

/** One crowd-enVENT event: the writer's emotion and their appraisal in Limbic's terms. */
export interface CrowdCase {
  emotion: EventEmotion;
  appraisal: Appraisal;
}

/** A split of crowd-enVENT as {@link CrowdCase}s, or null when the corpus is absent or LIMBIC_CROWD_ENVENT=off. */
export function loadCrowdCases(split: 'train' | 'dev'): CrowdCase[] | null {
  const dir = crowdDir();
  if (!dir) return null;
  return loadCrowd(dir, split).map((row) => ({ emotion: row.emotion, appraisal: toAppraisal(row.ratings) }));
}

/** The writer's event as it reaches a fresh character: no expectation before it, no bond (as for the profiles). */
export const freshContext: LabelContext = { expectedCongruence: 0, trust: 0.5, familiarity: 0 };

/** One case's outcome under the appraisal labeller alone. */
export interface CaseOutcome {
  case: CrowdCase;
  label: EmotionLabel;
  hit: boolean;
}

/** Labels crowd-enVENT cases with the appraisal labeller alone, on a fresh character. */
export function classifyCases(model: AppraisalLabelModel, cases: readonly CrowdCase[]): CaseOutcome[] {
  const d = new Float64Array(emotionLabels.length);
  return cases.map((c) => {
    appraisalDistances(c.appraisal, freshContext, model, d);
    let best = 0;
    for (let l = 1; l < d.length; l++) if (d[l]! < d[best]!) best = l;
    const label = emotionLabels[best]!;
    return { case: c, label, hit: crowdFamilyOf[c.emotion].includes(label) };
  });
}
