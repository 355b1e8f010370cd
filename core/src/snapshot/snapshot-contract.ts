import { expect } from 'vitest';
import { type Clock, createManualClock, type ManualClock } from '../clock.js';
import { createSeededRandom } from '../random.js';
import { createSessionService, type SessionService } from '../session/session-service.js';
import type { SessionRecord, SessionStore } from '../store/session-store.js';
import { parseSessionSnapshot } from './parse-snapshot.js';
import type { SessionSnapshot } from './snapshot-schema.js';

const kind = {
  goal_relevance: 0.9,
  goal_congruence: 0.8,
  expectedness: 0.3,
  controllability: 0.6,
  agency: -0.8,
  norm_compatibility: 0.7,
};
const hurt = { ...kind, goal_congruence: -0.9, norm_compatibility: -0.8, expectedness: 0.1 };

/** A service on `store` with the given clock and a seeded random (ids are the only thing randomness makes). */
export function snapshotTestService(store: SessionStore, clock: Clock): SessionService {
  return createSessionService({ store, clock, random: createSeededRandom(25), watchStore: false });
}

/**
 * Builds a session with a rich state on `service`: a custom persona, a group of three people with their
 * relationships, memories of named events, memory settings, proactive preferences, a pending action and an
 * acknowledged one, each person's activity history, and an operator override the next turn explains. Resolves with
 * its id.
 */
export async function buildRichSession(service: SessionService, clock: ManualClock): Promise<string> {
  const owner = 'owner-a';
  const { sessionId } = await service.createSession(owner, {
    preset: 'cheerful_companion',
    identity: { name: 'Mira', role: 'tutor', speaking_style: 'warm, brief' },
    emotion_config: { mood_pull: 0.4, baseline: { V: 0.2, A: 0.4, D: 0.1 } },
    goals: ['help Ana pass her exam'],
  });
  await service.memories.setSettings(owner, sessionId, { max_episodes: 300 });
  await service.setPreferences(owner, sessionId, {
    enabled: true,
    cooldown_hours: 0.5,
    time_zone: 'Europe/Madrid',
    quiet_hours: { start: '23:30', end: '06:00' },
    max_per_day: 5,
  });
  const ana = { id: 'u-ana', name: 'Ana' };
  const ben = { id: 'u-ben', name: 'Ben' };
  const cleo = { id: 'u-cleo', name: 'Cleo' };
  const say = async (from: { id: string; name: string }, message: string, to?: { id: string }) => {
    clock.advance(47_123.25);
    await service.textTurn(owner, { sessionId, message, from, ...(to ? { to } : {}) });
  };
  await say(ana, 'I passed my exam on Thursday, thank you so much for your help!');
  await say(ben, 'Congratulations Ana, that is wonderful news.', ana);
  await say(cleo, 'You are useless and I hate talking to you.');
  await service.appraisalTurn(owner, {
    sessionId,
    appraisal: hurt,
    from: cleo,
    context: 'Cleo insulted Mira',
  });
  await service.appraisalTurn(owner, {
    sessionId,
    appraisal: kind,
    from: ana,
    summary: 'Ana brought a gift',
  });
  await say(ana, 'My sister is sick and I am worried about her.');
  // Days pass with the scheduler's checks until the character reaches out; the first action is acknowledged.
  const untilPending = async () => {
    for (let hours = 0; hours < 24 * 14; hours += 6) {
      clock.advance(6 * 3_600_000 + 0.5);
      await service.runDueChecks();
      const pending = await service.pendingActions(owner, sessionId);
      if (pending.length > 0) return pending;
    }
    return [];
  };
  for (const action of await untilPending()) await service.acknowledge(owner, sessionId, action.id);
  await say(ben, 'Are you still there?');
  await untilPending();
  await service.outreach.setParticipantPolicy(owner, sessionId, 'u-cleo', {
    muted: true,
    time_zone: 'America/New_York',
  });
  // A story beat the next turn still has to explain: the override log and the felt emotion before it.
  await service.controls.override(owner, sessionId, {
    emotion: { V: -0.3 },
    relationship: { participant: 'u-cleo', trust: 0.2 },
    note: 'Cleo apologised, badly',
  });
  return sessionId;
}

/**
 * A record without what an import must change (its id, owner and store version), as JSON writes it: JSON has no
 * −0, so the memory store's −0 and a serializing store's 0 are the same value here, as on every wire.
 */
export function comparable(record: SessionRecord | null): unknown {
  if (!record) throw new Error('no record');
  const { id: _id, owner: _owner, version: _version, ...rest } = record;
  return JSON.parse(JSON.stringify(rest));
}

/**
 * The round trip of the snapshot contract: a rich session on `source` is exported, checked (by the schema, the
 * import's validation and `validate`, e.g. the published JSON Schema), imported into `target` by another service
 * on the same clock, and then: the records are equal but for id, owner and version; the same turn gives the same
 * result on both, to the last digit; the records after it are equal; and the two exports are equal but for the id.
 */
export async function checkSnapshotRoundTrip(
  source: SessionStore,
  target: SessionStore,
  validate: (document: unknown) => void = () => {},
): Promise<void> {
  const clock = createManualClock(Date.UTC(2026, 2, 1, 9));
  const a = snapshotTestService(source, clock);
  const b = snapshotTestService(target, clock);
  const sessionId = await buildRichSession(a, clock);
  const original = await source.get(sessionId);
  expect(original?.state.participants?.length).toBe(3);
  expect(original?.memory?.episodes.length).toBeGreaterThan(2);
  expect(original?.proactive.pending.length).toBeGreaterThan(0);
  expect(original?.proactive.acknowledged.length).toBeGreaterThan(0);
  expect(original?.activity?.participants?.length).toBe(3);
  expect(original?.overrides?.feltBefore).not.toBeNull();
  expect(original?.state.participants?.find((p) => p.id === 'u-cleo')?.policy?.muted).toBe(true);
  expect(original?.proactive.actionTimes?.length).toBeGreaterThan(0);
  expect(original?.proactive.pending[0]?.reason).toBeDefined();

  const snapshot = await a.snapshots.export('owner-a', sessionId);
  const wire = JSON.parse(JSON.stringify(snapshot)) as SessionSnapshot;
  validate(wire);
  expect(parseSessionSnapshot(wire)).toEqual(wire);
  const imported = await b.createSession('owner-b', { snapshot: wire });
  expect(imported.sessionId).not.toBe(sessionId);
  const copy = await target.get(imported.sessionId);
  expect(copy?.owner).toBe('owner-b');
  expect(copy?.version).toBe(1);
  expect(comparable(copy)).toEqual(comparable(original));

  clock.advance(3_600_000 + 0.125);
  const turn = {
    message: 'Ana, I am so proud of you, the exam went great!',
    from: { id: 'u-ben', name: 'Ben' },
  };
  const left = await a.textTurn('owner-a', { sessionId, ...turn });
  const right = await b.textTurn('owner-b', { sessionId: imported.sessionId, ...turn });
  expect(JSON.stringify(right)).toBe(JSON.stringify(left));
  expect(comparable(await target.get(imported.sessionId))).toEqual(comparable(await source.get(sessionId)));

  const again = JSON.parse(JSON.stringify(await b.snapshots.export('owner-b', imported.sessionId)));
  const after = JSON.parse(JSON.stringify(await a.snapshots.export('owner-a', sessionId)));
  validate(again);
  expect({ ...again, session: { ...again.session, id: sessionId } }).toEqual(after);
}
