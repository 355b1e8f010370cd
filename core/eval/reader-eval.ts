/**
 * `npm run eval:reader`: accuracy and macro-F1 on the GoEmotions dev split, on Ekman's groups and on the 28
 * categories, for the reader alone and for the engine's label end to end (a fresh character with every trait at
 * 0.5, one message through the reader appraiser, discrete_emotion folded into the groups). All rows count (a
 * prediction among a row's labels is a hit) and so do the single-label rows alone.
 */
import { join } from 'node:path';
import { appraiseWithReader } from '../src/appraisal/reader-appraiser.js';
import { emotionGroupOf } from '../src/appraisal/reading-appraisal.js';
import { applyAppraisal } from '../src/engine/apply-turn.js';
import { createInitialState } from '../src/engine/engine-state.js';
import { deriveEngineParams } from '../src/persona/engine-params.js';
import { resolvePersona } from '../src/persona/resolve-persona.js';
import {
  groupOfCategory,
  type ReaderCategory,
  readerCategories,
  readerGroups,
} from '../src/reader/categories.js';
import { createReader } from '../src/reader/reader.js';
import { readerModel } from '../src/reader/reader-model.js';
import { dataDir, loadSplit } from '../train/train-reader.js';
import { score } from './reader-eval-lib.js';

const dev = loadSplit(join(dataDir(), 'dev.tsv'));
const reader = createReader(readerModel);
const started = performance.now();
const readings = dev.map((r) => reader.read(r.text));
const micros = ((performance.now() - started) * 1000) / dev.length;

const params = deriveEngineParams(
  resolvePersona({ personality: { O: 0.5, C: 0.5, E: 0.5, A: 0.5, N: 0.5, H: 0.5 } }),
);
const engineGroups = dev.map((r) => {
  const { appraisal } = appraiseWithReader(reader, { description: r.text, source: 'user' }, {});
  const out = applyAppraisal(createInitialState(params, 0), params, appraisal, {
    elapsedSeconds: 30,
    now: 30_000,
  });
  return emotionGroupOf[out.after.primary];
});

const goldCategories = dev.map((r) => r.labels.map((l) => readerCategories[l]!));
const goldGroups = goldCategories.map((cs) => [
  ...new Set(cs.map((c) => groupOfCategory[c as ReaderCategory])),
]);
const single = dev.map((r, i) => (r.labels.length === 1 ? i : -1)).filter((i) => i >= 0);
const pick = <T>(xs: readonly T[]) => single.map((i) => xs[i]!);

const line = (name: string, s: ReturnType<typeof score>) =>
  `  ${name.padEnd(40)} accuracy ${s.accuracy.toFixed(3)}   macro-F1 ${s.macroF1.toFixed(3)}`;
const groups = (s: ReturnType<typeof score>) =>
  `      per group: ${readerGroups.map((g, i) => `${g} ${s.f1[i]!.toFixed(2)}`).join(', ')}`;

console.log(
  `GoEmotions dev: ${dev.length} rows, ${single.length} single-label; reading ${micros.toFixed(1)} µs/message`,
);
console.log('\nreader alone');
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
console.log('\nengine end to end (discrete_emotion folded into the groups)');
console.log(line('Ekman groups, all rows', score(readerGroups, engineGroups, goldGroups)));
const engineOne = score(readerGroups, pick(engineGroups), pick(goldGroups));
console.log(line('Ekman groups, single-label rows', engineOne));
console.log(groups(engineOne));
