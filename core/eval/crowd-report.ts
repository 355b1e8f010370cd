/**
 * The crowd-enVENT part of `npm run eval:appraisal`: the appraisal labeller alone on the dev split's own appraisals
 * (mapped as in core/eval/crowd-appraisals.ts), on a fresh character, before and after, by emotion family.
 */
import { emotionGroupOf } from '../src/appraisal/reading-appraisal.js';
import { classifyAppraisal } from '../src/labels/appraisal-classifier.js';
import type { AppraisalLabelModel } from '../src/labels/label-model.js';
import { type EventEmotion, eventEmotions } from '../src/reader/event-categories.js';
import { designProfiles } from '../test/appraisal-profiles.js';
import { type CaseOutcome, classifyCases, crowdLabelOf, loadCrowdCases } from './crowd-appraisals.js';
import { contextOf } from './exemplars.js';

const share = (outcomes: readonly CaseOutcome[], hit: (o: CaseOutcome) => boolean) =>
  outcomes.filter(hit).length / outcomes.length;

/** The commonest labels of some outcomes, as `anger 20, disgust 16, fear 9`. */
function commonest(outcomes: readonly CaseOutcome[], count: number): string {
  const n = new Map<string, number>();
  for (const o of outcomes) n.set(o.label, (n.get(o.label) ?? 0) + 1);
  return [...n]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, count)
    .map(([label, k]) => `${label} ${k}`)
    .join(', ');
}

/** Prints the labeller's accuracy on crowd-enVENT dev by emotion family, before and after, and its confusions. */
export function reportCrowd(before: AppraisalLabelModel, after: AppraisalLabelModel): void {
  const dev = loadCrowdCases('dev');
  if (!dev) {
    console.log('\ncrowd-enVENT is absent (or LIMBIC_CROWD_ENVENT=off): no figures on its dev split');
    return;
  }
  const runs = [classifyCases(before, dev), classifyCases(after, dev)] as const;
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`.padStart(7);
  console.log(
    "\ncrowd-enVENT dev, the writers' own appraisals (mapped, §7.2), appraisal labeller alone on a fresh character:",
  );
  console.log(
    '  hit: the label is in the family of the writer’s emotion (as for the profiles); before → after',
  );
  console.log(
    `  ${'emotion'.padEnd(11)} ${'n'.padStart(4)}  ${'before'.padStart(7)} ${'after'.padStart(7)}  after: labels`,
  );
  for (const emotion of eventEmotions) {
    const [b, a] = runs.map((r) => r.filter((o) => o.case.emotion === emotion));
    console.log(
      `  ${emotion.padEnd(11)} ${String(a!.length).padStart(4)}  ${pct(share(b!, (o) => o.hit))} ${pct(share(a!, (o) => o.hit))}  ${commonest(a!, 4)}`,
    );
  }
  const [b, a] = runs;
  console.log(
    `  ${'all'.padEnd(11)} ${String(dev.length).padStart(4)}  ${pct(share(b, (o) => o.hit))} ${pct(share(a, (o) => o.hit))}`,
  );
  const exact = (o: CaseOutcome) => o.label === crowdLabelOf[o.case.emotion];
  const group = (o: CaseOutcome) => emotionGroupOf[o.label] === emotionGroupOf[crowdLabelOf[o.case.emotion]];
  console.log(`  ${'exact label'.padEnd(17)} ${pct(share(b, exact))} ${pct(share(a, exact))}`);
  console.log(`  ${'Ekman group'.padEnd(17)} ${pct(share(b, group))} ${pct(share(a, group))}`);
  const read = (r: readonly CaseOutcome[], emotion: EventEmotion, label: string) =>
    r.filter((o) => o.case.emotion === emotion && o.label === label).length;
  const pairs: [EventEmotion, string][] = [
    ['fear', 'anger'],
    ['anger', 'fear'],
    ['disgust', 'anger'],
    ['anger', 'disgust'],
  ];
  console.log(
    `  confusions (events read as): ${pairs.map(([e, l]) => `${e} → ${l} ${read(b, e, l)} → ${read(a, e, l)}`).join('; ')}`,
  );
  // Relief and trust need a situation the corpus does not record; here each is given the one its design profile
  // presupposes. The situation comes from the writer's emotion, so this is a check of the exemplars, not a score.
  const inSituation = (model: AppraisalLabelModel, emotion: EventEmotion) => {
    const label = crowdLabelOf[emotion];
    const ctx = contextOf(designProfiles.find((p) => p.term === label)!);
    const own = dev.filter((c) => c.emotion === emotion);
    return `${own.filter((c) => classifyAppraisal(c.appraisal, ctx, model) === label).length}/${own.length}`;
  };
  console.log(
    `  in the situation their label presupposes (not a score): relief after a feared outcome ${inSituation(before, 'relief')} → ${inSituation(after, 'relief')}; trust with a bond ${inSituation(before, 'trust')} → ${inSituation(after, 'trust')}`,
  );
}
