/**
 * `npm run eval:traits`: personality effects on appraisals in crowd-enVENT (docs/trait-effects.md). Each writer rated
 * their own event on 21 appraisal dimensions (1–5) and answered the TIPI (Gosling, Rentfrow & Swann 2003). On train,
 * confirmed on dev, it prints for each Big Five trait the correlation with key appraisals and the standardized slope
 * controlling for the event's emotion (the emotion was prompted, so it is a fixed effect, not an outcome), then
 * checks the trait effects the engine implements. Intervals are 95%: Fisher z for r, OLS for slopes. They treat
 * events as independent, though some writers wrote more than one (the ids were removed from the copy).
 */
import type { EventEmotion } from '../src/reader/event-categories.js';
import { type CrowdDimension, type CrowdRow, crowdDir, loadCrowd } from '../train/event-data.js';
import { correlation, correlationWithin, type Effect, formatEffect, slopeWithin } from './trait-stats.js';

/** The Big Five, in the TIPI's scoring. */
const traits = ['E', 'A', 'C', 'N', 'O'] as const;
type Trait = (typeof traits)[number];

/** Big Five scores 1–7: the mean of each trait's item and its reversed item (8 − x), Gosling et al. (2003). */
function bigFiveOf(t: CrowdRow['tipi']): Record<Trait, number> {
  return {
    E: (t.extravert + 8 - t.quiet) / 2,
    A: (8 - t.critical + t.sympathetic) / 2,
    C: (t.dependable + 8 - t.disorganized) / 2,
    N: (t.anxious + 8 - t.calm) / 2,
    O: (t.open + 8 - t.conventional) / 2,
  };
}

const appraisals = [
  'unpleasantness',
  'other_responsblt',
  'self_control',
  'chance_responsblt',
  'suddenness',
  'intensity',
  'standards',
] as const satisfies readonly CrowdDimension[];

const positive: readonly EventEmotion[] = ['joy', 'pride', 'relief', 'trust'];

interface Case {
  emotion: EventEmotion;
  trait: Record<Trait, number>;
  rating: Record<CrowdDimension, number>;
}

/** A hypothesis the engine implements: the effect it predicts, on which events, and its expected sign. */
interface Hypothesis {
  name: string;
  engine: string;
  sign: 1 | -1;
  effect: (cases: readonly Case[]) => Effect;
}

const on = (cases: readonly Case[], emotions: readonly EventEmotion[]) =>
  cases.filter((c) => emotions.includes(c.emotion));
const slope = (cases: readonly Case[], t: Trait, d: CrowdDimension) =>
  slopeWithin(
    cases.map((c) => c.trait[t]),
    cases.map((c) => c.rating[d]),
    cases.map((c) => c.emotion),
  );

const hypotheses: readonly Hypothesis[] = [
  {
    name: '(a) N → less own control',
    engine: 'threat reading (Tong 2010)',
    sign: -1,
    effect: (cs) => slope(cs, 'N', 'self_control'),
  },
  {
    name: '(a) N → more unpleasant',
    engine: 'negative gain (Larsen & Ketelaar 1991)',
    sign: 1,
    effect: (cs) => slope(cs, 'N', 'unpleasantness'),
  },
  {
    name: '(a) N → more intense fear',
    engine: 'threat reading, threat gain',
    sign: 1,
    effect: (cs) => slope(on(cs, ['fear']), 'N', 'intensity'),
  },
  {
    // As (e): among misfortunes nobody caused, whether the neurotic recalled theirs for the fear prompt rather than
    // for the sadness prompt.
    name: '(a) N → fear, not sadness, at misfortune',
    engine: 'neurotic: worry where others grieve (Tong 2010)',
    sign: 1,
    effect: (cs) => {
      const misfortune = on(cs, ['fear', 'sadness']).filter(
        (c) =>
          c.rating.unpleasantness >= 4 && c.rating.other_responsblt <= 2 && c.rating.self_responsblt <= 2,
      );
      return correlation(
        misfortune.map((c) => c.trait.N),
        misfortune.map((c) => (c.emotion === 'fear' ? 1 : 0)),
      );
    },
  },
  {
    name: '(b) A → less other-blame',
    engine: 'anger damping',
    sign: -1,
    effect: (cs) => slope(cs, 'A', 'other_responsblt'),
  },
  {
    name: '(b) A → less intense anger',
    engine: 'anger damping (Ashton & Lee 2007)',
    sign: -1,
    effect: (cs) => slope(on(cs, ['anger']), 'A', 'intensity'),
  },
  {
    name: '(c) E → more intense positive emotion',
    engine: 'positive gain (Larsen & Ketelaar 1991)',
    sign: 1,
    effect: (cs) => slope(on(cs, positive), 'E', 'intensity'),
  },
  {
    name: '(c) E → pleasanter positive events',
    engine: 'positive gain',
    sign: 1,
    effect: (cs) => slope(on(cs, positive), 'E', 'pleasantness'),
  },
  {
    name: '(d) O → more sudden events',
    engine: 'surprise at the unexpected',
    sign: 1,
    effect: (cs) => slope(cs, 'O', 'suddenness'),
  },
  {
    name: '(d) O → less familiar events',
    engine: 'novelty reward',
    sign: -1,
    effect: (cs) => slope(cs, 'O', 'familiarity'),
  },
  {
    name: '(d) O → more intense surprise',
    engine: 'surprise at the unexpected',
    sign: 1,
    effect: (cs) => slope(on(cs, ['surprise']), 'O', 'intensity'),
  },
  {
    // Which emotion a writer felt was prompted; among the harms others caused that the writers recalled, this asks
    // whether the agreeable recalled theirs for the sadness prompt rather than for the anger prompt.
    name: '(e) A → sadness, not anger, at harm by others',
    engine: 'agreeable: sadness when wronged (Kuppens & Van Mechelen 2007)',
    sign: 1,
    effect: (cs) => {
      const harm = on(cs, ['anger', 'sadness']).filter(
        (c) => c.rating.unpleasantness >= 4 && c.rating.other_responsblt >= 4,
      );
      return correlation(
        harm.map((c) => c.trait.A),
        harm.map((c) => (c.emotion === 'sadness' ? 1 : 0)),
      );
    },
  },
];

function verdict(sign: 1 | -1, train: Effect, dev: Effect): string {
  const holds = (e: Effect) => (sign > 0 ? e.low > 0 : e.high < 0);
  const opposite = (e: Effect) => (sign > 0 ? e.high < 0 : e.low > 0);
  if (holds(train))
    return holds(dev) ? 'holds' : Math.sign(dev.value) === sign ? 'holds (dev: n.s.)' : 'train only';
  if (opposite(train)) return 'opposite';
  return 'no effect';
}

function table(title: string, cases: readonly Case[], effect: (t: Trait, d: CrowdDimension) => Effect) {
  console.log(`\n${title}`);
  console.log(`  ${''.padEnd(3)}${appraisals.map((d) => d.padEnd(22)).join('')}`);
  for (const t of traits)
    console.log(`  ${t.padEnd(3)}${appraisals.map((d) => formatEffect(effect(t, d)).padEnd(22)).join('')}`);
  console.log(`  n = ${cases.length}`);
}

const dir = crowdDir();
if (!dir) {
  console.log('crowd-enVENT is absent (or LIMBIC_CROWD_ENVENT=off): nothing to measure');
  process.exit(0);
}
const load = (split: 'train' | 'dev'): Case[] =>
  loadCrowd(dir, split)
    .filter((r) => Object.values(r.tipi).every(Number.isFinite))
    .map((r) => ({ emotion: r.emotion, trait: bigFiveOf(r.tipi), rating: r.ratings }));
const train = load('train');
const dev = load('dev');

for (const [name, cases] of [
  ['train', train],
  ['dev', dev],
] as const) {
  table(`crowd-enVENT ${name}: r of trait and appraisal, 95% CI`, cases, (t, d) =>
    correlation(
      cases.map((c) => c.trait[t]),
      cases.map((c) => c.rating[d]),
    ),
  );
  table(
    `crowd-enVENT ${name}: standardized slope of the appraisal on the trait within the prompted emotion, 95% CI`,
    cases,
    (t, d) => slope(cases, t, d),
  );
}

let largest = { r: 0, cell: '' };
for (const t of traits)
  for (const d of appraisals) {
    const { value } = correlationWithin(
      train.map((c) => c.trait[t]),
      train.map((c) => c.rating[d]),
      train.map((c) => c.emotion),
    );
    if (Math.abs(value) > Math.abs(largest.r)) largest = { r: value, cell: `${t} × ${d}` };
  }
console.log(
  `\nlargest partial r within emotion on train: ${largest.cell} ${largest.r.toFixed(3)} (${(100 * largest.r ** 2).toFixed(2)}% of the variance)`,
);

console.log(
  '\nthe trait effects the engine implements (standardized slopes within emotion; the emotion contrasts: ' +
    'point-biserial r):',
);
console.log(`  ${'hypothesis'.padEnd(46)} ${'train'.padEnd(28)} ${'dev'.padEnd(28)} verdict`);
for (const h of hypotheses) {
  const t = h.effect(train);
  const d = h.effect(dev);
  const cell = (e: Effect) => `${formatEffect(e)} n=${e.n}`.padEnd(28);
  console.log(`  ${h.name.padEnd(46)} ${cell(t)} ${cell(d)} ${verdict(h.sign, t, d)}`);
  console.log(`      engine: ${h.engine}`);
}
