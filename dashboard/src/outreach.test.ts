import { describe, expect, it } from 'vitest';
import { describeOutreach, formatSpan, type OutreachOutlook } from './outreach.js';

const at = '2026-03-01T12:00:00.000Z';
const later = (ms: number) => new Date(Date.parse(at) + ms).toISOString();
const hour = 3_600_000;

function outlook(overrides: Partial<OutreachOutlook> = {}): OutreachOutlook {
  return {
    next_consider_at: later(3 * hour + 20 * 60_000),
    holds: [],
    attachment: {
      urge: 0.1,
      threshold: 0.6,
      bond: 0.7,
      onset_hours: 4,
      due_at: later(3 * hour + 20 * 60_000),
    },
    need: { need: 'belonging', deficit: 0.05, threshold: 0.25, due_at: later(30 * hour) },
    ...overrides,
  };
}

describe('describeOutreach', () => {
  it('says when it would next consider reaching out, counted on the engine clock, and which drive moves it', () => {
    const summary = describeOutreach(outlook(), at);
    expect(summary.next).toMatch(/^It would next consider reaching out in 3 h 20 min \(.+\)\.$/);
    expect(summary.drive).toBe('It will miss them: the attachment urge reaches 0.6 (bond 0.7)');
    expect(summary.holds).toEqual([]);
    const lonely = outlook({
      attachment: { urge: 0, threshold: 0.6, bond: 0.2, onset_hours: 4, due_at: null },
      need: { need: 'belonging', deficit: 0.1, threshold: 0.25, due_at: later(2 * 24 * hour) },
      next_consider_at: later(2 * 24 * hour),
    });
    expect(describeOutreach(lonely, at).drive).toBe(
      'Its belonging need will be low: the deficit reaches 0.25',
    );
    expect(describeOutreach(lonely, at).next).toContain('in 2 d (');
  });

  it('lists what holds it back in the gates’ order, with when each lifts or that it waits for a change', () => {
    const held = describeOutreach(
      outlook({
        holds: [
          { reason: 'cooldown', until: later(90 * 60_000) },
          { reason: 'quiet_hours', until: later(8 * hour) },
          { reason: 'waiting_for_reply', until: null },
        ],
      }),
      at,
    );
    expect(held.holds.map((h) => h.reason)).toEqual(['cooldown', 'quiet_hours', 'waiting_for_reply']);
    expect(held.holds[0]).toMatchObject({ text: 'Cooldown after its last message' });
    expect(held.holds[0]?.until).toMatch(/^lifts in 1 h 30 min \(/);
    expect(held.holds[1]?.until).toMatch(/^lifts in 8 h \(/);
    expect(held.holds[2]).toMatchObject({
      text: 'It already reached out and waits for a reply',
      until: 'until something changes',
    });
  });

  it('says it would not reach out without a change when nothing is due, and names the missing drive', () => {
    const still = describeOutreach(
      outlook({
        next_consider_at: null,
        holds: [{ reason: 'no_drive', until: null }],
        attachment: { urge: 0, threshold: 0.6, bond: 0.3, onset_hours: 12, due_at: null },
        need: { need: 'belonging', deficit: 0, threshold: 0.25, due_at: null },
      }),
      at,
    );
    expect(still.next).toBe('It would not consider reaching out without a change (a message or a setting).');
    expect(still.drive).toBeNull();
    expect(still.holds[0]?.text).toMatch(/^Nothing draws it/);
    // A reason from a newer gateway still shows, as its name.
    const unknown = describeOutreach(outlook({ holds: [{ reason: 'new_gate', until: null }] }), at);
    expect(unknown.holds[0]?.text).toBe('New gate');
  });

  it('formats spans from seconds to days', () => {
    expect(
      [0, 12_000, 12 * 60_000, 2 * hour, 3 * hour + 5 * 60_000, 50 * hour, 72 * hour].map(formatSpan),
    ).toEqual(['0 s', '12 s', '12 min', '2 h', '3 h 5 min', '2 d 2 h', '3 d']);
  });
});
