/**
 * The figures of the gateway benchmark: two servers loaded in the same time window, their throughput, CPU per
 * operation and p99 latency, and the table of rounds with the medians of the Limbic/bare ratios.
 */
import type { LoadResult } from './load.js';
import { cpuTicks, type Server } from './servers.js';

/** One server's figures in one round. */
export interface Measure {
  rate: number;
  p99: number;
  usPerOp: number;
  errors: number;
}

/** The `p` quantile (0-1) of a list of figures, NaN when empty. */
export function percentile(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
}

/** The median of a list of figures. */
export function median(xs: number[]): number {
  return percentile(xs, 0.5);
}

/** Loads two servers at once and measures both over the same window. */
export async function concurrent(
  a: Server,
  b: Server,
  runA: () => Promise<LoadResult>,
  runB: () => Promise<LoadResult>,
): Promise<[Measure, Measure]> {
  const t0 = performance.now();
  const ca = cpuTicks(a.proc.pid!);
  const cb = cpuTicks(b.proc.pid!);
  const [ra, rb] = await Promise.all([runA(), runB()]);
  const secs = (performance.now() - t0) / 1000;
  const ticksA = cpuTicks(a.proc.pid!) - ca;
  const ticksB = cpuTicks(b.proc.pid!) - cb;
  const m = (r: LoadResult, ticks: number): Measure => ({
    rate: r.ok / secs,
    p99: percentile(r.latencies, 0.99),
    usPerOp: (ticks * 10_000) / Math.max(1, r.ok),
    errors: r.errors,
  });
  return [m(ra, ticksA), m(rb, ticksB)];
}

/** Prints the rounds of an A/B comparison (bare/Limbic unless `labels` say otherwise) and the medians of their ratios. */
export function report(
  title: string,
  results: [Measure, Measure][],
  targets: string,
  [labelA, labelB]: [string, string] = ['bare', 'limbic'],
): void {
  const ratio = results.map(([a, b]) => b.rate / a.rate);
  const cpu = results.map(([a, b]) => a.usPerOp / b.usPerOp);
  const p99 = results.map(([a, b]) => b.p99 / a.p99);
  const f = (x: number, d = 1) => x.toFixed(d);
  console.log(`\n${title}`);
  console.log(
    `round   ${`${labelA}/s`.padStart(7)}  ${`${labelB}/s`.padStart(9)}   ${`${labelA} µs/op`.padStart(9)}   ${`${labelB} µs/op`.padStart(11)}   ${`${labelA} p99 ms`.padStart(10)}   ${`${labelB} p99 ms`.padStart(12)}  errors`,
  );
  for (const [i, [a, b]] of results.entries()) {
    console.log(
      `${String(i + 1).padEnd(6)}  ${f(a.rate, 0).padStart(7)}  ${f(b.rate, 0).padStart(9)}   ${f(a.usPerOp).padStart(9)}   ${f(b.usPerOp).padStart(11)}   ${f(a.p99, 2).padStart(10)}   ${f(b.p99, 2).padStart(12)}  ${a.errors + b.errors}`,
    );
  }
  console.log(
    `median: throughput ${labelB}/${labelA} ${f(median(ratio) * 100)} %, CPU per op ${labelA}/${labelB} ${f(median(cpu) * 100)} %, p99 ${labelB}/${labelA} ${f(median(p99), 2)}×   (${targets})`,
  );
}
