import { describe, expect, it } from 'vitest';
import { canonical, freshState, paramsFor, t0 } from '../../test/fixtures.js';
import { advanceTo } from '../engine/advance.js';
import { applyAppraisal } from '../engine/apply-turn.js';
import type { EngineState } from '../engine/engine-state.js';
import { observe } from '../engine/observe.js';
import { isLimbicError } from '../errors.js';
import { resolvePersona } from '../persona/resolve-persona.js';
import { createSeededRandom } from '../random.js';
import { defaultPreferences, parsePreferences } from './preferences.js';
import type { ProactiveState } from './proactive-action.js';
import { raiseAction } from './raise-action.js';
import { attachmentOnsetSeconds, evaluateTriggers, nextDueAt } from './triggers.js';

const hour = 3_600_000;

describe('proactive preferences', () => {
  it('fills every default when only enabled is given', () => {
    expect(parsePreferences({ enabled: true })).toEqual({
      enabled: true,
      triggers: { attachment_seeking: true, need_deficit: true, emotional_overflow: true },
      cooldown_hours: 4,
      time_zone: 'UTC',
      quiet_hours: null,
      max_per_day: 3,
    });
  });

  it('starts disabled', () => expect(defaultPreferences.enabled).toBe(false));

  it('lists every invalid field with its path and rule', () => {
    let error: unknown;
    try {
      parsePreferences({
        enabled: 'yes',
        triggers: { need_deficit: 1, bogus: true },
        cooldown_hours: -2,
        extra: 1,
      });
    } catch (e) {
      error = e;
    }
    expect(isLimbicError(error, 'VALIDATION_ERROR')).toBe(true);
    const paths = (error as { issues: { path: string }[] }).issues.map((i) => i.path).sort();
    expect(paths).toEqual([
      'preferences.cooldown_hours',
      'preferences.enabled',
      'preferences.extra',
      'preferences.triggers.bogus',
      'preferences.triggers.need_deficit',
    ]);
    expect((error as Error).message).toContain('preferences.cooldown_hours: must be a number in [0, 720]');
  });

  it('rejects a missing enabled and non-objects', () => {
    for (const bad of [{}, null, 'x', [], { triggers: {} }]) {
      expect(() => parsePreferences(bad)).toThrow(/preferences/);
    }
  });
});

function bonded(params = paramsFor()): EngineState {
  let state = freshState(params);
  for (let i = 0; i < 40; i++) {
    state = applyAppraisal(state, params, canonical.kindness, {
      elapsedSeconds: 60,
      now: state.time + 60_000,
    }).state;
  }
  return state;
}

function proactive(enabled = true): ProactiveState {
  return {
    preferences: parsePreferences({ enabled }),
    pending: [],
    lastActionAt: null,
    raisedInAbsence: { since: 0, types: [] },
    acknowledged: [],
  };
}

describe('triggers', () => {
  const params = paramsFor();
  const persona = resolvePersona({ personality: { O: 0.5, C: 0.5, E: 0.5, A: 0.5, N: 0.5, H: 0.5 } });

  it('seeks attachment after an absence, and not before its onset', () => {
    const state = bonded(params);
    const early = advanceTo(state, params, state.lastInteractionAt + 20 * hour);
    expect(
      evaluateTriggers(early, observe(early, params), params, early.time).map((h) => h.type),
    ).not.toContain('attachment_seeking');
    const late = advanceTo(state, params, state.lastInteractionAt + 60 * hour);
    const hit = evaluateTriggers(late, observe(late, params), params, late.time).find(
      (h) => h.type === 'attachment_seeking',
    );
    expect(hit?.metadata.trigger).toBe('absence');
    expect(hit?.metadata.absence_hours).toBeCloseTo(60, 6);
  });

  it('reaches out sooner for an anxiously attached character', () => {
    const anxious = paramsFor({ facets: { dependence: 1, anxiety: 1 } });
    expect(attachmentOnsetSeconds(anxious)).toBeLessThan(attachmentOnsetSeconds(params));
  });

  it('predicts the due time of attachment seeking, and the check at that time fires', () => {
    const state = bonded(params);
    const due = nextDueAt(state, params, proactive())!;
    expect(due).toBeGreaterThan(state.lastInteractionAt + 24 * hour);
    const justBefore = advanceTo(state, params, due - 10 * 60_000);
    const atDue = advanceTo(state, params, due);
    const types = (s: EngineState) =>
      evaluateTriggers(s, observe(s, params), params, s.time).map((h) => h.type);
    expect(types(justBefore)).not.toContain('attachment_seeking');
    expect(types(atDue)).toContain('attachment_seeking');
  });

  it('is not due at all while disabled', () => {
    expect(nextDueAt(bonded(params), params, proactive(false))).toBeNull();
  });

  it('raises need_deficit when belonging has faded far below its setpoint', () => {
    const state = { ...freshState(params), needs: { belonging: 0.1, competence: 0.5, autonomy: 0.5 } };
    const hit = evaluateTriggers(state, observe(state, params), params, state.time).find(
      (h) => h.type === 'need_deficit',
    );
    expect(hit?.need).toBe('belonging');
    expect(hit?.metadata.deficit).toBeCloseTo(params.needSetpoints.belonging - 0.1, 9);
  });

  it('raises emotional_overflow when intensity passes the coping threshold', () => {
    const brittle = paramsFor({ N: 0.95 });
    const out = applyAppraisal(freshState(brittle), brittle, canonical.betrayal, {
      elapsedSeconds: 1,
      now: t0 + 1000,
    });
    expect(out.after.intensity).toBeGreaterThan(brittle.config.coping_threshold);
    expect(evaluateTriggers(out.state, out.after, brittle, out.state.time).map((h) => h.type)).toContain(
      'emotional_overflow',
    );
    const calm = freshState(brittle);
    expect(evaluateTriggers(calm, observe(calm, brittle), brittle, calm.time)).toEqual([]);
  });

  it('applies cooldown, toggles, one pending per type, and once per absence', () => {
    const state = advanceTo(bonded(params), params, bonded(params).lastInteractionAt + 80 * hour);
    const obs = observe(state, params);
    const hits = evaluateTriggers(state, obs, params, state.time);
    const ctx = {
      now: state.time,
      lastInteractionAt: state.lastInteractionAt,
      persona,
      observation: obs,
      random: createSeededRandom(1),
    };
    const first = raiseAction(proactive(), hits, ctx);
    expect(first.action?.type).toBe('attachment_seeking');
    expect(first.action?.message.length).toBeGreaterThan(10);
    expect(first.action?.id.startsWith('act_')).toBe(true);
    // Cooling down: nothing within 4 hours.
    expect(raiseAction(first.state, hits, { ...ctx, now: ctx.now + hour }).action).toBeNull();
    // After the cooldown, acknowledged: still not again during the same absence.
    const acked = { ...first.state, pending: [] };
    expect(raiseAction(acked, hits, { ...ctx, now: ctx.now + 5 * hour }).action?.type).not.toBe(
      'attachment_seeking',
    );
    // Toggled off.
    const off = {
      ...proactive(),
      preferences: parsePreferences({ enabled: true, triggers: { attachment_seeking: false } }),
    };
    expect(raiseAction(off, hits, ctx).action?.type).not.toBe('attachment_seeking');
    // Disabled.
    expect(raiseAction(proactive(false), hits, ctx).action).toBeNull();
  });
});

describe('attachment due time', () => {
  const params = paramsFor();

  it('finds the crossing when low trust drifts up toward neutral during the absence', () => {
    const state = { ...freshState(params), trust: 0.08, familiarityCount: 90 };
    const attachmentOnly = parsePreferences({ enabled: true, triggers: { need_deficit: false } });
    const due = nextDueAt(state, params, { ...proactive(), preferences: attachmentOnly });
    expect(due).not.toBeNull();
    const at = advanceTo(state, params, due!);
    const before = advanceTo(state, params, due! - 5 * 60_000);
    const fires = (s: EngineState) =>
      evaluateTriggers(s, observe(s, params), params, s.time).some((h) => h.type === 'attachment_seeking');
    expect(fires(at)).toBe(true);
    expect(fires(before)).toBe(false);
  });

  it('is null when there is no bond to miss', () => {
    const stranger = { ...freshState(params), familiarityCount: 1 };
    expect(
      nextDueAt(stranger, params, {
        ...proactive(),
        preferences: parsePreferences({ enabled: true, triggers: { need_deficit: false } }),
      }),
    ).toBeNull();
  });
});
