import { describe, expect, it } from 'vitest';
import {
  type ActivityTurn,
  activityOf,
  addMessage,
  type DayActivity,
  dayMs,
  historyDays,
  hourMs,
  keepParticipants,
  withoutParticipant,
  withPerson,
} from './activity.js';
import { localHour } from './local-hour.js';
import { readSignals, type SignalReading } from './signals.js';

const start = Date.UTC(2026, 0, 5); // a Monday, 00:00 UTC
const calm: ActivityTurn = {
  hostile: false,
  distress: false,
  relationship: { rapport: 0.5, trust: 0.5, familiarity: 0.1 },
};

/** A history built message by message: `count` messages at `hour` (UTC) of day `day` after `start`. */
function build(
  plan: { day: number; hour: number; count: number; turn?: Partial<ActivityTurn> }[],
): DayActivity[] {
  let days: DayActivity[] = [];
  for (const { day, hour, count, turn } of plan) {
    for (let i = 0; i < count; i++) {
      days = addMessage(days, { ...calm, ...turn }, start + day * dayMs + hour * hourMs + i * 1000);
    }
  }
  return days;
}

function signal(
  days: readonly DayActivity[],
  now: number,
  id: SignalReading['id'],
  zone = 'UTC',
): SignalReading {
  return readSignals(days, now, zone).find((s) => s.id === id)!;
}

const at = (day: number, hour = 12) => start + day * dayMs + hour * hourMs;

describe('activity history', () => {
  it('counts messages per UTC day and hour and keeps the relationship after the last message of the day', () => {
    const days = build([
      { day: 0, hour: 9, count: 2 },
      { day: 0, hour: 23, count: 1, turn: { relationship: { rapport: 0.7, trust: 0.6, familiarity: 0.2 } } },
      { day: 1, hour: 0, count: 1, turn: { hostile: true, distress: true } },
    ]);
    expect(days).toHaveLength(2);
    expect(days[0]).toMatchObject({ messages: 3, hostile: 0, distress: 0, rapport: 0.7, trust: 0.6 });
    expect(days[0]!.hours[9]).toBe(2);
    expect(days[0]!.hours[23]).toBe(1);
    expect(days[1]).toMatchObject({ messages: 1, hostile: 1, distress: 1 });
    expect(days[1]!.hours[0]).toBe(1);
  });

  it('is bounded: days older than the window are dropped', () => {
    const plan = Array.from({ length: 60 }, (_, day) => ({ day, hour: 10, count: 1 }));
    const days = build(plan);
    expect(days).toHaveLength(historyDays);
    expect(days[0]!.day).toBe(days.at(-1)!.day - historyDays + 1);
  });

  it('never changes the history it was given', () => {
    const days = build([{ day: 0, hour: 1, count: 1 }]);
    const copy = structuredClone(days);
    addMessage(days, calm, at(0, 1));
    expect(days).toEqual(copy);
  });

  it('keeps one history per person, and removes a participant’s with them', () => {
    const one = { days: build([{ day: 0, hour: 1, count: 1 }]), signals: {} };
    let activity = withPerson(undefined, null, one);
    activity = withPerson(activity, 'ana', one);
    activity = withPerson(activity, 'bo', one);
    expect(activityOf(activity, 'ana').days).toHaveLength(1);
    expect(activityOf(activity, null).days).toHaveLength(1);
    expect(activityOf(undefined, 'ana').days).toEqual([]);
    const without = withoutParticipant(activity, 'ana');
    expect(activityOf(without, 'ana').days).toEqual([]);
    expect(activityOf(without, 'bo').days).toHaveLength(1);
    expect(withoutParticipant(without, 'nobody')).toBe(without);
    expect(keepParticipants(activity, (id) => id === 'bo')?.participants?.map((p) => p.id)).toEqual(['bo']);
  });
});

describe('the late-night signal', () => {
  it('starts when 30 % of 14 days’ messages fall between 00:00 and 05:00, with at least 10 of them', () => {
    const day = build([
      { day: 0, hour: 14, count: 20 },
      { day: 1, hour: 2, count: 9 },
    ]);
    expect(signal(day, at(1), 'late_night')).toMatchObject({ active: false, value: 9 / 29 });
    const more = addMessage(day, calm, at(1, 3));
    expect(signal(more, at(1), 'late_night')).toMatchObject({ active: true, value: 10 / 30 });
  });

  it('stops when daytime messages dilute the share, and when the night falls out of the 14-day window', () => {
    const night = build([{ day: 0, hour: 1, count: 12 }]);
    expect(signal(night, at(0), 'late_night').active).toBe(true);
    expect(signal(night, at(13), 'late_night').active).toBe(true);
    expect(signal(night, at(14), 'late_night').active).toBe(false);
    const diluted = build([
      { day: 0, hour: 1, count: 12 },
      { day: 0, hour: 15, count: 30 },
    ]);
    expect(signal(diluted, at(0), 'late_night')).toMatchObject({ active: false, value: 12 / 42 });
  });

  it('reads local hours in the time zone given', () => {
    // 16:00 UTC is 01:00 in Tokyo (UTC+9) and 11:00 in New York (UTC−5 in January).
    const days = build([{ day: 0, hour: 16, count: 12 }]);
    expect(signal(days, at(0, 20), 'late_night', 'UTC').active).toBe(false);
    expect(signal(days, at(0, 20), 'late_night', 'Asia/Tokyo')).toMatchObject({ active: true, value: 1 });
    expect(signal(days, at(0, 20), 'late_night', 'America/New_York').active).toBe(false);
    // 06:00 UTC is 01:00 in New York.
    const ny = build([{ day: 0, hour: 6, count: 12 }]);
    expect(signal(ny, at(0, 20), 'late_night', 'America/New_York').active).toBe(true);
  });

  it('places the hours of a half-hour zone by their middle, and reads an unknown zone as UTC', () => {
    // India is UTC+5:30: the UTC hour 19:00–20:00 is 00:30–01:30 there.
    expect(localHour(start + 19 * hourMs, 'Asia/Kolkata')).toBe(1);
    expect(localHour(start + 18 * hourMs, 'Asia/Kolkata')).toBe(0);
    expect(localHour(start + 3 * hourMs, 'Not/AZone')).toBe(3);
    // Daylight saving time: New York is UTC−4 in July.
    expect(localHour(Date.UTC(2026, 6, 1, 5), 'America/New_York')).toBe(1);
  });
});

describe('the rising-volume signal', () => {
  const baseline = Array.from({ length: 21 }, (_, day) => ({ day, hour: 12, count: 10 }));

  it('starts when the last 7 days average twice the 3 weeks before, and at least 30 a day', () => {
    const heavy = build([
      ...baseline,
      ...Array.from({ length: 7 }, (_, i) => ({ day: 21 + i, hour: 12, count: 30 })),
    ]);
    expect(signal(heavy, at(27), 'rising_volume')).toMatchObject({ active: true, value: 3 });
    const steady = build([
      ...baseline,
      ...Array.from({ length: 7 }, (_, i) => ({ day: 21 + i, hour: 12, count: 19 })),
    ]);
    expect(signal(steady, at(27), 'rising_volume')).toMatchObject({ active: false, value: 1.9 });
  });

  it('needs the floor: doubling from 5 to 10 a day is no signal', () => {
    const light = build([
      ...Array.from({ length: 21 }, (_, day) => ({ day, hour: 12, count: 5 })),
      ...Array.from({ length: 7 }, (_, i) => ({ day: 21 + i, hour: 12, count: 10 })),
    ]);
    expect(signal(light, at(27), 'rising_volume')).toMatchObject({ active: false, value: 2 });
  });

  it('needs a week of history before the last 7 days: a new heavy user is no signal', () => {
    const fresh = build(Array.from({ length: 10 }, (_, day) => ({ day, hour: 12, count: 50 })));
    expect(signal(fresh, at(9), 'rising_volume').active).toBe(false);
    const later = build([
      ...Array.from({ length: 7 }, (_, day) => ({ day, hour: 12, count: 5 })),
      ...Array.from({ length: 7 }, (_, i) => ({ day: 7 + i, hour: 12, count: 40 })),
    ]);
    expect(signal(later, at(13), 'rising_volume')).toMatchObject({ active: true, value: 8 });
  });

  it('stops when the volume falls back', () => {
    const heavy = build([
      ...baseline,
      ...Array.from({ length: 7 }, (_, i) => ({ day: 21 + i, hour: 12, count: 30 })),
    ]);
    expect(signal(heavy, at(30), 'rising_volume').active).toBe(false);
  });
});

describe('the sustained-hostility signal', () => {
  const hostile = { hostile: true };

  it('starts on the third day of hostility within 7 days, not after one bad evening', () => {
    const evening = build([{ day: 0, hour: 20, count: 10, turn: hostile }]);
    expect(signal(evening, at(0, 22), 'sustained_hostility')).toMatchObject({ active: false, value: 1 });
    const three = build([
      { day: 0, hour: 20, count: 1, turn: hostile },
      { day: 2, hour: 20, count: 1, turn: hostile },
      { day: 4, hour: 20, count: 1, turn: hostile },
      { day: 4, hour: 21, count: 5 },
    ]);
    expect(signal(three, at(4, 22), 'sustained_hostility')).toMatchObject({ active: true, value: 3 });
  });

  it('needs hostile messages to be at least 10 % of the person’s messages', () => {
    const diluted = build([
      { day: 0, hour: 20, count: 1, turn: hostile },
      { day: 2, hour: 20, count: 1, turn: hostile },
      { day: 4, hour: 20, count: 1, turn: hostile },
      { day: 4, hour: 21, count: 40 },
    ]);
    expect(signal(diluted, at(4, 22), 'sustained_hostility')).toMatchObject({ active: false, value: 3 });
  });

  it('stops when the first hostile day leaves the 7-day window', () => {
    const three = build([
      { day: 0, hour: 20, count: 1, turn: hostile },
      { day: 2, hour: 20, count: 1, turn: hostile },
      { day: 4, hour: 20, count: 1, turn: hostile },
    ]);
    expect(signal(three, at(6), 'sustained_hostility').active).toBe(true);
    expect(signal(three, at(7), 'sustained_hostility')).toMatchObject({ active: false, value: 2 });
  });
});

describe('the repeated-distress signal', () => {
  const distress = { distress: true };

  it('starts at the third message of distress within 7 days, and stops when they leave the window', () => {
    const one = build([{ day: 0, hour: 20, count: 1, turn: distress }]);
    expect(signal(one, at(0, 21), 'repeated_distress')).toMatchObject({ active: false, value: 1 });
    const three = build([
      { day: 0, hour: 20, count: 1, turn: distress },
      { day: 1, hour: 20, count: 1 },
      { day: 3, hour: 20, count: 2, turn: distress },
    ]);
    expect(signal(three, at(3, 21), 'repeated_distress')).toMatchObject({ active: true, value: 3 });
    expect(signal(three, at(6), 'repeated_distress').active).toBe(true);
    expect(signal(three, at(7), 'repeated_distress')).toMatchObject({ active: false, value: 2 });
  });
});
