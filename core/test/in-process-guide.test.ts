import { describe, expect, it } from 'vitest';
import { createManualClock, createSessionService } from '../src/index.js';

// The in-process guide's first example (docs/guide/in-process.md, "In one screen"), kept honest.
describe('in-process guide example', () => {
  it('gives pride for a won game and a Japanese system prompt', async () => {
    const limbic = createSessionService({ clock: createManualClock() });
    const { sessionId } = await limbic.createSession('me', {
      preset: 'cheerful_companion',
      identity: { language: 'ja' },
    });
    const turn = await limbic.textTurn('me', { sessionId, message: 'You did it, you won the game!' });
    expect(turn.discrete_emotion).toBe('pride');
    expect(turn.perceived?.group).toBe('joy');
    expect(turn.roles).toEqual({ experiencer: 'character', cause: 'character', addressee: 'character' });
    expect(turn.prompt_data.formatted.system_prompt).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    const next = await limbic.appraisalTurn('me', {
      sessionId,
      appraisal: {
        goal_relevance: 0.9,
        goal_congruence: -0.8,
        expectedness: 0.3,
        controllability: 0.7,
        agency: -0.9,
        norm_compatibility: -0.7,
      },
      elapsedSeconds: 120,
    });
    expect(next.discrete_emotion).toBe('anger');
  });
});
