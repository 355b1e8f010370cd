import { type ParticipantView, type ReplyAdvice, type ReplyReason, replyReasons } from '@limbic/core';
import { builder } from './builder.js';

/** A participant of a group session as results name them: REST's `{id, name}`. */
export const ParticipantRef = builder.objectRef<ParticipantView>('Participant').implement({
  description:
    'Someone in a group conversation: the id turns name in `from` (1-128 characters, yours to choose) and the display name last given.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name', { nullable: true, description: 'Null when no name was ever given' }),
  }),
});

/** Whom a turn was aimed at: REST's `"character"`, `"everyone"` or a participant. */
export type AddresseeValue = 'character' | 'everyone' | ParticipantView;

const AddresseeKindEnum = builder.enumType('AddresseeKind', {
  description: 'Whom a turn was aimed at.',
  values: {
    character: { description: 'The character (REST `"character"`)' },
    everyone: { description: 'Everyone present, the character among them (REST `"everyone"`)' },
    participant: { description: 'One participant (REST `{id, name}`); see `participant`' },
  } as const,
});

/** REST's `to` (and prompt_data's `addressed_to`), which is a string or an object there, as one object type. */
export const AddresseeRef = builder.objectRef<AddresseeValue>('Addressee').implement({
  description:
    'Whom a turn was aimed at: `kind`, and for `participant` the participant. REST gives `"character"`, `"everyone"` or `{id, name}`.',
  fields: (t) => ({
    kind: t.field({
      type: AddresseeKindEnum,
      resolve: (to) => (typeof to === 'string' ? to : 'participant'),
    }),
    participant: t.field({
      type: ParticipantRef,
      nullable: true,
      description: 'The participant addressed, when `kind` is participant',
      resolve: (to) => (typeof to === 'string' ? null : to),
    }),
  }),
});

// Typed by the union, so a reason the core adds fails to typecheck here until it is described.
const reasonText: Record<ReplyReason, string> = {
  direct: 'A turn without `from` (one person, as in a private chat): always answer',
  addressed: 'The speaker addressed the character (or nobody else is present): answer',
  named: 'The text names the character: answer',
  speaks_up: 'Said to everyone, and the urge to speak passed the open-floor threshold',
  interjects: 'Said to someone else, and the urge passed the higher threshold for cutting in',
  not_addressed: 'Said to everyone, urge below the threshold',
  addressed_to_other: 'Said to someone else, urge below the threshold',
  spoke_recently: 'The urge would have passed, but the character spoke on the previous turn and leaves room',
};

const ReplyReasonEnum = builder.enumType('ReplyReason', {
  description: 'Why the character should or should not speak after a turn.',
  values: Object.fromEntries(replyReasons.map((r) => [r, { description: reasonText[r] }])) as Record<
    ReplyReason,
    { description: string }
  >,
});

/** The reply advice of a turn result. */
export const ReplyAdviceRef = builder.objectRef<ReplyAdvice>('ReplyAdvice').implement({
  description:
    'Whether the character should speak now, why, and its urge to speak. Always `should: true` for turns without `from`.',
  fields: (t) => ({
    should: t.exposeBoolean('should'),
    reason: t.expose('reason', { type: ReplyReasonEnum }),
    urge: t.exposeFloat('urge', { description: 'The urge to speak, in [0, 1]' }),
  }),
});
