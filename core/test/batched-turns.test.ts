import { describe, expect, it } from 'vitest';
import {
  createManualClock,
  createMemoryStore,
  createReaderAppraiser,
  createSeededRandom,
  createSessionService,
  isLimbicError,
  type SessionService,
  type SessionStore,
} from '../src/index.js';
import { canonical } from './fixtures.js';

// Concurrent commits on one session are planned in batches and written once per batch (the session writer); the
// result of each turn and the record stored must be exactly those of the same turns written one by one.

/**
 * A memory store that counts compare-and-set writes and remembers how many turns it holds, so a `state` listener
 * can check that no event describes a turn before it is stored.
 */
function countingStore() {
  const inner = createMemoryStore();
  const counts = { writes: 0, storedTurns: 0 };
  const store: SessionStore = {
    ...inner,
    async replace(record, expected) {
      const won = await inner.replace(record, expected);
      if (won) {
        counts.writes += 1;
        counts.storedTurns = record.state.turns;
      }
      return won;
    },
  };
  return { store, counts };
}

/** A session service at a fixed engine time, recording its events as short strings. */
async function setup() {
  const { store, counts } = countingStore();
  const service = createSessionService({
    store,
    clock: createManualClock(),
    random: createSeededRandom(7),
    appraiser: createReaderAppraiser(),
  });
  const events: string[] = [];
  const early: string[] = [];
  service.on('turn', (e) => events.push(`turn ${JSON.stringify(e.result)}`));
  service.on('state', (e) => {
    if (e.snapshot.turns > counts.storedTurns) early.push(`state of turn ${e.snapshot.turns}`);
    events.push(`state ${e.cause} ${JSON.stringify(e.snapshot)}`);
  });
  service.on('due', (e) => events.push(`due ${e.nextDueAt}`));
  service.on('proactive', (e) => events.push(`proactive ${JSON.stringify(e.action)}`));
  const { sessionId } = await service.createSession('alice', { preset: 'anxious_helper' });
  await service.setPreferences('alice', sessionId, { enabled: true });
  return { service, store, counts, events, early, sessionId };
}

const ann = { id: 'u_ann', name: 'Ann' };
const bo = { id: 'u_bo', name: 'Bo' };
const appraisals = [
  canonical.kindness,
  canonical.betrayal,
  canonical.suddenThreat,
  canonical.helpedByOther,
  canonical.insult,
  canonical.ownSuccess,
];
const messages = [
  'Thank you so much, you really helped me today.',
  'I lost my job this morning and I do not know what to do.',
  'You never listen to me, it is always about you!',
  'We won the match, I am so happy!',
  'Sorry I was rude yesterday, I was tired.',
  'My cat is sick and I am scared.',
];

/** One operation on the session: what it is, and how to run it on a service. */
interface Operation {
  name: string;
  run: (service: SessionService, sessionId: string) => Promise<unknown>;
}

/** Appraisal turns from two participants and alone, a preferences change, and an edit that fails (NOT_FOUND). */
const edits: Operation[] = [
  ...Array.from({ length: 24 }, (_, i): Operation => {
    const from = i % 3 === 0 ? undefined : i % 3 === 1 ? ann : bo;
    const input = { appraisal: appraisals[i % appraisals.length]!, ...(from ? { from } : {}) };
    return {
      name: `appraisal ${i}`,
      run: (s, sessionId) => s.appraisalTurn('alice', { sessionId, ...input }),
    };
  }),
  {
    name: 'preferences',
    run: (s, sessionId) => s.setPreferences('alice', sessionId, { enabled: true, cooldown_hours: 1 }),
  },
  { name: 'forget nobody', run: (s, sessionId) => s.forgetParticipant('alice', sessionId, 'u_nobody') },
  { name: 'forget Bo', run: (s, sessionId) => s.forgetParticipant('alice', sessionId, 'u_bo') },
  {
    name: 'appraisal after',
    run: (s, sessionId) => s.appraisalTurn('alice', { sessionId, appraisal: canonical.kindness, from: bo }),
  },
];

const texts: Operation[] = Array.from({ length: 12 }, (_, i) => ({
  name: `text ${i}`,
  run: (s, sessionId) =>
    s.textTurn('alice', {
      sessionId,
      message: messages[i % messages.length]!,
      ...(i % 2 ? { from: ann } : {}),
    }),
}));

/** What an operation settled with, as exact JSON (or the error's code). */
function outcome(promise: Promise<unknown>): Promise<string> {
  return promise.then(
    (value) => JSON.stringify(value),
    (error: unknown) => (isLimbicError(error) ? error.code : String(error)),
  );
}

async function sequentially(ops: Operation[], service: SessionService, sessionId: string): Promise<string[]> {
  const outcomes: string[] = [];
  for (const op of ops) outcomes.push(await outcome(op.run(service, sessionId)));
  return outcomes;
}

describe('batched commits on one session', () => {
  it('give every turn the result, and the session the record and events, of the same turns one by one', async () => {
    const batched = await setup();
    const alone = await setup();
    expect(batched.sessionId).toBe(alone.sessionId);
    const { sessionId } = batched;

    // Appraisal turns and edits reach the writer in call order, all while the first one's read is in flight.
    const concurrentEdits = await Promise.all(edits.map((op) => outcome(op.run(batched.service, sessionId))));
    const editWrites = batched.counts.writes;
    // Text turns reach it after their appraisal, in an order of their own: the `turn` events tell which.
    const textEvents = batched.events.length;
    const concurrentTexts = await Promise.all(texts.map((op) => outcome(op.run(batched.service, sessionId))));
    const order = batched.events
      .slice(textEvents)
      .filter((e) => e.startsWith('turn '))
      .map((e) => concurrentTexts.indexOf(e.slice('turn '.length)));
    expect([...order].sort((a, b) => a - b)).toEqual(texts.map((_, i) => i));

    expect(concurrentEdits).toEqual(await sequentially(edits, alone.service, sessionId));
    const textsAlone = await sequentially(
      order.map((i) => texts[i]!),
      alone.service,
      sessionId,
    );
    expect(order.map((i) => concurrentTexts[i])).toEqual(textsAlone);

    expect(JSON.stringify(await batched.store.get(sessionId))).toBe(
      JSON.stringify(await alone.store.get(sessionId)),
    );
    expect(batched.events).toEqual(alone.events);
    expect(batched.events.some((e) => e.startsWith('proactive '))).toBe(true);
    expect(concurrentEdits.filter((o) => o === 'NOT_FOUND')).toHaveLength(1);
    // The batches were real: far fewer writes than changes, and no event before its turn was stored.
    expect(editWrites).toBeLessThan(5);
    expect(batched.counts.writes).toBeLessThan(alone.counts.writes / 2);
    expect(batched.early).toEqual([]);
  });
});
