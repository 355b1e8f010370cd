import { isNameWord } from './text-context.js';

/**
 * Words of phatic talk: greetings, farewells, thanks, acknowledgements, laughter and the fillers and forms of address
 * that go with them. Such talk keeps the contact open and tells of no event (Malinowski 1923's "phatic communion";
 * Laver 1975; Coupland, Coupland & Robinson 1992), so a message made only of them is weak evidence of anything
 * worth feeling strongly about, however warm it sounds.
 */
const phaticWords: ReadonlySet<string> = new Set(
  // greetings
  (
    'hi hii hiya hello hey heya heyy hay yo sup howdy morning mornin evening afternoon night goodnight gm gn good ' +
    'welcome back ' +
    // farewells
    'bye byee goodbye cya later ttyl soon see you ya u talk gotta go going take care sleep well sweet dreams ' +
    // thanks
    'thanks thank thx ty tysm cheers ' +
    // acknowledgements
    'ok okay okey k kk sure yes yeah yea yep yup no nope nah maybe alright right fine cool nice great sounds ' +
    'got it i see true agreed indeed exactly makes sense mhm hm hmm hmmm uh um umm oh ah aha ' +
    // laughter
    'lol lool lolol lmao lmfao rofl haha hahaha hahahaha hehe heh xd ' +
    // fillers and address
    'there all guys everyone friend buddy dear man dude bro so too then and a the me to again very much for now ' +
    'just anyway'
  ).split(' '),
);

function hasLetter(token: string): boolean {
  const c = token.charCodeAt(0);
  if (c >= 97 && c <= 122) return true;
  return /\p{L}/u.test(token);
}

/**
 * Whether a message is phatic only: every word is one of {@link phaticWords} or a part of the character's name
 * (tokens without letters, such as emoji and clause breaks, are skipped), and there is at least one word.
 */
export function isPhatic(tokens: readonly string[], names: readonly string[]): boolean {
  let words = 0;
  for (const token of tokens) {
    if (!hasLetter(token)) continue;
    words++;
    if (!phaticWords.has(token) && !isNameWord(token, names)) return false;
  }
  return words > 0;
}
