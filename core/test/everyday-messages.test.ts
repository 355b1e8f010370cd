import { describe, expect, it } from 'vitest';
import type { EmotionLabel } from '../src/index.js';
import { freshReaderSession } from './fixtures.js';

/**
 * Everyday chat messages and what a kind, neutral person (every trait at 0.5, a stranger) would feel on reading each
 * one, as the character's label after one text turn through the reader appraiser. A few labels are acceptable per
 * message; none of these messages is special-cased anywhere in the engine.
 */
const everyday: readonly (readonly [message: string, acceptable: readonly EmotionLabel[]])[] = [
  // The four messages of issue 12: the writer's own fortunes, felt with them.
  ['My dog died this morning.', ['sadness']],
  ['I got the job!', ['joy', 'excitement']],
  ['I am so scared of the exam tomorrow', ['fear', 'anxiety']],
  ["I'm bored", ['calm', 'sadness', 'numbness']],
  // Grief and sorrow.
  ['My grandma passed away last night.', ['sadness']],
  ['I miss her so much, it hurts.', ['sadness']],
  ['I failed my driving test again.', ['sadness']],
  ['I feel so lonely lately.', ['sadness']],
  // Fear and worry.
  ["I'm really nervous about my job interview.", ['anxiety', 'fear']],
  ["There's a guy following me home and I'm terrified.", ['fear', 'anxiety']],
  ["My mom is in the hospital and I'm worried sick.", ['anxiety', 'fear', 'sadness']],
  // Joy, relief, amusement, thanks.
  ["I finally finished my thesis, I'm so happy", ['joy', 'excitement', 'relief']],
  ["haha that's hilarious", ['amusement', 'joy']],
  ['thanks, that really helped me a lot', ['gratitude', 'joy']],
  // Praise and insults addressed to the character are about the character.
  ['You did it, you won the game!', ['pride']],
  ['Thank you so much, you are the best!', ['gratitude', 'joy', 'love', 'pride']],
  ["You're really good at this.", ['pride', 'gratitude', 'joy']],
  ["You're an idiot", ['anger']],
  ['Fuck you.', ['anger']],
  ['You are useless and I hate you.', ['anger']],
  // Outrage and disgust at third parties are shared, not taken personally.
  ['That is disgusting, he kicked the cat.', ['disgust', 'anger']],
  ['There was a hair in my soup, gross.', ['disgust']],
  // Guilt and shame of the writer, and a confession to the character.
  ['I feel so ashamed of what I did.', ['sadness', 'shame', 'guilt']],
  ['I tripped in front of the whole class, so embarrassing.', ['sadness', 'shame', 'amusement']],
  ["I'm sorry I lied to you yesterday, I shouldn't have.", ['sadness', 'calm', 'trust', 'anger']],
  // Surprise.
  ["Wow, I didn't expect that at all!", ['surprise']],
  ["Wait, what? She's moving to Japan?", ['surprise']],
  // Small talk.
  ['ok, see you later', ['calm']],
  ['Good morning!', ['calm', 'joy', 'contentment']],
  ['I had pasta for lunch.', ['calm', 'contentment']],
  ['nice weather today', ['calm', 'contentment', 'joy']],
  // More of the same kinds.
  ['I love you so much', ['love', 'joy', 'gratitude']],
  ["I'm so angry at my sister right now", ['anger', 'sadness']],
  ['That movie was so sad, I cried the whole time', ['sadness']],
  ["I'm worried I won't pass", ['anxiety', 'fear']],
  ['OMG I won the lottery!', ['joy', 'excitement', 'surprise']],
  ['Gross, the milk went bad', ['disgust']],
  // Plain reports of a wrong, to the character or by a third party, and an exasperated or astonished line.
  ['You lied to me', ['anger']],
  ['My boss yelled at me in front of everyone, it was so unfair.', ['anger', 'sadness']],
  // Stress shared: frustration, or tension (anxiety's prototype is Russell & Mehrabian's "tense").
  ['This traffic is driving me crazy', ['anger', 'sadness', 'anxiety']],
  ["I'm sorry for yelling at you earlier", ['sadness', 'calm', 'trust', 'anger']],
  // Misread by the first reader (Reddit's raters left such narrations neutral); the event reader reads them.
  ["We're having a baby!!", ['joy', 'excitement']],
  ['You never listen to me.', ['anger', 'sadness']],
  ['Ugh, someone spat on the bus seat', ['disgust']],
];

/**
 * Messages the engine still misreads, with what a kind person would feel. The expression reader learnt from Reddit
 * comments, where a friendly question ("hey, how's it going?") is mostly labelled curiosity, which folds into
 * surprise; the stacked valence reads "no way" as unpleasant, which tips a surprise into anger. Each is expected to
 * fail until the reader reads it right; then it moves to the table above (docs/reader.md).
 */
const misread: readonly (readonly [message: string, acceptable: readonly EmotionLabel[]])[] = [
  ['No way, really?', ['surprise']],
  // The event reader reads relief, but the gate gives a short "phew" line little of the event reader's share.
  ['Phew, the test came back negative.', ['relief', 'joy']],
  ["I can't believe I forgot my mom's birthday, I feel awful", ['sadness', 'guilt']],
  ["hey, how's it going?", ['calm']],
  ['Can you help me with my homework?', ['calm', 'contentment']],
];

describe('everyday messages, read by a kind and neutral character', () => {
  it('has at least thirty of them beyond the four of issue 12', () => {
    expect(everyday.length).toBeGreaterThanOrEqual(34);
  });

  it.each(everyday)('%s', async (message, acceptable) => {
    expect(acceptable).toContain(await feel(message));
  });

  it.fails.each(misread)('still misread: %s', async (message, acceptable) => {
    expect(acceptable).toContain(await feel(message));
  });
});

/** The label of a fresh character with every trait at 0.5 after one text turn through the reader appraiser. */
async function feel(message: string): Promise<EmotionLabel> {
  const { service, sessionId } = await freshReaderSession();
  const result = await service.textTurn('user', { sessionId, message });
  expect(result.appraiser).toBe('reader');
  return result.discrete_emotion;
}
