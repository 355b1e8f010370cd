import type { OverrideInput } from '@limbic/protocol';
import { routes } from '@limbic/protocol';
import type { OverrideAnswer, TickAnswer } from '@limbic/protocol/shapes';
import { type CallOptions, type HttpConfig, send } from './http.js';
import { at } from './route-call.js';

/** The client's operator controls of a session (docs/time-control.md): part of every {@link LimbicClient}. */
export interface ControlMethods {
  /**
   * `POST /v1/persona/:id/tick`: advances the session's own time by `seconds` (at most 30 days): decay, needs,
   * relationship drift, forgetting and the due proactive check happen as if that time had passed. Answers the state
   * after it and the actions the check raised.
   * @example
   * const { state, actions } = await limbic.tick(sessionId, 3 * 86_400);
   */
  tick(sessionId: string, seconds: number, options?: CallOptions): Promise<TickAnswer>;
  /**
   * `POST /v1/persona/:id/override`: sets emotion, mood, body budget or a relationship value (a story beat),
   * logged with your key id and the engine time; the next turn's explanation names its part (`override`).
   * @example
   * await limbic.overrideState(sessionId, { emotion: { V: -0.7, A: 0.8 }, note: 'the storm hits' });
   */
  overrideState(sessionId: string, values: OverrideInput, options?: CallOptions): Promise<OverrideAnswer>;
}

/** The control methods of a client on `config`. */
export function controlMethods(config: HttpConfig): ControlMethods {
  return {
    tick: async (id, seconds, call) =>
      send(config, { ...at(routes.tickSession, { id }), body: { seconds }, call }),
    overrideState: async (id, values, call) =>
      send(config, { ...at(routes.overrideState, { id }), body: values, call }),
  };
}
