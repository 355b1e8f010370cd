import { describe, expect, it } from 'vitest';
import { detectEntities, findMentions } from './entities.js';

describe('findMentions', () => {
  it('finds @usernames of 4 to 32 characters at word boundaries, in UTF-16 offsets', () => {
    expect(findMentions('hi @limbic_bot and @ada_l, 👋 @bo_b!')).toEqual([
      { type: 'mention', offset: 3, length: 11 },
      { type: 'mention', offset: 19, length: 6 },
      { type: 'mention', offset: 30, length: 5 },
    ]);
  });

  it('skips e-mail addresses, short names other than @gif, @vid and @pic, and names over 32 characters', () => {
    expect(findMentions(`mail ada@example.org, @abc, @gif, @${'a'.repeat(33)}`)).toEqual([
      { type: 'mention', offset: 28, length: 4 },
    ]);
  });
});

describe('detectEntities', () => {
  it('keeps a leading command and the mentions after it, but not a mention inside the command', () => {
    expect(detectEntities('/start@limbic_bot hi @ada_l')).toEqual([
      { type: 'bot_command', offset: 0, length: 17 },
      { type: 'mention', offset: 21, length: 6 },
    ]);
  });

  it('finds nothing in plain text', () => {
    expect(detectEntities('just words')).toEqual([]);
  });
});
