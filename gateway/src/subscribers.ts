import type { SessionEvents, SessionService } from '@limbic/core';
import type { Principal } from './auth/authenticator.js';
import type { Plan } from './config.js';

/**
 * What a key holds open, each counted against its own per-key cap of the plan (docs/errors.md, "Admission"):
 * `socket` a WebSocket connection (`/v1/ws` or graphql-ws), `subscription` a GraphQL subscription stream (graphql-ws
 * or SSE).
 */
export type SlotKind = 'socket' | 'subscription';

/** The transport a subscriber belongs to. */
export type SubscriberKind = 'websocket' | 'graphql-ws' | 'subscription';

/** A live receiver in the one registry: an open socket, or a subscription stream. */
export interface Subscriber {
  readonly kind: SubscriberKind;
  /** The key it was opened with (null: the operator token); revoking the key calls {@link Subscriber.revoked}. */
  readonly keyId: string | null;
  /** The session whose events it receives, if any. */
  readonly sessionId?: string;
  /** The session changed (a turn, preferences, an acknowledgement, a time-driven check). */
  state?(event: SessionEvents['state'][0]): void;
  /** The session raised a proactive action. */
  proactive?(event: SessionEvents['proactive'][0]): void;
  /** The session was deleted. */
  deleted?(): void;
  /** Its key stopped working (revoked, expired, removed): close with 4401, or end the stream. */
  revoked(): void;
  /** The transport shuts down ({@link Subscribers.endAll}). */
  shutdown?(): void;
}

/** A claimed slot: give it back exactly once, when the socket closes or the stream ends. */
export type Release = () => void;

/** The per-key cap of a plan for one kind of slot (Infinity: none). */
export function capOf(plan: Plan, kind: SlotKind): number {
  return kind === 'socket' ? plan.sockets : plan.subscriptions;
}

function addTo<K>(index: Map<K, Set<Subscriber>>, key: K, subscriber: Subscriber): void {
  let set = index.get(key);
  if (!set) {
    set = new Set();
    index.set(key, set);
  }
  set.add(subscriber);
}

function removeFrom<K>(index: Map<K, Set<Subscriber>>, key: K, subscriber: Subscriber): void {
  const set = index.get(key);
  if (!set?.delete(subscriber)) return;
  if (set.size === 0) index.delete(key);
}

/**
 * The one registry of live subscribers of every transport (`/v1/ws` connections, graphql-ws sockets, GraphQL
 * subscription streams over graphql-ws and SSE):
 * - per-session fan-out: one service listener per event for all subscribers, attached with the first subscriber of
 *   a session and removed with the last (without subscribers the service builds no state snapshots), and an index
 *   by session, so an event costs a map lookup however many sessions are watched;
 * - revocation: a key that stops working ends everything opened with it, on every transport at once;
 * - the per-key caps of the plans: a socket or stream claims a slot at admission, synchronously, so concurrent
 *   opens cannot overshoot the cap, and gives it back when it ends.
 */
export class Subscribers {
  readonly #service: SessionService;
  readonly #bySession = new Map<string, Set<Subscriber>>();
  readonly #byKey = new Map<string, Set<Subscriber>>();
  readonly #all = new Set<Subscriber>();
  /** Claimed slots by kind, then key id. */
  readonly #slots: Record<SlotKind, Map<string, number>> = { socket: new Map(), subscription: new Map() };
  #off: (() => void)[] = [];
  /** Kinds whose transport shut down: a subscriber of one added later is shut down at once. */
  readonly #ended = new Set<SubscriberKind>();

  constructor(service: SessionService) {
    this.#service = service;
  }

  /** Live subscribers (of one kind, or all). */
  size(kind?: SubscriberKind): number {
    if (kind === undefined) return this.#all.size;
    let n = 0;
    for (const s of this.#all) if (s.kind === kind) n++;
    return n;
  }

  /** Sessions with at least one subscriber. */
  get sessions(): number {
    return this.#bySession.size;
  }

  /** Slots of `kind` a key holds. */
  held(keyId: string, kind: SlotKind): number {
    return this.#slots[kind].get(keyId) ?? 0;
  }

  /**
   * Claims one of the key's slots of `kind` when its plan's cap allows; returns the function that gives it back
   * (idempotent), or undefined when the cap is reached.
   */
  claim(principal: Principal, kind: SlotKind): Release | undefined {
    const slots = this.#slots[kind];
    const keyId = principal.keyId;
    const held = slots.get(keyId) ?? 0;
    if (held >= capOf(principal.plan, kind)) return undefined;
    slots.set(keyId, held + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const now = (slots.get(keyId) ?? 1) - 1;
      if (now > 0) slots.set(keyId, now);
      else slots.delete(keyId);
    };
  }

  /** Registers a subscriber; returns the function that removes it (idempotent). */
  add(subscriber: Subscriber): () => void {
    if (this.#all.has(subscriber)) return () => this.#remove(subscriber);
    if (this.#ended.has(subscriber.kind)) queueMicrotask(() => subscriber.shutdown?.());
    this.#all.add(subscriber);
    if (subscriber.keyId !== null) addTo(this.#byKey, subscriber.keyId, subscriber);
    if (subscriber.sessionId !== undefined) {
      if (this.#bySession.size === 0) this.#attach();
      addTo(this.#bySession, subscriber.sessionId, subscriber);
    }
    return () => this.#remove(subscriber);
  }

  #remove(subscriber: Subscriber): void {
    if (!this.#all.delete(subscriber)) return;
    if (subscriber.keyId !== null) removeFrom(this.#byKey, subscriber.keyId, subscriber);
    if (subscriber.sessionId !== undefined) {
      removeFrom(this.#bySession, subscriber.sessionId, subscriber);
      if (this.#bySession.size === 0) this.#detach();
    }
  }

  /** Ends everything opened with a key that stopped working, on every transport. */
  revoke(keyId: string): void {
    for (const subscriber of [...(this.#byKey.get(keyId) ?? [])]) subscriber.revoked();
  }

  /** Shuts down every subscriber of one kind, and those added later (a transport closing). */
  endAll(kind: SubscriberKind): void {
    this.#ended.add(kind);
    for (const subscriber of [...this.#all]) if (subscriber.kind === kind) subscriber.shutdown?.();
  }

  #attach(): void {
    const of = (sessionId: string) => [...(this.#bySession.get(sessionId) ?? [])];
    this.#off = [
      this.#service.on('state', (event) => {
        for (const s of of(event.sessionId)) s.state?.(event);
      }),
      this.#service.on('proactive', (event) => {
        for (const s of of(event.sessionId)) s.proactive?.(event);
      }),
      this.#service.on('deleted', (event) => {
        for (const s of of(event.sessionId)) s.deleted?.();
      }),
    ];
  }

  #detach(): void {
    for (const off of this.#off.splice(0)) off();
  }
}
