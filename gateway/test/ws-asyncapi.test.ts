import { clientMessageTypes, parseClientMessage } from '@limbic/protocol';
import type { JsonSchema } from '@limbic/protocol/shapes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayVersion } from '../src/gateway.js';
import { type AsyncApiDocument, createAsyncApiDocument } from '../src/openapi/asyncapi.js';
import { startTestGateway, type TestGateway } from './harness.js';
import { bareObjects, createSchemaSet, type SchemaSet } from './json-schemas.js';
import { openApi } from './rest-client.js';
import {
  appraisals,
  bondedSession,
  createSession,
  openClient,
  type Received,
  type TestClient,
  threeDays,
  wsUrl,
} from './ws-client.js';

let t: TestGateway;
let doc: AsyncApiDocument;
let schemas: SchemaSet;

beforeAll(async () => {
  t = await startTestGateway();
  doc = (await (await fetch(`${t.url}/v1/asyncapi.json`)).json()) as AsyncApiDocument;
  schemas = createSchemaSet(doc.components.schemas);
});
afterAll(() => t.close());

const serverTypes = [
  'connected',
  'missed_proactive',
  'proactive',
  'turn_result',
  'state',
  'proactive_prefs',
  'proactive_ack',
  'error',
];

/** The payload schema of a message of the channel, by its type. */
function payloadOf(type: string): JsonSchema {
  const message = doc.components.messages[type];
  expect(message, `no message ${type} in the AsyncAPI document`).toBeDefined();
  const name = message!.payload.$ref.replace('#/components/schemas/', '');
  return doc.components.schemas[name]!;
}

const typeOf = (message: object) => String((message as { type?: unknown }).type);

/** Checks a message against the payload of its type; returns whether it matched. */
function matches(message: object): boolean {
  return schemas.validatorOf(payloadOf(typeOf(message)))(message) === true;
}

function expectValid(message: object): void {
  const type = typeOf(message);
  const validate = schemas.validatorOf(payloadOf(type));
  const ok = validate(message);
  expect(ok, `${type}: ${schemas.errorsText(validate)} in ${JSON.stringify(message).slice(0, 400)}`).toBe(
    true,
  );
}

/** The message types of the operations, by who sends them. */
function directions(): { client: Set<string>; server: Set<string> } {
  const client = new Set<string>();
  const server = new Set<string>();
  const nameOf = (ref: { $ref: string }) => ref.$ref.split('/').pop()!;
  for (const operation of Object.values(doc.operations)) {
    const messages = (operation.messages as { $ref: string }[]).map(nameOf);
    for (const name of messages) (operation.action === 'receive' ? client : server).add(name);
    for (const ref of (operation.reply as { messages?: { $ref: string }[] } | undefined)?.messages ?? [])
      server.add(nameOf(ref));
  }
  return { client, server };
}

describe('GET /v1/asyncapi.json', () => {
  it('serves the AsyncAPI 3.0 document of the session socket without a key', async () => {
    const res = await fetch(`${t.url}/v1/asyncapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toMatch(/^"[\w-]{27}"$/);
    expect(await res.json()).toEqual(JSON.parse(JSON.stringify(createAsyncApiDocument(gatewayVersion))));
    expect(doc.asyncapi).toBe('3.0.0');
    const channel = doc.channels.session!;
    expect(channel.address).toBe('/v1/ws/{sessionId}');
    const binding = (channel.bindings as { ws: { query: JsonSchema; headers: JsonSchema } }).ws;
    expect(Object.keys(binding.query.properties as object)).toContain('token');
    expect(JSON.stringify(binding.headers)).toContain('limbic.v1');
  });

  it('reuses the OpenAPI component schemas (TurnResult, StateSnapshot, …) instead of copies', () => {
    const shared = Object.keys(doc.components.schemas).filter((name) => name in openApi.components.schemas);
    expect(shared).toEqual(
      expect.arrayContaining([
        'TurnResult',
        'StateSnapshot',
        'PromptData',
        'PreferencesInput',
        'Acknowledged',
      ]),
    );
    for (const name of shared)
      expect(doc.components.schemas[name], name).toEqual(openApi.components.schemas[name]);
  });

  it('describes every object and every message, in the direction each travels', () => {
    expect(bareObjects(doc.components.schemas, 'components.schemas')).toEqual([]);
    expect(bareObjects(doc.channels, 'channels')).toEqual([]);
    const { client, server } = directions();
    expect([...client].sort()).toEqual([...clientMessageTypes].sort());
    expect([...server].sort()).toEqual([...serverTypes].sort());
    expect(Object.keys(doc.channels.session!.messages).sort()).toEqual([...client, ...server].sort());
  });

  it('accepts the fields the gateway accepts, and rejects what it rejects', () => {
    for (const type of clientMessageTypes) {
      const payload = payloadOf(type);
      for (const form of (payload.oneOf as JsonSchema[] | undefined) ?? [payload]) {
        for (const field of Object.keys(form.properties as object).filter((name) => name !== 'type')) {
          const parsed = parseClientMessage({ type, [field]: 'x' });
          expect(parsed.ok || parsed.issues, `${type}.${field}`).toBe(true);
        }
      }
      const examples = (doc.components.messages[type]?.examples ?? []) as { payload: object }[];
      expect(examples.length, type).toBeGreaterThan(0);
      for (const { payload: example } of examples) {
        expectValid(example);
        expect(parseClientMessage(example).ok).toBe(true);
        // A REST body's field the socket takes from its URL is a stray field here, for the gateway and the schema
        // alike (REST's `elapsedSeconds` is not: it is a deprecated alias, in both).
        const stray = { ...example, sessionId: 'ses_1' };
        expect(parseClientMessage(stray).ok).toBe(false);
        expect(matches(stray), `${type} with a stray field`).toBe(false);
      }
    }
    expect(matches({ type: 'turn', message: 'hi', event: { description: 'both' } })).toBe(false);
    expect(matches({ type: 'get_state', request_id: '' })).toBe(false);
  });
});

/** A socket that records every message it sends and receives. */
interface Recorder {
  client: TestClient;
  /** Sends a message; `invalid` ones are recorded apart (the gateway must refuse them, and the schemas too). */
  send(message: Record<string, unknown>, invalid?: 'invalid'): void;
  /** Reads (and records) messages until one of `type`, which it returns. */
  until(type: string): Promise<Received>;
}

interface Recording {
  sent: object[];
  refused: object[];
  received: Received[];
}

function recorder(client: TestClient, recording: Recording): Recorder {
  return {
    client,
    send(message, invalid) {
      (invalid ? recording.refused : recording.sent).push(message);
      client.send(message);
    },
    async until(type) {
      for (let i = 0; i < 200; i++) {
        const message = await client.next();
        recording.received.push(message);
        if (message.type === type) return message;
      }
      throw new Error(`no ${type} message in 200`);
    },
  };
}

describe('a real session on the socket', () => {
  it('sends and receives only messages that match the AsyncAPI payload schemas', async () => {
    const recording: Recording = { sent: [], refused: [], received: [] };
    const { sent, refused, received } = recording;
    const open = async (url: string) => recorder(await openClient(url, {}, 'limbic.v1'), recording);

    // An action raised while away arrives in missed_proactive; acknowledging it is idempotent. The session is a
    // group's, so the action names the participant it is addressed to.
    const bonded = await bondedSession(t, t.keys.pro, { id: 'u-alice', name: 'Alice' });
    t.clock.advance(threeDays);
    await t.gateway.context.service.runDueChecks();
    const a = await open(wsUrl(t, bonded, t.keys.pro));
    expect(a.client.ws.protocol).toBe('limbic.v1');
    await a.until('connected');
    const missed = await a.until('missed_proactive');
    const [action] = missed.data as { action_id: string }[];
    expect(action).toMatchObject({ participant: { id: 'u-alice', name: 'Alice' } });
    a.send({ type: 'ack_proactive', action_id: action!.action_id, request_id: 'ack-1' });
    await a.until('proactive_ack');
    a.send({ type: 'ack_proactive', action_id: action!.action_id });
    await a.until('proactive_ack');
    await a.client.close();

    // Every other message, with state pushes on (?events=state).
    const sessionId = await createSession(t, t.keys.pro, 'anxious_helper');
    const b = await open(`${wsUrl(t, sessionId, t.keys.pro)}&events=state`);
    await b.until('connected');
    b.send({
      type: 'set_proactive_prefs',
      preferences: { enabled: true, cooldown_hours: 6 },
      request_id: 'p-1',
    });
    await b.until('proactive_prefs');
    b.send({ type: 'turn_appraisal', appraisal: appraisals.betrayal, context: 'A lie', request_id: 'a-1' });
    b.send({ type: 'turn_appraisal', appraisal: appraisals.suddenThreat, elapsed_seconds: 5 });
    await b.until('turn_result');
    await b.until('turn_result');
    b.send({ type: 'turn', message: 'I got the job!', request_id: 't-1' });
    await b.until('turn_result');
    b.send({
      type: 'turn',
      event: { description: 'A storm knocked the power out', source: 'system' },
      elapsed_seconds: 120,
    });
    await b.until('turn_result');
    // A group: who speaks (`from`) and whom they address (`to`), on both turn forms and on turn_appraisal.
    const bob = { id: 'u-bob', name: 'Bob' };
    b.send({ type: 'turn', message: 'You are useless.', from: bob, to: 'character', request_id: 'g-1' });
    const group = await b.until('turn_result');
    expect(group.data).toMatchObject({ speaker: bob, to: 'character', reply: { should: true } });
    b.send({ type: 'turn', event: { description: 'Bob waves' }, from: bob, to: 'everyone' });
    await b.until('turn_result');
    b.send({ type: 'turn_appraisal', appraisal: appraisals.kindness, from: { id: 'u-alice' }, to: bob });
    expect((await b.until('turn_result')).data).toMatchObject({
      to: bob,
      speaker: { id: 'u-alice', name: null },
    });
    b.send({ type: 'get_state', request_id: 's-1' });
    expect((await b.until('state')).data).toMatchObject({ speaker: { id: 'u-alice', name: null } });
    b.send({ type: 'ack_proactive', action_id: 'act_unknown', request_id: 'x-1' });
    await b.until('error');
    b.send({ type: 'turn', message: 'hi', from: { id: '' }, request_id: 'x-3' }, 'invalid');
    expect(await b.until('error')).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'from.id' }],
    });
    b.send(
      { type: 'turn_appraisal', appraisal: { ...appraisals.kindness, agency: 3 }, request_id: 'x-2' },
      'invalid',
    );
    const invalid = await b.until('error');
    expect(invalid).toMatchObject({
      code: 'VALIDATION_ERROR',
      request_id: 'x-2',
      details: [{ path: 'appraisal.agency' }],
    });
    b.send({ type: 'get_state', request_id: 's-2' });
    await b.until('state');
    await b.client.close();

    // A free key over its plan: RATE_LIMIT with retry_after (the connection counted as one request).
    const c = await open(wsUrl(t, await createSession(t, t.keys.free), t.keys.free));
    await c.until('connected');
    for (let i = 0; i < 60; i++) c.send({ type: 'get_state' });
    expect(await c.until('error')).toMatchObject({ code: 'RATE_LIMIT', retry_after: expect.any(Number) });
    await c.client.close();

    // A refused key: an error, then close 4401.
    const d = await open(wsUrl(t, sessionId, 'svc_test_not_a_key'));
    expect(await d.until('error')).toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await d.client.waitClose()).code).toBe(4401);

    for (const message of sent) expectValid(message);
    expect(refused).toHaveLength(2);
    for (const message of refused) expect(matches(message)).toBe(false);
    for (const message of received) expectValid(message);
    expect(new Set(received.map((m) => m.type))).toEqual(new Set(serverTypes));
    expect(new Set(sent.map((m) => (m as { type: string }).type))).toEqual(new Set(clientMessageTypes));
    const results = received.filter((m) => m.type === 'turn_result');
    expect(results.some((m) => 'perceived' in (m.data as object))).toBe(true);
    expect(received.some((m) => m.type === 'state' && m.request_id === undefined)).toBe(true);

    // The schemas are strict: a real reply with one more field, or one field less, does not match.
    const result = results[0]!;
    expect(matches({ ...result, extra: 1 })).toBe(false);
    const { prompt_data: _, ...withoutPrompt } = result.data as Record<string, unknown>;
    expect(matches({ ...result, data: withoutPrompt })).toBe(false);

    // So are a text turn's roles and the experience the reader read: each value in its enum or range.
    const text = results.find((m) => (m.data as { roles?: unknown }).roles);
    expect(text, 'a text turn with roles').toBeDefined();
    const data = text!.data as {
      roles: Record<string, string>;
      perceived: { experience: Record<string, unknown> };
    };
    const withData = (changes: Record<string, unknown>) => ({ ...text!, data: { ...data, ...changes } });
    const withExperience = (experience: Record<string, unknown>) =>
      withData({ perceived: { ...data.perceived, experience } });
    expect(matches(withData({ roles: null }))).toBe(true);
    expect(matches(withData({ roles: { ...data.roles, cause: 'fate' } }))).toBe(false);
    const { addressee: _a, ...partialRoles } = data.roles;
    expect(matches(withData({ roles: partialRoles }))).toBe(false);
    expect(matches(withExperience({ ...data.perceived.experience, kind: 'joyful' }))).toBe(false);
    expect(matches(withExperience({ ...data.perceived.experience, narrative: 0.9 }))).toBe(false);
    const { strength: _s, ...partialExperience } = data.perceived.experience;
    expect(matches(withExperience(partialExperience))).toBe(false);
  });
});
