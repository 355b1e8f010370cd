/** Lower case without `_` and `-`: `elapsed_seconds`, `elapsedSeconds` and `Elapsed-Seconds` compare equal. */
function normalize(name: string): string {
  return name.toLowerCase().replace(/[_-]/g, '');
}

/** Levenshtein distance, stopping early once it exceeds `limit`. */
function distance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      current.push(value);
      if (value < best) best = value;
    }
    if (best > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length] as number;
}

/**
 * The known name that an unknown one most likely meant, for "did you mean" hints: the same name in another
 * spelling (`elapsed_seconds` for `elapsedSeconds`, either way round), else the single closest name within an edit
 * distance of 1 (names of up to 5 characters) or 2 (longer). Undefined when nothing is close or two are equally so.
 * @example suggestName('mesage', ['message', 'event']) // 'message'
 */
export function suggestName(name: string, known: readonly string[]): string | undefined {
  if (name.length === 0 || name.length > 64) return undefined;
  const wanted = normalize(name);
  const same = known.filter((k) => normalize(k) === wanted);
  if (same.length === 1) return same[0];
  const limit = wanted.length <= 5 ? 1 : 2;
  let best: string | undefined;
  let bestDistance = limit + 1;
  let tie = false;
  for (const candidate of known) {
    const d = distance(wanted, normalize(candidate), limit);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
      tie = false;
    } else if (d === bestDistance) {
      tie = true;
    }
  }
  return best !== undefined && !tie ? best : undefined;
}
