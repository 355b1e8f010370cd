import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './harness.js';
import {
  appraisal,
  expectError,
  expectExperience,
  type RestClient,
  restClient,
  sisterLied,
} from './rest-client.js';

let t: TestGateway;
let pro: RestClient;
let sessionId: string;

beforeAll(async () => {
  t = await startTestGateway();
  pro = restClient(t, t.keys.pro);
  const res = await pro.post('/v1/persona', { preset: 'cheerful_companion' });
  sessionId = res.body.sessionId;
});
afterAll(() => t.close());

async function newSession(): Promise<string> {
  const res = await pro.post('/v1/persona', { preset: 'anxious_helper' });
  expect(res.status, res.text).toBe(201);
  return res.body.sessionId;
}

const turnKeys = [
  'appraisal',
  'body_budget',
  'discrete_emotion',
  'emotion_delta',
  'emotion_intensity',
  'explanation',
  'intensity_level',
  'interpersonal',
  'memory',
  'mood',
  'need_state',
  'new_emotion',
  'prediction_error',
  'prediction_errors',
  'prompt_data',
  'reply',
  'secondary_emotion',
  'soul_stage',
  'speaker',
  'stage_transition',
  'to',
];

describe('POST /v1/turn/appraisal', () => {
  it('answers 200 with the turn result: every interface field, the appraisal echoed, prompt_data', async () => {
    const res = await pro.post('/v1/turn/appraisal', {
      sessionId,
      appraisal,
      context: 'The user cancelled the trip',
      elapsedSeconds: 30,
    });
    expect(res.status, res.text).toBe(200);
    // The text-only fields (appraiser, fallback_reason, perceived, roles) are absent, not null.
    expect(Object.keys(res.body).sort()).toEqual(turnKeys);
    expect(res.body.appraisal).toEqual(appraisal);
    expect(Object.keys(res.body.new_emotion).sort()).toEqual(['A', 'D', 'V']);
    expect(Object.keys(res.body.emotion_delta).sort()).toEqual(['A', 'D', 'V']);
    expect(Object.keys(res.body.body_budget).sort()).toEqual(['energy', 'stress']);
    expect(res.body.new_emotion.V).toBeLessThan(0.3);
    expect(res.body.prompt_data.context.event).toBe('The user cancelled the trip');
    expect(res.body.prompt_data.formatted.system_prompt).toContain('Sunny');
    // Without `from`: the one-person conversation, always answered.
    expect(res.body).toMatchObject({
      speaker: null,
      to: 'character',
      reply: { should: true, reason: 'direct' },
    });
    expect(res.body.prompt_data.context).toMatchObject({
      speaker: null,
      addressed_to: 'character',
      others: [],
    });
    expect(res.body.prompt_data.instruction.group_instruction).toBeNull();
  });

  it('rejects out-of-range appraisal values with 400 naming each dimension', async () => {
    const res = await pro.post('/v1/turn/appraisal', {
      sessionId,
      appraisal: { ...appraisal, agency: 3, goal_relevance: -0.1 },
    });
    expectError(res, 400, 'VALIDATION_ERROR');
    const paths = res.body.error.details.map((d: { path: string }) => d.path).sort();
    expect(paths).toEqual(['appraisal.agency', 'appraisal.goal_relevance']);
    expect(res.body.error.message).toContain('appraisal.agency');
  });
});

describe('POST /v1/turn', () => {
  it('processes a message and reports the appraiser', async () => {
    const res = await pro.post('/v1/turn', { sessionId, message: 'You did it, you won the game!' });
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(
      [...turnKeys, 'appraiser', 'fallback_reason', 'perceived', 'roles'].sort(),
    );
    expect(res.body.appraiser).toBe('reader');
    expect(res.body.fallback_reason).toBeNull();
    expect(res.body.perceived).toMatchObject({ group: 'joy' });
    expect(Object.keys(res.body.perceived.scores)).toHaveLength(28);
    expectExperience(res.body.perceived.experience);
    expect(res.body.appraisal.goal_congruence).toBeGreaterThan(0);
  });

  it('reads who did what to whom, and the experience the message tells of', async () => {
    const res = await pro.post('/v1/turn', { sessionId: await newSession(), message: sisterLied.message });
    expect(res.status, res.text).toBe(200);
    expect(res.body.roles).toEqual(sisterLied.roles);
    expectExperience(res.body.perceived.experience);
    // A lie is bad news for the one it was told to.
    expect(res.body.perceived.experience.valence).toBeLessThan(0);
  });

  it('names the participant a group turn was said to as its addressee', async () => {
    const res = await pro.post('/v1/turn', {
      sessionId: await newSession(),
      message: sisterLied.message,
      from: { id: 'u-bob', name: 'Bob' },
      to: { id: 'u-alice', name: 'Alice' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.roles).toEqual({ ...sisterLied.roles, addressee: 'participant' });
  });

  it('processes an event with a description, a source and elapsedSeconds', async () => {
    const res = await pro.post('/v1/turn', {
      sessionId,
      event: { description: 'A storm knocked the power out', source: 'system' },
      elapsedSeconds: 600,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.prompt_data.context.event).toBe('A storm knocked the power out');
  });

  it.each([
    [{ sessionId: 'x' }, 'message'],
    [{ sessionId: 'x', message: 'hi', event: { description: 'e' } }, 'message'],
    [{ sessionId: 'x', event: { description: 'e', source: 'alien' } }, 'event.source'],
    [{ sessionId: 'x', message: '   ' }, 'message'],
  ])('rejects %j with 400 naming %s', async (body, path) => {
    const res = await pro.post('/v1/turn', body);
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
  });
});

describe('GET /v1/state/:sessionId', () => {
  it('answers the state snapshot with the interface fields', async () => {
    const res = await pro.get(`/v1/state/${sessionId}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(
      [
        'at',
        'body_budget',
        'discrete_emotion',
        'emotion',
        'emotion_intensity',
        'intensity_level',
        'interpersonal',
        'mood',
        'need_state',
        'secondary_emotion',
        'soul_stage',
        'speaker',
        'turns',
      ].sort(),
    );
    expect(Object.keys(res.body.soul_stage)).toEqual(expect.arrayContaining(['stage', 'progress']));
    expect(Object.keys(res.body.need_state).sort()).toEqual(['autonomy', 'belonging', 'competence']);
    expect(Object.keys(res.body.interpersonal).sort()).toEqual(['familiarity', 'rapport', 'trust']);
    expect(res.body.at).toBe(new Date(t.clock.now()).toISOString());
  });
});

describe('concurrency', () => {
  it('applies 50 parallel turns on one session: all 200 and the state counts 50 turns', async () => {
    const id = await newSession();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        pro.post('/v1/turn/appraisal', {
          sessionId: id,
          appraisal: { ...appraisal, goal_congruence: i % 2 ? 0.5 : -0.5 },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    const state = await pro.get(`/v1/state/${id}`);
    expect(state.body.turns).toBe(50);
    const details = await pro.get(`/v1/persona?limit=100`);
    const summary = details.body.sessions.find((s: { sessionId: string }) => s.sessionId === id);
    expect(summary.turns).toBe(50);
  });
});
