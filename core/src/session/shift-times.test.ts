import { describe, expect, it } from 'vitest';
import { canonical } from '../../test/fixtures.js';
import { createManualClock } from '../clock.js';
import type { ProactiveAction } from '../proactive/proactive-action.js';
import { createSeededRandom } from '../random.js';
import { makeTestEpisode } from '../store/memory-contract.js';
import { createMemoryStore } from '../store/memory-store.js';
import type { SessionRecord, SessionStore } from '../store/session-store.js';
import { makeTestRecord } from '../store/store-contract.js';
import { createSessionService } from './session-service.js';
import { shiftProactive, shiftTimes } from './shift-times.js';

const hour = 3_600_000;

/** A session service on its own store, manual clock and seeded randomness, the same for every call. */
function world() {
  const store: SessionStore = createMemoryStore();
  const clock = createManualClock(Date.UTC(2026, 0, 1, 12));
  const service = createSessionService({ store, clock, random: createSeededRandom(7) });
  return { store, clock, service };
}

/** The same conversation in any world: a private chat, a group, memories, preferences; a few minutes apart. */
async function converse(w: ReturnType<typeof world>): Promise<string> {
  const { sessionId } = await w.service.createSession('local', { preset: 'anxious_helper' });
  await w.service.setPreferences('local', sessionId, { enabled: true, cooldown_hours: 1 });
  const turns = [
    { message: 'My dog Rex died this morning. I walked him in the park every day.' },
    { message: 'Thank you for listening, it means a lot.', from: { id: 'u-ana', name: 'Ana' } },
    {
      message: 'You are useless and I hate talking to you.',
      from: { id: 'u-bo', name: 'Bo' },
      to: 'character',
    },
    { message: 'I passed my driving exam today!' },
  ];
  for (const turn of turns) {
    w.clock.advance(7 * 60_000);
    await w.service.textTurn('local', { sessionId, ...turn });
  }
  w.clock.advance(90_000);
  await w.service.appraisalTurn('local', { sessionId, appraisal: canonical.kindness, context: 'a gift' });
  return sessionId;
}

/** An action without what names its moment (its id is time-sortable, its time the engine clock's). */
function withoutIdentity({ id: _, createdAt: __, ...rest }: ProactiveAction) {
  return rest;
}

/** What the final turn of both worlds is: a message that recalls the dog and is said by Ana. */
const final = { message: 'I still miss Rex when I walk past the park.', from: { id: 'u-ana' } };

describe('shiftTimes', () => {
  it('moves every engine time of a record back, and nothing else', () => {
    const base = makeTestRecord();
    const record: SessionRecord = {
      ...base,
      state: {
        ...base.state,
        time: 50 * hour,
        lastInteractionAt: 40 * hour,
        participants: [
          {
            id: 'sam',
            name: null,
            rapport: 0.6,
            trust: 0.7,
            familiarityCount: 3,
            at: 41 * hour,
            firstSeenAt: 30 * hour,
            lastSeenAt: 42 * hour,
            turns: 2,
            impact: 0.3,
            impactAt: 43 * hour,
          },
        ],
        floor: { silentTurns: 1, lastSpokeAt: 44 * hour },
      },
      proactive: {
        ...base.proactive,
        pending: [
          {
            id: 'act_1',
            type: 'need_deficit',
            message: 'hi',
            priority: 'low',
            metadata: {},
            createdAt: 45 * hour,
            reason: {
              text: 'you mentioned your exam',
              trigger: 'absence',
              since_last_talk_seconds: 18_000,
              episode: { id: 'mem_1', summary: 'my exam is on Thursday', at: 20 * hour },
            },
          },
        ],
        actionTimes: [30 * hour, 45 * hour],
        lastActionAt: 45 * hour,
        raisedInAbsence: { since: 40 * hour, types: ['need_deficit'] },
      },
      nextDueAt: 60 * hour,
      memory: {
        settings: { enabled: true, store_text: true, max_episodes: 500 },
        episodes: [makeTestEpisode(1, { at: 20 * hour, rehearsals: [21 * hour, 22 * hour] })],
      },
    };
    const before = structuredClone(record);
    const shifted = shiftTimes(record, 5 * hour);
    expect(record).toEqual(before);
    expect(shifted.state).toMatchObject({ time: 45 * hour, lastInteractionAt: 35 * hour });
    expect(shifted.state.participants?.[0]).toMatchObject({
      at: 36 * hour,
      firstSeenAt: 25 * hour,
      lastSeenAt: 37 * hour,
      impactAt: 38 * hour,
    });
    expect(shifted.state.floor?.lastSpokeAt).toBe(39 * hour);
    expect(shifted.proactive.pending[0]?.createdAt).toBe(40 * hour);
    expect(shifted.proactive.pending[0]?.reason?.episode?.at).toBe(15 * hour);
    expect(shifted.proactive.actionTimes).toEqual([25 * hour, 40 * hour]);
    expect(shifted.proactive.lastActionAt).toBe(40 * hour);
    expect(shifted.proactive.raisedInAbsence).toEqual({ since: 35 * hour, types: ['need_deficit'] });
    expect(shifted.nextDueAt).toBe(55 * hour);
    expect(shifted.memory?.episodes[0]).toMatchObject({ at: 15 * hour, rehearsals: [16 * hour, 17 * hour] });
    // Shifting back again by the opposite amount gives the record it came from, field for field.
    expect(shiftTimes(shifted, -5 * hour)).toEqual(record);
    expect({ ...shifted.state, time: 0, lastInteractionAt: 0, participants: [], floor: null }).toEqual({
      ...record.state,
      time: 0,
      lastInteractionAt: 0,
      participants: [],
      floor: null,
    });
  });

  it('makes a ticked session turn exactly like one whose engine clock really moved on', async () => {
    // Remembered episodes are told in calendar words ("Earlier today", "Yesterday", "On Tuesday"), read in each
    // session's own frame; these gaps put no day boundary or weekday between the two frames.
    for (const seconds of [90, 2 * 3600 + 0.5, 7 * 86_400, 30 * 86_400]) {
      const ticked = world();
      const waited = world();
      const a = await converse(ticked);
      const b = await converse(waited);
      const tick = await ticked.service.controls.tick('local', a, { seconds });
      waited.clock.advance(seconds * 1000);
      // A late scheduler: the waited session's due check at the same moment, as the tick runs it.
      const raised = await waited.service.checkProactive(b);
      // The episode a reason refers to is `seconds` further back in the ticked session's own frame.
      const waitedRecord = (await waited.store.get(b))!;
      const pending = raised ? [raised] : [];
      const seen = shiftProactive({ ...waitedRecord.proactive, pending }, seconds * 1000).pending;
      expect(tick.actions.map(withoutIdentity)).toEqual(seen.map(withoutIdentity));
      const { at: tickedAt, ...tickedState } = tick.state;
      const { at: waitedAt, ...waitedState } = await waited.service.getState('local', b);
      expect(tickedState).toEqual(waitedState);
      expect(Date.parse(waitedAt) - Date.parse(tickedAt)).toBe(seconds * 1000);

      ticked.clock.advance(60_000);
      waited.clock.advance(60_000);
      const ta = await ticked.service.textTurn('local', { sessionId: a, ...final });
      const tb = await waited.service.textTurn('local', { sessionId: b, ...final });
      // To the last digit: every number of the result, prompt_data's sentences, recalled memories, explanation. The
      // only difference is where a time is written out: a remembered episode's ISO time, `seconds` earlier.
      const memories = ta.prompt_data.context.memories.map((m) => ({
        ...m,
        at: new Date(Date.parse(m.at) + seconds * 1000).toISOString(),
      }));
      expect({
        ...ta,
        prompt_data: { ...ta.prompt_data, context: { ...ta.prompt_data.context, memories } },
      }).toEqual(tb);
      expect(ta.memory.recalled.length).toBeGreaterThan(0);

      // The records agree too, once the waited one is seen from the ticked one's clock.
      const ra = (await ticked.store.get(a))!;
      const rb = shiftTimes((await waited.store.get(b))!, seconds * 1000);
      // Except the activity history: it records when the person really wrote (relationship health reads the person's
      // own hours), which a tick does not move (docs/time-control.md).
      const comparable = ({ activity: _activity, ...r }: SessionRecord) => ({
        ...r,
        version: 0,
        updatedAt: 0,
        nextDueAt: r.nextDueAt === null ? null : Math.round(r.nextDueAt),
        proactive: { ...r.proactive, pending: r.proactive.pending.map((p) => p.type) },
      });
      expect(comparable(ra)).toEqual(comparable(rb));
    }
  });
});
