import { LimbicError } from '../errors.js';
import type { WebhookAttempt, WebhookEndpoint, WebhookMessage, WebhookStore } from './webhook-store.js';

const keyOf = (endpointId: string, messageId: string) => `${endpointId}\u0000${messageId}`;

/** When a pending message can next be claimed: its due time, or its lease's end if that is later. */
export function claimableAt(message: WebhookMessage): number | null {
  if (message.status !== 'pending' || message.nextAttemptAt === null) return null;
  return Math.max(message.nextAttemptAt, message.leaseUntil ?? Number.NEGATIVE_INFINITY);
}

/** Claim order: earliest claimable first, then creation, then ids, so every store hands messages out alike. */
export function compareDue(a: WebhookMessage, b: WebhookMessage): number {
  return (
    claimableAt(a)! - claimableAt(b)! ||
    a.createdAt - b.createdAt ||
    (a.endpointId < b.endpointId ? -1 : a.endpointId > b.endpointId ? 1 : 0) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/**
 * Creates the in-memory {@link WebhookStore}: for tests and single-process use; nothing survives a restart.
 * @example
 * const webhooks = createMemoryWebhookStore();
 */
export function createMemoryWebhookStore(): WebhookStore {
  const endpoints = new Map<string, WebhookEndpoint>();
  const messages = new Map<string, WebhookMessage>();
  const attempts = new Map<string, WebhookAttempt>();
  // The keys of pending messages: claims and nextDue look at these only, however many settled ones are kept.
  const pending = new Set<string>();
  const put = (key: string, message: WebhookMessage) => {
    messages.set(key, message);
    if (message.status === 'pending') pending.add(key);
    else pending.delete(key);
  };
  const waiting = () => [...pending].map((key) => messages.get(key)!);
  const owned = (owner: string, id: string) => {
    const endpoint = endpoints.get(id);
    return endpoint && endpoint.owner === owner ? endpoint : undefined;
  };
  const ofOwner = (owner: string) =>
    [...endpoints.values()].filter((e) => e.owner === owner).sort((a, b) => (a.id < b.id ? -1 : 1));
  return {
    kind: 'memory',
    createEndpoint(endpoint) {
      if (endpoints.has(endpoint.id)) {
        return Promise.reject(new LimbicError('CONFLICT', `Webhook endpoint ${endpoint.id} already exists`));
      }
      endpoints.set(endpoint.id, structuredClone({ ...endpoint, version: 1 }));
      return Promise.resolve();
    },
    getEndpoint(owner, id) {
      const endpoint = owned(owner, id);
      return Promise.resolve(endpoint ? structuredClone(endpoint) : null);
    },
    listEndpoints(owner, { after, limit }) {
      const page = ofOwner(owner).filter((e) => after === undefined || e.id > after);
      return Promise.resolve(structuredClone(page.slice(0, limit)));
    },
    countEndpoints: (owner) => Promise.resolve(ofOwner(owner).length),
    endpointsFor(owner, type) {
      const wanted = ofOwner(owner).filter((e) => e.enabled && e.events.includes(type));
      return Promise.resolve(structuredClone(wanted));
    },
    replaceEndpoint(endpoint, expectedVersion) {
      const stored = owned(endpoint.owner, endpoint.id);
      if (!stored || stored.version !== expectedVersion) return Promise.resolve(false);
      endpoints.set(endpoint.id, structuredClone({ ...endpoint, version: expectedVersion + 1 }));
      return Promise.resolve(true);
    },
    deleteEndpoint(owner, id) {
      if (!owned(owner, id)) return Promise.resolve(false);
      endpoints.delete(id);
      for (const [key, message] of messages) {
        if (message.endpointId !== id) continue;
        messages.delete(key);
        pending.delete(key);
      }
      for (const [key, attempt] of attempts) if (attempt.endpointId === id) attempts.delete(key);
      return Promise.resolve(true);
    },
    enqueue(batch) {
      for (const message of batch) {
        const key = keyOf(message.endpointId, message.id);
        if (!messages.has(key)) put(key, structuredClone(message));
      }
      return Promise.resolve();
    },
    claim(now, limit, leaseOwner, leaseMs) {
      const due = waiting()
        .filter((m) => {
          const at = claimableAt(m);
          return at !== null && at <= now;
        })
        .sort(compareDue)
        .slice(0, Math.max(0, limit));
      const leased = due.map((m) => ({ ...m, leaseOwner, leaseUntil: now + leaseMs }));
      for (const m of leased) put(keyOf(m.endpointId, m.id), m);
      return Promise.resolve(structuredClone(leased));
    },
    nextDue() {
      let earliest: number | null = null;
      for (const message of waiting()) {
        const at = claimableAt(message);
        if (at !== null && (earliest === null || at < earliest)) earliest = at;
      }
      return Promise.resolve(earliest);
    },
    settle({ endpointId, messageId, leaseOwner, status, attempts: count, nextAttemptAt, attempt }) {
      const key = keyOf(endpointId, messageId);
      const message = messages.get(key);
      if (!message || message.leaseOwner !== leaseOwner) return Promise.resolve(false);
      put(key, {
        ...message,
        status,
        attempts: count,
        nextAttemptAt,
        leaseOwner: null,
        leaseUntil: null,
      });
      if (!attempts.has(attempt.id)) attempts.set(attempt.id, structuredClone(attempt));
      return Promise.resolve(true);
    },
    getMessage(owner, endpointId, messageId) {
      const message = messages.get(keyOf(endpointId, messageId));
      return Promise.resolve(message && message.owner === owner ? structuredClone(message) : null);
    },
    listAttempts(owner, endpointId, { after, limit }) {
      const page = [...attempts.values()]
        .filter(
          (a) => a.owner === owner && a.endpointId === endpointId && (after === undefined || a.id < after),
        )
        .sort((a, b) => (a.id < b.id ? 1 : -1))
        .slice(0, limit);
      return Promise.resolve(structuredClone(page));
    },
    prune(before) {
      let removed = 0;
      for (const [key, message] of messages) {
        if (message.status !== 'pending' && message.createdAt < before) {
          messages.delete(key);
          removed += 1;
        }
      }
      for (const [key, attempt] of attempts) {
        if (attempt.at < before) {
          attempts.delete(key);
          removed += 1;
        }
      }
      return Promise.resolve(removed);
    },
    close: () => Promise.resolve(),
  };
}
