/**
 * Turn answers are exactly `JSON.stringify` of the result the service computed, in the engine's key order, over REST
 * and the WebSocket (issue 23: a faster serializer must not change a byte). A corpus of real turns is sent over both:
 * appraisal and text turns, groups, events, three languages, with and without a request id. Every answer's bytes
 * must equal `JSON.stringify` of the result the service emitted for that turn. A serializer compiled from the
 * response schemas (as Fastify's response schemas would add) fails here as soon as its key order or fields differ.
 */
import type { TurnResult } from '@limbic/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './harness.js';
import { type RestClient, restClient } from './rest-client.js';
import { appraisals, connectSession, createSession } from './ws-client.js';

let t: TestGateway;
let pro: RestClient;
/** JSON.stringify of each turn's result, in the order the service emitted them. */
const emitted: string[] = [];

beforeAll(async () => {
  t = await startTestGateway();
  pro = restClient(t, t.keys.pro);
  t.gateway.context.service.on('turn', ({ result }: { result: TurnResult }) => {
    emitted.push(JSON.stringify(result));
  });
});
afterAll(() => t.close());

/** Sends one REST turn and returns its body exactly as received, with the emitted result's JSON. */
async function restTurn(path: string, body: object): Promise<{ received: string; expected: string }> {
  const before = emitted.length;
  const response = await pro.post(path, body);
  expect(response.status, response.text).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(emitted.length).toBe(before + 1);
  return { received: response.text, expected: emitted[before]! };
}

async function newSession(definition: object): Promise<string> {
  const created = await pro.post('/v1/persona', definition);
  expect(created.status, created.text).toBe(201);
  return created.body.sessionId;
}

const messages = [
  'I got the job!!',
  'My grandmother is in the hospital.',
  'my dog died this morning',
  'You lied to me',
  'Ugh, someone spat on the bus seat — gross',
  'lol that is so funny 😂',
  'She said "never again" and left\tfor good\\',
  'ok',
];

describe('turn answers are the bytes JSON.stringify writes of the result', () => {
  it('over REST, for appraisal and text turns, groups, events and three languages', async () => {
    const definitions = [
      { preset: 'cheerful_companion' },
      { preset: 'grumpy_veteran' },
      { preset: 'empathetic_listener' },
      {
        identity: { name: 'Lucía', role: 'Amiga', language: 'es' },
        personality: { O: 0.7, C: 0.5, E: 0.4, A: 0.8, N: 0.6, H: 0.7 },
      },
      { preset: 'stoic_mentor', identity: { name: 'ユキ', language: 'ja' }, goals: ['友達を助ける'] },
    ];
    let answers = 0;
    for (const definition of definitions) {
      const sessionId = await newSession(definition);
      for (const [i, appraisal] of Object.values(appraisals).entries()) {
        const from = i % 2 === 0 ? { id: `u${i}`, name: `Person ${i}` } : undefined;
        const { received, expected } = await restTurn('/v1/turn/appraisal', {
          sessionId,
          appraisal,
          ...(from ? { from, context: `Turn ${i}: "quoted"\nand a new line` } : {}),
          ...(i === 3 ? { elapsed_seconds: 3600 } : {}),
        });
        expect(received).toBe(expected);
        answers++;
      }
      for (const [i, message] of messages.entries()) {
        const body =
          i === 2
            ? { sessionId, event: { description: message, source: 'user' } }
            : {
                sessionId,
                message,
                ...(i % 3 === 0 ? { from: { id: 'u1', name: 'Sam' }, to: { id: 'u2' } } : {}),
              };
        const { received, expected } = await restTurn('/v1/turn', body);
        expect(received).toBe(expected);
        answers++;
      }
      t.clock.advance(36 * 3_600_000);
    }
    expect(answers).toBe(definitions.length * (Object.keys(appraisals).length + messages.length));
  });

  it('over the WebSocket, with and without a request_id', async () => {
    const sessionId = await createSession(t, t.keys.pro, 'anxious_helper');
    const client = await connectSession(t, sessionId, t.keys.pro);
    const raw: string[] = [];
    client.ws.on('message', (data) => raw.push(String(data)));
    const turns: object[] = [
      { type: 'turn_appraisal', request_id: 'r-1', appraisal: appraisals.kindness },
      { type: 'turn_appraisal', appraisal: appraisals.betrayal, from: { id: 'u9', name: 'Ana' } },
      { type: 'turn', request_id: 'r-"2"', message: 'my cat is missing and I am scared' },
      { type: 'turn', message: 'we won the final!' },
    ];
    for (const turn of turns) {
      const before = emitted.length;
      client.send(turn);
      await client.expect('turn_result');
      const id = (turn as { request_id?: string }).request_id;
      const expected = `{"type":"turn_result","data":${emitted[before]}${
        id === undefined ? '' : `,"request_id":${JSON.stringify(id)}`
      }}`;
      expect(raw.at(-1)).toBe(expected);
    }
    await client.close();
  });
});
