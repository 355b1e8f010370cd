import type { EngineState } from '../engine/engine-state.js';
import { LruMap } from '../util/lru-map.js';
import { type Addressee, findParticipant, type ParticipantRef, participantsOf } from './participants.js';

/** Whom a turn was aimed at once resolved: an explicit `to`, or what the text and the room say. */
export interface ResolvedAddress {
  to: 'character' | 'everyone' | ParticipantRef;
  /** The text names the character. */
  named: boolean;
}

/** How long after their last turn someone counts as present for "is anyone else here?" (1 hour). */
export const presenceWindowMs = 60 * 60 * 1000;

const patterns = new LruMap<string, RegExp | null>(1000);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The pattern that finds `name` as a word: bounded by non-letters in scripts that separate words, anywhere in those
 * that do not (Japanese, Chinese, Thai). Null for names of fewer than two characters, which match too much.
 */
function namePattern(name: string): RegExp | null {
  const cached = patterns.get(name);
  if (cached !== undefined) return cached;
  const trimmed = name.trim();
  let pattern: RegExp | null = null;
  if (trimmed.length >= 2) {
    const unbounded = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u.test(trimmed);
    pattern = unbounded
      ? new RegExp(escapeRegExp(trimmed), 'iu')
      : new RegExp(`(?<![\\p{L}\\p{N}_])@?${escapeRegExp(trimmed)}(?![\\p{L}\\p{N}_])`, 'iu');
  }
  patterns.set(name, pattern);
  return pattern;
}

/** True when `text` names `name` as a word (case-insensitive; `@name` counts). */
export function names(text: string, name: string): boolean {
  const pattern = namePattern(name);
  return pattern?.test(text) ?? false;
}

/** The participant (other than the speaker) whose name opens the text as a vocative: "Alice, ...", "@alice ...". */
function vocative(state: EngineState, text: string, speaker: string | null): ParticipantRef | undefined {
  const head = text.trimStart().slice(0, 140).toLowerCase();
  for (const p of participantsOf(state)) {
    if (p.id === speaker || p.name === null || p.name.length < 2) continue;
    const name = p.name.toLowerCase();
    const at = head.startsWith(`@${name}`) ? name.length + 1 : head.startsWith(name) ? name.length : -1;
    if (at < 0) continue;
    const next = head.charAt(at);
    if (next === '' || next === ',' || next === ':' || next === '!' || next === ' ' || next === '?') {
      return { id: p.id, name: p.name };
    }
  }
  return undefined;
}

/** True when someone other than the speaker took part in the last hour. */
function othersPresent(state: EngineState, speaker: string | null, now: number): boolean {
  for (const p of participantsOf(state)) {
    if (p.id !== speaker && now - p.lastSeenAt <= presenceWindowMs) return true;
  }
  return false;
}

/**
 * Resolves whom a turn was aimed at. An explicit `to` wins (a participant equal to the speaker means everyone; a
 * known participant's name is filled in). Without one: a turn without `from` is for the character (the one-person
 * case); otherwise the character when the text names it or nobody else is present, a participant whose name opens
 * the text ("Alice, ..."), else everyone.
 */
export function resolveAddress(
  state: EngineState,
  input: { from?: ParticipantRef | undefined; to?: Addressee | undefined; text: string | null },
  characterName: string,
  now: number,
): ResolvedAddress {
  const text = input.text ?? '';
  const named = text.length > 0 && names(text, characterName);
  const speaker = input.from?.id ?? null;
  const to = input.to;
  if (to !== undefined) {
    if (typeof to === 'string') return { to, named };
    if (to.id === speaker) return { to: 'everyone', named };
    const known = to.name === undefined ? findParticipant(state, to.id) : undefined;
    return { to: known?.name ? { id: to.id, name: known.name } : to, named };
  }
  if (speaker === null || named) return { to: 'character', named };
  const other = text.length > 0 ? vocative(state, text, speaker) : undefined;
  if (other) return { to: other, named };
  return { to: othersPresent(state, speaker, now) ? 'everyone' : 'character', named };
}
