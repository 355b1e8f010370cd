import type { ProactiveReason, ReasonEpisode } from './reason.js';
import type { TriggerHit } from './triggers.js';

/** The data of a reason (everything but its text) from the trigger that fired. */
export function reasonData(
  hit: TriggerHit,
  sinceSeconds: number,
  episode: ReasonEpisode | null,
): Omit<ProactiveReason, 'text'> {
  const m = hit.metadata;
  const num = (key: string) => (typeof m[key] === 'number' ? Math.round(m[key] * 1000) / 1000 : undefined);
  const since = Math.max(0, Math.round(sinceSeconds));
  const data: Omit<ProactiveReason, 'text'> = {
    trigger:
      hit.type === 'attachment_seeking' ? 'absence' : hit.type === 'need_deficit' ? 'need' : 'intensity',
    since_last_talk_seconds: since,
  };
  if (hit.type === 'emotional_overflow' && m.trigger === 'crisis') data.trigger = 'crisis';
  const value =
    hit.type === 'attachment_seeking'
      ? num('urge')
      : hit.type === 'need_deficit'
        ? num('deficit')
        : num('intensity');
  const threshold = hit.type === 'emotional_overflow' ? num('coping_threshold') : num('threshold');
  if (hit.need) data.need = hit.need;
  if (value !== undefined) data.value = value;
  if (threshold !== undefined) data.threshold = threshold;
  if (episode) data.episode = episode;
  return data;
}
