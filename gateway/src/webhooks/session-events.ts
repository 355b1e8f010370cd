import type { SessionService, TurnResult } from '@limbic/core';
import { toRestAction } from '@limbic/protocol';
import type { WebhookEvent } from './messages.js';

/** Soul-stage levels in which the character is in crisis (core/src/proactive/triggers.ts: 7 to 9). */
const crisisLevels = { from: 7, to: 9 } as const;

/**
 * Whether a turn overflowed, by the rule the engine's emotional_overflow trigger uses (core/src/proactive/
 * triggers.ts), applied to the turn result's values: the felt intensity reached the coping threshold lowered by
 * stress, θ = max(0.05, coping_threshold − 0.2·stress), or the soul stage's level is 7-9 (crisis).
 */
export function overflowOf(
  result: TurnResult,
  copingThreshold: number,
): { trigger: 'intensity' | 'crisis'; threshold: number } | null {
  const threshold = Math.max(0.05, copingThreshold - 0.2 * result.body_budget.stress);
  const level = result.soul_stage.level;
  if (level >= crisisLevels.from && level <= crisisLevels.to) return { trigger: 'crisis', threshold };
  if (result.emotion_intensity >= threshold) return { trigger: 'intensity', threshold };
  return null;
}

/** Something that sends an event to the endpoints of an owner that receive it. */
export type Publish = (owner: string, event: WebhookEvent) => Promise<void>;

/** Options of {@link watchSessionEvents}. */
export interface SessionEventsOptions {
  service: SessionService;
  publish: Publish;
  /** Whether `owner` has an enabled endpoint for `type` (saves reading the session for unwanted events). */
  wants: (owner: string, type: string) => Promise<boolean>;
  /** Told when an event could not be made (the session could not be read). */
  onError: (err: unknown) => void;
}

/**
 * Turns this process's own session events into webhook events (never those seen from another process through the
 * store's watch, which that process sends): `proactive.action`, `session.stage_transition`,
 * `session.emotional_overflow`, `relationship.signal` and `session.deleted`. Returns the function that stops listening.
 */
export function watchSessionEvents({ service, publish, wants, onError }: SessionEventsOptions): () => void {
  const offs = [
    service.on('proactive', ({ owner, sessionId, action, remote }) => {
      if (remote) return;
      void publish(owner, {
        type: 'proactive.action',
        key: `${sessionId}/${action.id}`,
        data: { session_id: sessionId, action: toRestAction(action) },
      });
    }),
    service.on('turn', ({ owner, sessionId, result, version }) => {
      const key = `${sessionId}/${version}`;
      if (result.stage_transition) {
        void publish(owner, {
          type: 'session.stage_transition',
          key,
          data: {
            session_id: sessionId,
            version,
            transition: result.stage_transition,
            soul_stage: result.soul_stage,
          },
        });
      }
      overflowEvent(owner, sessionId, result, version).catch(onError);
    }),
    // Emitted only by the process that wrote the turn, once per start (its `since` tells starts apart).
    service.on('signal', ({ owner, sessionId, participant, signal }) => {
      void publish(owner, {
        type: 'relationship.signal',
        key: `${sessionId}/${participant?.id ?? ''}/${signal.id}/${signal.since ?? ''}`,
        data: { session_id: sessionId, participant, signal },
      });
    }),
    service.on('deleted', ({ owner, sessionId, remote }) => {
      if (remote) return;
      void publish(owner, { type: 'session.deleted', key: sessionId, data: { session_id: sessionId } });
    }),
  ];

  async function overflowEvent(owner: string, sessionId: string, result: TurnResult, version: number) {
    const type = 'session.emotional_overflow';
    if (!(await wants(owner, type))) return;
    const { config } = await service.getSession(owner, sessionId);
    const overflow = overflowOf(result, config.coping_threshold);
    if (!overflow) return;
    await publish(owner, {
      type,
      key: `${sessionId}/${version}`,
      data: {
        session_id: sessionId,
        version,
        trigger: overflow.trigger,
        emotion: result.discrete_emotion,
        intensity: result.emotion_intensity,
        threshold: overflow.threshold,
        stress: result.body_budget.stress,
        stage_level: result.soul_stage.level,
      },
    });
  }

  return () => {
    for (const off of offs) off();
  };
}
