import type {
  AckResult,
  AppraisalTurnInput,
  ParticipantPage,
  ParticipantSummary,
  PersonaDefinition,
  ProactivePreferencesInput,
  SessionDetails,
  SessionInfo,
  SessionOrder,
  SessionPage,
  SessionSummary,
  StateSnapshot,
  TurnResult,
} from '@limbic/protocol';
import { routes } from '@limbic/protocol';
import NodeWebSocket from 'ws';
import { type ControlMethods, controlMethods } from './control-methods.js';
import { type CallOptions, type FetchLike, type HttpConfig, send } from './http.js';
import { type MemoryMethods, memoryMethods } from './memory-methods.js';
import { type PersonMethods, personMethods } from './person-methods.js';
import { at, requireText } from './route-call.js';
import { type SnapshotMethods, snapshotMethods } from './snapshot-methods.js';
import { LimbicSocket } from './socket.js';
import type { SocketOptions } from './socket-types.js';
import { toOptionalTurnFields, toTurnFields } from './turn-fields.js';
import type {
  DeleteResult,
  ForgetResult,
  HealthStatus,
  OpenApiDocument,
  PreferencesResult,
  PresetList,
  RestProactiveAction,
  TurnEvent,
  TurnOptions,
} from './types.js';
import { toSocketUrl, type WebSocketConstructor } from './web-socket.js';
import { type WebhookMethods, webhookMethods } from './webhook-methods.js';

/** The version of this client, sent in the default `User-Agent`. */
export const clientVersion = '0.1.0';

/** Options of {@link createLimbicClient}. */
export interface LimbicClientOptions {
  /** The gateway's address, e.g. `https://limbic.example.com` (a path prefix is kept; `/v1/…` is appended). */
  baseUrl: string;
  /** An API key (`svc_test_…` or `svc_live_…`). Keep it on a backend. */
  apiKey: string;
  /** The fetch to use; default: the global `fetch`. */
  fetch?: FetchLike;
  /** The WebSocket constructor to use; default: the `ws` package (pass `globalThis.WebSocket` elsewhere). */
  WebSocket?: WebSocketConstructor;
  /** How long a request waits for its answer before it fails with TIMEOUT; 0 or Infinity to wait forever. Default 10,000. */
  timeoutMs?: number;
  /** The `User-Agent` header of REST requests. Default `limbic-client/<version>`. */
  userAgent?: string;
}

/** Options of {@link LimbicClient.listSessions}. */
export interface ListSessionsOptions extends CallOptions {
  /** The `cursor` of the previous page; omitted or null for the first page. */
  cursor?: string | null;
  /** Page size, 1-100. Default 20. */
  limit?: number;
  /** `newest` (the default on a first page) or `oldest`; a cursor continues in its own order without it. */
  order?: SessionOrder;
}

/** Options of {@link LimbicClient.listParticipants}: a page as in the session list. */
export interface ListParticipantsOptions extends CallOptions {
  /** The `cursor` of the previous page; omitted or null for the first page. */
  cursor?: string | null;
  /** Page size, 1-100. Default 20. */
  limit?: number;
}

/** Options of {@link LimbicClient.turn}. */
export interface TurnCallOptions extends TurnOptions, CallOptions {}

/**
 * A typed client of a Limbic gateway: one method per REST endpoint of /v1, and {@link LimbicClient.connect} for a
 * session's WebSocket. Every failure rejects with a {@link LimbicApiError}. Turns are never retried automatically:
 * a turn whose answer was lost may or may not have been applied (check `getState(id).turns`). The memory methods
 * are {@link MemoryMethods}, the snapshot methods {@link SnapshotMethods}, the operator controls
 * {@link ControlMethods}, the webhook methods {@link WebhookMethods}, a person's relationship health and outreach
 * policy {@link PersonMethods}.
 */
export interface LimbicClient
  extends MemoryMethods,
    SnapshotMethods,
    ControlMethods,
    WebhookMethods,
    PersonMethods {
  /** `GET /v1/health` (no key needed): the gateway's version and whether its store answers. */
  health(options?: CallOptions): Promise<HealthStatus>;
  /** `GET /v1/presets`: the preset identifiers a persona may name. */
  presets(options?: CallOptions): Promise<PresetList>;
  /** `GET /v1/openapi.json`: the OpenAPI 3.1 document of the REST interface. */
  openApi(options?: CallOptions): Promise<OpenApiDocument>;
  /**
   * `POST /v1/persona`: creates a session around a persona (a preset, custom fields, or both). `{ description }`
   * alone asks the gateway's LLM to write the persona (HEXACO, facets, identity, goals); the response's `persona`
   * shows what it wrote. Without an LLM on the gateway that is a VALIDATION_ERROR naming LIMBIC_LLM_URL.
   */
  createSession(persona: PersonaDefinition, options?: CallOptions): Promise<SessionInfo>;
  /** `GET /v1/persona`: one page of the key's sessions, newest first unless `order` is `oldest`. */
  listSessions(options?: ListSessionsOptions): Promise<SessionPage>;
  /**
   * Every session of the key, newest first unless `order` is `oldest`, page after page (`GET /v1/persona` with
   * each page's cursor).
   * @example
   * for await (const session of limbic.sessions()) console.log(session.sessionId, session.turns);
   */
  sessions(options?: Omit<ListSessionsOptions, 'cursor'>): AsyncIterableIterator<SessionSummary>;
  /** `GET /v1/persona/:id`: a session with its preferences and current state. */
  getSession(sessionId: string, options?: CallOptions): Promise<SessionDetails>;
  /** `DELETE /v1/persona/:id`: deletes a session and everything about it. */
  deleteSession(sessionId: string, options?: CallOptions): Promise<DeleteResult>;
  /**
   * `GET /v1/persona/:id/participants`: one page of a group session's participants, in id order, each with the
   * character's relationship with them now.
   */
  listParticipants(sessionId: string, options?: ListParticipantsOptions): Promise<ParticipantPage>;
  /**
   * Every participant of a group session, page after page (`GET /v1/persona/:id/participants` with each page's
   * cursor).
   * @example
   * for await (const p of limbic.participants(sessionId)) console.log(p.name ?? p.id, p.interpersonal.trust);
   */
  participants(
    sessionId: string,
    options?: Omit<ListParticipantsOptions, 'cursor'>,
  ): AsyncIterableIterator<ParticipantSummary>;
  /**
   * `DELETE /v1/persona/:id/participants/:participantId`: forgets one participant (the relationship with them and
   * everything the session holds about them; the character's feelings stay). NOT_FOUND names the session or the
   * participant that is missing.
   */
  forgetParticipant(sessionId: string, participantId: string, options?: CallOptions): Promise<ForgetResult>;
  /**
   * `POST /v1/turn`: a text turn, a chat message (a string) or an event (`{description, source?}`). In a group
   * conversation, `from` says who spoke and `to` whom they addressed; the result's `reply` says whether the
   * character should answer.
   * @example
   * const result = await limbic.turn(sessionId, 'I got the job!');
   * const storm = await limbic.turn(sessionId, { description: 'A storm knocked the power out', source: 'system' });
   * const group = await limbic.turn(sessionId, 'Mika, look!', { from: { id: 'u-42', name: 'Alice' }, to: 'everyone' });
   * if (group.reply.should) speak(group.prompt_data);
   */
  turn(sessionId: string, event: TurnEvent, options?: TurnCallOptions): Promise<TurnResult>;
  /**
   * `POST /v1/turn/appraisal`: a turn with a pre-computed six-dimension appraisal (with `from` and `to` in a
   * group).
   */
  appraisalTurn(input: AppraisalTurnInput, options?: CallOptions): Promise<TurnResult>;
  /** `GET /v1/state/:sessionId`: the state snapshot at the current engine time. */
  getState(sessionId: string, options?: CallOptions): Promise<StateSnapshot>;
  /** `GET /v1/proactive/:sessionId`: the pending (unacknowledged) actions, oldest first. */
  pendingActions(sessionId: string, options?: CallOptions): Promise<RestProactiveAction[]>;
  /** `PUT /v1/proactive/:sessionId/preferences`: replaces the proactive preferences as a whole. */
  setPreferences(
    sessionId: string,
    preferences: ProactivePreferencesInput,
    options?: CallOptions,
  ): Promise<PreferencesResult>;
  /** `POST /v1/proactive/:sessionId/ack`: acknowledges an action so it is never delivered again. Idempotent. */
  acknowledge(sessionId: string, actionId: string, options?: CallOptions): Promise<AckResult>;
  /**
   * Opens the session's WebSocket (`/v1/ws/:sessionId?token=…`). It reconnects by itself unless the key or the
   * session is rejected, and emits each proactive action once.
   * @example
   * const socket = limbic.connect(sessionId);
   * socket.on('action', (action) => console.log(action.message));
   * socket.on('close', ({ code, willReconnect }) => console.log('closed', code, willReconnect));
   */
  connect(sessionId: string, options?: SocketOptions): LimbicSocket;
}

/**
 * Creates a client of the gateway at `baseUrl`. Creating it sends nothing.
 * @throws TypeError when `baseUrl` is not an http(s) URL, `apiKey` is empty or there is no fetch.
 * @example
 * import { createLimbicClient, isLimbicApiError } from '@limbic/client';
 *
 * const limbic = createLimbicClient({ baseUrl: 'https://limbic.example.com', apiKey: process.env.LIMBIC_API_KEY! });
 * const { sessionId } = await limbic.createSession({ preset: 'cheerful_companion' });
 * const result = await limbic.turn(sessionId, 'I got the job!');
 * console.log(result.discrete_emotion, result.prompt_data);
 */
export function createLimbicClient(options: LimbicClientOptions): LimbicClient {
  const base = new URL(requireText('baseUrl', options.baseUrl));
  if (base.protocol !== 'http:' && base.protocol !== 'https:')
    throw new TypeError(`baseUrl must be an http or https URL (got ${base.protocol})`);
  const baseUrl = `${base.origin}${base.pathname.replace(/\/+$/, '')}`;
  const apiKey = requireText('apiKey', options.apiKey);
  const fetch = options.fetch ?? globalThis.fetch;
  if (typeof fetch !== 'function') throw new TypeError('No global fetch: pass the `fetch` option');
  const config: HttpConfig = {
    baseUrl,
    apiKey,
    fetch,
    timeoutMs: options.timeoutMs ?? 10_000,
    userAgent: options.userAgent ?? `limbic-client/${clientVersion}`,
  };
  const WebSocket = options.WebSocket ?? NodeWebSocket;

  const client: LimbicClient = {
    ...memoryMethods(config),
    ...snapshotMethods(config),
    ...controlMethods(config),
    ...webhookMethods(config),
    ...personMethods(config),
    health: (call) => send(config, { ...at(routes.health), auth: false, call }),
    presets: (call) => send(config, { ...at(routes.listPresets), call }),
    openApi: (call) => send(config, { ...at(routes.openapi), auth: false, call }),
    createSession: (persona, call) => send(config, { ...at(routes.createSession), body: persona, call }),
    listSessions: ({ cursor, limit, order, ...call } = {}) =>
      send(config, {
        ...at(routes.listSessions),
        query: { cursor: cursor ?? undefined, limit, order },
        call,
      }),
    async *sessions({ limit, order, ...call } = {}) {
      let cursor: string | null = null;
      do {
        const page: SessionPage = await client.listSessions({
          ...call,
          cursor,
          ...(limit === undefined ? {} : { limit }),
          ...(order === undefined ? {} : { order }),
        });
        yield* page.sessions;
        cursor = page.cursor;
      } while (cursor !== null);
    },
    getSession: async (id, call) => send(config, { ...at(routes.getSession, { id }), call }),
    deleteSession: async (id, call) => send(config, { ...at(routes.deleteSession, { id }), call }),
    listParticipants: async (id, { cursor, limit, ...call } = {}) =>
      send(config, {
        ...at(routes.listParticipants, { id }),
        query: { cursor: cursor ?? undefined, limit },
        call,
      }),
    async *participants(id, { limit, ...call } = {}) {
      let cursor: string | null = null;
      do {
        const page: ParticipantPage = await client.listParticipants(id, {
          ...call,
          cursor,
          ...(limit === undefined ? {} : { limit }),
        });
        yield* page.participants;
        cursor = page.cursor;
      } while (cursor !== null);
    },
    forgetParticipant: async (id, participantId, call) =>
      send(config, { ...at(routes.forgetParticipant, { id, participantId }), call }),
    turn: (sessionId, event, options = {}) => {
      const { elapsedSeconds, from: _from, to: _to, summary: _summary, ...call } = options;
      return send(config, {
        ...at(routes.textTurn),
        body: {
          sessionId,
          ...toTurnFields(event),
          ...(elapsedSeconds === undefined ? {} : { elapsedSeconds }),
          ...toOptionalTurnFields(options),
        },
        call,
      });
    },
    appraisalTurn: (input, call) => send(config, { ...at(routes.appraisalTurn), body: input, call }),
    getState: async (id, call) => send(config, { ...at(routes.getState, { sessionId: id }), call }),
    pendingActions: async (id, call) =>
      send(config, { ...at(routes.pendingActions, { sessionId: id }), call }),
    setPreferences: async (id, preferences, call) =>
      send(config, { ...at(routes.setPreferences, { sessionId: id }), body: preferences, call }),
    acknowledge: async (id, actionId, call) =>
      send(config, {
        ...at(routes.acknowledgeAction, { sessionId: id }),
        body: { action_id: actionId },
        call,
      }),
    connect: (sessionId, socketOptions = {}) =>
      new LimbicSocket(
        {
          url: toSocketUrl(baseUrl, requireText('sessionId', sessionId), apiKey, socketOptions.events),
          sessionId,
          WebSocket,
          timeoutMs: config.timeoutMs,
        },
        socketOptions,
      ),
  };
  return client;
}
