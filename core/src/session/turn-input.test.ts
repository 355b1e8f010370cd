import { describe, expect, it } from 'vitest';
import { isLimbicError } from '../errors.js';
import { createSeededRandom } from '../random.js';
import {
  appraisalTurnSchema,
  fastAppraisalTurn,
  fastTextTurn,
  parseAppraisalTurn,
  parseTextTurn,
  textTurnSchema,
  toParsedTextTurn,
} from './turn-input.js';

const good = {
  sessionId: 'ses_1',
  appraisal: {
    goal_relevance: 1,
    goal_congruence: -1,
    expectedness: 0,
    controllability: 0.5,
    agency: 1,
    norm_compatibility: -0.2,
  },
};

function mutate(random: { next(): number }, value: unknown): unknown {
  const pick = <T>(xs: T[]) => xs[Math.floor(random.next() * xs.length)]!;
  const weird = [
    undefined,
    null,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    -0.0001,
    1.0001,
    2,
    -2,
    '0.5',
    true,
    [],
    {},
    '',
    'x'.repeat(129),
    0,
    1,
    -1,
    0.5,
  ];
  const copy = structuredClone(value) as Record<string, unknown>;
  const where = random.next();
  if (where < 0.5) {
    const a = { ...(copy.appraisal as Record<string, unknown>) };
    a[pick(Object.keys(a).concat(['extra']))] = pick(weird);
    copy.appraisal = a;
  } else {
    copy[pick(['sessionId', 'appraisal', 'context', 'elapsedSeconds', 'unknown'])] = pick([
      ...weird,
      'hello',
      12.5,
      400_000_000,
    ]);
  }
  return copy;
}

describe('appraisal turn validation', () => {
  it('agrees with the schema on thousands of mutated inputs (the fast path never accepts what zod rejects)', () => {
    const random = createSeededRandom(42);
    let accepted = 0;
    for (let i = 0; i < 5000; i++) {
      const input = mutate(random, random.next() < 0.3 ? mutate(random, good) : good);
      const zod = appraisalTurnSchema.safeParse(input);
      const fast = fastAppraisalTurn(input);
      if (fast) {
        accepted++;
        expect(zod.success).toBe(true);
        expect(fast).toEqual(zod.data);
      }
      if (zod.success) expect(parseAppraisalTurn(input)).toEqual(zod.data);
    }
    expect(accepted).toBeGreaterThan(100);
  });

  it('names every field and rule in one error', () => {
    try {
      parseAppraisalTurn({ sessionId: '', appraisal: { goal_relevance: '1' }, context: 5, bogus: 1 });
      expect.unreachable();
    } catch (error) {
      expect(isLimbicError(error, 'VALIDATION_ERROR')).toBe(true);
      const paths = (error as { issues: { path: string }[] }).issues.map((i) => i.path).sort();
      expect(paths).toEqual([
        'appraisal.agency',
        'appraisal.controllability',
        'appraisal.expectedness',
        'appraisal.goal_congruence',
        'appraisal.goal_relevance',
        'appraisal.norm_compatibility',
        'bogus',
        'context',
        'sessionId',
      ]);
    }
  });

  it('ignores extra appraisal dimensions (9-dimension vectors from other engines)', () => {
    const out = parseAppraisalTurn({ ...good, appraisal: { ...good.appraisal, urgency: 0.9 } });
    expect(Object.keys(out.appraisal)).toHaveLength(6);
  });
});

describe('text turn validation', () => {
  it('accepts a message or an event, defaulting the source to user', () => {
    expect(parseTextTurn({ sessionId: 's', message: 'hi' })).toEqual({
      sessionId: 's',
      description: 'hi',
      source: 'user',
    });
    expect(
      parseTextTurn({ sessionId: 's', event: { description: 'rain', source: 'system' }, elapsedSeconds: 3 }),
    ).toEqual({
      sessionId: 's',
      description: 'rain',
      source: 'system',
      elapsedSeconds: 3,
    });
  });

  it('rejects both or neither, blank text, and unknown sources', () => {
    for (const bad of [
      { sessionId: 's' },
      { sessionId: 's', message: 'a', event: { description: 'b' } },
      { sessionId: 's', message: '   ' },
      { sessionId: 's', event: { description: 'x', source: 'god' } },
      { sessionId: 's', message: 'x'.repeat(4001) },
    ]) {
      expect(() => parseTextTurn(bad)).toThrow(/Invalid turn/);
    }
  });
});

describe('text turn validation: the fast path', () => {
  const goodTexts: Record<string, unknown>[] = [
    { sessionId: 'ses_1', message: 'I got the job!' },
    {
      sessionId: 'ses_1',
      message: 'hi',
      elapsedSeconds: 60,
      from: { id: 'u1', name: ' Sam ' },
      to: 'everyone',
    },
    { sessionId: 'ses_1', event: { description: 'It started to rain', source: 'system' } },
    {
      sessionId: 'ses_1',
      event: { description: 'Sam waved' },
      from: { id: 'u1' },
      to: { id: 'u2', name: 'Kim' },
    },
  ];
  const weird = [
    undefined,
    null,
    0,
    -1,
    1.5,
    400_000_000,
    '',
    '   ',
    'x'.repeat(4001),
    'u'.repeat(129),
    'hello',
    'user',
    'system',
    'god',
    'character',
    'everyone',
    true,
    [],
    {},
    { id: 'u3' },
    { id: '' },
    { id: 'u', name: '' },
    { id: 'u', name: 'N', extra: 1 },
    { description: 'd' },
    { description: 'd', source: 'internal' },
    { description: ' ' },
    { description: 'd', other: 1 },
  ];

  function mutateText(random: { next(): number }, value: Record<string, unknown>): Record<string, unknown> {
    const pick = <T>(xs: T[]) => xs[Math.floor(random.next() * xs.length)]!;
    const copy = structuredClone(value);
    const key = pick([
      'sessionId',
      'message',
      'event',
      'elapsedSeconds',
      'from',
      'to',
      'bogus',
      'event.source',
      'event.description',
      'from.name',
    ]);
    const [outer, inner] = key.split('.') as [string, string | undefined];
    if (inner === undefined) copy[outer] = pick(weird);
    else if (typeof copy[outer] === 'object' && copy[outer] !== null)
      (copy[outer] as Record<string, unknown>)[inner] = pick(weird);
    for (const k of Object.keys(copy)) if (copy[k] === undefined && random.next() < 0.5) delete copy[k];
    return copy;
  }

  it('agrees with the schema on thousands of mutated inputs (the fast path never accepts what zod rejects)', () => {
    const random = createSeededRandom(7);
    let accepted = 0;
    let rejected = 0;
    for (let i = 0; i < 8000; i++) {
      const base = goodTexts[i % goodTexts.length]!;
      const input =
        random.next() < 0.2
          ? base
          : mutateText(random, random.next() < 0.3 ? mutateText(random, base) : base);
      const zod = textTurnSchema.safeParse(input);
      const fast = fastTextTurn(input);
      if (fast) {
        accepted++;
        expect(zod.success, JSON.stringify(input)).toBe(true);
      } else if (!zod.success) rejected++;
      // What both accept, they normalise alike.
      if (fast && zod.success) expect(fast, JSON.stringify(input)).toEqual(toParsedTextTurn(zod.data));
    }
    expect(accepted).toBeGreaterThan(1000);
    expect(rejected).toBeGreaterThan(1000);
  });

  it('leaves inputs with anything odd to the schema, which names every issue', () => {
    expect(fastTextTurn({ sessionId: 's', message: 'a', from: { id: 'u' }, event: undefined })).toBeDefined();
    expect(
      fastTextTurn({ sessionId: 's', event: { description: 'd', source: 'system' }, from: { id: 'u' } }),
    ).toBe(undefined);
    expect(() =>
      parseTextTurn({ sessionId: 's', event: { description: 'd', source: 'system' }, from: { id: 'u' } }),
    ).toThrow(/needs event.source "user"/);
  });
});
