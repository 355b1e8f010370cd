/**
 * `npm run train:reader`: trains the offline reader and writes its two weight modules (docs/reader.md).
 *
 * 1. The expression reader (train-reader.ts) on GoEmotions train: core/src/reader/reader-model.ts.
 * 2. The event reader (train-events.ts) on crowd-enVENT and EmoBank train, with GoEmotions train as the gate's other
 *    class: core/src/reader/event-model.ts. Its stacked estimates read the expression reader of step 1.
 *
 * Dev splits are never read. Deterministic: the same data and seed give byte-identical files.
 *
 * Environment:
 * - LIMBIC_READER_PART: `expression`, `events` or `all` (default): `events` alone reuses the shipped expression model;
 * - LIMBIC_TRAIN_HOLDOUT=1: a tuning run that holds out every tenth GoEmotions row and every fifth crowd-enVENT and
 *   EmoBank row (`npm run eval:reader -- --holdout` scores them), writing to LIMBIC_READER_OUT and LIMBIC_EVENT_OUT
 *   (required then, so the shipped files stay as they are);
 * - LIMBIC_CROWD_ENVENT=off: build the event reader without crowd-enVENT (EmoBank's affect only);
 * - LIMBIC_GOEMOTIONS, LIMBIC_CROWD_ENVENT, LIMBIC_EMOBANK: data folders; LIMBIC_READER_SEED (default 42).
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tokenize } from '../src/reader/features.js';
import type { ReaderModel } from '../src/reader/model-format.js';
import { createReader } from '../src/reader/reader.js';
import { frequencyWeights } from '../src/reader/stack-features.js';
import { bankDir, crowdDir, holdout, loadBank, loadCrowd } from './event-data.js';
import { renderEventModel } from './event-model-file.js';
import { eventSettings } from './event-settings.js';
import {
  dataDir,
  type Example,
  exampleOf,
  loadSplit,
  loadVectors,
  root,
  vocabularyOf,
} from './reader-data.js';
import { renderReaderModel, toReaderModel } from './reader-model-file.js';
import { trainEventModel } from './train-events.js';
import { trainReader } from './train-reader.js';

const started = Date.now();
const log = (line: string) => console.log(`${((Date.now() - started) / 1000).toFixed(0)} s: ${line}`);
const part = process.env.LIMBIC_READER_PART ?? 'all';
const tuning = process.env.LIMBIC_TRAIN_HOLDOUT === '1';
if (tuning && (!process.env.LIMBIC_READER_OUT || !process.env.LIMBIC_EVENT_OUT))
  throw new Error('LIMBIC_TRAIN_HOLDOUT=1 needs LIMBIC_READER_OUT and LIMBIC_EVENT_OUT');
const readerOut = resolve(root, process.env.LIMBIC_READER_OUT ?? 'core/src/reader/reader-model.ts');
const eventOut = resolve(root, process.env.LIMBIC_EVENT_OUT ?? 'core/src/reader/event-model.ts');

function write(file: string, text: string) {
  writeFileSync(file, text);
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 16);
  log(`wrote ${file}: ${(text.length / 1e6).toFixed(2)} MB, sha256 ${hash}…`);
}

const goemotions = holdout(loadSplit(join(dataDir(), 'train.tsv')), 10).fit;
const loaded = loadVectors();
let expression: ReaderModel;
if (part === 'events') {
  expression = tuning
    ? (await import(readerOut)).readerModel
    : (await import('../src/reader/reader-model.js')).readerModel;
} else {
  const data = trainReader(log, goemotions, loaded);
  write(readerOut, renderReaderModel(data));
  expression = toReaderModel(data);
}
if (part !== 'expression') {
  const vocabulary = expression.vocabulary.split('\n');
  const known = new Set(vocabularyOf(loaded.words));
  const rank = new Map(vocabulary.map((w, i) => [w, i]));
  const weights = frequencyWeights(vocabulary.length, eventSettings.frequencyWeight);
  const scaled = (text: string, labels: number[] = []): Example => {
    const ex = exampleOf({ text, labels }, loaded.vectors, known);
    // The event heads read the frequency-weighted mean of the word vectors, at their own scale.
    const embedding = new Float64Array(100);
    let total = 0;
    for (const t of tokenize(text)) {
      const r = rank.get(t);
      if (r === undefined) continue;
      const v = loaded.vectors.get(t)!;
      const w = weights[r]!;
      total += w;
      for (let d = 0; d < 100; d++) embedding[d]! += w * v[d]!;
    }
    if (total > 0)
      for (let d = 0; d < 100; d++) embedding[d] = (embedding[d]! / total) * eventSettings.embeddingScale;
    return { ...ex, embedding };
  };
  const crowd = crowdDir();
  const data = trainEventModel(
    {
      crowd: crowd === null ? [] : holdout(loadCrowd(crowd, 'train')).fit,
      bank: holdout(loadBank(bankDir(), 'train')).fit,
      expressionTexts: goemotions,
    },
    createReader(expression),
    vocabulary,
    loaded.vectors,
    scaled,
    log,
  );
  write(eventOut, renderEventModel(data, { crowd: crowd !== null }));
}
