import { type OutreachView, outreachHoldReasons, type SessionDetails } from '@limbic/core';
import { builder } from './builder.js';
import { SessionDetailsRef } from './session-types.js';

// A session's `outreach` in GraphQL: REST's session details field of the same name (docs/proactive.md, "Why it has
// not written: the outlook"), for the dashboard.

const OutreachHoldReasonEnum = builder.enumType('OutreachHoldReason', {
  description:
    'What keeps the character from reaching out now, in the order the gates apply (docs/proactive.md).',
  values: outreachHoldReasons,
});

const OutreachHoldRef = builder.objectRef<OutreachView['holds'][number]>('OutreachHold').implement({
  description: 'One thing that holds the character back, and until when.',
  fields: (t) => ({
    reason: t.field({ type: OutreachHoldReasonEnum, resolve: (h) => h.reason }),
    until: t.exposeString('until', {
      nullable: true,
      description: 'ISO 8601 engine-clock time it lifts, or null: until something changes',
    }),
  }),
});

const AttachmentDriveRef = builder
  .objectRef<OutreachView['attachment']>('OutreachAttachmentDrive')
  .implement({
    description: 'The attachment urge: it fires at `threshold` and can never exceed the bond.',
    fields: (t) => ({
      urge: t.exposeFloat('urge'),
      threshold: t.exposeFloat('threshold'),
      bond: t.exposeFloat('bond', { description: 'Bond strength √(trust·familiarity)' }),
      onset_hours: t.exposeFloat('onset_hours', { description: 'Hours of absence before the urge builds' }),
      due_at: t.exposeString('due_at', {
        nullable: true,
        description: 'When the urge reaches the threshold if nobody writes, or null if not within a year',
      }),
    }),
  });

const NeedDriveRef = builder.objectRef<OutreachView['need']>('OutreachNeedDrive').implement({
  description:
    'The need furthest below its setpoint: need_deficit fires when the deficit reaches `threshold`.',
  fields: (t) => ({
    need: t.exposeString('need', { description: 'belonging, competence or autonomy' }),
    deficit: t.exposeFloat('deficit'),
    threshold: t.exposeFloat('threshold'),
    due_at: t.exposeString('due_at', {
      nullable: true,
      description: 'When a deficit is reached if nobody writes, or null if belonging cannot fall that far',
    }),
  }),
});

const OutreachViewRef = builder.objectRef<OutreachView>('OutreachOutlook').implement({
  description: 'When the character would next reach out and what holds it back (docs/proactive.md).',
  fields: (t) => ({
    next_consider_at: t.exposeString('next_consider_at', {
      nullable: true,
      description: 'When the scheduler next checks the session (engine clock), or null: not without a change',
    }),
    holds: t.field({ type: [OutreachHoldRef], resolve: (o) => o.holds }),
    attachment: t.field({ type: AttachmentDriveRef, resolve: (o) => o.attachment }),
    need: t.field({ type: NeedDriveRef, resolve: (o) => o.need }),
  }),
});

builder.objectFields(SessionDetailsRef, (t) => ({
  outreach: t.field({
    type: OutreachViewRef,
    description: 'When the character would next reach out and what holds it back (docs/proactive.md).',
    resolve: (session: SessionDetails) => session.outreach,
  }),
}));
