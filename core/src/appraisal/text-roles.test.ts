import { describe, expect, it } from 'vitest';
import { readRoles } from './text-roles.js';
import { scanText } from './text-scan.js';

const roles = (text: string, source: 'user' | 'system' | 'internal' = 'user', aimed = true) => {
  const r = readRoles(scanText(text).tokens, source, ['mika'], aimed);
  return { experiencer: r.experiencer, cause: r.cause, act: r.act, apology: r.apology };
};

describe('who did what to whom (text-roles)', () => {
  it.each([
    ['My grandmother is in the hospital', 'speaker', 'nobody', 0],
    ['My dog died this morning.', 'speaker', 'nobody', 0],
    ['I got the job!', 'speaker', 'speaker', 0],
    ['My paper got accepted', 'speaker', 'nobody', 0],
    ['I got fired today', 'speaker', 'third_party', -1],
    ['My sister lied to me again', 'speaker', 'third_party', -1],
    ['He smiled at me on the bus.', 'speaker', 'third_party', 1],
    ['My neighbour helped me carry the groceries.', 'speaker', 'third_party', 1],
    ['Sarah lied to me', 'speaker', 'third_party', -1],
    ['I lied to you.', 'character', 'speaker', -1],
    ['I broke your favourite mug', 'character', 'speaker', -1],
    ['I told everyone your secret.', 'character', 'speaker', -1],
    ['I missed you!', 'character', 'speaker', 1],
    ['I love you', 'character', 'speaker', 1],
    ['someone insulted you', 'character', 'third_party', -1],
    ['You lied to me', 'speaker', 'character', -1],
    ['You did it, you won the game!', 'character', 'character', 0],
    ["Wait, what? She's moving to Japan?", 'third_party', 'nobody', 0],
  ] as const)('%s: experiencer %s, cause %s, act %d', (text, experiencer, cause, act) => {
    expect(roles(text)).toMatchObject({ experiencer, cause, act });
  });

  it('reads the event inside a feeling or a thought ("I\'m sorry I …", "I can\'t believe I …")', () => {
    expect(roles("I'm sorry I lied to you yesterday, I shouldn't have.")).toEqual({
      experiencer: 'character',
      cause: 'speaker',
      act: -1,
      apology: true,
    });
    expect(roles("I'm sorry for yelling at you earlier")).toMatchObject({
      experiencer: 'character',
      cause: 'speaker',
    });
    expect(roles("I can't believe I forgot my mom's birthday")).toMatchObject({
      experiencer: 'speaker',
      cause: 'speaker',
    });
  });

  it('tells missing someone said to them (a kindness) from missing what is lost', () => {
    expect(roles('I missed you so much').act).toBe(1);
    expect(roles('I miss my old dog').act).toBe(0);
  });

  it('does not take a negated act for the act ("I didn\'t lie to you")', () => {
    expect(roles("I didn't lie to you").act).toBe(0);
  });

  it('reads a "you" the message does not aim at as generic', () => {
    expect(roles('You should tell them they are wrong.', 'user', false).experiencer).toBe('speaker');
    expect(roles('You should tell them they are wrong.', 'user', false).cause).toBe('nobody');
  });

  it('reads narration as happening to the character, and its thoughts as its own', () => {
    expect(roles('A storm knocked the power out', 'system')).toMatchObject({ experiencer: 'character' });
    expect(roles('The user brought me a gift', 'internal')).toMatchObject({ experiencer: 'character' });
  });

  it('survives empty and odd input', () => {
    for (const t of ['', '...', '!!!', '🙂', 'x'.repeat(500)]) {
      const r = roles(t);
      expect(['speaker', 'character', 'third_party']).toContain(r.experiencer);
    }
  });
});
