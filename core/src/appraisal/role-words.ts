import { LruMap } from '../util/lru-map.js';
import { lookupWord, peopleNouns } from './text-lexicon.js';

/**
 * The words the roles read (docs/reader.md, "Roles"): verbs of harm and kindness, subjects and objects, frames and
 * openers, each word's role bits computed once and cached.
 */

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
/** Role bit: an opener ("oh", "well", "yesterday"). */
export const OPENER = 1 << 0;
/** Role bit: a verb that frames a content clause ("think", "heard"). */
export const FRAME = 1 << 1;
/** Role bit: "I" as a subject. */
export const SPEAKER_SUBJECT = 1 << 2;
/** Role bit: "you" as a subject. */
export const CHARACTER_SUBJECT = 1 << 3;
/** Role bit: "we" as a subject. */
export const WE_SUBJECT = 1 << 4;
/** Role bit: a third person as a subject ("she", "my boss"). */
export const THIRD_SUBJECT = 1 << 5;
/** Role bit: "me", "my", "us" as an object. */
export const SPEAKER_OBJECT = 1 << 6;
/** Role bit: "you", "your" as an object. */
export const CHARACTER_OBJECT = 1 << 7;
/** Role bit: "him", "her", "them" as an object. */
export const THIRD_OBJECT = 1 << 8;
/** Role bit: a form of "be" (or "seems", "looks"). */
export const COPULA = 1 << 9;
/** Role bit: an apology word. */
export const APOLOGY = 1 << 10;
/** Role bit: a verb of something that happens to its subject. */
export const HAPPENING = 1 << 11;
/** Role bit: an adjective of feeling that frames an event. */
export const FEELING = 1 << 12;
/** Role bit: an article or a dummy subject ("the", "it's"). */
export const ARTICLE = 1 << 13;
/** Role bit: a verb of harm. */
export const HARM = 1 << 14;
/** Role bit: a harm that is a moral wrong. */
export const WRONG = 1 << 15;
/** Role bit: a verb of kindness. */
export const KIND = 1 << 16;
/** Role bit: a verb of telling (a secret). */
export const DISCLOSURE = 1 << 17;
/** Role bit: a verb of taking (the credit). */
export const TAKING = 1 << 18;
/** Role bit: "miss". */
export const MISSING = 1 << 19;
/** Role bit: a past form. */
export const PAST = 1 << 20;
/** Role bit: a noun of people. */
export const PEOPLE = 1 << 21;
/** Role bit: an auxiliary (lexicon). */
export const AUX = 1 << 22;
/** Role bit: a negator (lexicon). */
export const NEGATOR = 1 << 23;
/** Role bit: a copula (lexicon). */
export const LEXICON_COPULA = 1 << 24;
/** Role bit: a booster or dampener (lexicon). */
export const MODIFIER = 1 << 25;
/** Role bit: "get" as a passive auxiliary (lexicon). */
export const GET = 1 << 26;
/** Role bit: a word of being a victim (lexicon). */
export const VICTIM = 1 << 27;
/** Role bit: a verb of a mental state (lexicon). */
export const MENTAL = 1 << 28;
/** Role bit: "secret", "secrets". */
export const SECRET = 1 << 29;

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

/** The role bits of a lower-case word (cached). */
export function bitsOf(word: string): number {
  let b = bitCache.get(word);
  if (b === undefined) {
    b = computeBits(word);
    bitCache.set(word, b);
  }
  return b;
}
