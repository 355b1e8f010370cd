import { LruMap } from '../util/lru-map.js';
import type { EventSource } from './appraiser.js';
import { isNameWord } from './text-context.js';
import { lookupWord, peopleNouns } from './text-lexicon.js';

/** Someone a message can be about: the one who speaks, the character spoken to, or anyone else. */
export type Party = 'speaker' | 'character' | 'third_party';

/**
 * Who did what to whom in a message (docs/reader.md, "Roles"): whose fortune the event is (`experiencer`), who
 * brought it about (`cause`; `nobody` for chance, illness, the weather, or a feeling with no one to blame), and
 * whom the message is addressed to (`addressee`: the character, another participant of a group, or everyone).
 */
export interface Roles {
  experiencer: Party;
  cause: Party | 'nobody';
  addressee: 'character' | 'participant' | 'everyone';
}

/**
 * The roles of a message with its addressee, as the turn reports them. Said to another participant of a group,
 * "you" is that participant: a `character` experiencer or cause is reported as a `third_party` (the appraisal still
 * weighs the act as one the character witnesses; docs/groups.md).
 */
export function toRoles(read: Pick<Roles, 'experiencer' | 'cause'>, addressee: Roles['addressee']): Roles {
  return {
    experiencer: asSaidTo(read.experiencer, addressee),
    cause: read.cause === 'nobody' ? 'nobody' : asSaidTo(read.cause, addressee),
    addressee,
  };
}

/** A party as the addressee sees it: "you" said to another participant is a third party to the character. */
function asSaidTo(party: Party, addressee: Roles['addressee']): Party {
  return addressee === 'participant' && party === 'character' ? 'third_party' : party;
}

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

type Subject = 'speaker' | 'character' | 'third' | 'close' | 'thing' | 'we';

/** Verbs that harm the one they land on. */
const harms = new Set(
  'lied,lie,lies,lying,cheated,cheat,cheating,broke,break,breaking,broken,ruined,ruin,stole,steal,stolen,hit,hurt,insulted,insult,yelled,yell,shouted,screamed,ignored,ignore,forgot,forget,lost,lose,damaged,spilled,scratched,crashed,dumped,betrayed,mocked,blamed,ghosted,attacked,punched,slapped,kicked,bullied,fired,cut,rejected,tricked,scammed,abandoned,deleted,spat,humiliated,embarrassed,criticized,criticised,cursed,scolded,threatened,cancelled,canceled,missed_out,ditched,abused,manipulated,used,pushed,robbed,sued,hated,hate,ruined'.split(
    ',',
  ),
);
/** Harms that are moral wrongs: dishonesty, betrayal, theft, cruelty, contempt (Haidt's care and fairness). */
const wrongs = new Set(
  'lied,lie,lies,cheated,cheat,stole,steal,stolen,betrayed,betray,mocked,bullied,humiliated,insulted,manipulated,scammed,tricked,abused,ghosted,abandoned,robbed,blamed,threatened,used'.split(
    ',',
  ),
);
/** Verbs that do the one they land on a kindness. */
const kindnesses = new Set(
  'helped,help,helps,saved,save,gave,give,gives,bought,buy,brought,bring,love,loved,loves,like,liked,thanked,thank,hugged,hug,kissed,smiled,complimented,praised,supported,support,visited,called,cooked,fixed,forgave,forgive,trusted,invited,comforted,welcomed,congratulated,cheered,protected,rescued,taught,cared,care,adore,adored,appreciate,appreciated,surprised,believed,listened,waited,remembered,chose,hired,promoted,picked'.split(
    ',',
  ),
);

// Words that open a clause without being its subject (interjections, discourse markers).
const openers = new Set(
  'oh,ah,ugh,wow,omg,well,so,then,now,yesterday,today,tonight,hey,ok,okay,yes,yeah,yep,lol,haha,hahaha,um,uh,hmm,please,also,plus,phew,whoa,yay,damn,dang,gosh,guess,what,guys,honestly,seriously,apparently,finally,just,still,and,but,because,after,when,while,last,this,morning,night,week'.split(
    ',',
  ),
);
// "I think / I feel / I can't believe / I found out (that) …": the content clause carries the event.
const frameVerbs = new Set(
  'think,thought,feel,felt,believe,guess,heard,hear,learned,learnt,realized,realised,know,knew,noticed,wish,hope,remember'.split(
    ',',
  ),
);
const speakerSubjects = new Set(['i', "i'm", 'im', "i've", 'ive', "i'd", "i'll", 'me']);
const characterSubjects = new Set(['you', "you're", 'youre', "you've", "you'd", "you'll", 'u', 'ur']);
const weSubjects = new Set(['we', "we're", "we've", "we'd", "we'll"]);
const thirdSubjects = new Set(
  "he,she,they,he's,she's,they're,they've,someone,somebody,everyone,everybody,people,nobody,guy,girl,man,woman,lady,dude,stranger,kid,kids,neighbour,neighbor,boss,teacher,doctor,police,cop,driver,waiter,customer,coworker,colleague,friend,mom,mum,dad,sister,brother".split(
    ',',
  ),
);
const speakerObjects = new Set(['me', 'my', 'mine', 'myself', 'us', 'our']);
const characterObjects = new Set(['you', 'your', 'yours', 'yourself', 'u', 'ur']);
const thirdObjects = new Set(['him', 'her', 'them', 'his', 'their']);
const copulas = new Set(['is', 'are', 'am', 'was', 'were', 'be', 'been', "'s", 'seems', 'looks', 'feels']);
const apologies = new Set(['sorry', 'apologize', 'apologise', 'apologies', 'forgive']);
/** Verbs of things that happen to their subject, with no one acting: "my dog died", "the car broke down". */
const happenings = new Set(
  'died,dies,die,passed,passes,fell,falls,broke,crashed,happened,happens,burned,burnt,flooded,collapsed,failed,ended,started,arrived,left,went,came,grew,aged,recovered,survived,changed,closed,opened,ran,runs,turned,became,got,gets,is,was,were,are,has,had,have'.split(
    ',',
  ),
);
/** Adjectives of feeling that frame an event: "I'm sorry (that) I lied", "I'm so glad you came". */
const feelingFrames = new Set([
  'sorry',
  'glad',
  'happy',
  'sad',
  'afraid',
  'scared',
  'worried',
  'proud',
  'upset',
  'mad',
  'angry',
  'thankful',
  'grateful',
  'ashamed',
  'embarrassed',
]);
const articles = new Set([
  'the',
  'a',
  'an',
  'this',
  'that',
  'these',
  'those',
  'there',
  'it',
  "it's",
  "there's",
]);

// What each word is to the roles, as bits: one map lookup per token instead of a dozen set lookups.
const OPENER = 1 << 0;
const FRAME = 1 << 1;
const SPEAKER_SUBJECT = 1 << 2;
const CHARACTER_SUBJECT = 1 << 3;
const WE_SUBJECT = 1 << 4;
const THIRD_SUBJECT = 1 << 5;
const SPEAKER_OBJECT = 1 << 6;
const CHARACTER_OBJECT = 1 << 7;
const THIRD_OBJECT = 1 << 8;
const COPULA = 1 << 9;
const APOLOGY = 1 << 10;
const HAPPENING = 1 << 11;
const FEELING = 1 << 12;
const ARTICLE = 1 << 13;
const HARM = 1 << 14;
const WRONG = 1 << 15;
const KIND = 1 << 16;
const DISCLOSURE = 1 << 17;
const TAKING = 1 << 18;
const MISSING = 1 << 19;
const PAST = 1 << 20;
const PEOPLE = 1 << 21;
const AUX = 1 << 22;
const NEGATOR = 1 << 23;
const LEXICON_COPULA = 1 << 24;
const MODIFIER = 1 << 25;
const GET = 1 << 26;
const VICTIM = 1 << 27;
const MENTAL = 1 << 28;
const SECRET = 1 << 29;

const missing = new Set(['miss', 'missed', 'missing']);
/** Taking the credit for someone's work: "took credit for my work". */
const takings = new Set(['took', 'take', 'takes', 'taking', 'stole', 'steals', 'claimed']);
/** Telling a secret betrays a confidence: "told everyone my secret", "spread your secrets". */
const disclosures = new Set(['told', 'tell', 'telling', 'shared', 'spread', 'revealed', 'leaked', 'posted']);
const pastForms = new Set(
  'did,made,said,broke,took,left,forgot,stole,threw,wrote,told,gave,went,put,ran,hit,sent,spent,brought,thought,sold,lost,ate,kept,let,hurt,chose,became,came,won,got,fell,died,passed,smiled,helped,lied,cheated,yelled,cut,found,saw,met,had,bought,paid,caught,drove,flew,fought,grew,held,knew,led,read,rode,sang,sat,slept,spoke,stood,swam,taught,tore,understood,woke,wore,is,was,were,are,has'.split(
    ',',
  ),
);

/** A verb or its -ing form ("yelling", "lying", "hitting") is in the set. */
function inSet(set: ReadonlySet<string>, word: string): boolean {
  if (set.has(word)) return true;
  if (!word.endsWith('ing') || word.length < 6) return false;
  const base = word.slice(0, -3);
  return (
    set.has(base) ||
    set.has(`${base}e`) ||
    set.has(base.slice(0, -1)) ||
    (base.endsWith('y') && set.has(`${base.slice(0, -1)}ie`))
  );
}

function computeBits(word: string): number {
  let b = 0;
  if (openers.has(word)) b |= OPENER;
  if (frameVerbs.has(word)) b |= FRAME;
  if (speakerSubjects.has(word)) b |= SPEAKER_SUBJECT;
  if (characterSubjects.has(word)) b |= CHARACTER_SUBJECT;
  if (weSubjects.has(word)) b |= WE_SUBJECT;
  if (thirdSubjects.has(word)) b |= THIRD_SUBJECT;
  if (speakerObjects.has(word)) b |= SPEAKER_OBJECT;
  if (characterObjects.has(word)) b |= CHARACTER_OBJECT;
  if (thirdObjects.has(word)) b |= THIRD_OBJECT;
  if (copulas.has(word)) b |= COPULA;
  if (apologies.has(word)) b |= APOLOGY;
  if (happenings.has(word)) b |= HAPPENING;
  if (feelingFrames.has(word)) b |= FEELING;
  if (articles.has(word)) b |= ARTICLE;
  if (inSet(harms, word)) b |= HARM;
  if (inSet(wrongs, word)) b |= WRONG;
  if (inSet(kindnesses, word)) b |= KIND;
  if (disclosures.has(word)) b |= DISCLOSURE;
  if (takings.has(word)) b |= TAKING;
  if (missing.has(word)) b |= MISSING;
  if ((word.length > 3 && word.endsWith('ed')) || pastForms.has(word)) b |= PAST;
  if (peopleNouns.has(word)) b |= PEOPLE;
  if (word === 'secret' || word === 'secrets') b |= SECRET;
  const entry = lookupWord(word);
  if (entry) {
    if (entry.aux) b |= AUX;
    if (entry.negator) b |= NEGATOR;
    if (entry.copula) b |= LEXICON_COPULA;
    if (entry.modifier !== 1) b |= MODIFIER;
    if (entry.getVerb) b |= GET;
    if (entry.victim) b |= VICTIM;
    if (entry.mental) b |= MENTAL;
  }
  return b;
}

const bitCache = new LruMap<string, number>(20_000);

function bitsOf(word: string): number {
  let b = bitCache.get(word);
  if (b === undefined) {
    b = computeBits(word);
    bitCache.set(word, b);
  }
  return b;
}

/** The tokens of a message and their bits; `named[k]` when token k is a part of the character's name. */
interface Words {
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

interface Clause {
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

function readClause(w: Words, start: number, end: number): Clause {
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
function targetOf(c: Clause): Party | null {
  if (c.act === 0) return null;
  if (c.characterObject) return 'character';
  if (c.speakerObject) return 'speaker';
  if (c.thirdObject) return 'third_party';
  return null;
}

/** How much a clause tells of who did what: an act by a person first, then a person's state, then things. */
function rank(c: Clause): number {
  if (c.subject === undefined) return 0;
  if (c.subject === 'thing') return 1;
  return c.predicate === 'state' ? 2 : 3;
}

function verbLike(b: number): boolean {
  return (b & (AUX | LEXICON_COPULA | GET | VICTIM | MENTAL | NEGATOR | PAST)) !== 0;
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
