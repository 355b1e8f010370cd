import {
  type Binding,
  type BindingStore,
  type Clock,
  createSystemClock,
  KeyedLock,
  type ParticipantRef,
  type ParticipantView,
  type PersonaDefinition,
  type ProactivePreferencesInput,
  type PromptData,
  type ReplyReason,
  systemTimers,
  type Timers,
  type TurnResult,
} from '@limbic/core';
import { errorCodeOf } from '@limbic/protocol';
import type { BackendSession, BackendTurn, LimbicBackend } from './backend.js';
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
import { type IdentityLinks, identityLinks, platformsOf } from './links.js';
import { personKeyPrefix, targetFor } from './routes.js';

/**
 * Where an incoming message comes from, as an adapter describes it: the platform, the chat, whether it is a private
 * chat, and who wrote it. The runtime derives the session from it: one per person in a private chat (one per linked
 * person across platforms), one per chat and character in a group.
 */
export interface Conversation {
  /** The platform name, e.g. `telegram`; the first part of every key and participant id. */
  platform: string;
  /** The chat: a Telegram chat id, a Discord channel, thread or DM channel id. */
  chatId: string;
  /** True for one-to-one chats (Telegram private chats, Discord DMs). */
  private: boolean;
  /** Where messages to this chat go, in the adapter's encoding. */
  target: string;
  /** The sender's id and display name on the platform. */
  userId: string;
  userName?: string;
  /** True when the sender is a bot (ignored unless `bots.listen`). */
  isBot?: boolean;
  /**
   * The bot's own user id on the platform: group sessions are per chat **and** character, so two characters in one
   * chat that share an engine keep apart.
   */
  botId?: string;
  /** Whether the sender may change the chat's settings (a group admin); asked only for group settings. */
  isAdmin?: () => Promise<boolean>;
}

/**
 * Whom an incoming message was aimed at, as the platform shows it: the character (a mention of the bot, a reply to
 * one of its messages), another person (a reply to or a mention of them), or undefined (the engine infers it).
 */
export type MessageTarget = 'character' | { userId: string; name?: string };

/** An incoming text message. */
export interface IncomingMessage {
  text: string;
  /** The platform's timestamp of the message, ms. */
  timestamp: number;
  /** Whom it was aimed at (groups); undefined: not said, the engine infers it. */
  to?: MessageTarget | undefined;
}

/**
 * Why the character should or should not answer a message: the engine's reasons (docs/groups.md), `operator` when the
 * `shouldReply` hook decided, `bot_limit` when the cap on consecutive messages from bots stopped a possible loop.
 */
export type ReplyDecisionReason = ReplyReason | 'operator' | 'bot_limit';

/** Whether the bot should answer a message: always in a private chat; in a group, the engine's advice (or overrides). */
export interface ReplyDecision {
  should: boolean;
  reason: ReplyDecisionReason;
  /** The character's urge to speak in [0, 1], from the engine. */
  urge: number;
}

/** The result of one incoming message, as handlers see it (`ctx.limbic` in grammY). */
export interface LimbicTurn {
  /** The session: this person's in a private chat, the chat's in a group. */
  sessionId: string;
  /** True when this message created the session (first contact). */
  isNewSession: boolean;
  /** True in a group chat. */
  group: boolean;
  /** In a group: who spoke, as the session's participant (`telegram:42`); null in a private chat. */
  participant: ParticipantView | null;
  /** The engine's full turn result. */
  result: TurnResult;
  /** Ready context for the bot's own language-model prompt (`result.prompt_data`). */
  promptData: PromptData;
  /** Seconds since the conversation's previous message, from the platform's timestamps (undefined on first contact). */
  elapsedSeconds: number | undefined;
  /** Whether to answer: adapters follow it in groups by default. */
  reply: ReplyDecision;
}

/** How the runtime treats messages from other bots. */
export interface BotPolicy {
  /** Process other bots' messages as turns (they speak as participants). Default false: ignored. */
  listen?: boolean;
  /**
   * Most messages from bots in a row that the character answers in one chat; past it, `reply.should` is false with
   * the reason `bot_limit` until a person writes. Default 3.
   */
  maxExchanges?: number;
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
   * The platform this runtime sends on (`telegram`, `discord`). With it, several adapters can share one engine: each
   * delivers the proactive actions of its own platform's conversations. Default: every action is this runtime's.
   */
  platform?: string;
  /**
   * Whether new sessions may write first. Default: private conversations only; a group's admins opt in with
   * `/limbic proactive on`. People change it with `/limbic on|off`.
   */
  proactive?: boolean | ((conversation: Conversation) => boolean);
  /** Triggers and cooldown of new private sessions' proactive preferences. */
  preferences?: Omit<ProactivePreferencesInput, 'enabled'>;
  /**
   * Triggers and cooldown of a group's proactive preferences when its admins turn them on. Default: every trigger,
   * at most one message every 24 hours.
   */
  groupPreferences?: Omit<ProactivePreferencesInput, 'enabled'>;
  /**
   * The operator's say over whether to answer in a group: return true or false to decide, undefined to follow the
   * engine's advice. Private chats always answer; the cap on bot exchanges applies after this hook.
   */
  shouldReply?: (
    turn: LimbicTurn,
    conversation: Conversation,
  ) => boolean | undefined | Promise<boolean | undefined>;
  /** Messages from other bots: ignored by default. */
  bots?: BotPolicy;
  /** How long a `/limbic link` code stays valid, ms. Default 10 minutes. */
  linkCodeTtlMs?: number;
  /** How the platform sends messages. */
  outbound: Outbound;
  /** Rewrites or vetoes each proactive message before it is sent. */
  compose?: ComposeHook;
  pacing?: Pacing;
  retry?: Partial<RetryPolicy>;
  /** Proactive actions older than this are not sent. Default 24 h. */
  maxAgeMs?: number;
  /** The clock of retries, pacing, action age and link codes; default the wall clock. */
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

/** A group's default proactive preferences: every trigger, at most once a day. */
const defaultGroupPreferences = { cooldown_hours: 24 };
/** Chats whose run of bot messages is remembered (the least recently active is forgotten first). */
const maxTrackedChats = 10_000;

/** The part of `/limbic status` that reads the session: whether it writes first, and how the character feels. */
function feelingsOf({ state, preferences }: BackendSession) {
  return {
    proactive: preferences.enabled,
    emotion: state.discrete_emotion,
    intensity: state.emotion_intensity,
    energy: state.body_budget.energy,
    stress: state.body_budget.stress,
  };
}

/** The participant id of a platform user in a group session: `<platform>:<user id>`. */
export function participantIdOf(platform: string, userId: string): string {
  return `${platform}:${userId}`;
}

/** The binding key of a group chat's session: per chat and character (the bot's id, when known). */
export function groupKeyOf(conversation: Pick<Conversation, 'platform' | 'chatId' | 'botId'>): string {
  const base = `${conversation.platform}:${conversation.chatId}`;
  return conversation.botId === undefined ? base : `${base}@${conversation.botId}`;
}

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
  const texts = { ...defaultCommandTexts, ...options.texts };
  const groupPreferences = { ...defaultGroupPreferences, ...options.groupPreferences };
  const listenToBots = options.bots?.listen ?? false;
  const maxBotExchanges = options.bots?.maxExchanges ?? 3;
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
  const isNotFound = (error: unknown) => errorCodeOf(error) === 'NOT_FOUND';
  /** Per session key: messages from bots since a person last wrote. */
  const botRuns = new Map<string, number>();
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

  const identityOf = (conversation: Conversation) =>
    participantIdOf(conversation.platform, conversation.userId);

  async function keyOf(conversation: Conversation): Promise<string> {
    if (!conversation.private) return groupKeyOf(conversation);
    const person = await links.personOf(identityOf(conversation));
    if (person !== null) return `${personKeyPrefix}${person}`;
    return `${conversation.platform}:${conversation.chatId}:${conversation.userId}`;
  }

  /** Creates a session for the conversation and binds `key` to it (rebinding `existing`'s key). */
  async function createBinding(
    key: string,
    conversation: Conversation,
    existing: Binding | null,
  ): Promise<Binding> {
    const persona =
      typeof options.persona === 'function' ? await options.persona(conversation) : options.persona;
    const sessionId = await backend.createSession(persona);
    if (proactiveFor(conversation)) {
      const preferences = conversation.private ? options.preferences : groupPreferences;
      await backend.setPreferences(sessionId, { ...preferences, enabled: true });
    }
    const now = clock.now();
    const binding: Binding = {
      key,
      owner: backend.owner,
      sessionId,
      target: targetFor(key, conversation.platform, conversation.target),
      lastMessageAt: null,
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
    };
    if (existing) {
      await bindings.update(binding);
    } else {
      const stored = await bindings.insert(binding);
      // Another process bound this conversation first: use its session.
      if (stored.sessionId !== sessionId) return stored;
    }
    backend.watch(sessionId);
    return binding;
  }

  async function bindingOf(
    key: string,
    conversation: Conversation,
  ): Promise<{ binding: Binding; isNew: boolean }> {
    const found = await bindings.get(key);
    if (found) return { binding: found, isNew: false };
    return { binding: await createBinding(key, conversation, null), isNew: true };
  }

  /** Whether the character takes part in a group chat (its admins may silence it with `/limbic off`). */
  async function isActive(key: string): Promise<boolean> {
    const record = await bindings.getRecord(`chat:${key}`, clock.now());
    return (record?.value as { active?: unknown } | null)?.active !== false;
  }

  /** The group turn's `from` and `to`. */
  function partiesOf(
    conversation: Conversation,
    to: MessageTarget | undefined,
  ): Pick<BackendTurn, 'from' | 'to'> {
    const from: ParticipantRef = {
      id: identityOf(conversation),
      ...(conversation.userName ? { name: conversation.userName.slice(0, 128) } : {}),
    };
    if (to === undefined) return { from };
    if (to === 'character') return { from, to };
    const id = participantIdOf(conversation.platform, to.userId);
    return { from, to: { id, ...(to.name ? { name: to.name.slice(0, 128) } : {}) } };
  }

  /** Counts the run of bot messages in a chat; true when this one is past the cap. */
  function pastBotCap(key: string, fromBot: boolean): boolean {
    const run = fromBot ? (botRuns.get(key) ?? 0) + 1 : 0;
    botRuns.delete(key);
    if (run > 0) botRuns.set(key, run);
    if (botRuns.size > maxTrackedChats) botRuns.delete(botRuns.keys().next().value!);
    return run > maxBotExchanges;
  }

  async function decide(turn: LimbicTurn, conversation: Conversation, key: string): Promise<ReplyDecision> {
    let decision = turn.reply;
    if (conversation.private) {
      decision = { ...decision, should: true };
    } else {
      const override = await options.shouldReply?.(turn, conversation);
      if (override !== undefined) decision = { ...decision, should: override, reason: 'operator' };
    }
    // Bots answering bots (in a group or a DM) stop after a few exchanges.
    if (pastBotCap(key, conversation.isBot === true) && decision.should) {
      decision = { ...decision, should: false, reason: 'bot_limit' };
    }
    return decision;
  }

  async function turnOf(
    key: string,
    conversation: Conversation,
    { text, timestamp, to }: IncomingMessage,
  ): Promise<LimbicTurn | null> {
    if (!conversation.private && !(await isActive(key))) return null;
    let { binding, isNew } = await bindingOf(key, conversation);
    const elapsedSeconds =
      binding.lastMessageAt === null ? undefined : Math.max(0, (timestamp - binding.lastMessageAt) / 1000);
    const parties = conversation.private ? {} : partiesOf(conversation, to);
    const turn: BackendTurn = {
      message: text,
      ...(elapsedSeconds === undefined ? {} : { elapsedSeconds }),
      ...parties,
    };
    let result: TurnResult;
    try {
      result = await backend.turn(binding.sessionId, turn);
    } catch (error) {
      if (!isNotFound(error)) throw error;
      // The session was deleted on the engine's side: start a new one for this conversation.
      binding = await createBinding(key, conversation, binding);
      isNew = true;
      result = await backend.turn(binding.sessionId, { message: text, ...parties });
    }
    await bindings.update({
      ...binding,
      target: targetFor(key, conversation.platform, conversation.target),
      lastMessageAt: Math.max(timestamp, binding.lastMessageAt ?? timestamp),
      updatedAt: clock.now(),
    });
    const limbicTurn: LimbicTurn = {
      sessionId: binding.sessionId,
      isNewSession: isNew,
      group: !conversation.private,
      participant: result.speaker,
      result,
      promptData: result.prompt_data,
      elapsedSeconds: isNew ? undefined : elapsedSeconds,
      reply: { should: result.reply.should, reason: result.reply.reason, urge: result.reply.urge },
    };
    limbicTurn.reply = await decide(limbicTurn, conversation, key);
    return limbicTurn;
  }

  /** The session of a conversation for a command, created if needed (or again, when deleted on the engine's side). */
  async function sessionFor(key: string, conversation: Conversation) {
    let { binding } = await bindingOf(key, conversation);
    const session = await backend.getSession(binding.sessionId).catch(async (error: unknown) => {
      if (!isNotFound(error)) throw error;
      binding = await createBinding(key, conversation, binding);
      return backend.getSession(binding.sessionId);
    });
    return { binding, session };
  }

  /** The platforms of the identities linked with this one (itself excluded), sorted. */
  async function linkedPlatforms(conversation: Conversation): Promise<string[]> {
    const identity = identityOf(conversation);
    const person = await links.personOf(identity);
    if (person === null) return [];
    const others = (await links.identitiesOf(person)).filter((i) => i !== identity);
    return platformsOf(others);
  }

  /** Switches a session's proactive messages, keeping its triggers and cooldown (a group's: `groupPreferences`). */
  async function setProactive(session: BackendSession, enabled: boolean, group: boolean): Promise<void> {
    const { sessionId } = session;
    const base = group ? { ...session.preferences, ...groupPreferences } : session.preferences;
    await backend.setPreferences(sessionId, {
      enabled,
      triggers: base.triggers,
      cooldown_hours: base.cooldown_hours,
    });
    if (!enabled) {
      // Nothing already raised goes out after an opt-out.
      for (const action of await backend.pendingActions(sessionId)) {
        await backend.acknowledge(sessionId, action.id);
      }
    }
  }

  async function link(conversation: Conversation, key: string, code: string | null): Promise<string> {
    if (!conversation.private) return texts.linkPrivateOnly;
    const identity = identityOf(conversation);
    if (code === null) {
      // The session this conversation stands for, so the link can carry it over.
      const { binding } = await bindingOf(key, conversation);
      const issued = await links.issue({
        identity,
        platform: conversation.platform,
        conversationKey: binding.key,
        target: conversation.target,
      });
      const minutes = Math.round((options.linkCodeTtlMs ?? 600_000) / 60_000);
      return texts.linkCode(issued, minutes);
    }
    const result = await links.redeem(code, identity);
    if (!result.linked) return result.reason === 'self' ? texts.linkSelf : texts.linkInvalid;
    // The linked person's private conversation: the one the code was asked for in carries on, on every platform.
    const personKey = `${personKeyPrefix}${result.person}`;
    if (!(await bindings.get(personKey))) {
      const issuerBinding = await bindings.get(result.issuer.conversationKey);
      if (issuerBinding) {
        await bindings.delete(issuerBinding.key);
        const now = clock.now();
        await bindings.insert({
          ...issuerBinding,
          key: personKey,
          target: targetFor(personKey, result.issuer.platform, result.issuer.target),
          updatedAt: now,
        });
      }
    }
    return texts.linked(platformsOf(result.identities));
  }

  async function groupStatus(conversation: Conversation, key: string): Promise<string> {
    const { binding, session } = await sessionFor(key, conversation);
    const me = identityOf(conversation);
    let you: { rapport: number; trust: number; familiarity: number } | null = null;
    let participants = 0;
    for (let cursor: string | null = null; ; ) {
      const page = await backend.listParticipants(binding.sessionId, { cursor, limit: 100 });
      participants += page.participants.length;
      you ??= page.participants.find((p) => p.id === me)?.interpersonal ?? null;
      cursor = page.cursor;
      if (cursor === null) break;
    }
    return texts.status({
      ...feelingsOf(session),
      group: true,
      active: await isActive(key),
      you,
      participants,
      linkedWith: [],
    });
  }

  async function groupCommand(
    conversation: Conversation,
    key: string,
    command: LimbicCommand,
  ): Promise<string> {
    switch (command.action) {
      case 'help':
        return texts.groupHelp;
      case 'status':
        return groupStatus(conversation, key);
      case 'link':
      case 'unlink':
        return texts.linkPrivateOnly;
      default:
        break;
    }
    if (command.action === 'proactive' && command.enabled === null) return groupStatus(conversation, key);
    if (!(await conversation.isAdmin?.())) return texts.adminOnly;
    if (command.action === 'on' || command.action === 'off') {
      const active = command.action === 'on';
      await bindings.putRecord({
        key: `chat:${key}`,
        value: { active },
        expiresAt: null,
        updatedAt: clock.now(),
      });
      return active ? texts.groupOn : texts.groupOff;
    }
    const enabled = command.action === 'proactive' && command.enabled === true;
    const { session } = await sessionFor(key, conversation);
    await setProactive(session, enabled, true);
    return texts.groupProactive(enabled, groupPreferences.cooldown_hours);
  }

  async function privateCommand(
    conversation: Conversation,
    key: string,
    command: LimbicCommand,
  ): Promise<string> {
    switch (command.action) {
      case 'help':
        return texts.help;
      case 'link':
        return link(conversation, key, command.code);
      case 'unlink':
        return (await links.unlink(identityOf(conversation))) ? texts.unlinked : texts.notLinked;
      default:
        break;
    }
    const { session } = await sessionFor(key, conversation);
    if (command.action === 'status' || (command.action === 'proactive' && command.enabled === null)) {
      return texts.status({
        ...feelingsOf(session),
        group: false,
        active: true,
        you: session.state.interpersonal,
        participants: 0,
        linkedWith: await linkedPlatforms(conversation),
      });
    }
    const enabled = command.action === 'on' || (command.action === 'proactive' && command.enabled === true);
    await setProactive(session, enabled, false);
    return enabled ? texts.on : texts.off;
  }

  return {
    backend,
    bindings,
    delivery,
    links,
    keyOf,
    async handleMessage(conversation, message) {
      if (closed) return closedError();
      if (conversation.isBot && !listenToBots) return null;
      const key = await keyOf(conversation);
      return locks.run(key, () => turnOf(key, conversation, message));
    },
    async handleCommand(conversation, command) {
      if (closed) return closedError();
      const key = await keyOf(conversation);
      return locks.run(key, () =>
        conversation.private
          ? privateCommand(conversation, key, command)
          : groupCommand(conversation, key, command),
      );
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
