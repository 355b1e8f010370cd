import { describe, expect, it } from 'vitest';
import { linearScale, ticks, timeDomain, toLinePath } from './chart-scale.js';
import { appendPoint, type TrajectoryPoint } from './trajectory.js';

const at = (seconds: number) => new Date(Date.UTC(2025, 0, 1, 0, 0, seconds)).toISOString();
const snapshot = (seconds: number, V = 0, A = 0.5, D = 0) => ({ at: at(seconds), emotion: { V, A, D } });

describe('linearScale', () => {
  it('maps the domain onto the range, inverted ranges included', () => {
    const y = linearScale([-1, 1], [200, 0]);
    expect(y(-1)).toBe(200);
    expect(y(0)).toBe(100);
    expect(y(1)).toBe(0);
  });

  it('maps a zero-width domain to the middle of the range', () => {
    expect(linearScale([5, 5], [0, 100])(5)).toBe(50);
  });
});

describe('timeDomain', () => {
  it('spans the first to the last point', () => {
    const points = [snapshot(0), snapshot(10)].reduce<readonly TrajectoryPoint[]>(
      (p, s) => appendPoint(p, s),
      [],
    );
    expect(timeDomain(points)).toEqual([Date.parse(at(0)), Date.parse(at(10))]);
  });

  it('centres a minute on a single point', () => {
    const t = Date.parse(at(30));
    expect(timeDomain([{ t, V: 0, A: 0, D: 0 }])).toEqual([t - 30_000, t + 30_000]);
  });
});

describe('toLinePath', () => {
  it('draws one segment per point, rounded to a tenth', () => {
    const points = [
      { t: 0, V: -1, A: 0, D: 0 },
      { t: 1, V: 1 / 3, A: 0, D: 0 },
    ];
    const path = toLinePath(points, 'V', linearScale([0, 1], [0, 100]), linearScale([-1, 1], [100, 0]));
    expect(path).toBe('M0,100 L100,33.3');
  });

  it('is empty without points', () => {
    expect(
      toLinePath(
        [],
        'A',
        (t) => t,
        (v) => v,
      ),
    ).toBe('');
  });
});

describe('ticks', () => {
  it('spaces ticks evenly, both ends included', () => {
    expect(ticks([-1, 1], 5)).toEqual([-1, -0.5, 0, 0.5, 1]);
  });
});

describe('appendPoint', () => {
  it('keeps the points in time order', () => {
    let points: readonly TrajectoryPoint[] = [];
    for (const s of [snapshot(2), snapshot(0), snapshot(1)]) points = appendPoint(points, s);
    expect(points.map((p) => p.t)).toEqual([0, 1, 2].map((s) => Date.parse(at(s))));
  });

  it('ignores a repeated snapshot, as a resubscription sends', () => {
    const points = appendPoint([], snapshot(1, 0.2));
    expect(appendPoint(points, snapshot(1, 0.2))).toBe(points);
    expect(appendPoint(points, snapshot(1, 0.3))).toHaveLength(2);
  });

  it('drops the oldest points past the cap', () => {
    let points: readonly TrajectoryPoint[] = [];
    for (let s = 0; s < 10; s++) points = appendPoint(points, snapshot(s), 4);
    expect(points.map((p) => p.t)).toEqual([6, 7, 8, 9].map((s) => Date.parse(at(s))));
  });

  it('ignores a snapshot whose time cannot be read', () => {
    expect(appendPoint([], { at: 'never', emotion: { V: 0, A: 0, D: 0 } })).toEqual([]);
  });
});
