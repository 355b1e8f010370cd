import {
  ARTICLE,
  AUX,
  CHARACTER_OBJECT,
  CHARACTER_SUBJECT,
  COPULA,
  DISCLOSURE,
  FEELING,
  FRAME,
  GET,
  HAPPENING,
  HARM,
  KIND,
  LEXICON_COPULA,
  MENTAL,
  MISSING,
  MODIFIER,
  NEGATOR,
  OPENER,
  PAST,
  PEOPLE,
  SECRET,
  SPEAKER_OBJECT,
  SPEAKER_SUBJECT,
  TAKING,
  THIRD_OBJECT,
  THIRD_SUBJECT,
  VICTIM,
  WE_SUBJECT,
  WRONG,
} from './role-words.js';
import type { Party } from './roles.js';

/** What a clause's subject is to the roles. */
export type Subject = 'speaker' | 'character' | 'third' | 'close' | 'thing' | 'we';

/** The tokens of a message and their role bits; `named[k]` when token k is a part of the character's name. */
export interface Words {
  tokens: readonly string[];
  bits: Int32Array;
  named: Uint8Array;
}

function subjectOf(w: Words, k: number): Subject | undefined {
  const b = w.bits[k]!;
  if (b & SPEAKER_SUBJECT) return 'speaker';
  if (b & CHARACTER_SUBJECT || w.named[k]) return 'character';
  if (b & WE_SUBJECT) return 'we';
  const word = w.tokens[k]!;
  const next = k + 1 < w.bits.length ? w.bits[k + 1]! : 0;
  if (word === 'my' || word === 'our') return next & (PEOPLE | THIRD_SUBJECT) ? 'close' : 'thing';
  if (word === 'your') return 'thing';
  if (b & THIRD_SUBJECT) return 'third';
  if (b & ARTICLE) return next & (PEOPLE | THIRD_SUBJECT) ? 'third' : 'thing';
  // A capitalised name is lost to lower-casing; an unknown word followed by a verb-like word reads as a name.
  return undefined;
}

/** One clause as the roles read it: its subject, its first act and predicate, and who is its object. */
export interface Clause {
  subject: Subject | undefined;
  /** Harm (−1), kindness (+1) or neither (0) of the clause's first verb. */
  act: number;
  /** The harm is a moral wrong. */
  wrong: boolean;
  /** The predicate: something done (an action), done to the subject (passive), or a state of it. */
  predicate: 'action' | 'passive' | 'state';
  speakerObject: boolean;
  characterObject: boolean;
  thirdObject: boolean;
}

function clause(
  w: Words,
  subject: Subject | undefined,
  predicate: Clause['predicate'],
  objectsFrom: number,
  verbAt: number,
  end: number,
): Clause {
  let speakerObject = false;
  let characterObject = false;
  let thirdObject = false;
  for (let k = objectsFrom; k < end; k++) {
    const b = w.bits[k]!;
    if (b & SPEAKER_OBJECT) speakerObject = true;
    else if (b & CHARACTER_OBJECT || w.named[k]) characterObject = true;
    else if (b & (THIRD_OBJECT | PEOPLE)) thirdObject = true;
  }
  return {
    subject,
    predicate,
    act: actOf(w, verbAt, end),
    wrong: wrongOf(w, verbAt, end),
    speakerObject,
    characterObject,
    thirdObject,
  };
}

/** Reads the clause `tokens[start..end)`: its subject (past openers and frames), predicate, act and objects. */
export function readClause(w: Words, start: number, end: number): Clause {
  const { tokens, bits } = w;
  let i = start;
  // Skip openers, then frames ("I think", "I can't believe", "I found out that").
  for (let guard = 0; guard < 8 && i < end; guard++) {
    const b = bits[i]!;
    if (b & OPENER) {
      i++;
      continue;
    }
    if (b & SPEAKER_SUBJECT && i + 1 < end) {
      // "I'm (so) sorry (that) I …", "I'm glad you …": the feeling frames the event that follows it.
      let f = b & LEXICON_COPULA ? i + 1 : bits[i + 1]! & COPULA ? i + 2 : -1;
      while (f > 0 && f < end && bits[f]! & MODIFIER) f++;
      if (f > 0 && f < end && bits[f]! & FEELING && f + 1 < end) {
        let k = f + 1;
        if (tokens[k] === 'that' || tokens[k] === 'about') k++;
        // "I'm sorry for yelling at you": the speaker's own doing.
        if (tokens[k] === 'for' && k + 1 < end) return clause(w, 'speaker', 'action', k + 1, k + 1, end);
        if (k < end && subjectOf(w, k) !== undefined) {
          i = k;
          continue;
        }
      }
      let k = i + 1;
      while (k < end && bits[k]! & (AUX | NEGATOR)) k++;
      if (k < end && bits[k]! & FRAME && k + 1 < end) {
        i = k + 1;
        while (i < end && (tokens[i] === 'that' || tokens[i] === 'out')) i++;
        continue;
      }
    }
    break;
  }
  const word = tokens[i] ?? '';
  let subject = i < end ? subjectOf(w, i) : undefined;
  let verbAt = i + 1;
  const article = i < end && bits[i]! & ARTICLE;
  if (subject === 'close' || (subject === 'third' && article)) verbAt = i + 2;
  if (subject === 'thing' && (word === 'my' || word === 'your' || article)) {
    // "the test came back …", "my car broke down": skip the noun phrase to the verb.
    verbAt = i + 1;
    while (verbAt < end && verbAt < i + 4 && !verbLike(bits[verbAt]!)) verbAt++;
  }
  if (subject === undefined && i < end && i + 1 < end && verbLike(bits[i + 1]!)) {
    // An unknown word before a verb ("Sarah lied to me", "Max crashed"): a third party.
    subject = 'third';
    verbAt = i + 1;
  }
  let predicate: Clause['predicate'] = 'action';
  if (i < end && bits[i]! & LEXICON_COPULA && subject !== undefined) predicate = 'state';
  for (let k = verbAt; k < Math.min(end, verbAt + 4); k++) {
    const b = bits[k]!;
    if (b & (AUX | NEGATOR)) continue;
    if (b & COPULA) {
      predicate = 'state';
      const after = tokens[k + 1] ?? '';
      if ((k + 1 < bits.length && bits[k + 1]! & VICTIM) || (after.endsWith('ed') && tokens[k + 2] === 'by'))
        predicate = 'passive';
      continue;
    }
    if (b & GET) {
      if (k + 1 < bits.length && bits[k + 1]! & VICTIM) predicate = 'passive';
      break;
    }
    if (predicate === 'state' && b & VICTIM) predicate = 'passive';
    // Things happen to their subject: "my dog died", "my car broke down", "the plane crashed".
    else if (predicate === 'action' && subject !== 'speaker' && subject !== 'character' && b & HAPPENING)
      predicate = 'state';
    break;
  }
  return clause(w, subject, predicate, Math.max(verbAt, i + 1), verbAt, end);
}

function mentionsSecret(w: Words, from: number, end: number): boolean {
  for (let k = from; k < end; k++) if (w.bits[k]! & SECRET) return true;
  return false;
}

/** Whether the harm of a verb phrase is a moral wrong (a lie, a betrayal, a theft, mockery). */
function wrongOf(w: Words, from: number, end: number): boolean {
  for (let k = from; k < Math.min(end, from + 4); k++) {
    const b = w.bits[k]!;
    if (b & WRONG || (b & DISCLOSURE && mentionsSecret(w, k, end))) return true;
    if (b & TAKING && w.tokens[k + 1] === 'credit') return true;
  }
  return false;
}

/** Harm or kindness of the first verb of a verb phrase (a few words in), unless negated ("didn't lie"). */
function actOf(w: Words, from: number, end: number): number {
  let negated = false;
  for (let k = from; k < Math.min(end, from + 4); k++) {
    const b = w.bits[k]!;
    if (b & NEGATOR) negated = true;
    if (
      b & HARM ||
      (b & DISCLOSURE && mentionsSecret(w, k, end)) ||
      (b & TAKING && w.tokens[k + 1] === 'credit')
    )
      return negated ? 0 : -1;
    if (b & KIND) return negated ? 0 : 1;
    // Missing someone is a kindness to them when said to them ("I missed you"), a loss otherwise ("I miss my dog").
    if (b & MISSING && k + 1 < w.bits.length && w.bits[k + 1]! & CHARACTER_OBJECT) return negated ? 0 : 1;
  }
  return 0;
}

/** Whom a clause's act lands on. */
export function targetOf(c: Clause): Party | null {
  if (c.act === 0) return null;
  if (c.characterObject) return 'character';
  if (c.speakerObject) return 'speaker';
  if (c.thirdObject) return 'third_party';
  return null;
}

/** How much a clause tells of who did what: an act by a person first, then a person's state, then things. */
export function rank(c: Clause): number {
  if (c.subject === undefined) return 0;
  if (c.subject === 'thing') return 1;
  return c.predicate === 'state' ? 2 : 3;
}

function verbLike(b: number): boolean {
  return (b & (AUX | LEXICON_COPULA | GET | VICTIM | MENTAL | NEGATOR | PAST)) !== 0;
}
