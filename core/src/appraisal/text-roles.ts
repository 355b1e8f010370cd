import type { EventSource } from './appraiser.js';
import { type Clause, rank, readClause, targetOf, type Words } from './role-clauses.js';
import { APOLOGY, bitsOf, SPEAKER_OBJECT, SPEAKER_SUBJECT } from './role-words.js';
import type { Party, Roles } from './roles.js';
import { isNameWord } from './text-context.js';

// Roles moved to roles.ts; re-exported here for the session types, which import it from here.
export type { Roles } from './roles.js';

/** The roles of a message as the grammar reads them, with the cues the appraisal needs beside them. */
export interface RoleReading extends Omit<Roles, 'addressee'> {
  /** The clause the roles were read from names a person or thing that acts (not only a state or a feeling). */
  acted: boolean;
  /** The experiencer belongs to the speaker's circle ("my grandmother is in the hospital"): their fortune is the speaker's. */
  close: boolean;
  /** The message apologises ("sorry", "I apologize", "forgive me"). */
  apology: boolean;
  /**
   * What the clause's act does to the one it lands on: −1 a harm ("lied to", "broke", "yelled at"), +1 a kindness
   * ("helped", "missed", "smiled at"), 0 neither or unknown.
   */
  act: number;
  /**
   * The act is a moral wrong, not only a harm: a lie, a betrayal, a theft, mockery ("lied to me", "told everyone
   * my secret", "took credit for my work"), as opposed to "bit me" or "cut my hours".
   */
  wrong: boolean;
  /** Whom the clause's act lands on ("lied to me": the speaker), or null when it names no one. */
  target: Party | null;
}

/**
 * Reads the roles of a message from its tokens (the lexicon pass's tokens: lower case, `.` at each clause break),
 * from the point of view of the character who hears it (docs/reader.md, "Roles"):
 *
 * - a `user` message is the speaker's: "I" is the speaker, "you" (or the character's name) the character;
 * - the first clause with a subject carries the event ("I think / I can't believe / I found out that …" frames are
 *   skipped to the content clause);
 * - the experiencer is the character when an act lands on "you"/"your …" ("I lied to you", "he insulted you", "I
 *   broke your mug"), a third party when a stranger's fortune is told without the speaker in it ("she's moving to
 *   Japan"), else the speaker (their own fortunes, and those of their circle: "my grandmother is in the hospital");
 * - the cause is whoever acts in that clause ("my sister lied to me": a third party; "I lied to you": the speaker;
 *   "you lied to me": the character), a third party for a done-to predicate ("I got fired"), and nobody for states,
 *   things and chance ("my dog died", "the test came back negative", "I'm so scared").
 *
 * `system` narration happens to the character; `internal` thoughts are the character's own. `aimed` says whether
 * the message aims at the character (text-address.ts); a subject "you" it does not aim at is generic.
 */
export function readRoles(
  tokens: readonly string[],
  source: EventSource,
  names: readonly string[],
  aimed = true,
): RoleReading {
  const n = tokens.length;
  const bits = new Int32Array(n);
  const named = new Uint8Array(n);
  let apology = false;
  let speakerMentioned = false;
  for (let k = 0; k < n; k++) {
    const b = bitsOf(tokens[k]!);
    bits[k] = b;
    if (b & APOLOGY) apology = true;
    if (b & (SPEAKER_OBJECT | SPEAKER_SUBJECT)) speakerMentioned = true;
    if (names.length > 0 && isNameWord(tokens[k]!, names)) named[k] = 1;
  }
  const words: Words = { tokens, bits, named };
  let best: Clause | undefined;
  let start = 0;
  for (let i = 0; i <= n; i++) {
    if (i < n && tokens[i] !== '.') continue;
    if (i > start) {
      const c = readClause(words, start, i);
      if (best === undefined || rank(c) > rank(best)) best = c;
      if (rank(c) === 3) break;
    }
    start = i + 1;
  }
  const read = best ?? {
    subject: undefined,
    act: 0,
    wrong: false,
    predicate: 'state' as const,
    speakerObject: false,
    characterObject: false,
    thirdObject: false,
  };
  // A "you" the message does not aim at the character is generic ("you can't control what happens around you").
  const c: Clause =
    source === 'user' && read.subject === 'character' && !aimed ? { ...read, subject: 'thing' } : read;
  if (source === 'system' || source === 'internal') {
    const self = source === 'internal' ? 'speaker' : 'character';
    const actor: Party | 'nobody' =
      c.subject === self || (source === 'system' && c.subject === 'character')
        ? 'character'
        : c.subject === 'third' || c.subject === 'close'
          ? 'third_party'
          : 'nobody';
    return {
      experiencer: 'character',
      cause: c.predicate === 'action' ? actor : c.predicate === 'passive' ? 'third_party' : 'nobody',
      acted: c.predicate === 'action' && actor !== 'nobody',
      close: false,
      apology,
      act: c.act,
      wrong: c.wrong,
      target: targetOf(c),
    };
  }
  const acted = c.predicate === 'action' && c.subject !== undefined && c.subject !== 'thing';
  let cause: Party | 'nobody' = 'nobody';
  if (c.predicate === 'passive') cause = 'third_party';
  else if (acted) {
    cause =
      c.subject === 'speaker' || c.subject === 'we'
        ? 'speaker'
        : c.subject === 'character'
          ? 'character'
          : 'third_party';
  }
  let experiencer: Party = 'speaker';
  // An act that lands on "you" ("I lied to you", "he insulted you"); a "you" merely mentioned is not its target.
  if (c.characterObject && c.act !== 0 && (cause === 'speaker' || cause === 'third_party'))
    experiencer = 'character';
  // "you won", "you got fired": the character's own fortune, unless it acted on the speaker ("you lied to me").
  else if (c.subject === 'character' && !c.speakerObject) experiencer = 'character';
  else if (c.subject === 'third' && !c.speakerObject && !c.characterObject && !speakerMentioned) {
    experiencer = 'third_party';
  }
  const close = experiencer === 'speaker' && c.subject === 'close' && cause !== 'third_party';
  return { experiencer, cause, acted, close, apology, act: c.act, wrong: c.wrong, target: targetOf(c) };
}
