import { openApiPath, routes } from '@limbic/protocol';
import type { ErrorCode } from '../errors.js';
import { type OperationSpec, operation } from './operation.js';
import { type Operation, pageQuery, sessionListQuery, str } from './schema-parts.js';
import { webhookOperations } from './webhook-operations.js';

const session: readonly ErrorCode[] = ['NOT_FOUND'];
// Writes to a session are compare-and-set: CONFLICT when they keep losing to another process.
const write: readonly ErrorCode[] = ['NOT_FOUND', 'CONFLICT'];

/** Every REST operation of the interface, in the document's order. */
export const operations: readonly OperationSpec[] = [
  { id: 'health', summary: 'Health check', tag: 'meta', ok: 'Health', public: true },
  {
    id: 'openapi',
    summary: 'This document',
    tag: 'meta',
    ok: 'OpenApi',
    public: true,
    etag: true,
  },
  {
    id: 'asyncapi',
    summary: 'The AsyncAPI 3.0 document of the session WebSocket (x-websocket)',
    tag: 'meta',
    ok: 'AsyncApi',
    public: true,
    etag: true,
  },
  {
    id: 'listPresets',
    summary: 'List the built-in presets',
    tag: 'persona',
    ok: 'Presets',
    etag: true,
  },
  {
    id: 'createSession',
    summary: 'Create a session',
    tag: 'persona',
    ok: 'SessionInfo',
    status: 201,
    body: 'PersonaDefinition',
    alsoBody: 'SessionImport',
    errors: ['INVALID_PRESET', 'SESSION_LIMIT', 'APPRAISER_FAILED'],
  },
  {
    id: 'listSessions',
    summary: 'List sessions, newest first unless `order` is `oldest`',
    tag: 'persona',
    ok: 'SessionPage',
    query: sessionListQuery,
    errors: ['VALIDATION_ERROR'],
  },
  {
    id: 'getSession',
    summary: 'Retrieve a session',
    tag: 'persona',
    ok: 'SessionDetails',
    errors: session,
  },
  {
    id: 'deleteSession',
    summary: 'Delete a session and all its state',
    tag: 'persona',
    ok: 'Deleted',
    errors: session,
  },
  {
    id: 'exportSnapshot',
    summary: 'Export the whole session as a versioned snapshot document (docs/snapshots.md)',
    tag: 'persona',
    ok: 'SessionSnapshot',
    errors: session,
  },
  {
    id: 'snapshotSchema',
    summary: 'The JSON Schema of the session snapshot document',
    tag: 'meta',
    ok: 'JsonSchema',
    public: true,
    etag: true,
  },
  {
    id: 'listParticipants',
    summary: 'List the participants of a group session, in id order, with the relationship with each',
    tag: 'persona',
    ok: 'ParticipantPage',
    query: pageQuery,
    errors: ['VALIDATION_ERROR', ...session],
  },
  {
    id: 'forgetParticipant',
    summary: 'Forget a participant: the relationship and everything the session holds about them',
    tag: 'persona',
    ok: 'Forgotten',
    errors: ['VALIDATION_ERROR', ...write],
  },
  {
    id: 'getRelationship',
    summary:
      'A person’s relationship health: the values now, their trend over 7 and 30 days, and the relationship signals (not diagnoses)',
    tag: 'persona',
    ok: 'RelationshipHealth',
    query: [
      {
        name: 'participant',
        in: 'query',
        required: false,
        description: 'A participant id (group sessions); omitted: the default person (turns without `from`)',
        schema: { ...str, minLength: 1, maxLength: 128 },
      },
    ],
    errors: ['VALIDATION_ERROR', ...session],
  },
  {
    id: 'listMemories',
    summary: 'List what the character remembers, newest first, with how strongly it holds each memory now',
    tag: 'memory',
    ok: 'MemoryPage',
    query: [
      ...pageQuery,
      {
        name: 'participant',
        in: 'query',
        required: false,
        description: 'Only the memories that involve this participant id',
        schema: str,
      },
      {
        name: 'q',
        in: 'query',
        required: false,
        description:
          'Only the memories whose text shares a content word with this text, or contains it (at most 200 characters)',
        schema: { ...str, maxLength: 200 },
      },
    ],
    errors: ['VALIDATION_ERROR', ...session],
  },
  {
    id: 'forgetMemory',
    summary: 'Forget one memory for good',
    tag: 'memory',
    ok: 'Forgotten',
    errors: ['VALIDATION_ERROR', ...write],
  },
  {
    id: 'forgetAllMemories',
    summary: 'Forget every memory of a session (its settings stay)',
    tag: 'memory',
    ok: 'MemoriesForgotten',
    errors: write,
  },
  {
    id: 'getMemorySettings',
    summary: 'The memory settings',
    tag: 'memory',
    ok: 'MemorySettingsResult',
    errors: session,
  },
  {
    id: 'setMemorySettings',
    summary:
      'Replace the memory settings; store_text false also drops the text of the memories held, a lower bound the oldest',
    tag: 'memory',
    ok: 'MemorySettingsResult',
    body: 'MemorySettingsInput',
    errors: write,
  },
  {
    id: 'tickSession',
    summary:
      'Advance one session’s own time by `seconds` (at most 30 days): decay, needs, drift, forgetting and due proactive checks as if that time had passed',
    tag: 'persona',
    ok: 'TickResult',
    body: 'TickInput',
    errors: ['VALIDATION_ERROR', ...write],
  },
  {
    id: 'overrideState',
    summary:
      'Set emotion, mood, body budget or a relationship value (a story beat), logged with the key and the engine time',
    tag: 'persona',
    ok: 'OverrideResult',
    body: 'OverrideInput',
    errors: ['VALIDATION_ERROR', ...write],
  },
  {
    id: 'appraisalTurn',
    summary: 'Process a turn with an appraisal vector',
    tag: 'turn',
    ok: 'TurnResult',
    body: 'AppraisalTurn',
    errors: write,
  },
  {
    id: 'textTurn',
    summary: 'Process a text turn (message or event)',
    tag: 'turn',
    ok: 'TurnResult',
    body: 'TextTurn',
    errors: [...write, 'APPRAISER_FAILED'],
  },
  {
    id: 'getState',
    summary: 'The state snapshot now',
    tag: 'turn',
    ok: 'StateSnapshot',
    errors: session,
  },
  {
    id: 'pendingActions',
    summary: 'Pending proactive actions, oldest first',
    tag: 'proactive',
    ok: 'ProactiveActions',
    errors: write,
  },
  {
    id: 'setPreferences',
    summary: 'Replace the proactive preferences',
    tag: 'proactive',
    ok: 'PreferencesResult',
    body: 'PreferencesInput',
    errors: write,
  },
  {
    id: 'setParticipantPolicy',
    summary: "Set a participant's own outreach policy in a group: time zone, quiet hours, opt-out",
    tag: 'proactive',
    ok: 'ParticipantPolicyResult',
    body: 'ParticipantPolicyInput',
    errors: write,
  },
  {
    id: 'acknowledgeAction',
    summary: 'Acknowledge a proactive action (idempotent)',
    tag: 'proactive',
    ok: 'Acknowledged',
    body: 'AckRequest',
    errors: write,
  },
  ...webhookOperations,
];

/** The document's paths: each operation under its route's path, keyed by its method. */
export function pathsOf(specs: readonly OperationSpec[]): Record<string, Record<string, Operation>> {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const spec of specs) {
    const route = routes[spec.id];
    const path = openApiPath(route.path);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation(spec) };
  }
  return paths;
}
