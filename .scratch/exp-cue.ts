import { join } from 'node:path';
import { score } from '../core/eval/reader-eval-lib.js';
import { appraiseReading, emotionGroupOf } from '../core/src/appraisal/reading-appraisal.js';
import { readEnglish } from '../core/src/appraisal/text-appraise.js';
import { applyAppraisal } from '../core/src/engine/apply-turn.js';
import { createInitialState } from '../core/src/engine/engine-state.js';
import { deriveEngineParams } from '../core/src/persona/engine-params.js';
import { resolvePersona } from '../core/src/persona/resolve-persona.js';
import {
  groupOfCategory,
  type ReaderCategory,
  readerCategories,
  readerGroups,
} from '../core/src/reader/categories.js';
import { createReader, type Reading } from '../core/src/reader/reader.js';
import { readerModel } from '../core/src/reader/reader-model.js';
import { dataDir, loadSplit } from '../core/train/train-reader.js';

const dev = loadSplit(join(dataDir(), 'dev.tsv'));
const reader = createReader(readerModel);
const params = deriveEngineParams(
  resolvePersona({ personality: { O: 0.5, C: 0.5, E: 0.5, A: 0.5, N: 0.5, H: 0.5 } }),
);
const NORM = Number(process.env.NORM ?? -0.5),
  G = Number(process.env.G ?? -0.2),
  CONF = Number(process.env.CONF ?? 1);
function label(text: string, variant: boolean) {
  let reading: Reading = reader.read(text);
  const e = readEnglish({ description: text, source: 'user' }, {});
  if (
    variant &&
    e.english &&
    reading.group === 'neutral' &&
    reading.confidence < CONF &&
    e.appraisal.norm_compatibility <= NORM &&
    e.appraisal.goal_congruence <= G
  ) {
    reading = { ...reading, emotion: 'anger', group: 'anger' };
  }
  const { appraisal } = appraiseReading(
    reading,
    {
      addressed: e.addressed,
      aimed: e.aimed,
      agency: e.appraisal.agency,
      expectedness: e.expectationCues ? e.appraisal.expectedness : null,
      controllability: e.controlCues ? e.appraisal.controllability : null,
    },
    'user',
    { rapport: 0.5, agreeableness: 0.5 },
  );
  const out = applyAppraisal(createInitialState(params, 0), params, appraisal, {
    elapsedSeconds: 30,
    now: 30_000,
  });
  return out.after.primary;
}
const gold = dev.map((r) => [
  ...new Set(r.labels.map((l) => groupOfCategory[readerCategories[l]! as ReaderCategory])),
]);
const single = dev.map((r, i) => (r.labels.length === 1 ? i : -1)).filter((i) => i >= 0);
for (const variant of [false, true]) {
  const pred = dev.map((r) => emotionGroupOf[label(r.text, variant)]);
  const all = score(readerGroups, pred, gold);
  const one = score(
    readerGroups,
    single.map((i) => pred[i]!),
    single.map((i) => gold[i]!),
  );
  const changed = variant ? dev.filter((r) => label(r.text, false) !== label(r.text, true)).length : 0;
  console.log(
    variant ? 'variant' : 'base   ',
    all.macroF1.toFixed(4),
    one.macroF1.toFixed(4),
    'changed',
    changed,
    readerGroups.map((g, i) => `${g} ${one.f1[i]!.toFixed(2)}`).join(' '),
  );
}
for (const m of [
  'You lied to me',
  'You never listen to me.',
  'My boss yelled at me in front of everyone, it was so unfair.',
  'This traffic is driving me crazy',
  'Ugh, someone spat on the bus seat',
  "I can't believe I forgot my mom's birthday, I feel awful",
])
  console.log(m, label(m, false), label(m, true));
