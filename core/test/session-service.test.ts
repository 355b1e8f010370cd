import { describe, expect, it } from 'vitest';
import {
  createManualClock,
  createMemoryStore,
  createSeededRandom,
  createSessionService,
  emotionLabels,
  isLimbicError,
  type LimbicError,
  type PersonaWriter,
  type SessionServiceOptions,
  type SessionStore,
  soulStages,
  type TurnResult,
} from '../src/index.js';
import { canonical } from './fixtures.js';

const hour = 3_600_000;

function setup(options: SessionServiceOptions | SessionStore = {}) {
  const { store = createMemoryStore(), ...rest } = 'get' in options ? { store: options } : options;
  const clock = createManualClock();
  const service = createSessionService({ ...rest, store, clock, random: createSeededRandom(7) });
  return { clock, service, store };
}

async function failure(promise: Promise<unknown>): Promise<LimbicError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isLimbicError(error)) throw new Error(`expected a LimbicError, got ${String(error)}`);
  return error;
}

describe('session service: sessions', () => {
  it('creates a session from a preset and returns the resolved persona and full config', async () => {
    const { service, clock } = setup();
    const info = await service.createSession('alice', {
      preset: 'stoic_mentor',
      identity: { name: 'Marcus' },
    });
    expect(info.sessionId).toMatch(/^ses_[0-9a-z]{26}$/);
    expect(info.persona.identity.name).toBe('Marcus');
    expect(info.persona.preset).toBe('stoic_mentor');
    expect(info.config.turn_seconds).toBe(30);
    expect(Object.keys(info.config).sort()).toContain('coping_threshold');
    expect(info.createdAt).toBe(new Date(clock.now()).toISOString());
  });

  it('refuses invalid personas with every issue, and unknown presets with INVALID_PRESET', async () => {
    const { service } = setup();
    const invalid = await failure(
      service.createSession('alice', { personality: { O: 2, C: 0.5, E: 0.5, A: 0.5, N: 0.5 } }),
    );
    expect(invalid.code).toBe('VALIDATION_ERROR');
    expect(invalid.issues.map((i) => i.path).sort()).toEqual(['personality.H', 'personality.O']);
    expect((await failure(service.createSession('alice', { preset: 'nope' }))).code).toBe('INVALID_PRESET');
  });

  it('enforces a per-owner session quota with SESSION_LIMIT', async () => {
    const clock = createManualClock();
    const service = createSessionService({
      clock,
      maxSessions: (owner) => (owner === 'free' ? 2 : undefined),
    });
    await service.createSession('free', { preset: 'rival' });
    await service.createSession('free', { preset: 'rival' });
    expect((await failure(service.createSession('free', { preset: 'rival' }))).code).toBe('SESSION_LIMIT');
    await service.createSession('pro', { preset: 'rival' });
  });

  it('keeps sessions private to their owner', async () => {
    const { service } = setup();
    const { sessionId } = await service.createSession('alice', { preset: 'rival' });
    for (const call of [
      service.getSession('mallory', sessionId),
      service.getState('mallory', sessionId),
      service.deleteSession('mallory', sessionId),
      service.appraisalTurn('mallory', { sessionId, appraisal: canonical.insult }),
      service.setPreferences('mallory', sessionId, { enabled: true }),
      service.pendingActions('mallory', sessionId),
    ]) {
      expect((await failure(call)).code).toBe('NOT_FOUND');
    }
    expect((await service.getSession('alice', sessionId)).sessionId).toBe(sessionId);
  });

  it('pages through sessions with an opaque cursor, null on the last page', async () => {
    const { service, clock } = setup();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      clock.advance(1000);
      ids.push((await service.createSession('alice', { preset: 'cheerful_companion' })).sessionId);
    }
    await service.createSession('bob', { preset: 'rival' });
    const p1 = await service.listSessions('alice', { limit: 2 });
    const p2 = await service.listSessions('alice', { limit: 2, cursor: p1.cursor });
    const p3 = await service.listSessions('alice', { limit: 2, cursor: p2.cursor });
    // Newest first by default (docs/protocol.md, "Session lists").
    expect([...p1.sessions, ...p2.sessions, ...p3.sessions].map((s) => s.sessionId)).toEqual(ids.reverse());
    expect(p3.cursor).toBeNull();
    expect(p1.sessions[0]).toMatchObject({ name: 'Sunny', preset: 'cheerful_companion', turns: 0 });
    expect((await service.listSessions('alice')).sessions).toHaveLength(5);
    for (const limit of [0, 101, 2.5, 'abc', -1]) {
      const error = await failure(service.listSessions('alice', { limit }));
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.issues[0]?.path).toBe('limit');
    }
    expect((await failure(service.listSessions('alice', { cursor: 'garbage' }))).issues[0]?.path).toBe(
      'cursor',
    );
  });

  it('deletes a session with all its state, then answers NOT_FOUND', async () => {
    const { service } = setup();
    const deleted: string[] = [];
    service.on('deleted', (e) => deleted.push(e.sessionId));
    const { sessionId } = await service.createSession('alice', { preset: 'rival' });
    expect(await service.deleteSession('alice', sessionId)).toEqual({ deleted: true, id: sessionId });
    expect(deleted).toEqual([sessionId]);
    expect((await failure(service.getState('alice', sessionId))).code).toBe('NOT_FOUND');
    expect((await failure(service.deleteSession('alice', sessionId))).code).toBe('NOT_FOUND');
    expect(
      (await failure(service.appraisalTurn('alice', { sessionId, appraisal: canonical.insult }))).code,
    ).toBe('NOT_FOUND');
  });
});

describe('session service: turns', () => {
  it('returns every field of the turn result within its range', async () => {
    const { service } = setup();
    const { sessionId } = await service.createSession('alice', { preset: 'cheerful_companion' });
    const r = await service.appraisalTurn('alice', {
      sessionId,
      appraisal: canonical.insult,
      context: 'He called me useless.',
    });
    expect(r.appraisal).toEqual(canonical.insult);
    expect(r.prediction_error).toBeGreaterThan(0);
    expect(r.prediction_error).toBeLessThanOrEqual(1);
    expect(Object.keys(r.prediction_errors)).toHaveLength(6);
    expect(r.new_emotion.V).toBeGreaterThanOrEqual(-1);
    expect(r.new_emotion.A).toBeGreaterThanOrEqual(0);
    expect(r.new_emotion.A).toBeLessThanOrEqual(1);
    expect(r.emotion_delta.V).toBeLessThan(0);
    expect(r.emotion_intensity).toBeGreaterThan(0.2);
    expect(emotionLabels).toContain(r.discrete_emotion);
    expect(r.discrete_emotion).toBe('anger');
    expect(soulStages.map((s) => s.id)).toContain(r.soul_stage.stage);
    expect(r.soul_stage.progress).toBeGreaterThanOrEqual(0);
    expect(r.body_budget.energy).toBeLessThan(1);
    expect(r.stage_transition).toBeNull();
    expect(r.prompt_data.formatted.context_block).toContain('He called me useless.');
    expect(r.prompt_data.system.identity.name).toBe('Sunny');
  });

  it('rejects a bad appraisal turn with every issue and changes nothing', async () => {
    const { service } = setup();
    const { sessionId } = await service.createSession('alice', { preset: 'rival' });
    const before = await service.getState('alice', sessionId);
    const error = await failure(
      service.appraisalTurn('alice', {
        sessionId,
        appraisal: { ...canonical.insult, goal_relevance: 2, agency: undefined },
        elapsedSeconds: -5,
      }),
    );
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.issues.map((i) => i.path).sort()).toEqual([
      'appraisal.agency',
      'appraisal.goal_relevance',
      'elapsedSeconds',
    ]);
    expect(error.message).toContain('appraisal.goal_relevance: must be a number in [0, 1] (got 2)');
    expect(await service.getState('alice', sessionId)).toEqual(before);
  });

  it('uses the engine clock when elapsedSeconds is omitted, the same as passing it', async () => {
    const a = setup();
    const b = setup();
    const sa = (await a.service.createSession('o', { preset: 'anxious_helper' })).sessionId;
    const sb = (await b.service.createSession('o', { preset: 'anxious_helper' })).sessionId;
    await a.service.appraisalTurn('o', { sessionId: sa, appraisal: canonical.betrayal });
    await b.service.appraisalTurn('o', { sessionId: sb, appraisal: canonical.betrayal });
    a.clock.advance(10 * hour);
    const viaClock = await a.service.appraisalTurn('o', { sessionId: sa, appraisal: canonical.kindness });
    b.clock.advance(10 * hour);
    const viaElapsed = await b.service.appraisalTurn('o', {
      sessionId: sb,
      appraisal: canonical.kindness,
      elapsedSeconds: 36_000,
    });
    expect(viaClock).toEqual(viaElapsed);
    expect(viaClock.body_budget.energy).toBeGreaterThan(0.9);
  });

  it("tells turn listeners the character's coping threshold, its own or its personality's", async () => {
    const { service } = setup();
    const given = await service.createSession('alice', {
      preset: 'empathetic_listener',
      emotion_config: { coping_threshold: 0.31 },
    });
    const derived = await service.createSession('alice', { preset: 'stoic_mentor' });
    const heard: number[] = [];
    service.on('turn', ({ copingThreshold }) => heard.push(copingThreshold));
    for (const { sessionId } of [given, derived])
      await service.appraisalTurn('alice', { sessionId, appraisal: canonical.kindness });
    const { config } = await service.getSession('alice', derived.sessionId);
    expect(heard).toEqual([0.31, config.coping_threshold]);
    expect(config.coping_threshold).not.toBe(0.31);
  });

  it('appraises text turns with the offline appraiser', async () => {
    const { service } = setup();
    const { sessionId } = await service.createSession('alice', { preset: 'empathetic_listener' });
    const heard: TurnResult[] = [];
    service.on('turn', ({ result }) => heard.push(result));
    const hurt = await service.textTurn('alice', {
      sessionId,
      message: 'I hate you, you lied to me!',
    });
    expect(hurt.appraiser).toBe('reader');
    expect(hurt.fallback_reason).toBeNull();
    expect(hurt.perceived?.group).toBe('anger');
    expect(Object.keys(hurt.perceived?.scores ?? {})).toHaveLength(28);
    expect(heard[0]).toBe(hurt);
    expect(hurt.appraisal.norm_compatibility).toBeLessThan(0);
    expect(hurt.new_emotion.V).toBeLessThan(0);
    const story = await service.textTurn('alice', {
      sessionId,
      event: { description: 'A storm knocked the power out.', source: 'system' },
    });
    expect(story.prompt_data.context.event).toContain('storm');
    const error = await failure(
      service.textTurn('alice', { sessionId, message: '  ', event: { description: 'x' } }),
    );
    expect(error.code).toBe('VALIDATION_ERROR');
  });

  it('writes a persona from a description alone with the persona writer, explicit fields first', async () => {
    const briefs: string[] = [];
    const writer: PersonaWriter = {
      async write(description) {
        briefs.push(description);
        return {
          identity: { name: 'Gus', role: 'lighthouse keeper', core_values: ['solitude'] },
          personality: { O: 0.4, C: 0.8, E: 0.2, A: 0.3, N: 0.35, H: 0.7, facets: { patience: 0.9 } },
          goals: ['Keep the light burning'],
        };
      },
    };
    const { service } = setup({ personaWriter: writer });
    const brief = 'A grumpy lighthouse keeper who secretly loves visitors';
    const made = await service.createSession('alice', { description: brief, identity: { name: 'Augustin' } });
    expect(briefs).toEqual([brief]);
    expect(made.persona.identity).toMatchObject({ name: 'Augustin', role: 'lighthouse keeper' });
    expect(made.persona.personality).toMatchObject({ E: 0.2, A: 0.3 });
    expect(made.persona.personality.facets.patience).toBe(0.9);
    expect(made.persona.description).toBe(brief);
    expect(made.persona.goals).toEqual(['Keep the light burning']);
    // With a preset or a personality the description is only the one-line description: no writer call.
    await service.createSession('alice', { preset: 'rival', description: 'A rival' });
    expect(briefs).toHaveLength(1);
    // At the quota, no model call: SESSION_LIMIT at once.
    const full = await failure(service.createSession('alice', { description: brief }, { maxSessions: 2 }));
    expect(full.code).toBe('SESSION_LIMIT');
    expect(briefs).toHaveLength(1);
  });

  it('rejects a description alone without a persona writer, naming the setting, and checks shape first', async () => {
    const { service } = setup();
    const error = await failure(service.createSession('alice', { description: 'A shy librarian' }));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.issues[0]?.path).toBe('description');
    expect(error.message).toMatch(/LIMBIC_LLM_URL and LIMBIC_LLM_MODEL/);
    const writer: PersonaWriter = { write: () => Promise.reject(new Error('must not be called')) };
    const bad = await failure(
      setup({ personaWriter: writer }).service.createSession('alice', { description: 7, goals: 'x' }),
    );
    expect(bad.code).toBe('VALIDATION_ERROR');
    const shape = await failure(
      setup({ personaWriter: writer }).service.createSession('alice', { description: 'ok', goals: 'x' }),
    );
    expect(shape.issues.map((i) => i.path)).toEqual(['goals']);
    expect(await service.listSessions('alice')).toMatchObject({ sessions: [] });
  });

  it('serializes concurrent turns on one session: none is lost', async () => {
    const { service } = setup();
    const { sessionId } = await service.createSession('alice', { preset: 'rival' });
    await Promise.all(
      Array.from({ length: 50 }, () =>
        service.appraisalTurn('alice', { sessionId, appraisal: canonical.kindness }),
      ),
    );
    expect((await service.getState('alice', sessionId)).turns).toBe(50);
  });

  it('keeps every turn when two service instances share one store (compare-and-set, retry)', async () => {
    const store = createMemoryStore();
    const clock = createManualClock();
    const a = createSessionService({ store, clock, random: createSeededRandom(1) });
    const b = createSessionService({ store, clock, random: createSeededRandom(2) });
    const { sessionId } = await a.createSession('alice', { preset: 'rival' });
    const turns = Array.from({ length: 40 }, (_, i) =>
      (i % 2 ? a : b).appraisalTurn('alice', { sessionId, appraisal: canonical.kindness }),
    );
    await Promise.all(turns);
    const record = await store.get(sessionId);
    expect(record?.state.turns).toBe(40);
    expect(record?.version).toBe(41);
  });

  it('emits turn and state events for subscribers', async () => {
    const { service } = setup();
    const seen: string[] = [];
    service.on('turn', (e) => seen.push(`turn:${e.result.discrete_emotion}`));
    service.on('state', (e) => seen.push(`state:${e.cause}:${e.snapshot.discrete_emotion}`));
    const { sessionId } = await service.createSession('alice', { preset: 'rival' });
    await service.appraisalTurn('alice', { sessionId, appraisal: canonical.insult });
    expect(seen[0]).toMatch(/^state:created:/);
    expect(seen.slice(1)).toEqual(['turn:anger', 'state:turn:anger']);
  });

  it('describes the state at the time of the write in every state event, as getState would', async () => {
    const { service, clock } = setup();
    const snapshots: { cause: string; at: string }[] = [];
    service.on('state', (e) => snapshots.push({ cause: e.cause, at: e.snapshot.at }));
    const { sessionId } = await service.createSession('alice', { preset: 'rival' });
    await service.appraisalTurn('alice', { sessionId, appraisal: canonical.insult });
    clock.advance(2 * hour);
    await service.setPreferences('alice', sessionId, { enabled: true });
    const last = snapshots[snapshots.length - 1];
    expect(last?.cause).toBe('preferences');
    expect(last?.at).toBe(new Date(clock.now()).toISOString());
    expect((await service.getState('alice', sessionId)).at).toBe(last?.at);
  });
});

describe('session service: proactive', () => {
  async function bondedSession(language = 'en') {
    const ctx = setup();
    const { sessionId } = await ctx.service.createSession('alice', {
      preset: 'cheerful_companion',
      identity: { language },
    });
    for (let i = 0; i < 40; i++) {
      ctx.clock.advance(60_000);
      await ctx.service.appraisalTurn('alice', { sessionId, appraisal: canonical.kindness });
    }
    return { ...ctx, sessionId };
  }

  it('stays silent until enabled', async () => {
    const { service, clock, sessionId } = await bondedSession();
    clock.advance(96 * hour);
    expect(await service.nextCheckAt()).toBeNull();
    expect(await service.runDueChecks()).toEqual([]);
    expect(await service.pendingActions('alice', sessionId)).toEqual([]);
  });

  it('raises an attachment action after an absence, delivers it until acknowledged, then never again', async () => {
    const { service, clock, sessionId } = await bondedSession();
    const pushed: string[] = [];
    service.on('proactive', (e) => pushed.push(e.action.type));
    expect(await service.setPreferences('alice', sessionId, { enabled: true })).toEqual({
      sessionId,
      preferences: {
        enabled: true,
        triggers: { attachment_seeking: true, need_deficit: true, emotional_overflow: true },
        cooldown_hours: 4,
        time_zone: 'UTC',
        quiet_hours: null,
        max_per_day: 3,
      },
    });
    const due = await service.nextCheckAt();
    expect(due).not.toBeNull();
    clock.set(due! - 60_000);
    expect(await service.runDueChecks()).toEqual([]);
    clock.set(due!);
    const [action] = await service.runDueChecks();
    expect(action?.type).toBe('attachment_seeking');
    expect(action?.priority).toMatch(/^(low|medium|high)$/);
    expect(action?.metadata.trigger).toBe('absence');
    expect(pushed).toEqual(['attachment_seeking']);
    expect(await service.pendingActions('alice', sessionId)).toEqual([action]);
    expect(await service.acknowledge('alice', sessionId, action!.id)).toEqual({
      action_id: action!.id,
      acknowledged: true,
    });
    // Idempotent: a repeated ack succeeds and changes nothing; an id the session never had is NOT_FOUND.
    expect(await service.acknowledge('alice', sessionId, action!.id)).toEqual({
      action_id: action!.id,
      acknowledged: true,
    });
    expect((await failure(service.acknowledge('alice', sessionId, 'act_unknown'))).code).toBe('NOT_FOUND');
    expect(await service.pendingActions('alice', sessionId)).toEqual([]);
  });

  it('checks lazily when the pending list is read without a scheduler, in the character’s language', async () => {
    const { service, clock, sessionId } = await bondedSession('ja');
    await service.setPreferences('alice', sessionId, { enabled: true, triggers: { need_deficit: false } });
    clock.advance(72 * hour);
    const pending = await service.pendingActions('alice', sessionId);
    expect(pending.map((a) => a.type)).toEqual(['attachment_seeking']);
    expect(pending[0]?.message).toMatch(/[\u3040-\u30ff]/);
  });

  it('raises emotional_overflow during a turn that overwhelms the character', async () => {
    const { service } = setup();
    const { sessionId } = await service.createSession('alice', { preset: 'anxious_helper' });
    await service.setPreferences('alice', sessionId, { enabled: true });
    const pushed: string[] = [];
    service.on('proactive', (e) => pushed.push(e.action.type));
    await service.appraisalTurn('alice', { sessionId, appraisal: canonical.betrayal });
    await service.appraisalTurn('alice', { sessionId, appraisal: canonical.suddenThreat });
    expect(pushed).toContain('emotional_overflow');
  });

  it('rejects invalid preferences with every field and keeps the old ones', async () => {
    const { service } = setup();
    const { sessionId } = await service.createSession('alice', { preset: 'rival' });
    const error = await failure(
      service.setPreferences('alice', sessionId, { enabled: 'yes', cooldown_hours: 1e9 }),
    );
    expect(error.issues.map((i) => i.path).sort()).toEqual([
      'preferences.cooldown_hours',
      'preferences.enabled',
    ]);
    expect((await service.getPreferences('alice', sessionId)).enabled).toBe(false);
  });
});
