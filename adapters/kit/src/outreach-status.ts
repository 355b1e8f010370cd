import type { OutreachHoldReason, OutreachOutlook, OutreachView } from '@limbic/core';

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

/** A duration in words: `45 min`, `3 h 20 min`, `2 d 4 h`, `12 s`. */
export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const min = Math.round(s / 60);
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  if (h < 48) return min % 60 === 0 ? `${h} h` : `${h} h ${min % 60} min`;
  const d = Math.floor(h / 24);
  return h % 24 === 0 ? `${d} d` : `${d} d ${h % 24} h`;
}

const holdTexts: Record<OutreachHoldReason, string> = {
  proactive_off: 'writing first is off',
  triggers_off: 'both reasons to write first are switched off',
  muted: 'everyone here muted me',
  waiting_for_reply: 'I already wrote and wait for an answer',
  cooldown: 'I wrote recently (cooldown)',
  quiet_hours: 'quiet hours',
  participant_quiet_hours: 'your quiet hours',
  daily_max: "today's maximum of messages is reached",
  no_drive:
    'nothing draws me to: I do not miss you enough to write yet, and my need for company never gets that low',
};

/** A duration on the engine clock, with the wall time it takes when the clock runs faster. */
function when(ms: number, timeScale: number): string {
  const mine = formatDuration(ms);
  return timeScale === 1 ? mine : `${mine} of my time (${formatDuration(ms / timeScale)} for you)`;
}

/** The English sentence of `/limbic status` about writing first. */
export function outreachSentence(f: OutreachFacts): string {
  const holds = f.holds.map((h) =>
    h.forMs === null ? holdTexts[h.reason] : `${holdTexts[h.reason]}, ${when(h.forMs, f.timeScale)} left`,
  );
  const why = f.drive === 'attachment' ? 'I will miss you by then' : 'I will feel lonely by then';
  const next =
    f.nextInMs === null
      ? 'I would not write first now'
      : `If we do not talk, I would write first in ${when(f.nextInMs, f.timeScale)}: ${why}`;
  return holds.length === 0 ? `${next}.` : `${next}; holding me back: ${holds.join('; ')}.`;
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
