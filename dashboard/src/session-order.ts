import { labelize } from './format.js';
import type { SessionSummary } from './types.js';

/** Most sessions the list reads on open before it offers "Load more" (pages of the gateway's oldest-first list). */
export const sessionListOpenCap = 200;

/** The sessions newest first: latest activity (`updatedAt`) first, then latest created, then by id. */
export function newestFirst(sessions: readonly SessionSummary[]): SessionSummary[] {
  return [...sessions].sort(
    (a, b) =>
      Date.parse(b.updatedAt) - Date.parse(a.updatedAt) ||
      Date.parse(b.createdAt) - Date.parse(a.createdAt) ||
      (a.sessionId < b.sessionId ? -1 : a.sessionId > b.sessionId ? 1 : 0),
  );
}

/** The last characters of a session id, enough to tell sessions apart at a glance. */
export function shortId(sessionId: string): string {
  return sessionId.slice(-6);
}

/**
 * A name that tells a session apart from the others listed: its own name when no other listed session has it;
 * otherwise (or when it has none) the name or preset with a short id, for example "Mira · a1b2c3".
 */
export function distinguishingName(session: SessionSummary, listed: readonly SessionSummary[]): string {
  const name = session.name.trim();
  const shared = listed.some((other) => other.sessionId !== session.sessionId && other.name.trim() === name);
  if (name && !shared) return name;
  const base = name || (session.preset ? labelize(session.preset) : 'Session');
  return `${base} · ${shortId(session.sessionId)}`;
}
