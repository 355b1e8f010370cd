import {
  type BindingStore,
  type Clock,
  createSystemClock,
  KeyedLock,
  type PersonaDefinition,
  type ProactivePreferencesInput,
  systemTimers,
  type Timers,
} from '@limbic/core';
import { isSessionGone, type LimbicBackend } from './backend.js';
import { createCommandHandler } from './command-handler.js';
import { createCommandTextsResolver } from './command-texts.js';
import type { CommandTexts, LimbicCommand } from './commands.js';
import { type Conversation, conversationKeyOf, type IncomingMessage } from './conversation.js';
import {
  type ComposeHook,
  createDelivery,
  type Delivery,
  type DeliveryEvent,
  type Outbound,
} from './delivery.js';
import type { Pacing, RetryPolicy } from './delivery-timing.js';
import { createGroupSettings, groupPreferencesOf } from './group-settings.js';
import type { LimbicTurn } from './limbic-turn.js';
import { type IdentityLinks, identityLinks } from './links.js';
import { createMessageHandler } from './message-handler.js';
import { type BotPolicy, createReplyPolicy } from './reply-policy.js';
import { createSessionBinder } from './session-binder.js';

/** Options of {@link createLimbicRuntime}. */
export interface LimbicRuntimeOptions {
  /** The engine, embedded or remote (`openEngine`, `embeddedBackend`, `remoteBackend`). */
  backend: LimbicBackend;
  /** Where conversations are mapped to sessions (next to the sessions: same SQLite file or MongoDB database). */
  bindings: BindingStore;
  /** The persona of new sessions, or a function choosing one per conversation. */
  persona:
    | PersonaDefinition
    | ((conversation: Conversation) => PersonaDefinition | Promise<PersonaDefinition>);
  /**
   * The platform this runtime sends on (`telegram`, `discord`). With it, several adapters can share one engine: each
   * delivers the proactive actions of its own platform's conversations.
   * @defaultValue none: every action is this runtime's
   */
  platform?: string;
  /**
   * Whether new sessions may write first. In a group, its admins opt in with `/limbic proactive on`; people change it
   * with `/limbic on|off`.
   * @defaultValue private conversations only
   */
  proactive?: boolean | ((conversation: Conversation) => boolean);
  /**
   * Triggers and cooldown of new private sessions' proactive preferences.
   * @defaultValue the engine's: every trigger, a 4-hour cooldown, at most 3 a day, UTC, no quiet hours
   */
  preferences?: Omit<ProactivePreferencesInput, 'enabled'>;
  /**
   * Triggers and cooldown of a group's proactive preferences when its admins turn them on.
   * @defaultValue `{ cooldown_hours: 24 }`: every trigger, at most one message every 24 hours
   */
  groupPreferences?: Omit<ProactivePreferencesInput, 'enabled'>;
  /**
   * The operator's say over whether to answer in a group: return true or false to decide, undefined to follow the
   * engine's advice. Private chats always answer; the cap on bot exchanges applies after this hook.
   * @defaultValue none: groups follow the engine's advice
   */
  shouldReply?: (
    turn: LimbicTurn,
    conversation: Conversation,
  ) => boolean | undefined | Promise<boolean | undefined>;
  /**
   * Messages from other bots.
   * @defaultValue `{ listen: false, maxExchanges: 3 }`: other bots are ignored
   */
  bots?: BotPolicy;
  /**
   * How long a `/limbic link` code stays valid, ms.
   * @defaultValue `600_000` (10 minutes)
   */
  linkCodeTtlMs?: number;
  /** How the platform sends messages. */
  outbound: Outbound;
  /**
   * Rewrites or vetoes each proactive message before it is sent.
   * @defaultValue none: the action's own text is sent
   */
  compose?: ComposeHook;
  /**
   * Spacing of proactive messages, per conversation and in all.
   * @defaultValue none: no spacing (the platform library paces itself)
   */
  pacing?: Pacing;
  /**
   * Backoff between attempts of a failed proactive send.
   * @defaultValue `{ initialDelayMs: 1000, maxDelayMs: 300_000, factor: 2 }` (1 s doubling up to 5 min)
   */
  retry?: Partial<RetryPolicy>;
  /**
   * Proactive actions older than this are not sent.
   * @defaultValue `86_400_000` (24 h)
   */
  maxAgeMs?: number;
  /**
   * The clock of retries, pacing, action age and link codes.
   * @defaultValue the wall clock (`createSystemClock()`)
   */
  clock?: Clock;
  /**
   * Where retries and pacing wait.
   * @defaultValue the host's timers (`systemTimers`)
   */
  timers?: Timers;
  /**
   * Answers to `/limbic` commands. The defaults answer in the character's language (en, es, ja:
   * `localizedCommandTexts`); a text given here replaces that answer in every language.
   * @defaultValue `localizedCommandTexts` in the character's language (English: `defaultCommandTexts`)
   */
  texts?: Partial<CommandTexts>;
  /**
   * Reports what happened to proactive actions.
   * @defaultValue none: delivery events are not reported
   */
  onDelivery?: (event: DeliveryEvent) => void;
}

/** The platform-independent part of an adapter; see {@link createLimbicRuntime}. */
export interface LimbicRuntime {
  readonly backend: LimbicBackend;
  readonly bindings: BindingStore;
  readonly delivery: Delivery;
  /** Identity links across platforms (`/limbic link`). */
  readonly links: IdentityLinks;
  /**
   * Processes a message: finds or creates the conversation's session, runs the turn (in a group, as the sender's
   * participant, aimed at `message.to`) with the time since the conversation's previous message (from `timestamp`,
   * ms), and decides whether to answer. Null when the message is not for the character: from a bot while bots are
   * ignored, or in a group whose admins silenced it (`/limbic off`).
   */
  handleMessage(conversation: Conversation, message: IncomingMessage): Promise<LimbicTurn | null>;
  /** Runs a `/limbic` command for the person and returns the reply to send. */
  handleCommand(conversation: Conversation, command: LimbicCommand): Promise<string>;
  /** The session key of a conversation: `person:…` for a linked person's private chat. */
  keyOf(conversation: Conversation): Promise<string>;
  /**
   * Starts the backend and delivers proactive actions that are pending from before (after a restart). Idempotent:
   * later calls share the first one's promise; after a failure the next call tries again.
   */
  start(): Promise<void>;
  /** Stops delivering, and closes the backend and the binding store. */
  close(): Promise<void>;
}

/** How long a `/limbic link` code stays valid by default, ms. */
const defaultLinkCodeTtlMs = 600_000;

/**
 * Creates the runtime the platform adapters share. Private chats: one session per person (created on first contact
 * from the configured persona, remembered in the binding store; one per linked person across platforms). Groups: one
 * session per chat and character, where each sender is a participant with their own relationship and the engine
 * advises whether to answer (`reply`). Turns take elapsed time from the platform's timestamps; `/limbic` commands
 * control proactive messages, the character's presence in a group and identity links; proactive actions are
 * delivered as real messages through {@link createDelivery}.
 * @example
 * const runtime = createLimbicRuntime({ backend, bindings, persona: { preset: 'cheerful_companion' }, outbound });
 * await runtime.start();
 * const turn = await runtime.handleMessage(conversation, { text: 'hi!', timestamp: Date.now() });
 * if (turn?.reply.should) await send(answerFrom(turn.promptData));
 */
export function createLimbicRuntime(options: LimbicRuntimeOptions): LimbicRuntime {
  const { backend, bindings } = options;
  const clock = options.clock ?? createSystemClock();
  const timers = options.timers ?? systemTimers;
  const groupPreferences = groupPreferencesOf(options.groupPreferences);
  const locks = new KeyedLock();
  const links = identityLinks(bindings, {
    now: () => clock.now(),
    ...(options.linkCodeTtlMs === undefined ? {} : { codeTtlMs: options.linkCodeTtlMs }),
  });
  const delivery = createDelivery({
    backend,
    bindings,
    outbound: options.outbound,
    clock,
    timers,
    ...(options.platform === undefined ? {} : { platform: options.platform }),
    ...(options.compose ? { compose: options.compose } : {}),
    ...(options.pacing ? { pacing: options.pacing } : {}),
    ...(options.retry ? { retry: options.retry } : {}),
    ...(options.maxAgeMs === undefined ? {} : { maxAgeMs: options.maxAgeMs }),
    ...(options.onDelivery ? { onEvent: options.onDelivery } : {}),
  });
  const binder = createSessionBinder({
    backend,
    bindings,
    clock,
    persona: options.persona,
    proactive: options.proactive,
    preferences: options.preferences,
    groupPreferences,
  });
  const groupSettings = createGroupSettings(bindings, clock);
  const replyPolicy = createReplyPolicy({ shouldReply: options.shouldReply, bots: options.bots });
  const handleMessage = createMessageHandler({
    backend,
    bindings,
    clock,
    binder,
    replyPolicy,
    groupSettings,
  });
  const handleCommand = createCommandHandler({
    backend,
    bindings,
    clock,
    binder,
    links,
    groupSettings,
    textsFor: createCommandTextsResolver({
      backend,
      bindings,
      persona: options.persona,
      texts: options.texts,
    }),
    groupPreferences,
    linkCodeTtlMs: options.linkCodeTtlMs ?? defaultLinkCodeTtlMs,
  });
  const keyOf = (conversation: Conversation) => conversationKeyOf(conversation, links);
  let unsubscribe: (() => void) | undefined;
  let started: Promise<void> | undefined;
  let closed = false;

  const closedError = () => Promise.reject(new Error('This Limbic runtime is closed'));

  async function startOnce(): Promise<void> {
    unsubscribe ??= backend.onAction((sessionId, action) => delivery.enqueue(sessionId, action));
    await backend.start();
    // Deliver what was raised while the bot was away; remote sockets replay their own on connect.
    for (let after: string | undefined; ; ) {
      const page = await bindings.list({ ...(after === undefined ? {} : { after }), limit: 500 });
      for (const binding of page) {
        backend.watch(binding.sessionId);
        if (backend.mode !== 'embedded') continue;
        const pending = await backend.pendingActions(binding.sessionId).catch((error: unknown) => {
          if (isSessionGone(error)) return [];
          throw error;
        });
        for (const action of pending) delivery.enqueue(binding.sessionId, action);
      }
      if (page.length < 500) break;
      after = page.at(-1)!.key;
    }
  }

  return {
    backend,
    bindings,
    delivery,
    links,
    keyOf,
    async handleMessage(conversation, message) {
      if (closed) return closedError();
      if (replyPolicy.ignores(conversation)) return null;
      const key = await keyOf(conversation);
      return locks.run(key, () => handleMessage(key, conversation, message));
    },
    async handleCommand(conversation, command) {
      if (closed) return closedError();
      const key = await keyOf(conversation);
      return locks.run(key, () => handleCommand(key, conversation, command));
    },
    start() {
      if (closed) return closedError();
      started ??= startOnce().catch((error: unknown) => {
        started = undefined;
        throw error;
      });
      return started;
    },
    async close() {
      if (closed) return;
      closed = true;
      unsubscribe?.();
      delivery.close();
      await backend.close();
      await bindings.close();
    },
  };
}
