import {
  type Binding,
  type BindingStore,
  type Clock,
  createSystemClock,
  KeyedLock,
  type PersonaDefinition,
  type ProactivePreferencesInput,
  type PromptData,
  systemTimers,
  type Timers,
  type TurnResult,
} from '@limbic/core';
import { errorCodeOf } from '@limbic/protocol';
import type { LimbicBackend } from './backend.js';
import { type CommandTexts, defaultCommandTexts, type LimbicCommand } from './commands.js';
import {
  type ComposeHook,
  createDelivery,
  type Delivery,
  type DeliveryEvent,
  type Outbound,
  type Pacing,
  type RetryPolicy,
} from './delivery.js';

/** One person in one conversation of a platform, as an adapter describes an incoming message's origin. */
export interface Conversation {
  /** Unique key, e.g. `telegram:<chat id>:<user id>`: one session per key. */
  key: string;
  /** Where proactive messages for this person go, in the adapter's encoding. */
  target: string;
  /** True for one-to-one chats (Telegram private chats, Discord DMs). */
  private: boolean;
  /** The platform name, e.g. `telegram`. */
  platform: string;
  /** The person's id and display name on the platform. */
  userId: string;
  userName?: string;
}

/** The result of one incoming message, as handlers see it (`ctx.limbic` in grammY). */
export interface LimbicTurn {
  /** The session that stands for this person in this conversation. */
  sessionId: string;
  /** True when this message created the session (first contact). */
  isNewSession: boolean;
  /** The engine's full turn result. */
  result: TurnResult;
  /** Ready context for the bot's own language-model prompt (`result.prompt_data`). */
  promptData: PromptData;
  /** Seconds since this person's previous message, from the platform's timestamps (undefined on first contact). */
  elapsedSeconds: number | undefined;
}

/** Options of {@link createLimbicRuntime}. */
export interface LimbicRuntimeOptions {
  backend: LimbicBackend;
  /** Where conversations are mapped to sessions (next to the sessions: same SQLite file or MongoDB database). */
  bindings: BindingStore;
  /** The persona of new sessions, or a function choosing one per conversation. */
  persona:
    | PersonaDefinition
    | ((conversation: Conversation) => PersonaDefinition | Promise<PersonaDefinition>);
  /**
   * Whether new sessions may write first. Default: in private conversations only (a message in a group that is
   * meant for one person reads oddly). People change it with `/limbic on|off`.
   */
  proactive?: boolean | ((conversation: Conversation) => boolean);
  /** Triggers and cooldown of new sessions' proactive preferences. */
  preferences?: Omit<ProactivePreferencesInput, 'enabled'>;
  /** How the platform sends messages. */
  outbound: Outbound;
  /** Rewrites or vetoes each proactive message before it is sent. */
  compose?: ComposeHook;
  pacing?: Pacing;
  retry?: Partial<RetryPolicy>;
  /** Proactive actions older than this are not sent. Default 24 h. */
  maxAgeMs?: number;
  /** The clock of retries, pacing and action age; default the wall clock. */
  clock?: Clock;
  timers?: Timers;
  /** Answers to `/limbic` commands. */
  texts?: Partial<CommandTexts>;
  /** Reports what happened to proactive actions. */
  onDelivery?: (event: DeliveryEvent) => void;
}

/** The platform-independent part of an adapter; see {@link createLimbicRuntime}. */
export interface LimbicRuntime {
  readonly backend: LimbicBackend;
  readonly bindings: BindingStore;
  readonly delivery: Delivery;
  /**
   * Processes a message: finds or creates the person's session, runs the turn with the time since their previous
   * message (from `timestamp`, ms), and returns the result.
   */
  handleMessage(
    conversation: Conversation,
    message: { text: string; timestamp: number },
  ): Promise<LimbicTurn>;
  /** Runs a `/limbic` command for the person and returns the reply to send. */
  handleCommand(conversation: Conversation, command: LimbicCommand): Promise<string>;
  /**
   * Starts the backend and delivers proactive actions that are pending from before (after a restart). Idempotent:
   * later calls share the first one's promise; after a failure the next call tries again.
   */
  start(): Promise<void>;
  /** Stops delivering, and closes the backend and the binding store. */
  close(): Promise<void>;
}

/**
 * Creates the runtime the platform adapters share: one session per person and conversation (created on first
 * contact from the configured persona, remembered in the binding store), turns with elapsed time from the
 * platform's timestamps, `/limbic on|off|status`, and proactive actions delivered as real messages through
 * {@link createDelivery}.
 * @example
 * const runtime = createLimbicRuntime({ backend, bindings, persona: { preset: 'cheerful_companion' }, outbound });
 * await runtime.start();
 * const turn = await runtime.handleMessage(conversation, { text: 'hi!', timestamp: Date.now() });
 */
export function createLimbicRuntime(options: LimbicRuntimeOptions): LimbicRuntime {
  const { backend, bindings } = options;
  const clock = options.clock ?? createSystemClock();
  const timers = options.timers ?? systemTimers;
  const texts = { ...defaultCommandTexts, ...options.texts };
  const locks = new KeyedLock();
  const delivery = createDelivery({
    backend,
    bindings,
    outbound: options.outbound,
    clock,
    timers,
    ...(options.compose ? { compose: options.compose } : {}),
    ...(options.pacing ? { pacing: options.pacing } : {}),
    ...(options.retry ? { retry: options.retry } : {}),
    ...(options.maxAgeMs === undefined ? {} : { maxAgeMs: options.maxAgeMs }),
    ...(options.onDelivery ? { onEvent: options.onDelivery } : {}),
  });
  const isNotFound = (error: unknown) => errorCodeOf(error) === 'NOT_FOUND';
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
          if (isNotFound(error)) return [];
          throw error;
        });
        for (const action of pending) delivery.enqueue(binding.sessionId, action);
      }
      if (page.length < 500) break;
      after = page.at(-1)!.key;
    }
  }

  function proactiveFor(conversation: Conversation): boolean {
    const { proactive } = options;
    if (proactive === undefined) return conversation.private;
    return typeof proactive === 'function' ? proactive(conversation) : proactive;
  }

  /** Creates a session for the conversation and binds it, or binds `existing`'s key to a new session. */
  async function createBinding(conversation: Conversation, existing: Binding | null): Promise<Binding> {
    const persona =
      typeof options.persona === 'function' ? await options.persona(conversation) : options.persona;
    const sessionId = await backend.createSession(persona);
    if (proactiveFor(conversation)) {
      await backend.setPreferences(sessionId, { ...options.preferences, enabled: true });
    }
    const now = clock.now();
    const binding: Binding = {
      key: conversation.key,
      owner: backend.owner,
      sessionId,
      target: conversation.target,
      lastMessageAt: null,
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
    };
    if (existing) {
      await bindings.update(binding);
    } else {
      const stored = await bindings.insert(binding);
      // Another process bound this person first: use its session.
      if (stored.sessionId !== sessionId) return stored;
    }
    backend.watch(sessionId);
    return binding;
  }

  async function bindingOf(conversation: Conversation): Promise<{ binding: Binding; isNew: boolean }> {
    const found = await bindings.get(conversation.key);
    if (found) return { binding: found, isNew: false };
    return { binding: await createBinding(conversation, null), isNew: true };
  }

  return {
    backend,
    bindings,
    delivery,
    handleMessage(conversation, { text, timestamp }) {
      if (closed) return closedError();
      return locks.run(conversation.key, async () => {
        let { binding, isNew } = await bindingOf(conversation);
        const elapsedSeconds =
          binding.lastMessageAt === null
            ? undefined
            : Math.max(0, (timestamp - binding.lastMessageAt) / 1000);
        const turn = { message: text, ...(elapsedSeconds === undefined ? {} : { elapsedSeconds }) };
        let result: TurnResult;
        try {
          result = await backend.turn(binding.sessionId, turn);
        } catch (error) {
          if (!isNotFound(error)) throw error;
          // The session was deleted on the engine's side: start a new one for this person.
          binding = await createBinding(conversation, binding);
          isNew = true;
          result = await backend.turn(binding.sessionId, { message: text });
        }
        await bindings.update({
          ...binding,
          target: conversation.target,
          lastMessageAt: Math.max(timestamp, binding.lastMessageAt ?? timestamp),
          updatedAt: clock.now(),
        });
        return {
          sessionId: binding.sessionId,
          isNewSession: isNew,
          result,
          promptData: result.prompt_data,
          elapsedSeconds: isNew ? undefined : elapsedSeconds,
        };
      });
    },
    handleCommand(conversation, command) {
      if (closed) return closedError();
      return locks.run(conversation.key, async () => {
        if (command === 'help') return texts.help;
        let { binding } = await bindingOf(conversation);
        const session = await backend.getSession(binding.sessionId).catch(async (error: unknown) => {
          if (!isNotFound(error)) throw error;
          binding = await createBinding(conversation, binding);
          return backend.getSession(binding.sessionId);
        });
        if (command === 'status') {
          const { state, preferences } = session;
          return texts.status({
            proactive: preferences.enabled,
            emotion: state.discrete_emotion,
            intensity: state.emotion_intensity,
            energy: state.body_budget.energy,
            stress: state.body_budget.stress,
          });
        }
        const enabled = command === 'on';
        const { triggers, cooldown_hours } = session.preferences;
        await backend.setPreferences(binding.sessionId, { enabled, triggers, cooldown_hours });
        if (!enabled) {
          // Nothing already raised goes out after an opt-out.
          for (const action of await backend.pendingActions(binding.sessionId)) {
            await backend.acknowledge(binding.sessionId, action.id);
          }
        }
        return enabled ? texts.on : texts.off;
      });
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
