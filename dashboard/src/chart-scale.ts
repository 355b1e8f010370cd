import type { TrajectoryPoint } from './trajectory.js';

/** A linear map from a domain onto a range; a zero-width domain maps everything to the range's middle. */
export function linearScale(domain: readonly [number, number], range: readonly [number, number]) {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  return (value: number): number => (d1 === d0 ? (r0 + r1) / 2 : r0 + ((value - d0) / (d1 - d0)) * (r1 - r0));
}

/** The time span a chart shows: the points' first to last time, or one minute around a single point. */
export function timeDomain(points: readonly TrajectoryPoint[]): [number, number] {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return [0, 1];
  if (first.t === last.t) return [first.t - 30_000, first.t + 30_000];
  return [first.t, last.t];
}

/** The SVG path of one axis (V, A or D) through the points, rounded to a tenth of a unit. */
export function toLinePath(
  points: readonly TrajectoryPoint[],
  axis: 'V' | 'A' | 'D',
  x: (t: number) => number,
  y: (value: number) => number,
): string {
  const round = (n: number) => Math.round(n * 10) / 10;
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${round(x(p.t))},${round(y(p[axis]))}`).join(' ');
}

/** `count` evenly spaced ticks from the domain's start to its end, both included. */
export function ticks(domain: readonly [number, number], count: number): number[] {
  if (count < 2) return [domain[0]];
  const step = (domain[1] - domain[0]) / (count - 1);
  return Array.from({ length: count }, (_, i) => domain[0] + i * step);
}
