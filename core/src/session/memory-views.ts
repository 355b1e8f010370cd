import type { Appraisal } from '../appraisal/appraisal.js';
import { toValidationError } from '../errors.js';
import { findParticipant } from '../group/participants.js';
import { cueWords } from '../memory/cues.js';
import {
  type EpisodeFeeling,
  emptyMemory,
  type MemoryEpisode,
  type MemorySettings,
} from '../memory/episode.js';
import { isRemembered, lastTrace, strengthAt } from '../memory/forgetting.js';
import type { SessionRecord } from '../store/session-store.js';
import { round } from '../util/math.js';
import { encodeCursor } from './cursor.js';
import type { ParticipantView } from './session-types.js';
import { iso, toPageRequest } from './session-views.js';

/** One remembered episode as the memory API lists it (docs/memory.md). */
export interface MemoryView {
  /** `mem_…`: unique within the session. */
  id: string;
  /** ISO 8601 engine-clock time of the turn it came from. */
  at: string;
  /** What happened (a summary, or the message or event text), or null when the session keeps no text. */
  text: string | null;
  /** Who spoke (with the name the session knows), or null for the person the character talks to. */
  speaker: ParticipantView | null;
  /** Ids of every participant the episode involves. */
  participants: string[];
  appraisal: Appraisal;
  /** How the character felt right after it. */
  feeling: EpisodeFeeling;
  /** How much it mattered when it happened, in [0, 1]. */
  salience: number;
  /** How strongly it is held now: 1 when new, below 0.1 forgotten; rehearsal can lift it above 1. */
  strength: number;
  /** Spaced recalls that rehearsed it. */
  rehearsals: number;
  /** ISO 8601 time of its last rehearsal, or null. */
  last_recalled_at: string | null;
}

/** A page of memories, newest first; `cursor` is null on the last page. */
export interface MemoryPage {
  memories: MemoryView[];
  cursor: string | null;
}

/** Options of a memory list: a page, and filters. */
export interface MemoryListOptions {
  cursor?: string | null;
  limit?: unknown;
  /** Only episodes that involve this participant id. */
  participant?: unknown;
  /** Only episodes whose text shares a content word with this query, or contains it. */
  query?: unknown;
}

/** Memory ids: `mem_` and base 36. */
export function isMemoryId(id: unknown): id is string {
  return typeof id === 'string' && /^mem_[0-9a-z]{1,12}$/.test(id);
}

/** The memory view of one episode at `now`. */
export function toMemoryView(record: SessionRecord, episode: MemoryEpisode, now: number): MemoryView {
  const speaker = episode.speaker;
  const last = episode.rehearsals.length === 0 ? null : lastTrace(episode);
  return {
    id: episode.id,
    at: iso(episode.at),
    text: episode.text,
    speaker:
      speaker === null ? null : { id: speaker, name: findParticipant(record.state, speaker)?.name ?? null },
    participants: [...episode.participants],
    appraisal: episode.appraisal,
    feeling: episode.feeling,
    salience: episode.salience,
    strength: round(strengthAt(episode, now), 3),
    rehearsals: episode.rehearsals.length,
    last_recalled_at: last === null ? null : iso(last),
  };
}

function optionalText(value: unknown, path: string, max: number): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || value.length > max) {
    throw toValidationError(path, [{ path, message: `must be a string of at most ${max} characters` }]);
  }
  return value;
}

/**
 * A page of a session's remembered episodes (forgotten ones left out), newest first.
 * @throws LimbicError VALIDATION_ERROR for a bad cursor, limit, participant or query.
 */
export function toMemoryPage(record: SessionRecord, options: MemoryListOptions, now: number): MemoryPage {
  const { limit, after } = toPageRequest(options, isMemoryId);
  const participant = optionalText(options.participant, 'participant', 256);
  const query = optionalText(options.query, 'query', 200);
  const cues = query === undefined ? [] : cueWords(query);
  const needle = query?.toLowerCase();
  const episodes = (record.memory ?? emptyMemory).episodes;
  const out: MemoryView[] = [];
  // Ids grow with the turn number: newest first is the list backwards, and a cursor is the last id shown.
  const start = after === undefined ? Number.POSITIVE_INFINITY : Number.parseInt(after.slice(4), 36);
  for (let i = episodes.length - 1; i >= 0 && out.length <= limit; i--) {
    const e = episodes[i]!;
    if (Number.parseInt(e.id.slice(4), 36) >= start) continue;
    if (!isRemembered(e, now)) continue;
    if (participant !== undefined && e.speaker !== participant && !e.participants.includes(participant))
      continue;
    if (needle !== undefined && !matches(e, cues, needle)) continue;
    out.push(toMemoryView(record, e, now));
  }
  const more = out.length > limit;
  const memories = more ? out.slice(0, limit) : out;
  return { memories, cursor: more ? encodeCursor(memories[memories.length - 1]!.id) : null };
}

function matches(episode: MemoryEpisode, cues: readonly string[], needle: string): boolean {
  if (episode.text === null) return false;
  if (cues.some((c) => episode.cues.includes(c))) return true;
  return episode.text.toLowerCase().includes(needle);
}

/** A session's memory settings (the defaults when it never changed them). */
export function memorySettingsOf(record: SessionRecord): MemorySettings {
  return (record.memory ?? emptyMemory).settings;
}
