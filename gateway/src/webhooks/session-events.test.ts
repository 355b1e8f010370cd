import type { TurnResult } from '@limbic/core';
import { describe, expect, it } from 'vitest';
import { overflowOf } from './session-events.js';

const turn = (intensity: number, stress: number, level: number) =>
  ({
    emotion_intensity: intensity,
    body_budget: { energy: 0.5, stress },
    soul_stage: { stage: 'calm', level, group: 'calm', progress: 0 },
  }) as unknown as TurnResult;

describe('overflowOf', () => {
  it('overflows when the intensity reaches the coping threshold lowered by stress', () => {
    // θ = max(0.05, 0.7 − 0.2·0.5) = 0.6
    expect(overflowOf(turn(0.6, 0.5, 1), 0.7)).toEqual({ trigger: 'intensity', threshold: 0.6 });
    expect(overflowOf(turn(0.5999, 0.5, 1), 0.7)).toBeNull();
    // The floor: a coping threshold under the stress term still needs 0.05.
    expect(overflowOf(turn(0.04, 1, 1), 0.1)).toBeNull();
    expect(overflowOf(turn(0.05, 1, 1), 0.1)?.trigger).toBe('intensity');
  });

  it('overflows in crisis (stage level 7 to 9) whatever the intensity', () => {
    for (const level of [7, 8, 9]) expect(overflowOf(turn(0, 0, level), 0.7)?.trigger).toBe('crisis');
    expect(overflowOf(turn(0, 0, 6), 0.7)).toBeNull();
    expect(overflowOf(turn(0, 0, 10), 0.7)).toBeNull();
  });
});
