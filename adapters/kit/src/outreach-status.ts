import type { OutreachHoldReason, OutreachOutlook, OutreachView, PromptLocale } from '@limbic/core';
import { outreachPhrases } from './outreach-phrases.js';

/** What `/limbic status` says about writing first: durations in engine ms from now, and the engine clock's speed. */
export interface OutreachFacts {
  /** Engine ms until the character next considers writing first, or null: not without a change. */
  nextInMs: number | null;
  /** What holds it back now, each with engine ms until it lifts (null: until something changes). */
  holds: { reason: OutreachHoldReason; forMs: number | null }[];
  /** The drive that would move it next: `need` (belonging) or `attachment` (missing the person), or null. */
  drive: 'need' | 'attachment' | null;
  /** How many times faster than wall time the engine clock runs (1 unless a demo clock is on). */
  timeScale: number;
}

/** The status facts of an outlook (see the core's `outreachOutlook`). */
export function toOutreachFacts(outlook: OutreachOutlook, timeScale = 1): OutreachFacts {
  const { at, nextConsiderAt, attachment, need } = outlook;
  let drive: OutreachFacts['drive'] = null;
  if (nextConsiderAt !== null) {
    const a = attachment.dueAt ?? Number.POSITIVE_INFINITY;
    const n = need.dueAt ?? Number.POSITIVE_INFINITY;
    drive = a <= n ? 'attachment' : 'need';
    if (!Number.isFinite(Math.min(a, n))) drive = null;
  }
  return {
    nextInMs: nextConsiderAt === null ? null : Math.max(0, nextConsiderAt - at),
    holds: outlook.holds.map((h) => ({ reason: h.reason, forMs: h.until === null ? null : h.until - at })),
    drive,
    timeScale,
  };
}

/** A duration in English words: `45 min`, `3 h 20 min`, `2 d 4 h`, `12 s`. */
export function formatDuration(ms: number): string {
  return formatDurationIn(ms, 'en');
}

/** A duration in the character's language: `3 h 20 min` in English and Spanish, `3時間20分` in Japanese. */
export function formatDurationIn(ms: number, locale: PromptLocale): string {
  const { units } = outreachPhrases[locale];
  const { spaced } = units;
  const part = (n: number, unit: string) => (spaced ? `${n} ${unit}` : `${n}${unit}`);
  const join = (...parts: string[]) => parts.join(spaced ? ' ' : '');
  const s = Math.round(ms / 1000);
  if (s < 60) return part(s, units.s);
  const min = Math.round(s / 60);
  if (min < 60) return part(min, units.min);
  const h = Math.floor(min / 60);
  if (h < 48) return min % 60 === 0 ? part(h, units.h) : join(part(h, units.h), part(min % 60, units.min));
  const d = Math.floor(h / 24);
  return h % 24 === 0 ? part(d, units.d) : join(part(d, units.d), part(h % 24, units.h));
}

/**
 * The sentence of `/limbic status` about writing first, in the character's language (default English; see
 * {@link outreachPhrases}).
 */
export function outreachSentence(f: OutreachFacts, locale: PromptLocale = 'en'): string {
  const words = outreachPhrases[locale];
  // A duration on the engine clock, with the wall time it takes when the clock runs faster.
  const when = (ms: number) =>
    f.timeScale === 1
      ? formatDurationIn(ms, locale)
      : words.scaled(formatDurationIn(ms, locale), formatDurationIn(ms / f.timeScale, locale));
  const holds = f.holds.map((h) =>
    h.forMs === null ? words.holds[h.reason] : words.left(words.holds[h.reason], when(h.forMs)),
  );
  const next =
    f.nextInMs === null
      ? words.notNow
      : words.next(when(f.nextInMs), f.drive === 'attachment' ? 'attachment' : 'need');
  return words.sentence(next, holds);
}

const ms = (time: string | null) => (time === null ? null : Date.parse(time));

/** An outlook from its wire view (a gateway's session details' `outreach`) and the engine time it was read at. */
export function fromOutreachView(view: OutreachView, at: string): OutreachOutlook {
  const { attachment: a, need: n } = view;
  return {
    at: Date.parse(at),
    nextConsiderAt: ms(view.next_consider_at),
    holds: view.holds.map((h) => ({ reason: h.reason, until: ms(h.until) })),
    attachment: {
      urge: a.urge,
      threshold: a.threshold,
      bond: a.bond,
      onsetHours: a.onset_hours,
      dueAt: ms(a.due_at),
    },
    need: { need: n.need, deficit: n.deficit, threshold: n.threshold, dueAt: ms(n.due_at) },
  };
}
