/** The GraphQL operations the dashboard sends, as strings (their result types are in `types.ts`). */

const apiKeyFields = 'id hint env plan account status source createdAt lastUsedAt expiresAt';

const snapshotFields = `at turns discrete_emotion emotion_intensity intensity_level emotion { V A D }
  body_budget { energy stress } soul_stage { stage level progress group }
  need_state { belonging competence autonomy } interpersonal { rapport trust familiarity }`;

/** Checks an operator token; only an operator token may ask. */
export const operatorQuery = 'query Operator { operator { signedIn version } }';

/** The API keys matching the filters, newest first. */
export const apiKeysQuery = `query ApiKeys($prefix: String, $env: KeyEnvironment, $status: KeyStatus) {
  apiKeys(prefix: $prefix, env: $env, status: $status) { ${apiKeyFields} }
}`;

/** Creates a key; the answer holds its secret, the only time it is shown. */
export const createApiKeyMutation = `mutation CreateApiKey($input: CreateApiKeyInput!) {
  createApiKey(input: $input) { key apiKey { ${apiKeyFields} } }
}`;

/** Revokes a key at once. */
export const revokeApiKeyMutation = `mutation RevokeApiKey($id: ID!) { revokeApiKey(id: $id) { ${apiKeyFields} } }`;

/** Replaces a key by a new one; the old one keeps working for `graceHours`. */
export const rotateApiKeyMutation = `mutation RotateApiKey($id: ID!, $graceHours: Int) {
  rotateApiKey(id: $id, graceHours: $graceHours) { key apiKey { ${apiKeyFields} } previous { ${apiKeyFields} } }
}`;

/** How many sessions one page holds. */
export const sessionPageSize = 20;

/**
 * One page of the key's sessions, newest first, with each one's emotion now. The page size is written in the
 * query, not passed as a variable: the gateway prices a variable page size as 100, which with `state` is over its
 * cost limit.
 */
export const sessionsQuery = `query Sessions($after: String) {
  sessions(first: ${sessionPageSize}, after: $after, order: newest) {
    edges { cursor node { sessionId name description preset turns createdAt updatedAt
      state { discrete_emotion emotion_intensity } } }
    pageInfo { hasNextPage endCursor }
  }
}`;

/** The built-in presets, for the new-session form. */
export const presetsQuery = 'query Presets { presets { id name description } }';

/** Creates a session from a preset. */
export const createSessionMutation = `mutation CreateSession($input: PersonaDefinitionInput!) {
  createSession(input: $input) { sessionId }
}`;

/** A session's persona, for the detail view's header. */
export const sessionQuery = `query Session($id: ID!) {
  session(id: $id) { sessionId createdAt persona { description preset identity { name language } } }
}`;

/**
 * When the character would next consider reaching out and what holds it back (docs/proactive.md), with the engine
 * time it was read at (`state.at`, the same instant).
 */
export const sessionOutreachQuery = `query SessionOutreach($id: ID!) {
  session(id: $id) { state { at } outreach { next_consider_at holds { reason until }
    attachment { urge threshold bond onset_hours due_at } need { need deficit threshold due_at } } }
}`;

/** The pending proactive actions, oldest first. */
export const pendingActionsQuery = `query PendingActions($sessionId: ID!) {
  proactiveActions(sessionId: $sessionId) { id type priority message timestamp }
}`;

/** Acknowledges a proactive action so it is never delivered again. */
export const ackProactiveMutation = `mutation AckProactive($sessionId: ID!, $actionId: ID!) {
  ackProactive(sessionId: $sessionId, actionId: $actionId) { acknowledged action_id }
}`;

const turnFields =
  'discrete_emotion emotion_intensity appraiser stage_transition { from to } explanation { contributions { kind text } }';

/** A text turn: a chat message. */
export const textTurnMutation = `mutation TextTurn($input: TextTurnInput!) { textTurn(input: $input) { ${turnFields} } }`;

/** A turn with an explicit six-dimension appraisal. */
export const appraisalTurnMutation = `mutation AppraisalTurn($input: AppraisalTurnInput!) {
  appraisalTurn(input: $input) { ${turnFields} }
}`;

/** The session's state now, then after every change. */
export const sessionStateSubscription = `subscription SessionState($sessionId: ID!) {
  sessionState(sessionId: $sessionId) { ${snapshotFields} }
}`;

/** Each proactive action as it arises; with `after`, first the pending ones after that id. */
export const proactiveActionsSubscription = `subscription ProactiveActions($sessionId: ID!, $after: ID) {
  proactiveActions(sessionId: $sessionId, after: $after) { id type priority message timestamp }
}`;

/** How many memories one page holds (written in the query, like the session list's, for the cost limit). */
export const memoryPageSize = 20;

/** A page of a session's memories, newest first, each with how strongly it is held now. */
export const memoriesQuery = `query Memories($id: ID!, $after: String) {
  session(id: $id) {
    memories(first: ${memoryPageSize}, after: $after) {
      edges { cursor node { id at text strength salience speaker { id name } participants
        feeling { label intensity } } }
      pageInfo { hasNextPage endCursor }
    }
  }
}`;

/** Forgets one memory for good. */
export const forgetMemoryMutation = `mutation ForgetMemory($sessionId: ID!, $memoryId: ID!) {
  forgetMemory(sessionId: $sessionId, memoryId: $memoryId) { forgotten id }
}`;
