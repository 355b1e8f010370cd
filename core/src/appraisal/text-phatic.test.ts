import { describe, expect, it } from 'vitest';
import { readEnglish } from './text-appraise.js';

const read = (text: string, name?: string) =>
  readEnglish({ description: text, source: 'user' }, name === undefined ? {} : { name });

describe('phatic talk and questions (text-phatic.ts, text-appraise.ts)', () => {
  it('finds greetings, farewells, thanks, acknowledgements and laughter, with the character’s name and emoji', () => {
    for (const text of [
      'hi',
      'Good morning, Mika!',
      'thanks, talk soon 🙂',
      'ok sounds good',
      'lol',
      'bye!!',
      'yeah, true',
    ])
      expect(read(text, 'Mika').phatic, text).toBe(true);
  });

  it('does not take a message that tells of something as phatic', () => {
    for (const text of [
      'Thank you, you really helped me',
      'good morning, my dog died',
      'I got the job!',
      'no way',
      '🙂',
      '',
    ])
      expect(read(text).phatic, text).toBe(false);
  });

  it('knows a message that ends in a question, but not one that exclaims', () => {
    expect(read("What's your favourite colour?").asks).toBe(true);
    expect(read('Can you help me?  ').asks).toBe(true);
    expect(read('No way, really?!').asks).toBe(false);
    expect(read('Is it? I got the job!').asks).toBe(false);
    expect(read('I got the job').asks).toBe(false);
  });
});
