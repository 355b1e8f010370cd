// The proactive part of a snapshot's session, both directions (see snapshot-codec.ts): preferences with their
// policy, pending actions with their reasons, and the times the daily maximum counts.
import type { ParticipantPolicy } from '../proactive/policy.js';
import { type ProactivePreferences, withPolicyDefaults } from '../proactive/preferences.js';
import type { ProactiveAction, ProactiveState } from '../proactive/proactive-action.js';
import type { ProactiveReason } from '../proactive/reason.js';
import type { SessionSnapshot } from './snapshot-schema.js';

type SnapshotSession = SessionSnapshot['session'];
type SnapshotAction = SnapshotSession['proactive']['pending'][number];

/** A pending action as the snapshot holds it (a copy). */
export function toSnapshotAction(a: ProactiveAction): SnapshotAction {
  const action: SnapshotAction = {
    id: a.id,
    type: a.type,
    message: a.message,
    priority: a.priority,
    metadata: { ...a.metadata },
    created_at: a.createdAt,
  };
  if (a.participant) action.participant = { ...a.participant };
  if (a.reason) action.reason = structuredClone(a.reason);
  return action;
}

/** The record's proactive state from a snapshot's. */
export function fromSnapshotProactive(p: SnapshotSession['proactive']): ProactiveState {
  return {
    preferences: copyPreferences(p.preferences),
    pending: p.pending.map((a) => {
      const action: ProactiveAction = {
        id: a.id,
        type: a.type,
        message: a.message,
        priority: a.priority,
        metadata: { ...a.metadata },
        createdAt: a.created_at,
      };
      if (a.participant) action.participant = { ...a.participant };
      if (a.reason) action.reason = structuredClone(a.reason) as ProactiveReason;
      return action;
    }),
    lastActionAt: p.last_action_at,
    raisedInAbsence: { since: p.raised_in_absence.since, types: [...p.raised_in_absence.types] },
    acknowledged: [...p.acknowledged],
    ...(p.action_times ? { actionTimes: [...p.action_times] } : {}),
  };
}

/** A copy of preferences with every policy field (records from before the policy read with its defaults), both ways. */
export function copyPreferences(p: ProactivePreferences): ProactivePreferences {
  const full = withPolicyDefaults(p);
  return {
    ...full,
    triggers: { ...full.triggers },
    quiet_hours: full.quiet_hours ? { ...full.quiet_hours } : null,
  };
}

/** A copy of a participant's policy. */
export function copyPolicy(p: ParticipantPolicy): ParticipantPolicy {
  return { ...p, quiet_hours: p.quiet_hours ? { ...p.quiet_hours } : null };
}
