import { labelize } from './format.js';
import type { SessionSummary } from './types.js';

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
