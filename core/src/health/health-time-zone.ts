import { policyTimeZone } from '../proactive/outreach.js';
import type { SessionRecord } from '../store/session-store.js';

/**
 * The IANA time zone the relationship signals read local hours in, for a session and (in groups) a participant: the
 * zone of the proactive policy (docs/proactive.md), the participant's own when they set one, else the session's
 * (`UTC` unless set). The one place that decides it: the turn step and the relationship view both call it.
 */
export function healthTimeZone(record: SessionRecord, participantId?: string | null): string {
  return policyTimeZone(record, participantId ?? undefined);
}
