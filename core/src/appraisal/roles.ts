/** Someone a message can be about: the one who speaks, the character spoken to, or anyone else. */
export type Party = 'speaker' | 'character' | 'third_party';

/**
 * Who did what to whom in a message (docs/reader.md, "Roles"): whose fortune the event is (`experiencer`), who
 * brought it about (`cause`; `nobody` for chance, illness, the weather, or a feeling with no one to blame), and
 * whom the message is addressed to (`addressee`: the character, another participant of a group, or everyone).
 */
export interface Roles {
  experiencer: Party;
  cause: Party | 'nobody';
  addressee: 'character' | 'participant' | 'everyone';
}

/**
 * The roles of a message with its addressee, as the turn reports them. Said to another participant of a group,
 * "you" is that participant: a `character` experiencer or cause is reported as a `third_party` (the appraisal still
 * weighs the act as one the character witnesses; docs/groups.md).
 */
export function toRoles(read: Pick<Roles, 'experiencer' | 'cause'>, addressee: Roles['addressee']): Roles {
  return {
    experiencer: asSaidTo(read.experiencer, addressee),
    cause: read.cause === 'nobody' ? 'nobody' : asSaidTo(read.cause, addressee),
    addressee,
  };
}

/** A party as the addressee sees it: "you" said to another participant is a third party to the character. */
function asSaidTo(party: Party, addressee: Roles['addressee']): Party {
  return addressee === 'participant' && party === 'character' ? 'third_party' : party;
}
