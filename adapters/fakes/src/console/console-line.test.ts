import { describe, expect, it } from 'vitest';
import { parseConsoleLine } from './console-line.js';

describe('parseConsoleLine', () => {
  it('sends plain text and bot commands as messages', () => {
    expect(parseConsoleLine('  hello there ')).toEqual({ kind: 'say', text: 'hello there' });
    expect(parseConsoleLine('/limbic status')).toEqual({ kind: 'say', text: '/limbic status' });
    expect(parseConsoleLine('')).toEqual({ kind: 'none' });
  });

  it('switches platform, or sends one message there when text follows', () => {
    expect(parseConsoleLine(':d')).toEqual({ kind: 'switch', platform: 'discord' });
    expect(parseConsoleLine(':Telegram')).toEqual({ kind: 'switch', platform: 'telegram' });
    expect(parseConsoleLine(':discord hi  you')).toEqual({
      kind: 'say',
      text: 'hi you',
      platform: 'discord',
    });
  });

  it('reads the chat, person, help and quit commands, and names what it does not know', () => {
    expect(parseConsoleLine(':group')).toEqual({ kind: 'chat', chat: 'group' });
    expect(parseConsoleLine(':private')).toEqual({ kind: 'chat', chat: 'private' });
    expect(parseConsoleLine(':as Ada Lovelace')).toEqual({ kind: 'as', name: 'Ada Lovelace' });
    expect(parseConsoleLine(':help')).toEqual({ kind: 'help' });
    expect(parseConsoleLine(':quit')).toEqual({ kind: 'quit' });
    expect(parseConsoleLine(':as')).toEqual({ kind: 'unknown', input: ':as' });
    expect(parseConsoleLine(':group now')).toEqual({ kind: 'unknown', input: ':group now' });
  });
});
