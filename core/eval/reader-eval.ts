/**
 * `npm run eval:reader`: the reader and the engine on data nothing was fitted to (docs/reader.md, "Figures").
 *
 * - GoEmotions dev: the expression reader alone (accuracy and macro-F1 on Ekman's groups and the 28 categories) and
 *   the engine's label end to end, folded into the groups;
 * - crowd-enVENT dev: r between a fresh character's valence change and the writer's (pleasantness −
 *   unpleasantness), the share of texts whose writer's emotion the character may fairly share (eval/families.ts),
 *   and the share of strongly felt events (pleasantness or unpleasantness ≥ 4) that move it (not calm, at least
 *   mild); on the texts as written and with their emotion words removed;
 * - EmoBank dev: r of the character's felt V, A and D with the readers' ratings;
 * - small talk (eval/small-talk.ts): the share a fresh character stays calm or faint at.
 *
 * The character is fresh, every trait at 0.5, and hears one message as a text turn through the reader appraiser.
 *
 * `-- --holdout` scores a tuning run instead (LIMBIC_TRAIN_HOLDOUT=1 npm run train:reader): the models at
 * LIMBIC_READER_OUT and LIMBIC_EVENT_OUT on the train rows that run held out, so settings are compared without
 * reading dev.
 */
import { join, resolve } from 'node:path';
import {
  groupOfCategory,
  type ReaderCategory,
  readerCategories,
  readerGroups,
} from '../src/reader/categories.js';
import type { EventModel, ReaderModel } from '../src/reader/model-format.js';
import { createReader } from '../src/reader/reader.js';
import { bankDir, crowdDir, holdout, loadBank, loadCrowd } from '../train/event-data.js';
import { dataDir, loadSplit, root } from '../train/reader-data.js';
import { lifeEvents } from './life-events.js';
import {
  bankMeasures,
  crowdMeasures,
  goMeasures,
  lifeEventMeasures,
  smallTalkMeasures,
} from './listener-eval-lib.js';
import { score } from './reader-eval-lib.js';
import { smallTalk } from './small-talk.js';

const tuning = process.argv.includes('--holdout');
let readerModel: ReaderModel;
let eventModel: EventModel;
if (tuning) {
  process.env.LIMBIC_TRAIN_HOLDOUT = '1';
  readerModel = (await import(resolve(root, process.env.LIMBIC_READER_OUT!))).readerModel;
  eventModel = (await import(resolve(root, process.env.LIMBIC_EVENT_OUT!))).eventModel;
} else {
  readerModel = (await import('../src/reader/reader-model.js')).readerModel;
  eventModel = (await import('../src/reader/event-model.js')).eventModel;
}
const reader = createReader(readerModel, eventModel);
const go = tuning
  ? holdout(loadSplit(join(dataDir(), 'train.tsv')), 10).check
  : loadSplit(join(dataDir(), 'dev.tsv'));
const crowdFolder = crowdDir();
const crowd =
  crowdFolder === null
    ? []
    : tuning
      ? holdout(loadCrowd(crowdFolder, 'train')).check
      : loadCrowd(crowdFolder, 'dev');
const bank = tuning ? holdout(loadBank(bankDir(), 'train')).check : loadBank(bankDir(), 'dev');
const where = tuning ? 'held-out train rows (tuning)' : 'dev';

const started = performance.now();
const readings = go.map((r) => reader.read(r.text));
const micros = ((performance.now() - started) * 1000) / go.length;
const goldCategories = go.map((r) => r.labels.map((l) => readerCategories[l]!));
const goldGroups = goldCategories.map((cs) => [
  ...new Set(cs.map((c) => groupOfCategory[c as ReaderCategory])),
]);
const single = go.map((r, i) => (r.labels.length === 1 ? i : -1)).filter((i) => i >= 0);
const pick = <T>(xs: readonly T[]) => single.map((i) => xs[i]!);
const line = (name: string, s: ReturnType<typeof score>) =>
  `  ${name.padEnd(40)} accuracy ${s.accuracy.toFixed(3)}   macro-F1 ${s.macroF1.toFixed(3)}`;
const groups = (s: ReturnType<typeof score>) =>
  `      per group: ${readerGroups.map((g, i) => `${g} ${s.f1[i]!.toFixed(2)}`).join(', ')}`;

console.log(
  `GoEmotions ${where}: ${go.length} rows, ${single.length} single-label; reading ${micros.toFixed(1)} µs/message`,
);
console.log('\nexpression reader alone');
console.log(
  line(
    'Ekman groups, all rows',
    score(
      readerGroups,
      readings.map((r) => r.group),
      goldGroups,
    ),
  ),
);
const readerOne = score(readerGroups, pick(readings.map((r) => r.group)), pick(goldGroups));
console.log(line('Ekman groups, single-label rows', readerOne));
console.log(groups(readerOne));
console.log(
  line(
    '28 categories, all rows',
    score(
      readerCategories,
      readings.map((r) => r.emotion),
      goldCategories,
    ),
  ),
);
console.log(
  line(
    '28 categories, single-label rows',
    score(readerCategories, pick(readings.map((r) => r.emotion)), pick(goldCategories)),
  ),
);
const e2e = goMeasures(reader, go);
console.log('\nengine end to end (discrete_emotion folded into the groups)');
console.log(line('Ekman groups, all rows', e2e.all));
console.log(line('Ekman groups, single-label rows', e2e.single));
console.log(groups(e2e.single));

if (crowd.length > 0) {
  for (const [name, text] of [
    ['as written', (r: (typeof crowd)[number]) => r.text],
    ['emotion words removed', (r: (typeof crowd)[number]) => r.hidden],
  ] as const) {
    const m = crowdMeasures(reader, crowd, text);
    console.log(`\ncrowd-enVENT ${where}, ${name}: ${m.n} texts`);
    console.log(`  r(valence change, pleasantness − unpleasantness)  ${m.valenceR.toFixed(3)}`);
    console.log(`  emotion a listener may fairly share               ${m.family.toFixed(3)}`);
    console.log(`      per writer's emotion: ${m.familyByEmotion}`);
    console.log(`  moved (not calm) by strongly felt events (${m.strong}) ${m.moved.toFixed(3)}`);
    console.log(`  moved at least mildly (intensity ≥ 0.2)           ${m.movedMildly.toFixed(3)}`);
    console.log(`  moderate or stronger (intensity ≥ 0.4)            ${m.movedModerately.toFixed(3)}`);
    console.log(`  r(intensity, writer's intensity)                  ${m.intensityR.toFixed(3)}`);
  }
}
const b = bankMeasures(reader, bank);
console.log(`\nEmoBank ${where}: ${b.n} sentences, r with readers' ratings`);
console.log(`  V ${b.V.toFixed(3)}   A ${b.A.toFixed(3)}   D ${b.D.toFixed(3)}`);
const talk = smallTalkMeasures(reader, smallTalk);
console.log(`\nsmall talk: calm or faint at ${(talk.share * 100).toFixed(0)} % of ${smallTalk.length}`);
if (talk.loud.length > 0) console.log(`  moved by: ${talk.loud.join('; ')}`);
const life = lifeEventMeasures(reader, lifeEvents);
console.log(
  `\nlife events: ${lifeEvents.length} messages; a fair feeling ${(life.fair * 100).toFixed(0)} %, moderate or stronger ${(life.moderate * 100).toFixed(0)} %, both ${(life.both * 100).toFixed(0)} %`,
);
if (life.missed.length > 0) console.log(`  missed: ${life.missed.join('; ')}`);
