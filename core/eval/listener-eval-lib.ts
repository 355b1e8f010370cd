/**
 * The measures of `npm run eval:reader` on a fresh character hearing one message (docs/reader.md, "Measures"):
 * what it feels after a text turn through the reader appraiser, from a fresh state with every trait at 0.5.
 */
import { appraiseWithReader } from '../src/appraisal/reader-appraiser.js';
import { emotionGroupOf } from '../src/appraisal/reading-appraisal.js';
import { applyAppraisal } from '../src/engine/apply-turn.js';
import { createInitialState } from '../src/engine/engine-state.js';
import type { EmotionLabel } from '../src/labels/emotion-label.js';
import { deriveEngineParams } from '../src/persona/engine-params.js';
import { resolvePersona } from '../src/persona/resolve-persona.js';
import type { ReaderCategory } from '../src/reader/categories.js';
import { groupOfCategory, readerCategories, readerGroups } from '../src/reader/categories.js';
import type { Reader } from '../src/reader/reading.js';
import type { BankRow, CrowdRow } from '../train/event-data.js';
import type { Row } from '../train/reader-data.js';
import { fairFamilies } from './families.js';
import type { LifeEvent } from './life-events.js';
import { score } from './reader-eval-lib.js';

const personality = { O: 0.5, C: 0.5, E: 0.5, A: 0.5, N: 0.5, H: 0.5 } as const;
const params = deriveEngineParams(resolvePersona({ personality }));

/** What a fresh neutral character feels after hearing one message. */
export interface Heard {
  label: EmotionLabel;
  intensity: number;
  /** Felt valence, arousal (exposed, [0, 1]) and dominance after the message. */
  V: number;
  A: number;
  D: number;
  /** Change of felt valence. */
  dV: number;
}

/** A fresh character with every trait at 0.5 hears `text` from its user, 30 s after it was created. */
export function hear(reader: Reader, text: string): Heard {
  const outcome = appraiseWithReader(reader, { description: text, source: 'user' }, { personality });
  const out = applyAppraisal(createInitialState(params, 0), params, outcome.appraisal, {
    elapsedSeconds: 30,
    now: 30_000,
    ...(outcome.conduct ? { conduct: outcome.conduct } : {}),
    ...(outcome.feeling ? { feeling: outcome.feeling } : {}),
  });
  return {
    label: out.after.primary,
    intensity: out.after.intensity,
    V: out.after.felt.V,
    A: (out.after.felt.a + 1) / 2,
    D: out.after.felt.D,
    dV: out.after.felt.V - out.before.felt.V,
  };
}

/** Pearson's r. */
export function pearson(x: readonly number[], y: readonly number[]): number {
  const n = x.length;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += x[i]!;
    my += y[i]!;
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const a = x[i]! - mx;
    const b = y[i]! - my;
    sxy += a * b;
    sxx += a * a;
    syy += b * b;
  }
  return sxx === 0 || syy === 0 ? 0 : sxy / Math.sqrt(sxx * syy);
}

/** Moved: a feeling other than calm (the "moved (not calm)"). */
export function moved(h: Heard): boolean {
  return h.label !== 'calm';
}

/** Moved at least mildly: a feeling other than calm, at intensity ≥ 0.2 (reported beside {@link moved}). */
export function movedMildly(h: Heard): boolean {
  return h.label !== 'calm' && h.intensity >= 0.2;
}

/** Calm or faint: calm, or any feeling below mild (intensity < 0.2). */
export function calmOrFaint(h: Heard): boolean {
  return h.label === 'calm' || h.intensity < 0.2;
}

/** crowd-enVENT measures: valence r, the fair family share, and the share of strong events that move it. */
export function crowdMeasures(reader: Reader, rows: readonly CrowdRow[], text: (r: CrowdRow) => string) {
  const heard = rows.map((r) => hear(reader, text(r)));
  const pu = rows.map((r) => r.ratings.pleasantness - r.ratings.unpleasantness);
  const fair = rows.map((r, i) => fairFamilies[r.emotion].includes(heard[i]!.label));
  const strong = rows
    .map((r, i) => (r.ratings.pleasantness >= 4 || r.ratings.unpleasantness >= 4 ? i : -1))
    .filter((i) => i >= 0);
  const byEmotion = new Map<string, { hit: number; n: number }>();
  rows.forEach((r, i) => {
    const e = byEmotion.get(r.emotion) ?? { hit: 0, n: 0 };
    e.n++;
    if (fair[i]) e.hit++;
    byEmotion.set(r.emotion, e);
  });
  return {
    n: rows.length,
    valenceR: pearson(
      heard.map((h) => h.dV),
      pu,
    ),
    family: fair.filter(Boolean).length / rows.length,
    familyByEmotion: [...byEmotion].map(([e, { hit, n }]) => `${e} ${(hit / n).toFixed(2)}`).join(', '),
    strong: strong.length,
    moved: strong.filter((i) => moved(heard[i]!)).length / Math.max(1, strong.length),
    movedMildly: strong.filter((i) => movedMildly(heard[i]!)).length / Math.max(1, strong.length),
    movedModerately: strong.filter((i) => heard[i]!.intensity >= 0.4).length / Math.max(1, strong.length),
    intensityR: pearson(
      heard.map((h) => h.intensity),
      rows.map((r) => r.ratings.intensity),
    ),
    labels: heard.map((h) => h.label),
  };
}

/** EmoBank measures: r of the character's V, A and D with the readers' ratings. */
export function bankMeasures(reader: Reader, rows: readonly BankRow[]) {
  const heard = rows.map((r) => hear(reader, r.text));
  return {
    n: rows.length,
    V: pearson(
      heard.map((h) => h.V),
      rows.map((r) => r.reader.V),
    ),
    A: pearson(
      heard.map((h) => h.A),
      rows.map((r) => r.reader.A),
    ),
    D: pearson(
      heard.map((h) => h.D),
      rows.map((r) => r.reader.D),
    ),
  };
}

/** GoEmotions measures: the engine's label folded into Ekman's groups, against the rows' labels. */
export function goMeasures(reader: Reader, rows: readonly Row[]) {
  const goldCategories = rows.map((r) => r.labels.map((l) => readerCategories[l]!));
  const gold = goldCategories.map((cs) => [
    ...new Set(cs.map((c) => groupOfCategory[c as ReaderCategory] as string)),
  ]);
  const engine = rows.map((r) => emotionGroupOf[hear(reader, r.text).label]);
  const single = rows.map((r, i) => (r.labels.length === 1 ? i : -1)).filter((i) => i >= 0);
  const all = score(readerGroups, engine, gold);
  const one = score(
    readerGroups,
    single.map((i) => engine[i]!),
    single.map((i) => gold[i]!),
  );
  return { all, single: one, singleRows: single.length };
}

/** The share of small-talk messages a fresh character stays calm or faint at, and those it does not. */
export function smallTalkMeasures(reader: Reader, messages: readonly string[]) {
  const heard = messages.map((m) => hear(reader, m));
  const loud = messages
    .map((m, i) => ({ m, h: heard[i]! }))
    .filter(({ h }) => !calmOrFaint(h))
    .map(({ m, h }) => `${m} (${h.label} ${h.intensity.toFixed(2)})`);
  return { share: (messages.length - loud.length) / messages.length, loud };
}

/** The share of life events a fresh character feels fairly about, at least moderately (intensity ≥ 0.4), and both. */
export function lifeEventMeasures(reader: Reader, events: readonly LifeEvent[]) {
  const heard = events.map((e) => hear(reader, e.message));
  const fair = events.map((e, i) => e.fair.includes(heard[i]!.label));
  const strong = heard.map((h) => h.intensity >= 0.4);
  const n = events.length;
  return {
    fair: fair.filter(Boolean).length / n,
    moderate: strong.filter(Boolean).length / n,
    both: fair.filter((f, i) => f && strong[i]).length / n,
    missed: events
      .map((e, i) =>
        fair[i] && strong[i] ? '' : `${e.message} (${heard[i]!.label} ${heard[i]!.intensity.toFixed(2)})`,
      )
      .filter((m) => m !== ''),
  };
}
