import { createManualClock, createSeededRandom, createSessionService, presetIds } from '@limbic/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileSerializer } from './serializer.js';
import { writeServerMessage, writeTurnResult } from './writers.js';

describe('compileSerializer', () => {
  const schema = z.strictObject({
    note: z.string().optional(),
    name: z.string(),
    score: z.number(),
    tags: z.array(z.string()),
    maybe: z.string().nullable(),
    kind: z.enum(['a', 'b']),
    flag: z.boolean(),
    to: z.union([z.enum(['all']), z.strictObject({ id: z.string() })]),
    extra: z.record(z.string(), z.number()).optional(),
    open: z.looseObject({ x: z.number() }),
    either: z.union([z.number(), z.string(), z.null()]),
    mixed: z.union([z.strictObject({ a: z.number() }), z.strictObject({ b: z.number() })]),
  });
  const write = compileSerializer(schema);
  const base = {
    name: 'n',
    score: 1.5,
    tags: [],
    maybe: null,
    kind: 'a' as const,
    flag: false,
    to: 'all' as const,
    open: { x: 1, y: 'kept' },
    either: null,
    mixed: { b: 2 },
  };

  it('writes what JSON.stringify writes, optional keys first or last, present or not', () => {
    const values = [
      base,
      { note: 'first', ...base },
      { note: 'first', ...base, extra: { k: 1 } },
      { ...base, tags: ['x', 'y\n'], maybe: 'm', flag: true, to: { id: 'p' }, either: 3, mixed: { a: 1 } },
      { ...base, either: 'text' },
    ];
    for (const value of values) {
      // In the schema's key order (the order is what the compiled serializer relies on).
      const ordered = Object.fromEntries(
        Object.keys(schema.shape).flatMap((k) => (k in value ? [[k, value[k as keyof typeof value]]] : [])),
      );
      expect(write(ordered as never)).toBe(JSON.stringify(ordered));
    }
  });

  it('escapes as JSON.stringify does: quotes, backslashes, control characters, lone surrogates, emoji', () => {
    const strings = ['"q"', 'back\\slash', 'tab\tnew\nline\u0001', 'lone \ud800 surrogate', 'emoji 😂', 'ü'];
    for (const name of strings) {
      const value = { ...base, name };
      expect(write(value)).toBe(JSON.stringify(value));
      // Long strings go through the remembered-escape path: the same text twice, and a changed one.
      const long = { ...base, name: name.repeat(100) };
      expect(write(long)).toBe(JSON.stringify(long));
      expect(write(long)).toBe(JSON.stringify(long));
      const changed = { ...base, name: `${name.repeat(100)}!` };
      expect(write(changed)).toBe(JSON.stringify(changed));
    }
  });

  it('writes null for NaN and the infinities, as JSON.stringify does', () => {
    for (const score of [Number.NaN, Number.POSITIVE_INFINITY, -0, 1e21, 5e-7]) {
      const value = { ...base, score };
      expect(write(value)).toBe(JSON.stringify(value));
    }
  });

  it('writes a stable block once per object and reuses it', () => {
    const block = z.strictObject({ text: z.string() });
    const writeStable = compileSerializer(z.strictObject({ block, n: z.number() }), { stable: [block] });
    const shared = { text: 'first' };
    expect(writeStable({ block: shared, n: 1 })).toBe('{"block":{"text":"first"},"n":1}');
    // Stable blocks are never changed after they are built; if one were, the first text would still be written.
    shared.text = 'changed';
    expect(writeStable({ block: shared, n: 2 })).toBe('{"block":{"text":"first"},"n":2}');
    expect(writeStable({ block: { text: 'other' }, n: 3 })).toBe('{"block":{"text":"other"},"n":3}');
  });
});

describe('writeTurnResult and writeServerMessage', () => {
  it('write real turn results byte for byte as JSON.stringify does', async () => {
    const clock = createManualClock(Date.UTC(2026, 10, 28, 9));
    const service = createSessionService({ clock, random: createSeededRandom(3) });
    const appraisals = [
      {
        goal_relevance: 0.9,
        goal_congruence: -0.8,
        expectedness: 0.3,
        controllability: 0.7,
        agency: -0.9,
        norm_compatibility: -0.7,
      },
      {
        goal_relevance: 1,
        goal_congruence: 0.9,
        expectedness: 0.5,
        controllability: 0.5,
        agency: -1,
        norm_compatibility: 0.8,
      },
      {
        goal_relevance: 1,
        goal_congruence: -1,
        expectedness: 0,
        controllability: 0,
        agency: 0,
        norm_compatibility: -1,
      },
    ];
    let checked = 0;
    for (const preset of presetIds) {
      const { sessionId } = await service.createSession('owner', { preset });
      for (const [i, appraisal] of appraisals.entries()) {
        const from = i === 1 ? { from: { id: 'u1', name: 'Sam' }, context: 'Sam said "hi"\n' } : {};
        const result = await service.appraisalTurn('owner', { sessionId, appraisal, ...from });
        expect(writeTurnResult(result)).toBe(JSON.stringify(result));
        const message = { type: 'turn_result' as const, data: result, request_id: 'r1' };
        expect(writeServerMessage(message)).toBe(JSON.stringify(message));
        checked++;
      }
      const text = await service.textTurn('owner', {
        sessionId,
        message: 'My grandmother is in the hospital.',
      });
      expect(writeTurnResult(text)).toBe(JSON.stringify(text));
      expect(writeServerMessage({ type: 'turn_result', data: text })).toBe(
        JSON.stringify({ type: 'turn_result', data: text }),
      );
      clock.advance(3_600_000);
      checked++;
    }
    expect(checked).toBe(presetIds.length * 4);
  });

  it('write every other server message with JSON.stringify', () => {
    const message = { type: 'connected' as const, session_id: 'ses_1' };
    expect(writeServerMessage(message)).toBe(JSON.stringify(message));
  });
});
