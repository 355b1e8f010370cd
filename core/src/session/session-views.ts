import { familiarity } from '../body/relationship.js';
import { advanceTo } from '../engine/advance.js';
import { observe } from '../engine/observe.js';
import type { ParticipantState } from '../group/participant-state.js';
import { maxParticipantIdLength, participantsOf, relationshipAt } from '../group/participants.js';
import type { EngineParams } from '../persona/engine-params.js';
import type { ResolvedPersona } from '../persona/persona.js';
import { outreachOutlook } from '../proactive/outreach-outlook.js';
import { toOutreachView } from '../proactive/outreach-view.js';
import { withPolicyDefaults } from '../proactive/preferences.js';
import type { SessionOrder, SessionRecord } from '../store/session-store.js';
import { decodeCursor, encodeCursor, parseLimit } from './cursor.js';
import { type StateSnapshot, toSnapshot } from './results.js';
import { encodeSessionCursor } from './session-order.js';
import type { ParticipantPage, SessionDetails, SessionEvents, SessionPage } from './session-types.js';
import { type OverrideView, toOverrideView } from './state-override.js';

/** An engine-clock time (ms) as an ISO 8601 string, as every view shows times. */
export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function round4(x: number): number {
  return Math.round(x * 1e4) / 1e4;
}

/** True for a string that can be a participant id (the cursor check of {@link toParticipantPage}). */
export function isParticipantId(id: string): boolean {
  return id.length > 0 && id.length <= maxParticipantIdLength;
}

/** A page request as a list method takes it: an opaque cursor (or none) and a limit (1-100, default 20). */
export interface PageOptions {
  cursor?: string | null;
  limit?: unknown;
}

/**
 * The validated page request: the limit, the id to list after, and the store query (one more than the limit, to
 * tell whether a next page exists). @throws LimbicError VALIDATION_ERROR for a bad cursor or limit.
 */
export function toPageRequest(
  options: PageOptions,
  isId?: (id: string) => boolean,
): { limit: number; after: string | undefined; query: { after?: string; limit: number } } {
  const limit = parseLimit(options.limit);
  const after = options.cursor ? decodeCursor(options.cursor, isId) : undefined;
  return { limit, after, query: after === undefined ? { limit: limit + 1 } : { after, limit: limit + 1 } };
}

/** The state snapshot of a record at `now` (advanced, not written). */
export function snapshotAt(record: SessionRecord, params: EngineParams, now: number): StateSnapshot {
  const state = advanceTo(record.state, params, now);
  return toSnapshot(state, observe(state, params));
}

/**
 * The `state` event of a write. The snapshot describes the state at `now` (the write's time): writes that are not
 * turns (preferences, acks, time-driven checks) keep the stored state at the last turn's time, so it is advanced
 * here, as `getState` would.
 */
export function toStateEvent(
  record: SessionRecord,
  params: EngineParams,
  cause: SessionEvents['state'][0]['cause'],
  now: number,
): SessionEvents['state'][0] {
  // Built on first read, once: a turn emits its `state` event for every subscriber of the session, and most read
  // nothing of it (a socket that did not ask for state pushes).
  let snapshot: StateSnapshot | undefined;
  return {
    owner: record.owner,
    sessionId: record.id,
    cause,
    get snapshot() {
      if (snapshot === undefined) {
        const state = now > record.state.time ? advanceTo(record.state, params, now) : record.state;
        snapshot = toSnapshot(state, observe(state, params));
      }
      return snapshot;
    },
  };
}

/** The latest override of a record as views show it, or null. */
function lastOverride(record: SessionRecord): OverrideView | null {
  const entry = record.overrides?.log.at(-1);
  return entry ? toOverrideView(entry) : null;
}

/** A session with its persona, configuration, preferences and the state at `now`: `getSession`'s answer. */
export function toSessionDetails(
  record: SessionRecord,
  persona: ResolvedPersona,
  params: EngineParams,
  now: number,
): SessionDetails {
  return {
    sessionId: record.id,
    persona,
    config: params.config,
    createdAt: iso(record.createdAt),
    updatedAt: iso(record.updatedAt),
    preferences: withPolicyDefaults(record.proactive.preferences),
    state: snapshotAt(record, params, now),
    last_override: lastOverride(record),
    outreach: toOutreachView(outreachOutlook(record, now, params)),
  };
}

/**
 * A page of sessions from `limit + 1` records (the extra one says whether there is a next page) listed in `order`,
 * whose cursor continues in that order.
 */
export function toSessionPage(
  records: readonly SessionRecord[],
  limit: number,
  order: SessionOrder = 'oldest',
): SessionPage {
  const page = records.slice(0, limit);
  return {
    sessions: page.map((r) => ({
      sessionId: r.id,
      name: r.persona.identity.name,
      preset: r.persona.preset,
      description: r.persona.description,
      createdAt: iso(r.createdAt),
      updatedAt: iso(r.updatedAt),
      turns: r.state.turns,
    })),
    cursor:
      records.length > limit && page.length > 0
        ? encodeSessionCursor(page[page.length - 1]!.id, order)
        : null,
  };
}

/**
 * A page of a session's participants in id order after the cursor's id, each with the character's relationship
 * with them at `now`.
 */
export function toParticipantPage(
  record: SessionRecord,
  now: number,
  after: string | undefined,
  limit: number,
): ParticipantPage {
  const sorted = participantsOf(record.state)
    .filter((p) => after === undefined || p.id > after)
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const page = sorted.slice(0, limit);
  return {
    participants: page.map((p) => toParticipantView(p, now)),
    cursor: sorted.length > limit && page.length > 0 ? encodeCursor(page[page.length - 1]!.id) : null,
  };
}

function toParticipantView(p: ParticipantState, now: number): ParticipantPage['participants'][number] {
  const r = relationshipAt(p, now);
  return {
    id: p.id,
    name: p.name,
    interpersonal: {
      rapport: round4(r.rapport),
      trust: round4(r.trust),
      familiarity: round4(familiarity(r.familiarityCount)),
    },
    turns: p.turns,
    first_seen_at: iso(p.firstSeenAt),
    last_seen_at: iso(p.lastSeenAt),
    ...(p.policy ? { policy: p.policy } : {}),
  };
}
