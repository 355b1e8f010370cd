import { describe, expect, it } from 'vitest';
import { aimsAtAddressee } from './text-address.js';
import { scanText } from './text-scan.js';

const aims = (text: string) => aimsAtAddressee(scanText(text).tokens);

describe('criticism aimed at the addressee', () => {
  it('finds "you" described, acting or targeted', () => {
    for (const text of [
      "You're an idiot",
      'You are disgusting.',
      'You lied to me',
      'you never listen',
      'You just posted the same thing but made it worse.',
      'You should be ashamed of yourself.',
      'Fuck you.',
      'How dare you put him on the same level',
      'shame on you',
      'Your meme is bad and you should feel bad',
      'you stupid idiot',
      "what you're doing is disgusting",
      "You've ruined everything",
    ])
      expect(aims(text), text).toBe(true);
  });

  it('leaves Reddit’s generic or third-party "you" alone', () => {
    for (const text of [
      'When you get sick it is disgusting.',
      "I don't care how you got it, it's still disgusting.",
      'I bet you he will never even be inside that apartment.',
      'I agree with you, absolutely disgusting.',
      'It makes you think.',
      'If you eat that you will be sick.',
      'Thank you!',
      "You're right, that's gross.",
      'That guy is an idiot.',
    ])
      expect(aims(text), text).toBe(false);
  });
});
