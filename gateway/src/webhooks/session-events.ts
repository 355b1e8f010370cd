import { overflowOf as engineOverflowOf, type SessionService, type TurnResult } from '@limbic/core';
import { toRestAction } from '@limbic/protocol';
import type { WebhookEvent } from './messages.js';

/**
 * Whether a turn overflowed: the engine's rule ({@link engineOverflowOf}, core/src/proactive/triggers.ts) applied to
 * the turn result's intensity, stress and soul-stage level.
 */
export function overflowOf(
  result: TurnResult,
  copingThreshold: number,
): { trigger: 'intensity' | 'crisis'; threshold: number } | null {
  return engineOverflowOf(
    result.emotion_intensity,
    result.body_budget.stress,
    result.soul_stage.level,
    copingThreshold,
  );
}

/** Something that sends an event to the endpoints of an owner that receive it. */
export type Publish = (owner: string, event: WebhookEvent) => Promise<void>;

/** Options of {@link watchSessionEvents}. */
export interface SessionEventsOptions {
  service: SessionService;
  publish: Publish;
  /** Whether `owner` has an enabled endpoint for `type` (saves making unwanted events). */
  wants: (owner: string, type: string) => Promise<boolean>;
  /** Told when an event could not be made (the endpoints could not be read). */
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
    service.on('turn', ({ owner, sessionId, result, version, copingThreshold }) => {
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
      overflowEvent(owner, sessionId, result, version, copingThreshold).catch(onError);
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

  async function overflowEvent(
    owner: string,
    sessionId: string,
    result: TurnResult,
    version: number,
    copingThreshold: number,
  ) {
    const overflow = overflowOf(result, copingThreshold);
    if (!overflow) return;
    const type = 'session.emotional_overflow';
    if (!(await wants(owner, type))) return;
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
