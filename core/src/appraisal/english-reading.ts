import type { Appraisal } from './appraisal.js';

/** What the lexicon pass finds besides the appraisal: who is spoken to, and which cues were explicit. */
export interface EnglishReading {
  appraisal: Appraisal;
  /** False when the text reads as another language (or is empty). */
  english: boolean;
  /** The text speaks to the character: "you", "your", or its name. */
  addressed: boolean;
  /**
   * The text aims at the character, as criticism must to be its affront: its name, or "you" as the one described or
   * acting ("you're an idiot", "you lied", "fuck you", "your meme is bad"), not a generic "you" ("when you get sick").
   */
  aimed: boolean;
  /** Explicit expectation cues ("suddenly", "as usual", "!?") were found. */
  expectationCues: boolean;
  /** Explicit control cues ("helpless", "I can handle it") were found. */
  controlCues: boolean;
  /**
   * Explicit intensity, [0, 1]: exclamation marks, words in capitals and boosters ("so", "really", "extremely"),
   * a quarter for each (VADER's intensity cues; Hutto & Gilbert 2014).
   */
  emphasis: number;
  /** The text ends in a question mark ("what's your favourite colour?", not "really?!"). */
  asks: boolean;
  /** The text is phatic talk only (greetings, thanks, acknowledgements, laughter; text-phatic.ts). */
  phatic: boolean;
  /** The lower-case tokens of the text, `.` at each clause break (for the roles; text-roles.ts). */
  tokens: readonly string[];
}

/** The reading of a text with no cues found: only its appraisal, and whether it reads as English. */
export function plainReading(
  appraisal: Appraisal,
  english: boolean,
  tokens: readonly string[] = [],
): EnglishReading {
  return {
    appraisal,
    english,
    addressed: false,
    aimed: false,
    expectationCues: false,
    controlCues: false,
    emphasis: 0,
    asks: false,
    phatic: false,
    tokens,
  };
}

/** Whether a text ends in a question mark without an exclamation mark beside it. */
export function endsAsking(text: string): boolean {
  let i = text.length - 1;
  while (i >= 0 && /\s/.test(text.charAt(i))) i--;
  let asked = false;
  for (; i >= 0; i--) {
    const c = text.charAt(i);
    if (c === '?') asked = true;
    else if (c === '!') return false;
    else break;
  }
  return asked;
}
