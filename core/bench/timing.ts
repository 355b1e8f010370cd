/** Timing helpers of the core benchmarks: operations per second over a time budget, alternating rounds, medians. */

/** The median of a list of measurements (the upper one of the middle two). */
export function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
}

/** Runs `op(n)` (n counts from 0) in batches of `batch` until `ms` have passed; returns operations per second. */
export function rateOf(ms: number, batch: number, op: (n: number) => void): number {
  let n = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    for (let k = 0; k < batch; k++, n++) op(n);
    now = performance.now();
  }
  return (n * 1000) / (now - start);
}

/** {@link rateOf} for an asynchronous operation, awaited one at a time. */
export async function asyncRateOf(
  ms: number,
  batch: number,
  op: (n: number) => Promise<void>,
): Promise<number> {
  let n = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    for (let k = 0; k < batch; k++, n++) await op(n);
    now = performance.now();
  }
  return (n * 1000) / (now - start);
}

/**
 * Measures `a` and `b` in `rounds` alternating rounds (a first in even rounds, b first in odd ones), after one
 * warm-up of each, so that machine noise hits both alike.
 */
export async function alternate(
  rounds: number,
  a: () => number | Promise<number>,
  b: () => number | Promise<number>,
): Promise<{ a: number[]; b: number[] }> {
  await a();
  await b();
  const out = { a: [] as number[], b: [] as number[] };
  for (let i = 0; i < rounds; i++) {
    const first = i % 2 === 0 ? await a() : 0;
    const other = await b();
    out.a.push(i % 2 === 1 ? await a() : first);
    out.b.push(other);
  }
  return out;
}
