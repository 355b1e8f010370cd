/**
 * Runs appraisal profiles through the engine as a user would: a fresh character with every trait at 0.5, the
 * profile's priors (if any) and then the profile as appraisal turns 30 s apart, and the discrete emotion after the
 * last turn.
 */

import { applyAppraisal } from '../src/engine/apply-turn.js';
import { createInitialState } from '../src/engine/engine-state.js';
import type { EmotionLabel } from '../src/labels/emotion-label.js';
import type { AppraisalLabelModel } from '../src/labels/label-model.js';
import { deriveEngineParams } from '../src/persona/engine-params.js';
import { resolvePersona } from '../src/persona/resolve-persona.js';
import { type AppraisalProfile, neutralFill } from './appraisal-profiles.js';

const neutral = deriveEngineParams(
  resolvePersona({ personality: { O: 0.5, C: 0.5, E: 0.5, A: 0.5, N: 0.5, H: 0.5 } }),
);

/** One profile's engine outcome. */
export interface EngineOutcome {
  profile: AppraisalProfile;
  primary: EmotionLabel;
  secondary: EmotionLabel | null;
  intensity: number;
  /** The label the appraisal labeller gave the episode. */
  episode: EmotionLabel | null;
  hit: boolean;
}

/** Runs one profile on a fresh neutral character (optionally with another label model). */
export function runProfile(profile: AppraisalProfile, labelModel?: AppraisalLabelModel): EngineOutcome {
  const params = labelModel ? { ...neutral, labelModel } : neutral;
  const t0 = Date.UTC(2026, 0, 1);
  let state = createInitialState(params, t0);
  const turns = [...(profile.priors ?? []), neutralFill(profile.given)];
  let after: ReturnType<typeof applyAppraisal>['after'] | null = null;
  for (const appraisal of turns) {
    const out = applyAppraisal(state, params, appraisal, { elapsedSeconds: 30, now: state.time + 30_000 });
    state = out.state;
    after = out.after;
  }
  const primary = after!.primary;
  return {
    profile,
    primary,
    secondary: after!.secondary,
    intensity: after!.intensity,
    episode: state.episode.label,
    hit: (profile.family as readonly string[]).includes(primary),
  };
}
