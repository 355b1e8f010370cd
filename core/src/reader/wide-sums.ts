/**
 * The wide (hashed n-gram) part of the reader's heads: the sums of their int8 weights over a text's features, exact in
 * integers (words at 2 units, character n-grams at 1; features.ts). The n-grams of a token and of the boundary after
 * it are summed once and cached, so a reading adds two rows per token for them; only the word features are added one
 * by one.
 */

import { boundaryGrams, boundaryKey, type SplitFeatures, tokenGrams } from './features.js';

/** One head's wide weights, as the sums read them: `classes` int8 weights per bucket, the bucket masked to its bits. */
export interface WidePart {
  mask: number;
  wide: Int8Array;
}

/** Columns of the expression heads in a row of sums: the 7 Ekman groups, then the 28 categories. */
export const expressionWidth = 35;

/**
 * Sums of n-grams a reader keeps, of tokens and of token boundaries (rows of 35 + event outputs int32s: about 2.5 MB
 * in all); past it the cache starts over.
 */
const tokenCacheSize = 8192;

/** A token's own n-gram sums, and those of the boundaries after it (by {@link boundaryKey}). */
interface TokenSums {
  own: Int32Array;
  boundaries: Map<string, Int32Array>;
}

/** Every head's wide sums of a text, with the cache of token and boundary sums behind them. */
export interface WideSums {
  /** The sums of the last text: Ekman (7), categories (28), then the event outputs; in units of its features' unit. */
  readonly acc: Int32Array;
  /** Sums the wide weights of a text's features into {@link WideSums.acc}. */
  sum(f: SplitFeatures): void;
}

/** Creates the wide sums of the expression heads and, when given, the event heads (`count` outputs). */
export function createWideSums(
  ekman: WidePart,
  fine: WidePart,
  event: (WidePart & { count: number }) | null,
): WideSums {
  const C = event?.count ?? 0;
  const width = expressionWidth + C;
  const acc = new Int32Array(width);
  const tokenSums = new Map<string, TokenSums>();
  let cached = 0;

  function addBucket(v: Int32Array, b: number, m: number): void {
    const we = ekman.wide;
    const be = (b & ekman.mask) * 7;
    for (let k = 0; k < 7; k++) v[k] = v[k]! + m * we[be + k]!;
    const wf = fine.wide;
    const bf = (b & fine.mask) * 28;
    for (let k = 0; k < 28; k++) v[7 + k] = v[7 + k]! + m * wf[bf + k]!;
    if (event !== null) {
      const wv = event.wide;
      const bv = (b & event.mask) * C;
      for (let k = 0; k < C; k++) v[35 + k] = v[35 + k]! + m * wv[bv + k]!;
    }
  }

  function sumsOfGrams(grams: Int32Array): Int32Array {
    const v = new Int32Array(width);
    for (const b of grams) addBucket(v, b, 1);
    if (++cached > tokenCacheSize) {
      tokenSums.clear();
      cached = 1;
    }
    return v;
  }

  function sumsOf(token: string): TokenSums {
    let entry = tokenSums.get(token);
    if (entry === undefined) {
      entry = { own: sumsOfGrams(tokenGrams(token)), boundaries: new Map() };
      tokenSums.set(token, entry);
    }
    return entry;
  }

  function addRow(v: Int32Array): void {
    for (let k = 0; k < width; k++) acc[k] = acc[k]! + v[k]!;
  }

  /** Every head's wide sums into `acc`, in units of the features' `unit`. */
  function sumWide(f: SplitFeatures): void {
    acc.fill(0);
    const tokens = f.tokens;
    for (let i = 0; i < tokens.length; i++) {
      const entry = sumsOf(tokens[i]!);
      addRow(entry.own);
      if (i + 1 >= tokens.length) continue;
      const next = tokens[i + 2];
      const key = boundaryKey(tokens[i + 1]!, next);
      let v = entry.boundaries.get(key);
      if (v === undefined) {
        v = sumsOfGrams(boundaryGrams(tokens[i]!, tokens[i + 1]!, next));
        // The cache may have started over: keep the entry in it.
        if (!tokenSums.has(tokens[i]!)) tokenSums.set(tokens[i]!, entry);
        entry.boundaries.set(key, v);
      }
      addRow(v);
    }
    for (let i = 0; i < f.wordCount; i++) addBucket(acc, f.words[i]!, 2);
  }

  return { acc, sum: sumWide };
}
