import type { Binding, BindingStore, Clock, ProactiveAction, Timers } from '@limbic/core';
import { type BackendSession, isSessionGone, type LimbicBackend } from './backend.js';
import { createDeliveryTiming, type Pacing, type RetryPolicy, TimingClosed } from './delivery-timing.js';
import { routeOf } from './routes.js';

/** Someone a proactive message in a group is addressed to: a platform user id and the name the session knows. */
export interface Mention {
  userId: string;
  name: string | null;
}

/** How a platform sends text, and how its failures are to be treated. */
export interface Outbound {
  /**
   * Sends `text` to a target (in the adapter's encoding); in a group, addressed to `mention` (a mention the platform
   * notifies them of). Resolves once the platform accepted the message.
   */
  send(target: string, text: string, options?: { mention?: Mention }): Promise<void>;
  /**
   * What to do after `send` failed: wait `retryAfterMs` (the platform's rate limit said so), `retry` with backoff
   * (a 5xx, a network error), or `drop` (permanent: the user blocked the bot, the chat is gone).
   */
  classify(error: unknown): { retryAfterMs: number } | 'retry' | 'drop';
}

/** What a {@link ComposeHook} gets: the action, who it is for, and the character's current state and preferences. */
export interface ComposeContext {
  action: ProactiveAction;
  binding: Binding;
  session: BackendSession;
}

/**
 * The operator's say over a proactive message before it is sent: return the text to send (for example written by
 * the operator's language model from `action.message`, `action.metadata` and `session.state`), `null` to veto the
 * message (the action is acknowledged and never sent), or `undefined` to send the engine's suggested message.
 * Called once per action; retries reuse its text.
 */
export type ComposeHook = (
  context: ComposeContext,
) => string | null | undefined | Promise<string | null | undefined>;

/** What happened to a proactive action, for logs and metrics. */
export type DeliveryEvent =
  | {
      type: 'sent';
      sessionId: string;
      action: ProactiveAction;
      target: string;
      text: string;
      attempts: number;
    }
  | {
      type: 'skipped';
      sessionId: string;
      action: ProactiveAction;
      reason: SkipReason;
    }
  | {
      type: 'retrying';
      sessionId: string;
      action: ProactiveAction;
      attempt: number;
      delayMs: number;
      error: unknown;
    }
  | { type: 'dropped'; sessionId: string; action: ProactiveAction; error: unknown }
  | { type: 'error'; sessionId: string; action: ProactiveAction; stage: 'prepare' | 'ack'; error: unknown };

/**
 * The reasons of a `skipped` {@link DeliveryEvent}: `withdrawn` when the action is no longer pending in the engine
 * (its person opted out, `/limbic mute`, or was forgotten since it arose).
 */
export type SkipReason = 'vetoed' | 'disabled' | 'withdrawn' | 'expired' | 'unbound' | 'empty';

/** Options of {@link createDelivery}. */
export interface DeliveryOptions {
  backend: LimbicBackend;
  bindings: BindingStore;
  outbound: Outbound;
  /**
   * Rewrites or vetoes each proactive message before it is sent.
   * @defaultValue none: the action's own text is sent
   */
  compose?: ComposeHook;
  clock: Clock;
  timers: Timers;
  /**
   * Backoff between attempts of a failed send or acknowledgement.
   * @defaultValue `{ initialDelayMs: 1000, maxDelayMs: 300_000, factor: 2 }` (1 s doubling up to 5 min)
   */
  retry?: Partial<RetryPolicy>;
  /**
   * Spacing of sends, per target and in all.
   * @defaultValue none: no spacing (the platform library paces itself)
   */
  pacing?: Pacing;
  /**
   * The platform this delivery sends on (`telegram`): actions of conversations on another platform are left pending
   * for that platform's adapter (several adapters may share one engine).
   * @defaultValue none: every action is this delivery's
   */
  platform?: string;
  /**
   * Actions older than this (by their creation time) are acknowledged without being sent.
   * @defaultValue `86_400_000` (24 h)
   */
  maxAgeMs?: number;
  /**
   * Reports what happened to each action.
   * @defaultValue none: events are not reported
   */
  onEvent?: (event: DeliveryEvent) => void;
}

/** Delivers proactive actions as platform messages; see {@link createDelivery}. */
export interface Delivery {
  /** Hands over an action (again): ignored while it is being delivered or after it was delivered. */
  enqueue(sessionId: string, action: ProactiveAction): void;
  /** Actions being delivered (composing, waiting for a slot or a retry, sending, acknowledging). */
  readonly inFlight: number;
  /** Resolves when nothing is in flight. */
  idle(): Promise<void>;
  /** Stops: pending waits are cancelled; actions not yet sent stay pending in the engine for the next start. */
  close(): void;
}

/**
 * The person a group's proactive action is addressed to, on `platform`: its participant when their id is one of that
 * platform's (`telegram:42`); undefined in a private conversation or for someone of another platform.
 */
function mentionOf(action: ProactiveAction, platform: string): Mention | undefined {
  const participant = action.participant;
  if (!participant?.id.startsWith(`${platform}:`)) return undefined;
  return { userId: participant.id.slice(platform.length + 1), name: participant.name };
}

const rememberedIds = 2000;

/**
 * Creates the outbound side of an adapter. For each proactive action: find the conversation it belongs to, check
 * that the person still wants proactive messages, let the operator's {@link ComposeHook} rewrite or veto it, wait
 * for a send slot ({@link Pacing}), send it, and only after the platform accepted it acknowledge it to the engine. A
 * failed send is retried with backoff (or after the platform's `retry_after`), never sent twice by this process; an
 * acknowledgement that fails is retried without sending again. Actions still pending when the process stops are
 * delivered after the next start (at least once: a crash between the send and the acknowledgement repeats one).
 */
export function createDelivery(options: DeliveryOptions): Delivery {
  const { backend, bindings, outbound, compose, clock, onEvent = () => {} } = options;
  const maxAgeMs = options.maxAgeMs ?? 86_400_000;
  const timing = createDeliveryTiming(options);
  const { wait, backoff } = timing;
  const jobs = new Map<string, Promise<void>>();
  const finished = new Set<string>();
  let closed = false;
  let idleWaiters: (() => void)[] = [];

  function remember(id: string): void {
    finished.add(id);
    if (finished.size > rememberedIds) finished.delete(finished.values().next().value!);
  }

  async function acknowledge(sessionId: string, action: ProactiveAction): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await backend.acknowledge(sessionId, action.id);
        return;
      } catch (error) {
        if (isSessionGone(error)) return;
        onEvent({ type: 'error', sessionId, action, stage: 'ack', error });
        await wait(backoff(attempt));
      }
    }
  }

  /** Decides what to send: the text, or why nothing is sent. */
  async function prepare(
    sessionId: string,
    action: ProactiveAction,
  ): Promise<
    | { binding: Binding; target: string; text: string; mention: Mention | undefined }
    | { skip: DeliveryEvent & { type: 'skipped' } }
    | 'elsewhere'
  > {
    const skip = (reason: SkipReason) => ({
      skip: { type: 'skipped' as const, sessionId, action, reason },
    });
    const binding = await bindings.getBySession(sessionId);
    if (!binding) return skip('unbound');
    const route = routeOf(binding);
    if (options.platform !== undefined && route.platform !== options.platform) return 'elsewhere';
    if (clock.now() - action.createdAt > maxAgeMs) return skip('expired');
    const session = await backend.getSession(sessionId);
    if (!session.preferences.enabled) return skip('disabled');
    // In a group, the person's opt-out (or being forgotten) since the action arose withdrew it: the engine drops
    // the pending actions addressed to a muted participant.
    if (action.participant && !(await backend.pendingActions(sessionId)).some((a) => a.id === action.id))
      return skip('withdrawn');
    const composed = compose ? await compose({ action, binding, session }) : undefined;
    if (composed === null) return skip('vetoed');
    const text = (composed ?? action.message).trim();
    if (text.length === 0) return skip('empty');
    return { binding, target: route.target, text, mention: mentionOf(action, route.platform) };
  }

  async function deliver(sessionId: string, action: ProactiveAction): Promise<void> {
    let prepared: Awaited<ReturnType<typeof prepare>> | undefined;
    for (let attempt = 1; prepared === undefined; attempt++) {
      try {
        prepared = await prepare(sessionId, action);
      } catch (error) {
        // The session is gone (embedded LimbicError or remote LimbicApiError): nothing to deliver or acknowledge.
        if (isSessionGone(error)) return;
        onEvent({ type: 'error', sessionId, action, stage: 'prepare', error });
        await wait(backoff(attempt));
      }
    }
    // Another platform's adapter delivers it; it stays pending for that one.
    if (prepared === 'elsewhere') return;
    if ('skip' in prepared) {
      onEvent(prepared.skip);
      // An unbound session belongs to no conversation of this bot: leave its actions to whoever owns it.
      if (prepared.skip.reason !== 'unbound') await acknowledge(sessionId, action);
      return;
    }
    const { target, text, mention } = prepared;
    // Backoff grows with transient failures only; a rate limit says exactly how long to wait.
    let transientFailures = 0;
    for (let attempt = 1; ; attempt++) {
      await wait(timing.reserveSlot(target));
      // A failure that lasts (an outage of the platform) ends when the action is too old to be worth sending.
      if (attempt > 1 && clock.now() - action.createdAt > maxAgeMs) {
        onEvent({ type: 'skipped', sessionId, action, reason: 'expired' });
        break;
      }
      try {
        await outbound.send(target, text, mention ? { mention } : undefined);
        onEvent({ type: 'sent', sessionId, action, target, text, attempts: attempt });
        break;
      } catch (error) {
        const verdict = outbound.classify(error);
        if (verdict === 'drop') {
          onEvent({ type: 'dropped', sessionId, action, error });
          break;
        }
        const delayMs =
          verdict === 'retry' ? backoff(++transientFailures) : Math.max(verdict.retryAfterMs, 0);
        onEvent({ type: 'retrying', sessionId, action, attempt, delayMs, error });
        if (verdict !== 'retry') {
          // The platform's rate limit applies to every message to this target until then.
          timing.holdTarget(target, clock.now() + delayMs);
        }
        await wait(delayMs);
      }
    }
    await acknowledge(sessionId, action);
  }

  return {
    enqueue(sessionId, action) {
      if (closed || jobs.has(action.id) || finished.has(action.id)) return;
      const job = deliver(sessionId, action)
        .then(
          () => remember(action.id),
          (error: unknown) => {
            if (!(error instanceof TimingClosed))
              onEvent({ type: 'error', sessionId, action, stage: 'prepare', error });
          },
        )
        .finally(() => {
          jobs.delete(action.id);
          if (jobs.size === 0) {
            const waiters = idleWaiters;
            idleWaiters = [];
            for (const resolve of waiters) resolve();
          }
        });
      jobs.set(action.id, job);
    },
    get inFlight() {
      return jobs.size;
    },
    idle() {
      if (jobs.size === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    close() {
      closed = true;
      timing.close();
    },
  };
}
