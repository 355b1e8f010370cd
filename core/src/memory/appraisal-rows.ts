import type { Appraisal } from '../appraisal/appraisal.js';
import { derivedFrom } from './cue-index.js';
import type { MemoryEpisode } from './episode.js';

/**
 * The appraisals of an episode list packed in rows of six numbers (goal relevance, goal congruence, expectedness,
 * controllability, agency, norm compatibility), for the influence's pass over every episode: one contiguous array
 * instead of a thousand objects. Made once per list and kept in a weak map; a list made from another
 * (cue-index.ts, `noteDerived`) copies the rows of the episodes it shares with it and reads only the new ones.
 */

const rowsOf = new WeakMap<readonly MemoryEpisode[], Float64Array>();

/** Numbers per row. */
export const rowSize = 6;

function write(rows: Float64Array, at: number, episode: MemoryEpisode): void {
  const ap = episode.appraisal;
  const k = rowSize * at;
  rows[k] = ap.goal_relevance;
  rows[k + 1] = ap.goal_congruence;
  rows[k + 2] = ap.expectedness;
  rows[k + 3] = ap.controllability;
  rows[k + 4] = ap.agency;
  rows[k + 5] = ap.norm_compatibility;
}

/** The packed appraisals of `episodes`, row `i` for `episodes[i]`. */
export function appraisalRows(episodes: readonly MemoryEpisode[]): Float64Array {
  const known = rowsOf.get(episodes);
  if (known !== undefined) return known;
  const rows = new Float64Array(rowSize * episodes.length);
  const previous = derivedFrom(episodes);
  const before = previous === undefined ? undefined : rowsOf.get(previous);
  let j = 0;
  if (previous !== undefined && before !== undefined) {
    // Episodes kept in order (or rehearsed copies, which keep their appraisal) take their row from the list before,
    // copied a run of consecutive rows at a time.
    let run = 0;
    let runFrom = 0;
    for (let i = 0; i < previous.length && j < episodes.length; i++) {
      const next = episodes[j]!;
      const kept = next === previous[i] || next.appraisal === previous[i]!.appraisal;
      if (kept && run > 0 && runFrom + run === i) {
        run++;
      } else if (kept) {
        if (run > 0)
          rows.set(before.subarray(rowSize * runFrom, rowSize * (runFrom + run)), rowSize * (j - run));
        runFrom = i;
        run = 1;
      }
      if (kept) j++;
    }
    if (run > 0) rows.set(before.subarray(rowSize * runFrom, rowSize * (runFrom + run)), rowSize * (j - run));
  }
  for (; j < episodes.length; j++) write(rows, j, episodes[j]!);
  rowsOf.set(episodes, rows);
  return rows;
}

/**
 * How alike appraisal `x` is to the one packed at row `row` of `rows`, in [0, 1]: 1 − d/0.25 for d the
 * root-mean-square difference of the six dimensions, each over its range (2 for the signed ones); 0 from a quarter
 * of the range apart on average.
 */
export function appraisalSimilarity(x: Appraisal, rows: Float64Array, row: number): number {
  const k = rowSize * row;
  const r = x.goal_relevance - rows[k]!;
  const g = (x.goal_congruence - rows[k + 1]!) / 2;
  const e = x.expectedness - rows[k + 2]!;
  const c = x.controllability - rows[k + 3]!;
  const a = (x.agency - rows[k + 4]!) / 2;
  const n = (x.norm_compatibility - rows[k + 5]!) / 2;
  return Math.max(0, 1 - Math.sqrt((r * r + g * g + e * e + c * c + a * a + n * n) / 6) / 0.25);
}
