import { formatDateTime, labelize } from './format.js';

/**
 * A session's outreach outlook as GraphQL gives it (`session(id) { outreach }`, docs/proactive.md, "Why it has not
 * written"): times are ISO 8601 engine-clock strings.
 */
export interface OutreachOutlook {
  next_consider_at: string | null;
  holds: { reason: string; until: string | null }[];
  attachment: { urge: number; threshold: number; bond: number; onset_hours: number; due_at: string | null };
  need: { need: string; deficit: number; threshold: number; due_at: string | null };
}

/** The outlook in words for the session view. */
export interface OutreachSummary {
  /** When the character next considers reaching out, or that it will not without a change. */
  next: string;
  /** What would move it then (the drive due first), or null when nothing is due. */
  drive: string | null;
  /** What holds it back now, in the order the gates apply, each with until when. */
  holds: { reason: string; text: string; until: string }[];
}

/** The hold reasons this dashboard knows (GraphQL `OutreachHoldReason`; a test keeps them equal to the schema's). */
export type OutreachHoldReason =
  | 'proactive_off'
  | 'triggers_off'
  | 'muted'
  | 'waiting_for_reply'
  | 'cooldown'
  | 'quiet_hours'
  | 'participant_quiet_hours'
  | 'daily_max'
  | 'no_drive';

/** Each hold reason in words, for an operator. */
export const holdTexts: Record<OutreachHoldReason, string> = {
  proactive_off: 'Reaching out is off for this session',
  triggers_off: 'Both reasons to reach out (attachment and need deficit) are switched off',
  muted: 'Everyone here has muted it',
  waiting_for_reply: 'It already reached out and waits for a reply',
  cooldown: 'Cooldown after its last message',
  quiet_hours: 'Quiet hours',
  participant_quiet_hours: 'The person’s quiet hours',
  daily_max: 'Today’s maximum of messages is reached',
  no_drive:
    'Nothing draws it: its bond is too weak to miss them enough, and its need for company never falls that low',
};

/** A span of engine time in words: `45 s`, `12 min`, `3 h 20 min`, `2 d 4 h`. */
export function formatSpan(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const min = Math.round(s / 60);
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  if (h < 48) return min % 60 === 0 ? `${h} h` : `${h} h ${min % 60} min`;
  const d = Math.floor(h / 24);
  return h % 24 === 0 ? `${d} d` : `${d} d ${h % 24} h`;
}

/** A future engine time from `at`: "in 3 h 20 min (Jan 5, 2026, 14:00)". */
function inTime(iso: string, at: number): string {
  return `in ${formatSpan(Date.parse(iso) - at)} (${formatDateTime(iso)})`;
}

/** The drive that fires first, as the scheduler would meet it. */
function driveOf(outlook: OutreachOutlook): string | null {
  const { attachment: a, need: n } = outlook;
  const attachmentAt = a.due_at === null ? Number.POSITIVE_INFINITY : Date.parse(a.due_at);
  const needAt = n.due_at === null ? Number.POSITIVE_INFINITY : Date.parse(n.due_at);
  if (!Number.isFinite(Math.min(attachmentAt, needAt))) return null;
  return attachmentAt <= needAt
    ? `It will miss them: the attachment urge reaches ${a.threshold} (bond ${a.bond})`
    : `Its ${n.need} need will be low: the deficit reaches ${n.threshold}`;
}

/**
 * The outlook in words, its times counted from `at` (the engine time it was read at: the session's `state.at`, the
 * same instant, so a demo or manual engine clock reads right).
 */
export function describeOutreach(outlook: OutreachOutlook, at: string): OutreachSummary {
  const now = Date.parse(at);
  return {
    next:
      outlook.next_consider_at === null
        ? 'It would not consider reaching out without a change (a message or a setting).'
        : `It would next consider reaching out ${inTime(outlook.next_consider_at, now)}.`,
    drive: outlook.next_consider_at === null ? null : driveOf(outlook),
    holds: outlook.holds.map((hold) => ({
      reason: hold.reason,
      // A reason from a newer gateway shows as its name.
      text: (holdTexts as Record<string, string | undefined>)[hold.reason] ?? labelize(hold.reason),
      until: hold.until === null ? 'until something changes' : `lifts ${inTime(hold.until, now)}`,
    })),
  };
}
