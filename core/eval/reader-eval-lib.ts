/** Scoring helpers of the reader evaluations. */

/** Accuracy and macro-F1 of single predictions against gold label sets. */
export function score(
  classes: readonly string[],
  predictions: readonly string[],
  gold: readonly (readonly string[])[],
) {
  const tp = new Map<string, number>();
  const fp = new Map<string, number>();
  const fn = new Map<string, number>();
  const inc = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  let hits = 0;
  predictions.forEach((p, i) => {
    const g = gold[i]!;
    if (g.includes(p)) {
      hits++;
      inc(tp, p);
    } else inc(fp, p);
    for (const c of g) if (c !== p) inc(fn, c);
  });
  const f1 = classes.map((c) => {
    const t = tp.get(c) ?? 0;
    const denominator = 2 * t + (fp.get(c) ?? 0) + (fn.get(c) ?? 0);
    return denominator === 0 ? 0 : (2 * t) / denominator;
  });
  return { accuracy: hits / predictions.length, macroF1: f1.reduce((a, b) => a + b, 0) / classes.length, f1 };
}
