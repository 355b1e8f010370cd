// The public exports of the proactive policy (docs/proactive.md), re-exported by the package index.

export { slowDecay } from '../persona/slow-decay.js';
export {
  type ParticipantPolicyResult,
  parseParticipantPolicy,
  SessionOutreach,
} from '../session/session-outreach.js';
export { isQuiet, isTimeZone, localDay, type QuietHours, quietEndAt } from './local-time.js';
export { addresseeOf, policyHold, policyReleaseAt, policyTimeZone } from './outreach.js';
export {
  type AttachmentDrive,
  type NeedDrive,
  type OutlookRecord,
  type OutreachHold,
  type OutreachHoldReason,
  type OutreachOutlook,
  outreachHoldReasons,
  outreachOutlook,
} from './outreach-outlook.js';
export { type OutreachView, toOutreachView } from './outreach-view.js';
export {
  defaultMaxPerDay,
  defaultParticipantPolicy,
  defaultTimeZone,
  maxPerDayLimit,
  type ParticipantPolicy,
  type ParticipantPolicyInput,
  participantPolicySchema,
} from './policy.js';
export {
  defaultCooldownHours,
  defaultPreferences,
  type ProactivePreferences,
  type ProactivePreferencesInput,
  type ProactiveType,
  parsePreferences,
  preferencesSchema,
  proactiveTypes,
  withPolicyDefaults,
} from './preferences.js';
export type { ProactiveAction, ProactivePriority, ProactiveState } from './proactive-action.js';
export type { ProactiveReason, ReasonEpisode } from './reason.js';
export {
  createProactiveScheduler,
  type ProactiveScheduler,
  type ProactiveSchedulerOptions,
} from './scheduler.js';
export { nextDueAt, overflowOf } from './triggers.js';
