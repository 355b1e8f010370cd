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
  // Character n-grams run over " tok1 tok2 … ": up to three per position.
  const stream = ` ${tokens.join(' ')} `;
  const capacity = 2 + tokens.length * 2 + stream.length * 3;
  const buckets = new Int32Array(capacity);
  const weights = new Float64Array(capacity);
  let count = 0;
  const add = (hash: number, weight: number) => {
    buckets[count] = (hash >>> 0) & hashMask;
    weights[count] = weight;
    count++;
  };
  let negated = false;
  let previous = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (isClauseBreak(token)) negated = false;
    const h = fnvString(token, negated ? negatedSeed : wordSeed);
    add(h, 1);
    if (i > 0) add(Math.imul(previous ^ h, 16777619) ^ bigramSeed, 1);
    previous = h;
    if (isNegator(token)) negated = true;
  }
  // Character n-grams by code unit, without building the substrings.
  for (let start = 0; start + 3 <= stream.length; start++) {
    let h = charSeed;
    for (let n = 1; n <= 5 && start + n <= stream.length; n++) {
      h ^= stream.charCodeAt(start + n - 1);
      h = Math.imul(h, 16777619);
      if (n >= 3) add(h ^ n, charWeight);
    }
  }
  add(fnvString('bias', fnvBasis), 1);
  let norm = 0;
  for (let i = 0; i < count; i++) norm += weights[i]! * weights[i]!;
  norm = Math.sqrt(norm);
  for (let i = 0; i < count; i++) weights[i] = weights[i]! / norm;
  return { buckets, weights, count, tokens };
}
