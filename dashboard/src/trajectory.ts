import type { Vad } from './types.js';

/** One point of the VAD trajectory: the snapshot's time (ms since the epoch) and its emotion. */
export interface TrajectoryPoint extends Vad {
  t: number;
}

/** How many points the chart keeps: enough for a long conversation, small enough to redraw at once. */
export const trajectoryCap = 200;

/**
 * Adds a snapshot's emotion to a trajectory, kept in time order and at most `cap` points long (the oldest go).
 * A snapshot equal to the one at the same time (a resubscription's "state now") leaves it unchanged.
 */
export function appendPoint(
  points: readonly TrajectoryPoint[],
  snapshot: { at: string; emotion: Vad },
  cap = trajectoryCap,
): readonly TrajectoryPoint[] {
  const t = Date.parse(snapshot.at);
  if (Number.isNaN(t)) return points;
  const point: TrajectoryPoint = { t, V: snapshot.emotion.V, A: snapshot.emotion.A, D: snapshot.emotion.D };
  let index = points.length;
  while (index > 0 && (points[index - 1]?.t ?? 0) > t) index--;
  const previous = points[index - 1];
  if (
    previous &&
    previous.t === t &&
    previous.V === point.V &&
    previous.A === point.A &&
    previous.D === point.D
  )
    return points;
  const next = [...points.slice(0, index), point, ...points.slice(index)];
  return next.length > cap ? next.slice(next.length - cap) : next;
}
