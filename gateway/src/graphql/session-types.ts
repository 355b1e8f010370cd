import {
  domains,
  type EmotionConfig,
  type EmotionConfigInput,
  encodeCursor,
  facets,
  maxPageSize,
  type ResolvedPersona,
  type SessionDetails,
  type SessionInfo,
  type SessionSummary,
  toValidationError,
} from '@limbic/core';
import { builder } from './builder.js';
import { StateSnapshotRef, VadRef } from './emotion-types.js';
import { PreferencesRef } from './proactive-types.js';

/** The emotion dynamics fields other than the baseline, in the order of core's EmotionConfig. */
export const emotionConfigNumbers = [
  'reactivity',
  'positive_gain',
  'negative_gain',
  'arousal_gain',
  'emotion_half_life_seconds',
  'mood_half_life_seconds',
  'mood_pull',
  'expectation_learning_rate',
  'coping_threshold',
  'energy_recovery_per_hour',
  'stress_half_life_seconds',
  'turn_seconds',
] as const satisfies readonly Exclude<keyof EmotionConfig, 'baseline'>[];

const configDescription = 'The emotion dynamics (docs/emotion-model.md explains each field and its range).';

const EmotionConfigRef = builder.objectRef<EmotionConfig>('EmotionConfig').implement({
  description: `${configDescription} Complete: explicit overrides plus personality-derived values.`,
  fields: (t) => ({
    baseline: t.expose('baseline', { type: VadRef, description: 'The resting emotional state' }),
    ...Object.fromEntries(emotionConfigNumbers.map((key) => [key, t.exposeFloat(key)])),
  }),
});

const EmotionConfigOverridesRef = builder.objectRef<EmotionConfigInput>('EmotionConfigOverrides').implement({
  description: `${configDescription} Only the fields the definition (or its preset) set; the rest are derived.`,
  fields: (t) => ({
    baseline: t.field({ type: VadRef, nullable: true, resolve: (c) => c.baseline ?? null }),
    ...Object.fromEntries(
      emotionConfigNumbers.map((key) => [key, t.float({ nullable: true, resolve: (c) => c[key] ?? null })]),
    ),
  }),
});

type Personality = ResolvedPersona['personality'];

/** The six HEXACO domains, each in [0, 1]. */
export const HexacoRef = builder.objectRef<Pick<Personality, (typeof domains)[number]>>('Hexaco').implement({
  description: 'The six HEXACO domains, each in [0, 1] (N is HEXACO Emotionality).',
  fields: (t) => Object.fromEntries(domains.map((d) => [d, t.exposeFloat(d)])),
});

const FacetsRef = builder.objectRef<Personality['facets']>('Facets').implement({
  description: 'The 24 HEXACO facets, each in [0, 1].',
  fields: (t) => Object.fromEntries(facets.map((f) => [f, t.exposeFloat(f)])),
});

const PersonalityRef = builder.objectRef<Personality>('Personality').implement({
  description: 'HEXACO personality: the six domains and all 24 facets, each in [0, 1].',
  fields: (t) => ({
    ...Object.fromEntries(domains.map((d) => [d, t.exposeFloat(d)])),
    facets: t.expose('facets', { type: FacetsRef }),
  }),
});

const IdentityRef = builder.objectRef<ResolvedPersona['identity']>('Identity').implement({
  description: 'Who the character is.',
  fields: (t) => ({
    name: t.exposeString('name'),
    core_values: t.exposeStringList('core_values'),
    speaking_style: t.string({ nullable: true, resolve: (i) => i.speaking_style ?? null }),
    role: t.string({ nullable: true, resolve: (i) => i.role ?? null }),
    language: t.exposeString('language', { description: 'BCP 47 tag; prompt_data answers in it' }),
  }),
});

const PersonaRef = builder.objectRef<ResolvedPersona>('Persona').implement({
  description: 'A persona after preset merge, validation and facet resolution.',
  fields: (t) => ({
    preset: t.exposeString('preset', { nullable: true, description: 'The preset it started from' }),
    description: t.exposeString('description'),
    identity: t.expose('identity', { type: IdentityRef }),
    personality: t.expose('personality', { type: PersonalityRef }),
    goals: t.exposeStringList('goals'),
    emotion_config: t.expose('emotion_config', { type: EmotionConfigOverridesRef }),
  }),
});

/** A created session (REST POST /v1/persona). */
export const SessionInfoRef = builder.objectRef<SessionInfo>('SessionInfo').implement({
  description: 'A created session.',
  fields: (t) => ({
    sessionId: t.exposeID('sessionId'),
    persona: t.expose('persona', { type: PersonaRef }),
    config: t.expose('config', { type: EmotionConfigRef }),
    createdAt: t.exposeString('createdAt', { description: 'ISO 8601' }),
  }),
});

/** A session with its current state (REST GET /v1/persona/:id). */
export const SessionDetailsRef = builder.objectRef<SessionDetails>('SessionDetails').implement({
  description: 'A session with its preferences and its state now.',
  fields: (t) => ({
    sessionId: t.exposeID('sessionId'),
    persona: t.expose('persona', { type: PersonaRef }),
    config: t.expose('config', { type: EmotionConfigRef }),
    createdAt: t.exposeString('createdAt', { description: 'ISO 8601' }),
    updatedAt: t.exposeString('updatedAt', { description: 'ISO 8601' }),
    preferences: t.expose('preferences', { type: PreferencesRef }),
    state: t.expose('state', { type: StateSnapshotRef }),
  }),
});

/** One session in a list (its `state` field is added in queries.ts, which knows the caller). */
export const SessionSummaryRef = builder.objectRef<SessionSummary>('SessionSummary').implement({
  description: 'One session in a list (REST GET /v1/persona).',
  fields: (t) => ({
    sessionId: t.exposeID('sessionId'),
    name: t.exposeString('name'),
    preset: t.exposeString('preset', { nullable: true }),
    description: t.exposeString('description'),
    createdAt: t.exposeString('createdAt'),
    updatedAt: t.exposeString('updatedAt'),
    turns: t.exposeInt('turns'),
  }),
});

/** One edge of a cursor connection: a node and the cursor that lists what follows it. */
export interface Edge<T> {
  cursor: string;
  node: T;
}

/** Where a page sits in a cursor connection. */
export interface PageInfo {
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  startCursor: string | null;
  endCursor: string | null;
}

/** A page of a list as a cursor connection (sessions, participants). */
export interface Connection<T> {
  edges: Edge<T>[];
  pageInfo: PageInfo;
}

/** One edge of the session connection. */
export type SessionEdge = Edge<SessionSummary>;

/** A page of sessions as a cursor connection. */
export type SessionConnection = Connection<SessionSummary>;

/**
 * A core page (`nodes`, and the cursor of the next page or null) as a forward-only cursor connection: each edge's
 * cursor is the one that lists what follows its node (`idOf`), as the core's cursors do (`encode`, by default the
 * plain cursor of an id).
 */
export function connectionOf<T>(
  nodes: readonly T[],
  idOf: (node: T) => string,
  nextCursor: string | null,
  encode: (id: string) => string = encodeCursor,
): Connection<T> {
  const edges = nodes.map((node) => ({ cursor: encode(idOf(node)), node }));
  return {
    edges,
    pageInfo: {
      hasNextPage: nextCursor !== null,
      hasPreviousPage: false,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
  };
}

/**
 * Checks a connection field's `first` (1 to the core's page size).
 * @throws GraphQLError VALIDATION_ERROR naming `first` and its rule.
 */
export function checkFirst(first: number): void {
  if (!Number.isInteger(first) || first < 1 || first > maxPageSize) {
    throw toValidationError('page', [
      { path: 'first', message: `must be an integer in [1, ${maxPageSize}]` },
    ]);
  }
}

const SessionEdgeRef = builder.objectRef<SessionEdge>('SessionEdge').implement({
  fields: (t) => ({
    cursor: t.exposeString('cursor', { description: 'Pass as `after` to list the sessions after this one' }),
    node: t.expose('node', { type: SessionSummaryRef }),
  }),
});

/** Where a page sits in a cursor connection (sessions, participants). */
export const PageInfoRef = builder.objectRef<PageInfo>('PageInfo').implement({
  description: 'Where a page sits (Relay cursor connections).',
  fields: (t) => ({
    hasNextPage: t.exposeBoolean('hasNextPage'),
    hasPreviousPage: t.exposeBoolean('hasPreviousPage', {
      description: 'Always false: pages go forward only',
    }),
    startCursor: t.exposeString('startCursor', { nullable: true }),
    endCursor: t.exposeString('endCursor', {
      nullable: true,
      description: 'Pass as `after` for the next page',
    }),
  }),
});

/** The session connection. */
export const SessionConnectionRef = builder.objectRef<SessionConnection>('SessionConnection').implement({
  description: 'A page of sessions, oldest first.',
  fields: (t) => ({
    edges: t.expose('edges', { type: [SessionEdgeRef] }),
    nodes: t.field({ type: [SessionSummaryRef], resolve: (c) => c.edges.map((e) => e.node) }),
    pageInfo: t.expose('pageInfo', { type: PageInfoRef }),
  }),
});

/** The answer of deleteSession (REST DELETE /v1/persona/:id). */
export const DeletedRef = builder.objectRef<{ deleted: true; id: string }>('Deleted').implement({
  fields: (t) => ({ deleted: t.exposeBoolean('deleted'), id: t.exposeID('id') }),
});
