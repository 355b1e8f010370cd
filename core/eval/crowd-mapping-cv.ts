/**
 * How the mapping of crowd-enVENT's ratings to Limbic's dimensions (core/eval/crowd-appraisals.ts) was chosen: for
 * the chosen mapping and each alternative for one dimension, the labeller is calibrated as shipped and its accuracy
 * on crowd-enVENT train by cross-validation is printed (train only; dev is for the reported figure). Run with
 * `tsx --conditions=@limbic/source core/eval/crowd-mapping-cv.ts` (a minute; docs/emotion-model.md §7.2).
 */
import type { Appraisal } from '../src/appraisal/appraisal.js';
import { designProfiles, profiles } from '../test/appraisal-profiles.js';
import { type CrowdDimension, crowdDir, loadCrowd } from '../train/event-data.js';
import { fitAttention } from './calibration.js';
import { toAppraisal } from './crowd-appraisals.js';
import { crossValidated, prepareCrowd } from './crowd-exemplars.js';

type Ratings = Readonly<Record<CrowdDimension, number>>;
const unit = (x: number) => (x - 1) / 4;

/** Alternatives for one dimension each, as rejected. */
const alternatives: Record<string, (r: Ratings) => Partial<Appraisal>> = {
  'R = goal relevance': (r) => ({ goal_relevance: unit(r.goal_relevance) }),
  'R = mean(goal relevance, attention)': (r) => ({
    goal_relevance: (unit(r.goal_relevance) + unit(r.attention)) / 2,
  }),
  'g = mean(valence, goal support)': (r) => ({
    goal_congruence: ((r.pleasantness - r.unpleasantness) / 4 + (r.goal_support - 3) / 2) / 2,
  }),
  'x = predictable': (r) => ({ expectedness: unit(r.predict_event) }),
  'x = not sudden': (r) => ({ expectedness: 1 - unit(r.suddenness) }),
  'x = mean(predictable, not sudden, familiar)': (r) => ({
    expectedness: (unit(r.predict_event) + 1 - unit(r.suddenness) + unit(r.familiarity)) / 3,
  }),
  'c = own control': (r) => ({ controllability: unit(r.self_control) }),
  'c = not chance control': (r) => ({ controllability: 1 - unit(r.chance_control) }),
  'c = mean(own, other control)': (r) => ({
    controllability: (unit(r.self_control) + unit(r.other_control)) / 2,
  }),
  'a = self − max(other, chance)': (r) => ({
    agency: unit(r.self_responsblt) - Math.max(unit(r.other_responsblt), unit(r.chance_responsblt)),
  }),
  'a = self − mean(other, chance)': (r) => ({
    agency: unit(r.self_responsblt) - (unit(r.other_responsblt) + unit(r.chance_responsblt)) / 2,
  }),
  'a = self − other': (r) => ({ agency: unit(r.self_responsblt) - unit(r.other_responsblt) }),
  'n = −standards': (r) => ({ norm_compatibility: -unit(r.standards) }),
  'n = −max(standards, norms)': (r) => ({ norm_compatibility: -unit(Math.max(r.standards, r.social_norms)) }),
};

const dir = crowdDir();
if (!dir) {
  console.log('crowd-enVENT is absent (or LIMBIC_CROWD_ENVENT=off)');
  process.exit(0);
}
const rows = loadCrowd(dir, 'train');
const score = (map: (r: Ratings) => Appraisal) => {
  const crowd = prepareCrowd(rows.map((row) => ({ emotion: row.emotion, appraisal: map(row.ratings) })))!;
  const fit = fitAttention(profiles, designProfiles, crowd);
  return crossValidated(fit.attention, fit.breadth, { published: profiles, design: designProfiles }, crowd);
};
console.log('crowd-enVENT train, accuracy by five-fold cross-validation of the calibrated labeller:');
console.log(`  ${'chosen (crowd-appraisals.ts)'.padEnd(46)} ${score(toAppraisal).toFixed(3)}`);
for (const [name, change] of Object.entries(alternatives))
  console.log(`  ${name.padEnd(46)} ${score((r) => ({ ...toAppraisal(r), ...change(r) })).toFixed(3)}`);
