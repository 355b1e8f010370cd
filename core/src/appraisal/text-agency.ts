import type { EventSource } from './appraiser.js';
import { isNameWord } from './text-context.js';
import type { SubjectKind } from './text-grammar.js';
import { lookupWord, peopleNouns, SPEAKER, WE } from './text-lexicon.js';

/** What the verb phrase after a subject says the subject did. */
type Predicate = 'action' | 'accusation' | 'evaluative' | 'passive' | 'state' | 'mental';

type Rule = number | Readonly<Record<Predicate, number | undefined>>;

// The character's own doings: it acted (+), was acted upon (-), or is only described.
const self: Rule = { action: 0.7, accusation: 0.7, evaluative: 0.4, passive: -0.6, state: 0.2, mental: 0.3 };

/**
 * Agency of a clause by source and subject (and by predicate when the subject is the character), in Limbic's
 * convention: +1 the character caused it, -1 another person or fate. For `user` messages "I" is the user, and
 * "you" is the character, who acts ("you won") unless the clause is the user's judgement ("you're useless") or
 * something the user says was done to them ("you lied to me").
 */
const rules: Readonly<Record<EventSource, Readonly<Record<SubjectKind, Rule>>>> = {
  user: {
    speaker: -0.8,
    own: -0.8,
    addressee: {
      action: 0.7,
      accusation: -0.4,
      evaluative: -0.6,
      passive: -0.6,
      state: 0.3,
      mental: undefined,
    },
    yours: 0.3,
    we: 0,
    third: -0.8,
    thing: -0.6,
  },
  internal: { speaker: self, own: 0.3, addressee: self, yours: 0.3, we: 0.3, third: -0.8, thing: -0.6 },
  system: {
    speaker: -0.6,
    own: -0.6,
    addressee: { action: 0.7, accusation: 0.7, evaluative: 0.2, passive: -0.6, state: 0.2, mental: 0.2 },
    yours: 0.3,
    we: 0,
    third: -0.6,
    thing: -0.6,
  },
};

/** Agency when no clause names a subject: a message is the user's act, narration is the world's. */
export const defaultAgency: Readonly<Record<EventSource, number>> = { user: -0.5, system: -0.6, internal: 0 };

const auxVerbs: ReadonlySet<string> = new Set(
  'do,does,did,have,has,had,will,would,could,should,can,might,must,may,shall'.split(','),
);
const articles: ReadonlySet<string> = new Set(['a', 'an', 'the', 'being', 'been', 'such']);

function isAdverb(word: string): boolean {
  return word.length > 4 && word.endsWith('ly');
}

function readPredicate(
  tokens: readonly string[],
  from: number,
  end: number,
  copula: boolean,
): Predicate | undefined {
  let linked = copula;
  let got = false;
  let auxiliary = false;
  for (let k = from; k < end && k < from + 6; k++) {
    const word = tokens[k]!;
    const entry = lookupWord(word);
    if (got) {
      if (entry?.aux || isAdverb(word)) continue;
      return entry?.victim ? 'passive' : 'action';
    }
    if (linked) {
      if (entry?.victim || (word.endsWith('ed') && tokens[k + 1] === 'by')) return 'passive';
      if (entry && (entry.aux || entry.modifier !== 1 || entry.negator !== 0)) continue;
      if (articles.has(word) || isAdverb(word)) continue;
      return entry && (entry.valence !== 0 || entry.insult) ? 'evaluative' : 'state';
    }
    if (entry?.copula) linked = true;
    else if (entry?.getVerb) got = true;
    else if (entry?.aux || entry?.negator || isAdverb(word))
      auxiliary ||= auxVerbs.has(word) || !!entry?.negator;
    else if (entry?.mental) return 'mental';
    else if (entry?.insult) return 'evaluative';
    else return 'action';
  }
  if (linked) return 'state';
  return got || auxiliary ? 'action' : undefined;
}

function hasSpeakerObject(tokens: readonly string[], from: number, end: number): boolean {
  for (let k = from; k < end; k++) {
    if ((lookupWord(tokens[k]!)?.refs ?? 0) & (SPEAKER | WE)) return true;
  }
  return false;
}

/**
 * The agency of one clause (`tokens[start..end)`) read from its subject, or undefined when the clause names none.
 * `names` are the lower-case parts of the character's name, which count as "you".
 */
export function clauseAgency(
  tokens: readonly string[],
  start: number,
  end: number,
  source: EventSource,
  names: readonly string[],
): number | undefined {
  let i = start;
  while (i < end && i < start + 3) {
    const word = tokens[i]!;
    if (!(lookupWord(word)?.filler || isAdverb(word))) break;
    i++;
  }
  if (i >= end) return undefined;
  const word = tokens[i]!;
  const entry = lookupWord(word);
  let kind = isNameWord(word, names) ? 'addressee' : entry?.subject;
  if (kind === undefined) return undefined;
  if ((kind === 'own' || kind === 'yours') && peopleNouns.has(tokens[i + 1] ?? '')) kind = 'third';
  const rule = rules[source][kind];
  if (typeof rule === 'number') return rule;
  let predicate = readPredicate(tokens, i + 1, end, entry?.copula === true);
  if (predicate === 'action' && hasSpeakerObject(tokens, i + 1, end)) predicate = 'accusation';
  return predicate === undefined ? undefined : rule[predicate];
}
