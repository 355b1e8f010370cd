/**
 * `npm run eval:reader`: accuracy and macro-F1 of the offline reader on the GoEmotions dev split, on Ekman's groups
 * and on the 28 categories; on all rows (several gold labels count as one hit when the prediction is among them)
 * and on the single-label rows.
 */
import { join } from 'node:path';
import {
  groupOfCategory,
  type ReaderCategory,
  readerCategories,
  readerGroups,
} from '../src/reader/categories.js';
import { createReader } from '../src/reader/reader.js';
import { readerModel } from '../src/reader/reader-model.js';
import { dataDir, loadSplit } from '../train/train-reader.js';

/** Accuracy and macro-F1 of single predictions against gold label sets. */
export function score(
  classes: readonly string[],
  predictions: readonly string[],
  gold: readonly (readonly string[])[],
) {
  const tp = new Map<string, number>();
  const fp = new Map<string, number>();
  const fn = new Map<string, number>();
  const inc = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  let hits = 0;
  predictions.forEach((p, i) => {
    const g = gold[i]!;
    if (g.includes(p)) {
      hits++;
      inc(tp, p);
    } else inc(fp, p);
    for (const c of g) if (c !== p) inc(fn, c);
  });
  const f1 = classes.map((c) => {
    const t = tp.get(c) ?? 0;
    const denominator = 2 * t + (fp.get(c) ?? 0) + (fn.get(c) ?? 0);
    return denominator === 0 ? 0 : (2 * t) / denominator;
  });
  return { accuracy: hits / predictions.length, macroF1: f1.reduce((a, b) => a + b, 0) / classes.length, f1 };
}

const dev = loadSplit(join(dataDir(), 'dev.tsv'));
const reader = createReader(readerModel);
const started = performance.now();
const readings = dev.map((r) => reader.read(r.text));
const micros = ((performance.now() - started) * 1000) / dev.length;
const goldCategories = dev.map((r) => r.labels.map((l) => readerCategories[l]!));
const goldGroups = goldCategories.map((cs) => [
  ...new Set(cs.map((c) => groupOfCategory[c as ReaderCategory])),
]);
const single = dev.map((r, i) => (r.labels.length === 1 ? i : -1)).filter((i) => i >= 0);

const line = (name: string, s: ReturnType<typeof score>) =>
  `  ${name.padEnd(34)} accuracy ${s.accuracy.toFixed(3)}   macro-F1 ${s.macroF1.toFixed(3)}`;
console.log(
  `GoEmotions dev: ${dev.length} rows (${single.length} single-label); reader alone, ${micros.toFixed(1)} µs per message`,
);
const ekAll = score(
  readerGroups,
  readings.map((r) => r.group),
  goldGroups,
);
const ekOne = score(
  readerGroups,
  single.map((i) => readings[i]!.group),
  single.map((i) => goldGroups[i]!),
);
const fiAll = score(
  readerCategories,
  readings.map((r) => r.emotion),
  goldCategories,
);
const fiOne = score(
  readerCategories,
  single.map((i) => readings[i]!.emotion),
  single.map((i) => goldCategories[i]!),
);
console.log(line('Ekman groups, all rows', ekAll));
console.log(line('Ekman groups, single-label rows', ekOne));
console.log(
  `    per group (single-label): ${readerGroups.map((g, i) => `${g} ${ekOne.f1[i]!.toFixed(2)}`).join(', ')}`,
);
console.log(line('28 categories, all rows', fiAll));
console.log(line('28 categories, single-label rows', fiOne));
