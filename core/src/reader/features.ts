/**
 * Feature extraction of the offline reader, shared by training (core/train/train-reader.ts) and reading, so both see
 * exactly the same features. Bag of word and character n-grams (Joulin et al. 2017, fastText) in a hashed space
 * (Weinberger et al. 2009), with negation scope marked on the words that follow a negator up to the next punctuation
 * (Das & Chen 2001; Pang, Lee & Vaithyanathan 2002).
 */

/** Hash space: 2^17 buckets. */
export const hashBits = 17;
const hashMask = (1 << hashBits) - 1;

/** Weight of a character n-gram relative to a word feature (there are many more of them). */
const charWeight = 0.5;

const negators = new Set([
  'not',
  'no',
  'never',
  'nothing',
  'nobody',
  'none',
  'nowhere',
  'neither',
  'nor',
  'cannot',
  'without',
  'hardly',
  'barely',
  'scarcely',
]);

// Tokens: placeholders the dataset uses ([NAME], [RELIGION]), emoticons (":)", ":-(", ";p", ":/", "<3", "xd"), words
// with inner apostrophes, runs of ! and ?, other punctuation, and single pictographs (emoji).
const tokenPattern =
  /\[[a-z]+\]|(?<![\p{L}\p{N}])(?:[:;=]'?-?[()dp/\\|*]+|<3+|x-?d+)(?![\p{L}\p{N}])|[\p{L}\p{N}]+(?:'[\p{L}]+)*|[!?]+|\p{Extended_Pictographic}|[^\s\p{L}\p{N}]/gu;

/** Lower-cased tokens of a text, with typographic apostrophes made plain. */
export function tokenize(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/[’‘`´]/g, "'")
      .match(tokenPattern) ?? []
  );
}

function isNegator(token: string): boolean {
  return negators.has(token) || token.endsWith("n't");
}

function isClauseBreak(token: string): boolean {
  return token.length > 0 && /^[.,;:!?()]/.test(token);
}

/** FNV-1a of a string, continued from `h`. */
function fnvString(s: string, h: number): number {
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h;
}

const fnvBasis = 2166136261;
const wordSeed = fnvString('w', fnvBasis);
const negatedSeed = fnvString('n', fnvBasis);
const bigramSeed = fnvString('b', fnvBasis);
const charSeed = fnvString('c', fnvBasis);
const biasHash = fnvString('bias', fnvBasis);

/**
 * Writes the buckets of the word features into `out` from index 0, in order: each token's unigram (hashed apart
 * after a negator, up to the next punctuation), then its bigram with the token before. Returns how many it wrote
 * (2·tokens − 1, or 0).
 */
function wordFeatures(tokens: readonly string[], out: Int32Array): number {
  let count = 0;
  let negated = false;
  let previous = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (isClauseBreak(token)) negated = false;
    const h = fnvString(token, negated ? negatedSeed : wordSeed);
    out[count++] = (h >>> 0) & hashMask;
    if (i > 0) out[count++] = ((Math.imul(previous ^ h, 16777619) ^ bigramSeed) >>> 0) & hashMask;
    previous = h;
    if (isNegator(token)) negated = true;
  }
  return count;
}

/** The features of a text: hashed buckets with weights (L2-normalised), and the words for the embedding part. */
export interface TextFeatures {
  /** Bucket of each feature, in [0, 2^hashBits). Buckets may repeat. */
  buckets: Int32Array;
  /** Weight of each feature. */
  weights: Float64Array;
  /** Number of features in the arrays. */
  count: number;
  /** The tokens, for the word-vector part. */
  tokens: string[];
}

/**
 * Extracts the features of a text: word unigrams (negated ones on their own hash), word bigrams, character 3- to
 * 5-grams of the token stream (weight 0.5) and a bias, normalised to unit length.
 */
export function textFeatures(text: string): TextFeatures {
  const tokens = tokenize(text);
  const stream = ` ${tokens.join(' ')} `;
  const capacity = 2 + tokens.length * 2 + stream.length * 3;
  const buckets = new Int32Array(capacity);
  const weights = new Float64Array(capacity);
  let count = wordFeatures(tokens, buckets);
  weights.fill(1, 0, count);
  for (let start = 0; start + 3 <= stream.length; start++) {
    let h = charSeed;
    for (let n = 1; n <= 5 && start + n <= stream.length; n++) {
      h ^= stream.charCodeAt(start + n - 1);
      h = Math.imul(h, 16777619);
      if (n >= 3) {
        buckets[count] = ((h ^ n) >>> 0) & hashMask;
        weights[count++] = charWeight;
      }
    }
  }
  buckets[count] = (biasHash >>> 0) & hashMask;
  weights[count++] = 1;
  let norm = 0;
  for (let i = 0; i < count; i++) norm += weights[i]! * weights[i]!;
  norm = Math.sqrt(norm);
  for (let i = 0; i < count; i++) weights[i] = weights[i]! / norm;
  return { buckets, weights, count, tokens };
}

/**
 * The features of {@link textFeatures} in the form a reader sums fastest (the same multiset of buckets and weights;
 * a test checks it): the word features (unigrams, bigrams and the bias, weight w) and the character n-grams that
 * cross a space between two tokens (weight w/2) here, and each token's own n-grams (those of " token ", weight w/2)
 * from {@link tokenGrams}, which a reader can cache per token. `unit` is w/2.
 */
export interface SplitFeatures {
  tokens: string[];
  /** Buckets of the word features (weight 2·unit). */
  words: Int32Array;
  wordCount: number;
  /** Buckets of the character n-grams with a space inside (weight unit). */
  crossing: Int32Array;
  crossingCount: number;
  /** Half the weight of a word feature after normalisation. */
  unit: number;
}

/** Buffers {@link splitFeatures} reuses. */
export interface SplitScratch {
  words: Int32Array;
  crossing: Int32Array;
}

/** New scratch buffers for {@link splitFeatures}. */
export function splitScratch(): SplitScratch {
  return { words: new Int32Array(256), crossing: new Int32Array(512) };
}

/**
 * {@link SplitFeatures} of a text; the arrays are the scratch's, valid until the next call with it. With `crossings`
 * false the crossing n-grams are left out (`crossingCount` 0, `unit` unchanged), for a reader that takes them per
 * token boundary from {@link boundaryGrams}.
 */
export function splitFeatures(text: string, scratch: SplitScratch, crossings = true): SplitFeatures {
  const tokens = tokenize(text);
  const stream = ` ${tokens.join(' ')} `;
  if (scratch.words.length < tokens.length * 2 + 1) scratch.words = new Int32Array(tokens.length * 4 + 2);
  if (scratch.crossing.length < stream.length * 3) scratch.crossing = new Int32Array(stream.length * 6);
  const words = scratch.words;
  let wordCount = wordFeatures(tokens, words);
  words[wordCount++] = (biasHash >>> 0) & hashMask;
  // The n-grams with a space strictly inside them; the others lie within one " token " (tokens have no spaces).
  const crossing = scratch.crossing;
  let crossingCount = 0;
  let grams = 0;
  if (!crossings) {
    // Only their number, for the norm: the 3- to 5-grams of the stream.
    for (let n = 3; n <= 5; n++) grams += Math.max(0, stream.length - n + 1);
    const norm = Math.sqrt(wordCount + grams * charWeight * charWeight);
    return { tokens, words, wordCount, crossing, crossingCount: 0, unit: charWeight / norm };
  }
  for (let start = 0; start + 3 <= stream.length; start++) {
    let h = charSeed;
    let inner = false;
    for (let n = 1; n <= 5 && start + n <= stream.length; n++) {
      const c = stream.charCodeAt(start + n - 1);
      h ^= c;
      h = Math.imul(h, 16777619);
      if (n >= 3) {
        grams++;
        if (inner) crossing[crossingCount++] = ((h ^ n) >>> 0) & hashMask;
      }
      // A space at this position is inside every longer n-gram from `start`.
      if (n >= 2 && c === 32) inner = true;
    }
  }
  const norm = Math.sqrt(wordCount + grams * charWeight * charWeight);
  return { tokens, words, wordCount, crossing, crossingCount, unit: charWeight / norm };
}

/** The buckets of a token's own character n-grams: the 3- to 5-grams of " token " (weight w/2 each). */
export function tokenGrams(token: string): Int32Array {
  const s = ` ${token} `;
  const out: number[] = [];
  for (let start = 0; start + 3 <= s.length; start++) {
    let h = charSeed;
    for (let n = 1; n <= 5 && start + n <= s.length; n++) {
      h ^= s.charCodeAt(start + n - 1);
      h = Math.imul(h, 16777619);
      if (n >= 3) out.push(((h ^ n) >>> 0) & hashMask);
    }
  }
  return Int32Array.from(out);
}

/**
 * The crossing n-grams of {@link SplitFeatures} that belong to the boundary between tokens `a` and `b` (`next`, the
 * token after `b`, if any): those whose first inner space is the one between `a` and `b`. Every crossing n-gram has
 * exactly one first inner space, so the boundaries of a text together give its crossing n-grams exactly (a test
 * checks it). An n-gram is at most 5 characters, so the ones of a boundary see at most the last 4 characters of `a`
 * (and the space before it) and the first 3 characters after the boundary, which {@link boundaryKey} names.
 */
export function boundaryGrams(a: string, b: string, next: string | undefined): Int32Array {
  const left = a.length >= 4 ? a.slice(-4) : ` ${a}`;
  const right = b.length >= 3 ? b.slice(0, 3) : b.length === 2 ? `${b} ` : `${b} ${next?.charAt(0) ?? ''}`;
  const s = `${left} ${right}`;
  const space = left.length;
  const out: number[] = [];
  for (let start = 0; start < space; start++) {
    let h = charSeed;
    for (let n = 1; n <= 5 && start + n <= s.length; n++) {
      h ^= s.charCodeAt(start + n - 1);
      h = Math.imul(h, 16777619);
      // The space must be inside: after the first character and before the last.
      if (n >= 3 && start + n - 1 > space) out.push(((h ^ n) >>> 0) & hashMask);
    }
  }
  return Int32Array.from(out);
}

/**
 * What, besides `a`, decides {@link boundaryGrams}`(a, b, next)`: `b` itself when it has two characters or more,
 * otherwise `b` with the first character after it.
 */
export function boundaryKey(b: string, next: string | undefined): string {
  return b.length >= 2 ? b : `${b} ${next?.charAt(0) ?? ''}`;
}
