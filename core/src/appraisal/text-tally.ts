import type { EventSource } from './appraiser.js';
import { clauseAgency } from './text-agency.js';
import type { ContextTerms } from './text-context.js';
import { ADDRESSEE, type Entry, phrases } from './text-lexicon.js';

/** The lexicon pass's clause bookkeeping: the running sums of a text's cues, and each clause's agency and insult. */

// An insult said to the character: a breach of respect (tanh(0.8) ≈ 0.66).
const INSULT_NORM = -0.8;

/** The running sums of the lexicon pass over a text, and the state of its current clause. */
export interface Tally {
  valence: number;
  affect: number;
  norm: number;
  control: number;
  expect: number;
  cues: number;
  refs: number;
  agencySum: number;
  agencyWeight: number;
  clauseStart: number;
  clauseAffect: number;
  clauseFate: boolean;
  clauseInsult: boolean;
  clauseRefs: number;
}

/** A fresh tally, with the surprise cues the scan found ("!?"). */
export function createTally(surprises: number): Tally {
  return {
    valence: 0,
    affect: 0,
    norm: 0,
    control: 0,
    expect: 0,
    cues: surprises,
    refs: 0,
    agencySum: 0,
    agencyWeight: 0,
    clauseStart: 0,
    clauseAffect: 0,
    clauseFate: false,
    clauseInsult: false,
    clauseRefs: 0,
  };
}

/** Closes the clause that ends at token `end`: adds its agency (read from its subject) and its insult, if aimed. */
export function closeClause(
  tally: Tally,
  tokens: readonly string[],
  end: number,
  source: EventSource,
  terms: ContextTerms,
) {
  if (end > tally.clauseStart) {
    const agency = tally.clauseFate ? -1 : clauseAgency(tokens, tally.clauseStart, end, source, terms.names);
    if (agency !== undefined) {
      const weight = 1 + tally.clauseAffect / 2 + (tally.clauseFate ? 2 : 0);
      tally.agencySum += agency * weight;
      tally.agencyWeight += weight;
    }
    if (tally.clauseInsult && tally.clauseRefs & ADDRESSEE && source !== 'internal') {
      tally.norm += INSULT_NORM;
      tally.cues++;
    }
  }
  tally.clauseStart = end + 1;
  tally.clauseAffect = 0;
  tally.clauseFate = false;
  tally.clauseInsult = false;
  tally.clauseRefs = 0;
}

/** The lexicon phrase that starts at token `i` ("give up", "as usual"), with its length in tokens. */
export function matchPhrase(
  tokens: readonly string[],
  i: number,
): { entry: Entry; span: number } | undefined {
  const group = phrases.get(tokens[i]!);
  if (group === undefined) return undefined;
  for (const phrase of group) {
    const words = phrase.words;
    let k = 1;
    while (k < words.length && tokens[i + k] === words[k]) k++;
    if (k === words.length) return { entry: phrase.entry, span: k };
  }
  return undefined;
}
