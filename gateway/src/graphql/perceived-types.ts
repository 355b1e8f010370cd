import type { Perceived, PerceivedExperience, ReaderCategory, Roles } from '@limbic/core';
import { roleText } from '@limbic/protocol/shapes';
import { builder } from './builder.js';
import { ExperienceKindEnum, ReaderCategoryEnum, ReaderGroupEnum } from './enums.js';

/** Enum values with the descriptions of {@link roleText}. */
function describedValues<V extends string>(values: Record<V, string>): Record<V, { description: string }> {
  return Object.fromEntries(
    Object.entries<string>(values).map(([value, description]) => [value, { description }]),
  ) as Record<V, { description: string }>;
}

const RolePartyEnum = builder.enumType('RoleParty', {
  description: 'Someone a message can be about: the one who speaks, the character, or anyone else.',
  values: describedValues(roleText.experiencer.values),
});

const RoleCauseEnum = builder.enumType('RoleCause', {
  description: 'Who brought the event of a message about: someone it can be about, or nobody.',
  values: describedValues(roleText.cause.values),
});

const RoleAddresseeEnum = builder.enumType('RoleAddressee', {
  description: 'Whom a message is addressed to: the kind of the turn’s `to`.',
  values: describedValues(roleText.addressee.values),
});

/** Who did what to whom in a text turn's message. */
export const RolesRef = builder.objectRef<Roles>('Roles').implement({
  description:
    'Who did what to whom in a text turn’s message, as the appraiser understood it, from the point of view of the character.',
  fields: (t) => ({
    experiencer: t.expose('experiencer', { type: RolePartyEnum, description: roleText.experiencer.field }),
    cause: t.expose('cause', { type: RoleCauseEnum, description: roleText.cause.field }),
    addressee: t.expose('addressee', { type: RoleAddresseeEnum, description: roleText.addressee.field }),
  }),
});

/** One category's probability in a reading. */
const CategoryScoreRef = builder
  .objectRef<{ category: ReaderCategory; score: number }>('CategoryScore')
  .implement({
    description: 'The probability the offline reader gives one GoEmotions category.',
    fields: (t) => ({
      category: t.expose('category', { type: ReaderCategoryEnum }),
      score: t.exposeFloat('score', { description: 'In [0, 1]' }),
    }),
  });

const ExperienceRef = builder.objectRef<PerceivedExperience>('Experience').implement({
  description: 'The experience a message tells of, as the offline reader read it (docs/reader.md).',
  fields: (t) => ({
    kind: t.expose('kind', { type: ExperienceKindEnum, description: 'What the experiencer feels' }),
    valence: t.exposeFloat('valence', { description: 'How pleasant the event is for them, in [-1, 1]' }),
    activation: t.exposeFloat('activation', {
      description: 'How stirring the text is, in [-1, 1] (0: an average sentence)',
    }),
    narrative: t.exposeFloat('narrative', {
      description:
        'How much the text reads as a report of an event rather than an expression of feeling, in [0, 0.7]',
    }),
    strength: t.exposeFloat('strength', {
      description: 'How much the evidence says the event matters, in [0, 1]: it scales the response',
    }),
  }),
});

/** What the offline reader read in a text turn's message. */
export const PerceivedRef = builder.objectRef<Perceived>('Perceived').implement({
  description:
    'What the offline reader read in a message: the emotion the writer expresses (GoEmotions) and the experience ' +
    'the message tells of, before the character appraises it.',
  fields: (t) => ({
    emotion: t.expose('emotion', { type: ReaderCategoryEnum, description: 'The most likely category' }),
    group: t.expose('group', { type: ReaderGroupEnum, description: 'Its Ekman group, or neutral' }),
    confidence: t.exposeFloat('confidence', { description: 'Probability of that group, in [0, 1]' }),
    scores: t.field({
      type: [CategoryScoreRef],
      description: 'Every category’s probability, highest first (REST and WebSocket: an object by category)',
      resolve: (p) =>
        Object.entries(p.scores)
          .map(([category, score]) => ({ category: category as ReaderCategory, score }))
          .sort((a, b) => b.score - a.score),
    }),
    experience: t.expose('experience', {
      type: ExperienceRef,
      description: 'What the one it happened to feels, and how strongly the evidence says it matters',
    }),
  }),
});
