import { LruMap } from '../util/lru-map.js';
import type { AppraisalContext } from './appraiser.js';
import { lookupWord, stopWords } from './text-lexicon.js';

/** The parts of an appraisal context the offline appraiser matches words against. */
export interface ContextTerms {
  /** Lower-case parts of the character's name. */
  names: readonly string[];
  /** Content words of the core values and goals, indexed by their first two characters. */
  keywords: ReadonlyMap<number, readonly string[]>;
}

const noTerms: ContextTerms = { names: [], keywords: new Map() };
const cache = new WeakMap<AppraisalContext, ContextTerms>();
const wordPattern = /[\p{L}\p{N}]+/gu;

function keyOf(word: string): number {
  return word.charCodeAt(0) * 0x10000 + word.charCodeAt(1);
}

function build(context: AppraisalContext): ContextTerms {
  const names = (context.name?.toLowerCase().match(wordPattern) ?? []).filter((part) => part.length >= 2);
  const keywords = new Map<number, string[]>();
  for (const phrase of [...(context.coreValues ?? []), ...(context.goals ?? [])]) {
    if (typeof phrase !== 'string') continue;
    for (const word of phrase.toLowerCase().match(wordPattern) ?? []) {
      // Function words and generic goal words ("make the user happy") would match every message.
      const entry = lookupWord(word);
      if (word.length < 3 || stopWords.has(word) || entry?.subject || entry?.aux || entry?.copula) continue;
      const group = keywords.get(keyOf(word)) ?? [];
      if (!group.includes(word)) group.push(word);
      keywords.set(keyOf(word), group);
    }
  }
  return { names, keywords };
}

/**
 * The {@link ContextTerms} of a context, computed once per context object (contexts are treated as immutable; pass
 * the same object on every turn to skip the work).
 */
export function contextTerms(context: AppraisalContext): ContextTerms {
  if (context.name === undefined && !context.coreValues?.length && !context.goals?.length) return noTerms;
  // A session's turns pass the same persona's name, values and goals: the last ones answer without a lookup.
  if (
    last !== null &&
    last.name === context.name &&
    last.coreValues === context.coreValues &&
    last.goals === context.goals
  )
    return last.terms;
  let terms = cache.get(context);
  if (terms === undefined) {
    // A session builds a new context per turn (its rapport changes) from the same persona: key by its words too.
    const key = `${context.name ?? ''}\u0000${(context.coreValues ?? []).join('\u0001')}\u0000${(context.goals ?? []).join('\u0001')}`;
    terms = byKey.get(key);
    if (terms === undefined) {
      terms = build(context);
      byKey.set(key, terms);
    }
    cache.set(context, terms);
  }
  last = { name: context.name, coreValues: context.coreValues, goals: context.goals, terms };
  return terms;
}

let last: {
  name: string | undefined;
  coreValues: AppraisalContext['coreValues'];
  goals: AppraisalContext['goals'];
  terms: ContextTerms;
} | null = null;

const byKey = new LruMap<string, ContextTerms>(1000);

/** Whether two words share a stem: one is a short extension of the other, or they share a long prefix. */
export function sameStem(a: string, b: string): boolean {
  if (a === b) return true;
  const shorter = Math.min(a.length, b.length);
  if (shorter < 4) return false;
  let prefix = 0;
  while (prefix < shorter && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  if (prefix === shorter) return Math.abs(a.length - b.length) <= 4;
  return prefix >= Math.max(5, shorter - 3);
}

/** Whether a lower-case word matches one of the context's value or goal keywords. */
export function matchesKeyword(word: string, terms: ContextTerms): boolean {
  if (word.length < 3 || terms.keywords.size === 0) return false;
  const group = terms.keywords.get(keyOf(word));
  if (group === undefined) return false;
  for (const keyword of group) if (sameStem(word, keyword)) return true;
  return false;
}

/** Whether a lower-case word is a part of the character's name, possibly possessive ("luna's"). */
export function isNameWord(word: string, names: readonly string[]): boolean {
  if (names.length === 0) return false;
  return names.includes(word) || (word.endsWith("'s") && names.includes(word.slice(0, -2)));
}
