import type {
  Addressee,
  MemoryPage,
  OutreachOutlook,
  ParticipantPage,
  ParticipantPolicy,
  ParticipantPolicyInput,
  ParticipantRef,
  PersonaDefinition,
  ProactiveAction,
  ProactivePreferences,
  ProactivePreferencesInput,
  PromptLocale,
  StateSnapshot,
  TurnResult,
} from '@limbic/core';
import { errorCodeOf } from '@limbic/protocol';

/**
 * A text turn as adapters send it: what was written, the seconds since the conversation's previous message, and in a
 * group who wrote it and to whom (see the engine's `from` and `to`, docs/groups.md).
 */
export interface BackendTurn {
  message: string;
  /** Seconds since the previous message of this conversation, from the platform's timestamps. */
  elapsedSeconds?: number;
  /** In a group: who wrote it. Absent in a private chat (the session's one person). */
  from?: ParticipantRef;
  /** In a group: whom it was aimed at; absent, the engine infers it from the text and who is present. */
  to?: Addressee;
}

/** What an adapter reads of a session besides turns. */
export interface BackendSession {
  sessionId: string;
  preferences: ProactivePreferences;
  state: StateSnapshot;
  /**
   * The language the character speaks, as its prompt_data and offline replies use it (the persona's language:
   * `en`, `es` or `ja`, others `en`); `/limbic status` answers in it. Absent: English.
   */
  locale?: PromptLocale;
}

/**
 * The engine as an adapter sees it, in either mode: **embedded** (the core session service in the bot's process,
 * see `embeddedBackend`) or **remote** (a Limbic gateway over REST + WebSocket, see `remoteBackend`). Proactive
 * actions use the core's shape in both modes. Every method rejects with an error that has a `code` (LimbicError in
 * embedded mode, LimbicApiError in remote mode); NOT_FOUND means the session is gone.
 */
export interface LimbicBackend {
  /** `embedded` or `remote`, for logs. */
  readonly mode: 'embedded' | 'remote';
  /** Whose sessions these are, as bindings record it: the embedded owner, or `remote:` + the gateway's URL. */
  readonly owner: string;
  /** Creates a session; resolves its id. */
  createSession(persona: PersonaDefinition): Promise<string>;
  /** Processes a text turn. */
  turn(sessionId: string, turn: BackendTurn): Promise<TurnResult>;
  /** Preferences and current state. */
  getSession(sessionId: string): Promise<BackendSession>;
  /**
   * When the character would next consider writing first and what holds it back (the core's `outreachOutlook`).
   * Both modes: embedded computes it, remote reads the gateway's session details (`outreach`).
   */
  outreachOutlook?(sessionId: string): Promise<OutreachOutlook>;
  /** How many times faster than wall time the engine clock runs, when the backend knows it (embedded mode). */
  readonly timeScale?: number;
  /** A page of the participants of a group session, in id order (see the engine's participant list). */
  listParticipants(
    sessionId: string,
    page?: { cursor?: string | null; limit?: number },
  ): Promise<ParticipantPage>;
  /**
   * Forgets a participant of a group session: the relationship with them and every episode they appear in
   * (see the engine's `forgetParticipant`). Rejects with NOT_FOUND when the session does not know them.
   */
  forgetParticipant(sessionId: string, participantId: string): Promise<void>;
  /** A page of the session's memories, newest first; with `participant`, only those involving them. */
  listMemories(
    sessionId: string,
    page?: { cursor?: string | null; limit?: number; participant?: string },
  ): Promise<MemoryPage>;
  /** Forgets every memory of the session (its settings stay); resolves how many it still held. */
  forgetAllMemories(sessionId: string): Promise<number>;
  /** Replaces the proactive preferences; resolves them as stored. */
  setPreferences(sessionId: string, preferences: ProactivePreferencesInput): Promise<ProactivePreferences>;
  /**
   * Replaces a group participant's own outreach policy (time zone, quiet hours, `muted`; see the engine's
   * `setParticipantPolicy`); resolves it as stored. Muting withdraws the pending actions addressed to them.
   */
  setParticipantPolicy(
    sessionId: string,
    participantId: string,
    policy: ParticipantPolicyInput,
  ): Promise<ParticipantPolicy>;
  /** Pending (unacknowledged) proactive actions, oldest first. */
  pendingActions(sessionId: string): Promise<ProactiveAction[]>;
  /** Acknowledges an action (idempotent). */
  acknowledge(sessionId: string, actionId: string): Promise<void>;
  /**
   * Starts reporting the session's proactive actions to the {@link onAction} listeners. Embedded mode reports every
   * session's actions anyway; remote mode opens the session's WebSocket (which replays pending actions on connect).
   */
  watch(sessionId: string): void;
  /** Stops reporting a session's actions (remote mode closes its WebSocket). */
  unwatch(sessionId: string): void;
  /** Subscribes to proactive actions (at least once: the same action may be reported again until acknowledged). */
  onAction(listener: (sessionId: string, action: ProactiveAction) => void): () => void;
  /** Starts background work (the embedded scheduler). */
  start(): Promise<void>;
  /** Stops background work and releases what the backend opened. */
  close(): Promise<void>;
}

/** True when the engine says the session is gone: NOT_FOUND, from either backend mode. */
export function isSessionGone(error: unknown): boolean {
  return errorCodeOf(error) === 'NOT_FOUND';
}
