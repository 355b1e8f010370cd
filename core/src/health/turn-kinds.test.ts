import { describe, expect, it } from 'vitest';
import { createManualClock } from '../clock.js';
import { createSeededRandom } from '../random.js';
import { createSessionService } from '../session/session-service.js';
import { activityOf } from './activity.js';
import { type HealthTurnInput, isDistressTurn, isHostileTurn } from './turn-kinds.js';

/** What the offline reader makes of each message, as the activity history counts it: [hostile, distress]. */
const messages: [string, boolean, boolean][] = [
  ['You are a worthless idiot and I hate you.', true, false],
  ['shut up, you useless bot', true, false],
  ['you never listen to me, you’re useless', true, false],
  ['I’m sorry I lied to you', false, false],
  ['you hurt me', false, true],
  ['I feel so hopeless, I cannot stop crying.', false, true],
  ['my dog died', false, true],
  ['I’m nervous about my exam tomorrow', false, true],
  ['I am really happy today, I got the job!', false, false],
  ['thank you so much', false, false],
];

describe('hostile and distress turns, as the offline reader reads them', () => {
  it.each(messages)('%j: hostile %s, distress %s', async (message, hostile, distress) => {
    const service = createSessionService({ clock: createManualClock(), random: createSeededRandom(1) });
    const { sessionId } = await service.createSession('o', { preset: 'cheerful_companion' });
    await service.textTurn('o', { sessionId, message });
    const day = activityOf((await service.store.get(sessionId))!.activity, null).days[0]!;
    expect([day.hostile === 1, day.distress === 1]).toEqual([hostile, distress]);
  });
});

const neutral = {
  goal_relevance: 0.8,
  goal_congruence: -0.8,
  expectedness: 0.3,
  controllability: 0.3,
  agency: -0.9,
  norm_compatibility: -0.8,
};

describe('hostile and distress turns, by definition', () => {
  const base: HealthTurnInput = { appraisal: neutral, interaction: true, to: undefined };

  it('counts an appraisal turn as hostile only when the person caused a blameworthy harm aimed at the character', () => {
    expect(isHostileTurn(base)).toBe(true);
    expect(isHostileTurn({ ...base, appraisal: { ...neutral, norm_compatibility: 0 } })).toBe(false);
    expect(isHostileTurn({ ...base, appraisal: { ...neutral, agency: 0.5 } })).toBe(false);
    expect(isHostileTurn({ ...base, to: { id: 'bo' } })).toBe(false);
    expect(isHostileTurn({ ...base, interaction: false })).toBe(false);
    expect(isDistressTurn(base)).toBe(false);
  });

  it('reads an LLM’s text turn (roles, no reading) by its conduct, and distress by the feeling it stirs', () => {
    const roles = { experiencer: 'speaker', cause: 'nobody', addressee: 'character' } as const;
    const llm: HealthTurnInput = {
      ...base,
      text: { roles, perceived: null },
      conduct: { toward: 0, disclosure: 0.8 },
    };
    expect(isHostileTurn(llm)).toBe(false);
    expect(isDistressTurn({ ...llm, feeling: 'sadness' })).toBe(true);
    expect(isDistressTurn({ ...llm, feeling: 'joy' })).toBe(false);
    const insult = {
      ...llm,
      text: { roles: { ...roles, experiencer: 'character' as const }, perceived: null },
    };
    expect(isHostileTurn({ ...insult, conduct: { toward: 1, disclosure: 0 } })).toBe(true);
    expect(isHostileTurn({ ...insult, conduct: { toward: 0.5, disclosure: 0 } })).toBe(false);
    // A custom appraiser that reads no roles: neither.
    const bare: HealthTurnInput = { ...base, text: { roles: null, perceived: null } };
    expect([isHostileTurn(bare), isDistressTurn({ ...bare, feeling: 'sadness' })]).toEqual([false, false]);
  });
});
