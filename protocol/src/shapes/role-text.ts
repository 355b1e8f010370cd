import type { Roles } from '@limbic/core';

/** What one field of a turn's `roles` says, and what each of its values means. */
export interface RoleFieldText<V extends string> {
  /** The field's description. */
  field: string;
  /** Each value's description, in the order the documents list them. */
  values: Record<V, string>;
}

const party = {
  speaker: 'The one who speaks: the author of the message',
  character: 'The character',
  third_party: 'Anyone else: someone the message tells of, or the participant it is said to',
} as const;

/**
 * The meaning of a text turn's `roles` (docs/protocol.md, "turn_result"), written once for the OpenAPI document and
 * the GraphQL schema. Typed by the core's `Roles`, so a value the core adds fails to typecheck here until it is
 * described.
 */
export const roleText: { [K in keyof Roles]: RoleFieldText<Roles[K]> } = {
  experiencer: { field: 'Whose fortune the event is', values: party },
  cause: {
    field: 'Who brought the event about',
    values: { ...party, nobody: 'No one: chance, illness, the weather, or a feeling with no one to blame' },
  },
  addressee: {
    field: 'Whom the message is addressed to (the turn’s `to`, as given or inferred)',
    values: {
      character: 'The character',
      participant:
        'Another participant of a group: a "you" in the message is them, a third_party in the roles',
      everyone: 'Everyone present, the character among them',
    },
  },
};

/** The values of one field of `roles`, in the documents' order. */
export function roleValues<K extends keyof Roles>(field: K): Roles[K][] {
  return Object.keys(roleText[field].values) as Roles[K][];
}
