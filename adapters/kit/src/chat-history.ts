import type { BindingStore } from '@limbic/core';

/**
 * One exchange of a conversation: what a person said and what the character answered. In a group, `from` is the
 * speaker's participant id (`telegram:42`) and `name` their display name, so the exchange can be erased with them.
 */
export interface ChatExchange {
  user: string;
  assistant: string;
  /** When the character answered, ms. */
  at: number;
  from?: string;
  name?: string;
}

/** The record key of a session's conversation history in the binding store: `history:<session id>`. */
export function historyKeyOf(sessionId: string): string {
  return `history:${sessionId}`;
}

function isExchange(value: unknown): value is ChatExchange {
  if (typeof value !== 'object' || value === null) return false;
  const { user, assistant, at } = value as Partial<ChatExchange>;
  return typeof user === 'string' && typeof assistant === 'string' && typeof at === 'number';
}

/**
 * The stored exchanges of a session, oldest first (empty when there are none, when they expired, or when the record
 * is not a history: a damaged record never breaks a reply).
 */
export async function readHistory(
  store: BindingStore,
  sessionId: string,
  now: number,
): Promise<ChatExchange[]> {
  const record = await store.getRecord(historyKeyOf(sessionId), now);
  const exchanges = (record?.value as { exchanges?: unknown } | null | undefined)?.exchanges;
  return Array.isArray(exchanges) ? exchanges.filter(isExchange) : [];
}

/** Stores a session's exchanges (deleting the record when there are none), expiring `ttlMs` after `now`. */
export async function writeHistory(
  store: BindingStore,
  sessionId: string,
  exchanges: ChatExchange[],
  now: number,
  ttlMs: number,
): Promise<void> {
  const key = historyKeyOf(sessionId);
  if (exchanges.length === 0) {
    await store.deleteRecord(key);
    return;
  }
  await store.putRecord({ key, value: { exchanges }, expiresAt: now + ttlMs, updatedAt: now });
}

/**
 * Erases a session's conversation history: all of it, or in a group only the exchanges of one participant (what
 * they said and what the character answered them). Resolves how many exchanges were erased. `/limbic forget` and
 * a session replaced after it was deleted on the engine's side call it; call it too when you erase a person's data
 * yourself.
 */
export async function eraseHistory(
  store: BindingStore,
  sessionId: string,
  participantId?: string,
  now = Date.now(),
): Promise<number> {
  const key = historyKeyOf(sessionId);
  if (participantId === undefined) {
    const count = (await readHistory(store, sessionId, now)).length;
    await store.deleteRecord(key);
    return count;
  }
  const record = await store.getRecord(key, now);
  if (!record) return 0;
  const exchanges = await readHistory(store, sessionId, now);
  const kept = exchanges.filter((exchange) => exchange.from !== participantId);
  if (kept.length === exchanges.length) return 0;
  if (kept.length === 0) await store.deleteRecord(key);
  else await store.putRecord({ ...record, value: { exchanges: kept }, updatedAt: now });
  return exchanges.length - kept.length;
}
