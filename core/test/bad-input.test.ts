import { describe, expect, it } from 'vitest';
import {
  createManualClock,
  createSeededRandom,
  createSessionService,
  isLimbicError,
  type Random,
} from '../src/index.js';

const samples: unknown[] = [
  undefined,
  null,
  true,
  0,
  -1,
  1e308,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  '',
  'x',
  '   ',
  'x'.repeat(10_000),
  [],
  [1, 2],
  {},
  { __proto__: { enabled: true } },
  { constructor: 'x' },
  Object.create(null),
  () => 1,
  Symbol('s'),
  10n,
  new Date(0),
];

function garbage(random: Random, depth = 0): unknown {
  const r = random.next();
  if (depth > 2 || r < 0.5) return samples[Math.floor(random.next() * samples.length)];
  const keys = [
    'preset',
    'personality',
    'O',
    'facets',
    'sincerity',
    'identity',
    'name',
    'language',
    'emotion_config',
    'baseline',
    'V',
    'sessionId',
    'appraisal',
    'goal_relevance',
    'agency',
    'message',
    'event',
    'description',
    'source',
    'elapsedSeconds',
    'enabled',
    'triggers',
    'cooldown_hours',
    'goals',
  ];
  const out: Record<string, unknown> = {};
  const n = Math.floor(random.next() * 5);
  for (let i = 0; i < n; i++)
    out[keys[Math.floor(random.next() * keys.length)]!] = garbage(random, depth + 1);
  return out;
}

describe('bad input', () => {
  it('only ever yields a LimbicError with a code and a message, and never changes state', async () => {
    const clock = createManualClock();
    const service = createSessionService({ clock, random: createSeededRandom(3) });
    const { sessionId } = await service.createSession('owner', { preset: 'rival' });
    const before = await service.getSession('owner', sessionId);
    const random = createSeededRandom(99);
    const calls: ((x: unknown) => Promise<unknown>)[] = [
      (x) => service.createSession('owner', x),
      (x) => service.appraisalTurn('owner', x),
      (x) => service.appraisalTurn('owner', { sessionId, appraisal: x }),
      (x) => service.textTurn('owner', x),
      (x) => service.textTurn('owner', { sessionId, event: x }),
      (x) => service.setPreferences('owner', sessionId, x),
      (x) => service.acknowledge('owner', sessionId, x),
      (x) => service.listSessions('owner', { cursor: x as string, limit: x }),
      (x) => service.getState('owner', x as string),
      (x) => service.deleteSession('other', x as string),
    ];
    let errors = 0;
    let turnsAccepted = 0;
    for (let i = 0; i < 3000; i++) {
      const call = calls[i % calls.length]!;
      const input = garbage(random);
      try {
        await call(input);
        if (i % calls.length >= 1 && i % calls.length <= 4) turnsAccepted++;
      } catch (error) {
        errors++;
        if (!isLimbicError(error)) throw new Error(`untyped error for ${String(input)}: ${String(error)}`);
        expect(error.message.length).toBeGreaterThan(5);
        if (error.code === 'VALIDATION_ERROR') expect(error.issues.length).toBeGreaterThan(0);
      }
    }
    expect(errors).toBeGreaterThan(2000);
    // Rejected turns leave the session exactly as it was.
    expect(turnsAccepted).toBe(0);
    expect((await service.getSession('owner', sessionId)).state).toEqual(before.state);
  });
});
