import type { SessionRecord } from '../store/session-store.js';

/**
 * The IANA time zone the relationship signals read local hours in, for a session and (in groups) a participant.
 * It follows the time zone of the session's proactive policy (its quiet hours); until that policy carries one, every
 * session reads as `UTC`. The one place that decides it: the turn step and the relationship view both call it.
 */
export function healthTimeZone(_record: SessionRecord, _participantId?: string | null): string {
  return 'UTC';
}
