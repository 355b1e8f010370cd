import type { MemoryEpisode, MemoryState } from '../memory/episode.js';
import { forgetFloor, strengthAt } from '../memory/forgetting.js';
import type { NeedState } from '../prompt/prompt-input.js';

/** A remembered episode an action refers to: its id, what happened (its text) and when (engine-clock ms). */
export interface ReasonEpisode {
  id: string;
  summary: string;
  at: number;
}

/**
 * Why a proactive action arose, in words (`text`, in the character's language) and in data: the trigger
 * (`absence`, `need`, `intensity` or `crisis`), the figure that crossed its threshold (`value`: the attachment urge,
 * the need's deficit below its setpoint, or the felt intensity) and the threshold, the need concerned, the seconds
 * since the last talk, and the remembered episode it refers to when the character remembers one with the person.
 */
export interface ProactiveReason {
  text: string;
  trigger: 'absence' | 'need' | 'intensity' | 'crisis';
  need?: keyof NeedState;
  value?: number;
  threshold?: number;
  since_last_talk_seconds: number;
  episode?: ReasonEpisode;
}

/** How far back an episode may lie to be brought up: 30 days. */
export const episodeHorizonMs = 30 * 86_400_000;

/**
 * The remembered episode with the person that an action brings up: among the episodes that keep their text, involve
 * the person (in a group the participant, who spoke or was addressed; in a private session the default person's
 * turns) and are still remembered, within {@link episodeHorizonMs}, the one with the highest salience × strength
 * now: a moving moment, recent or rehearsed, as people bring up what mattered ("your exam on Thursday"). Null
 * without memories.
 */
export function pickEpisode(
  memory: MemoryState | undefined,
  participantId: string | null,
  now: number,
): ReasonEpisode | null {
  if (!memory) return null;
  let best: MemoryEpisode | null = null;
  let bestScore = 0;
  for (const episode of memory.episodes) {
    if (episode.text === null || now - episode.at > episodeHorizonMs || episode.at > now) continue;
    const involved =
      participantId === null
        ? episode.speaker === null
        : episode.speaker === participantId || episode.participants.includes(participantId);
    if (!involved) continue;
    const strength = strengthAt(episode, now);
    if (strength < forgetFloor) continue;
    const score = episode.salience * strength;
    if (score > bestScore) {
      best = episode;
      bestScore = score;
    }
  }
  return best && best.text !== null ? { id: best.id, summary: best.text, at: best.at } : null;
}
