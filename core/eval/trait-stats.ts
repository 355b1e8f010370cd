/**
 * The statistics of `npm run eval:traits` (core/eval/trait-effects.ts): Pearson's r with its Fisher-z interval, the
 * same within groups (a partial correlation controlling for the group), and the standardized slope with the groups
 * as fixed effects.
 */

/** An effect with its 95% confidence interval and the number of cases. */
export interface Effect {
  value: number;
  low: number;
  high: number;
  n: number;
}

const z95 = 1.959964;

function mean(x: readonly number[]): number {
  let s = 0;
  for (const v of x) s += v;
  return s / x.length;
}

function pearson(x: readonly number[], y: readonly number[]): number {
  const mx = mean(x);
  const my = mean(y);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < x.length; i++) {
    const dx = x[i]! - mx;
    const dy = y[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxy / Math.sqrt(sxx * syy);
}

/** r with the Fisher-z interval, `controls` being the number of variables partialled out (Fisher 1924). */
function withInterval(r: number, n: number, controls: number): Effect {
  const z = Math.atanh(r);
  const se = 1 / Math.sqrt(n - 3 - controls);
  return { value: r, low: Math.tanh(z - z95 * se), high: Math.tanh(z + z95 * se), n };
}

/** Pearson's r of two variables. */
export function correlation(x: readonly number[], y: readonly number[]): Effect {
  return withInterval(pearson(x, y), x.length, 0);
}

/** Each value minus the mean of its group. */
function centredWithin(x: readonly number[], group: readonly string[]): number[] {
  const sums = new Map<string, [number, number]>();
  x.forEach((v, i) => {
    const s = sums.get(group[i]!) ?? [0, 0];
    s[0] += v;
    s[1]++;
    sums.set(group[i]!, s);
  });
  return x.map((v, i) => {
    const [sum, count] = sums.get(group[i]!)!;
    return v - sum / count;
  });
}

/** The correlation within groups: the partial r of x and y controlling for group membership. */
export function correlationWithin(
  x: readonly number[],
  y: readonly number[],
  group: readonly string[],
): Effect {
  const groups = new Set(group).size;
  return withInterval(pearson(centredWithin(x, group), centredWithin(y, group)), x.length, groups - 1);
}

/**
 * The standardized slope of y on x with the groups as fixed effects (y and x in units of their overall standard
 * deviations), with its OLS interval.
 */
export function slopeWithin(x: readonly number[], y: readonly number[], group: readonly string[]): Effect {
  const sd = (v: readonly number[]) => {
    const m = mean(v);
    return Math.sqrt(v.reduce((s, a) => s + (a - m) ** 2, 0) / (v.length - 1));
  };
  const xw = centredWithin(x, group);
  const yw = centredWithin(y, group);
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < xw.length; i++) {
    sxy += xw[i]! * yw[i]!;
    sxx += xw[i]! * xw[i]!;
  }
  const b = sxy / sxx;
  let sse = 0;
  for (let i = 0; i < xw.length; i++) sse += (yw[i]! - b * xw[i]!) ** 2;
  const df = x.length - new Set(group).size - 1;
  const se = Math.sqrt(sse / df / sxx);
  const scale = sd(x) / sd(y);
  return { value: b * scale, low: (b - z95 * se) * scale, high: (b + z95 * se) * scale, n: x.length };
}

/** An effect as `+0.05 [+0.02, +0.08]`. */
export function formatEffect(e: Effect): string {
  const f = (v: number) => `${v >= 0 ? '+' : '−'}${Math.abs(v).toFixed(2)}`;
  return `${f(e.value)} [${f(e.low)}, ${f(e.high)}]`;
}
