import { describe, expect, it } from 'vitest';
import { distinguishingName, shortId } from './session-order.js';
import type { SessionSummary } from './types.js';

function session(
  id: string,
  name: string,
  createdAt: string,
  updatedAt: string,
  preset: string | null = null,
) {
  return {
    sessionId: id,
    name,
    description: '',
    preset,
    turns: 0,
    createdAt,
    updatedAt,
    state: { discrete_emotion: 'calm', emotion_intensity: 0 },
  } satisfies SessionSummary;
}

describe('session list names', () => {
  const old = session('ses_aaaaaa111111', 'Mira', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z');
  const busy = session('ses_bbbbbb222222', 'Mira', '2026-01-02T00:00:00Z', '2026-01-05T00:00:00Z');
  const recent = session('ses_cccccc333333', 'Kai', '2026-01-04T00:00:00Z', '2026-01-04T00:00:00Z');

  it('keeps a unique name and adds a short id to a shared or missing one', () => {
    const listed = [old, busy, recent];
    expect(distinguishingName(recent, listed)).toBe('Kai');
    expect(distinguishingName(old, listed)).toBe('Mira · 111111');
    expect(distinguishingName(busy, listed)).toBe('Mira · 222222');
    const unnamed = session(
      'ses_eeeeee555555',
      ' ',
      '2026-01-01T00:00:00Z',
      '2026-01-01T00:00:00Z',
      'anxious_helper',
    );
    expect(distinguishingName(unnamed, [unnamed])).toBe('Anxious helper · 555555');
    expect(shortId('ses_abcdef123456')).toBe('123456');
  });
});
