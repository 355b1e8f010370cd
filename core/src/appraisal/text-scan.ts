import { emojiValences } from './text-words.js';

/** Token flag of a clause break: punctuation or a line break. */
export const BREAK = 1;
/** Token flag of a word of two or more letters written in capitals. */
export const CAPS = 2;

/** The tokens of a text and the cues read from its characters, in one pass. */
export interface TextScan {
  /** Lower-case words (apostrophes and inner hyphens kept), known emoji, and `.` for every clause break. */
  tokens: string[];
  /** {@link BREAK} and {@link CAPS} bits, one per token. */
  flags: number[];
  exclamations: number;
  /** Runs of punctuation that mix `!` and `?` ("!?", "?!"): surprise. */
  surprises: number;
  capsWords: number;
  /** The whole text is in capitals: shouting, so single capitalized words are not emphasis. */
  allCaps: boolean;
  latinLetters: number;
  otherLetters: number;
}

const letter = /[\p{L}\p{M}]/u;
const emojiPoints: ReadonlySet<number> = new Set(
  Object.keys(emojiValences).map((key) => key.codePointAt(0)!),
);

function isLatin(code: number): boolean {
  return code <= 0x24f || (code >= 0x1e00 && code <= 0x1eff);
}

function isWordAt(text: string, i: number): boolean {
  if (i >= text.length) return false;
  const c = text.charCodeAt(i);
  if (c < 128) return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57);
  return c < 0xd800 && !emojiPoints.has(c) && letter.test(text.charAt(i));
}

function isBreak(c: number): boolean {
  switch (c) {
    case 33: // !
    case 63: // ?
    case 46: // .
    case 44: // ,
    case 59: // ;
    case 58: // :
    case 40: // (
    case 41: // )
    case 10: // line feed
    case 0x2026: // …
    case 0x2013: // –
    case 0x2014: // —
      return true;
    default:
      return false;
  }
}

/** Splits a text into tokens in a single pass over its characters. */
export function scanText(text: string): TextScan {
  const tokens: string[] = [];
  const flags: number[] = [];
  let exclamations = 0;
  let surprises = 0;
  let capsWords = 0;
  let latinLetters = 0;
  let otherLetters = 0;
  let upper = 0;
  let lower = 0;
  let start = -1;
  let wordUpper = 0;
  let wordLower = 0;
  let curly = false;
  const n = text.length;
  for (let i = 0; i <= n; i++) {
    const c = i < n ? text.charCodeAt(i) : 32;
    if (c < 128) {
      if (c >= 97 && c <= 122) {
        if (start < 0) start = i;
        wordLower++;
        continue;
      }
      if (c >= 65 && c <= 90) {
        if (start < 0) start = i;
        wordUpper++;
        continue;
      }
      if (c >= 48 && c <= 57) {
        if (start < 0) start = i;
        continue;
      }
      if ((c === 39 || c === 45) && start >= 0 && isWordAt(text, i + 1)) continue;
    } else if (c === 0x2019 && start >= 0 && isWordAt(text, i + 1)) {
      curly = true;
      continue;
    } else if (c < 0xd800 && !emojiPoints.has(c) && letter.test(text.charAt(i))) {
      if (start < 0) start = i;
      if (isLatin(c)) latinLetters++;
      else otherLetters++;
      continue;
    }
    if (start >= 0) {
      const word = text.slice(start, i).toLowerCase();
      tokens.push(curly ? word.replaceAll('\u2019', "'") : word);
      const caps = wordUpper >= 2 && wordLower === 0;
      flags.push(caps ? CAPS : 0);
      if (caps) capsWords++;
      latinLetters += wordUpper + wordLower;
      upper += wordUpper;
      lower += wordLower;
      start = -1;
      wordUpper = 0;
      wordLower = 0;
      curly = false;
    }
    if (isBreak(c)) {
      let bangs = 0;
      let questions = 0;
      let j = i;
      for (; j < n && isBreak(text.charCodeAt(j)); j++) {
        const p = text.charCodeAt(j);
        if (p === 33) bangs++;
        else if (p === 63) questions++;
      }
      exclamations += bangs;
      if (bangs > 0 && questions > 0) surprises++;
      tokens.push('.');
      flags.push(BREAK);
      i = j - 1;
      continue;
    }
    if (c >= 0x2000) {
      const point = text.codePointAt(i)!;
      if (emojiPoints.has(point)) {
        tokens.push(String.fromCodePoint(point));
        flags.push(0);
      }
      if (point > 0xffff) i++;
    }
  }
  return {
    tokens,
    flags,
    exclamations,
    surprises,
    capsWords,
    allCaps: lower === 0 && upper >= 2,
    latinLetters,
    otherLetters,
  };
}
