import { lookupWord } from './text-lexicon.js';

/**
 * Whether a message aims at the person it speaks to, as criticism needs to be the character's offence: "you are / you're
 * …", "you lied", "you never listen", "you should be ashamed", "fuck you", "how dare you", "you idiot", "your meme is
 * bad". On Reddit, and in chat, "you" is often generic or about a third party ("when you get sick it's awful", "makes
 * you think", "I bet you he won't"); such a "you" does not make disgust or outrage the character's affront.
 *
 * Reads the lexicon pass's tokens (lower case, `.` at each clause break).
 */
export function aimsAtAddressee(tokens: readonly string[]): boolean {
  let clauseStart = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t === '.') {
      clauseStart = i + 1;
      continue;
    }
    const before = i > clauseStart ? tokens[i - 1]! : '';
    if (youSubject.has(t)) {
      if (aimingVerbs.has(before)) return true; // "fuck you", "how dare you", "shame on you"
      if (genericLead.has(before) || clauseIsGeneric(tokens, clauseStart, i)) continue;
      if (youDescribed.has(t) && describes(tokens, i + 1)) return true; // "you're an idiot"
      const next = skipAdverbs(tokens, i + 1);
      const verb = tokens[next] ?? '.';
      if (verb === 'never' || verb === 'always') return true; // "you never listen"
      if (t === 'you' || t === 'u') {
        if (beVerbs.has(verb) || isPast(verb) || blameVerbs.has(verb)) return true;
        if (insultWithin(tokens, i + 1, 3)) return true; // "you stupid idiot"
      } else if (t === "you've" && (verb === 'been' || isPast(verb))) return true;
    } else if (t === 'your' || t === 'ur') {
      if (genericLead.has(before) || clauseIsGeneric(tokens, clauseStart, i)) continue;
      // "your meme is bad", "your argument sucks", "your stupid face"
      for (let k = i + 1; k < Math.min(tokens.length, i + 5) && tokens[k] !== '.'; k++) {
        if (judgingVerbs.has(tokens[k]!)) return true;
        if (lookupWord(tokens[k]!)?.insult) return true;
      }
    }
  }
  return false;
}

const youSubject = new Set(['you', 'u', "you're", 'youre', "you've"]);
const youDescribed = new Set(["you're", 'youre']);
/** Verbs and words that put "you" right after them as the target: "fuck you", "how dare you", "shame on you". */
const aimingVerbs = new Set(['fuck', 'fk', 'f', 'screw', 'damn', 'dare', 'on', 'hate', 'blame', 'despise']);
/**
 * Words before "you" that make it generic, conditional or an object: "if you", "when you", "makes you", "I bet
 * you", "thank you", "with you".
 */
const genericLead = new Set([
  'if',
  'when',
  'whenever',
  'once',
  'unless',
  'until',
  'before',
  'after',
  'where',
  'makes',
  'make',
  'made',
  'let',
  'lets',
  'bet',
  'tell',
  'told',
  'give',
  'gives',
  'thank',
  'with',
  'to',
  'for',
  'at',
  'about',
  'agree',
  'as',
  'than',
  'like',
  'see',
  'got',
  'get',
  'gets',
  'help',
  'helps',
]);
/** A clause that opens with one of these is conditional or generic ("if …", "when …"). */
const genericOpeners = new Set(['if', 'when', 'whenever', 'once', 'unless', 'imagine', 'sometimes']);

function clauseIsGeneric(tokens: readonly string[], start: number, at: number): boolean {
  for (let k = start; k < at; k++) if (genericOpeners.has(tokens[k]!)) return true;
  return false;
}

const beVerbs = new Set([
  'are',
  'were',
  'r',
  'sound',
  'look',
  'seem',
  'act',
  'talk',
  'should',
  "shouldn't",
  'did',
  "didn't",
  'have',
  'keep',
  'kept',
]);
/** Verbs of offence and blame in the present: "you ruin everything", "you suck". */
const blameVerbs = new Set(['suck', 'ruin', 'lie', 'stink', 'disgust', 'sicken', 'annoy', 'piss', 'make']);
/** Past forms of common irregular verbs ("you lied" is regular). */
const irregularPast = new Set([
  'did',
  'made',
  'said',
  'broke',
  'took',
  'left',
  'forgot',
  'stole',
  'threw',
  'wrote',
  'told',
  'gave',
  'went',
  'put',
  'ran',
  'hit',
  'sent',
  'spent',
  'brought',
  'thought',
  'sold',
  'lost',
  'ate',
  'kept',
  'let',
  'hurt',
  'chose',
  'became',
]);
/** Verbs of judging after "your …": "your meme is bad", "your take sucks". */
const judgingVerbs = new Set(['is', 'was', 'are', 'were', 'sucks', 'suck', 'stinks', 'makes']);
const adverbs = new Set([
  'just',
  'really',
  'clearly',
  'obviously',
  'literally',
  'seriously',
  'still',
  'even',
  'actually',
  'totally',
  'honestly',
  'truly',
  'completely',
  'so',
  'all',
  'guys',
]);

function skipAdverbs(tokens: readonly string[], i: number): number {
  while (i < tokens.length && (adverbs.has(tokens[i]!) || tokens[i]!.endsWith('ly'))) i++;
  return i;
}

function isPast(word: string): boolean {
  return (word.length > 3 && word.endsWith('ed') && !word.endsWith('need')) || irregularPast.has(word);
}

/** "you're" describes: what follows is a judgement of the addressee, unless it is an appeal ("you're welcome"). */
function describes(tokens: readonly string[], i: number): boolean {
  const next = tokens[i] ?? '.';
  return next !== '.' && next !== 'welcome' && next !== 'right';
}

function insultWithin(tokens: readonly string[], from: number, span: number): boolean {
  for (let k = from; k < Math.min(tokens.length, from + span) && tokens[k] !== '.'; k++)
    if (lookupWord(tokens[k]!)?.insult) return true;
  return false;
}
