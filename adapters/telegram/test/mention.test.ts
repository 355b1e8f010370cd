import { describe, expect, it } from 'vitest';
import { withMention } from '../src/index.js';

describe('withMention', () => {
  it('puts the name in front with a text_mention over it, in UTF-16 code units', () => {
    const { text, entities } = withMention('I missed you all!', { userId: '42', name: 'Zoë 🌸 Nakamura' });
    expect(text).toBe('Zoë 🌸 Nakamura, I missed you all!');
    expect(entities).toEqual([
      {
        type: 'text_mention',
        offset: 0,
        length: 15,
        user: { id: 42, is_bot: false, first_name: 'Zoë 🌸 Nakamura' },
      },
    ]);
    // The flower is two UTF-16 code units: the entity ends right before the comma.
    expect(text.slice(0, entities[0]!.length)).toBe('Zoë 🌸 Nakamura');
  });

  it('keeps the name on one line and short, and stands in for a missing one', () => {
    const long = withMention('hi', { userId: '7', name: `  Ada\nLovelace ${'x'.repeat(100)}` });
    expect(long.text.startsWith('Ada Lovelace xxx')).toBe(true);
    expect(long.entities[0]!.length).toBe(64);
    expect(withMention('hi', { userId: '7', name: null }).text).toBe('Hey, hi');
  });

  it('mentions no entity for a speaker that is a chat (a channel, an anonymous admin)', () => {
    expect(withMention('hi', { userId: '-1001234', name: 'Bus stop' })).toEqual({
      text: 'Bus stop, hi',
      entities: [],
    });
  });
});
