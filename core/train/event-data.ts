/**
 * Loaders of the two corpora the event reader learns from (docs/reader.md, "Reading events"):
 *
 * - crowd-enVENT (Troiano, Oberländer & Klinger 2023): people's descriptions of real events, each with the writer's
 *   own emotion and ratings of 21 appraisal dimensions (1–5) and their TIPI personality;
 * - EmoBank (Buechel & Hahn 2017): sentences rated for valence, arousal and dominance (1–5) by readers.
 *
 * Train and dev splits only; the test splits are kept by the maintainers. Environment: LIMBIC_CROWD_ENVENT and
 * LIMBIC_EMOBANK name the folders (default ../shared/data/crowd-envent and ../shared/data/emobank).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type EventEmotion, eventEmotions } from '../src/reader/event-categories.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The appraisal dimensions crowd-enVENT rates, 1 (not at all) to 5 (extremely). */
export const crowdDimensions = [
  'intensity',
  'suddenness',
  'familiarity',
  'predict_event',
  'pleasantness',
  'unpleasantness',
  'goal_relevance',
  'goal_support',
  'self_responsblt',
  'other_responsblt',
  'chance_responsblt',
  'self_control',
  'other_control',
  'chance_control',
  'predict_conseq',
  'accept_conseq',
  'standards',
  'social_norms',
  'urgency',
  'attention',
  'not_consider',
  'effort',
] as const;

/** One of {@link crowdDimensions}. */
export type CrowdDimension = (typeof crowdDimensions)[number];

/** The ten TIPI items (Gosling, Rentfrow & Swann 2003), 1–7, in the questionnaire's order. */
export const tipiItems = [
  'extravert',
  'critical',
  'dependable',
  'anxious',
  'open',
  'quiet',
  'sympathetic',
  'disorganized',
  'calm',
  'conventional',
] as const;

/** One crowd-enVENT text with its writer's ratings. */
export interface CrowdRow {
  /** The writer's text ("I felt … when" removed). */
  text: string;
  /** The same with emotion words replaced by "…" (what the paper's readers saw), the dots removed. */
  hidden: string;
  emotion: EventEmotion;
  ratings: Record<CrowdDimension, number>;
  /** TIPI items 1–7 (NaN where missing). */
  tipi: Record<(typeof tipiItems)[number], number>;
}

/** One EmoBank sentence with its readers' mean ratings (1–5). */
export interface BankRow {
  text: string;
  category: string;
  /** Readers' perspective ("how does the sentence make you feel"). */
  reader: { V: number; A: number; D: number };
  /** Both perspectives, weighted by rater counts. */
  mean: { V: number; A: number; D: number };
}

/** The crowd-enVENT folder, or null when it is not there (the reader then trains without it). */
export function crowdDir(): string | null {
  const dir = resolve(root, process.env.LIMBIC_CROWD_ENVENT ?? '../shared/data/crowd-envent');
  return process.env.LIMBIC_CROWD_ENVENT === 'off' || !existsSync(join(dir, 'train.tsv')) ? null : dir;
}

/** The EmoBank folder. */
export function bankDir(): string {
  return resolve(root, process.env.LIMBIC_EMOBANK ?? '../shared/data/emobank');
}

/** Reads a crowd-enVENT split (tab-separated, with a header). */
export function loadCrowd(dir: string, split: 'train' | 'dev'): CrowdRow[] {
  const lines = readFileSync(join(dir, `${split}.tsv`), 'utf8').split('\n');
  const header = lines[0]!.split('\t');
  const column = (name: string) => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`crowd-enVENT ${split}.tsv: no column ${name}`);
    return i;
  };
  const text = column('generated_text');
  const hidden = column('hidden_emo_text');
  const emotion = column('emotion');
  const dims = crowdDimensions.map(column);
  const tipi = tipiItems.map(column);
  return lines
    .slice(1)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const cells = line.split('\t');
      const label = cells[emotion] as EventEmotion;
      if (!eventEmotions.includes(label)) throw new Error(`crowd-enVENT: unknown emotion ${label}`);
      return {
        text: cells[text]!,
        hidden: cells[hidden]!.replace(/\.\.\./g, ' ')
          .replace(/\s+/g, ' ')
          .trim(),
        emotion: label,
        ratings: Object.fromEntries(crowdDimensions.map((d, i) => [d, Number(cells[dims[i]!])])) as Record<
          CrowdDimension,
          number
        >,
        tipi: Object.fromEntries(tipiItems.map((t, i) => [t, Number(cells[tipi[i]!])])) as CrowdRow['tipi'],
      };
    });
}

/** Reads an EmoBank split (one JSON object per line). */
export function loadBank(dir: string, split: 'train' | 'dev'): BankRow[] {
  return readFileSync(join(dir, `${split}.jsonl`), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const o = JSON.parse(line) as {
        text: string;
        category: string;
        V: number;
        A: number;
        D: number;
        reader: { V: number; A: number; D: number };
      };
      return {
        text: o.text,
        category: o.category,
        reader: { V: o.reader.V, A: o.reader.A, D: o.reader.D },
        mean: { V: o.V, A: o.A, D: o.D },
      };
    });
}

/**
 * The rows a tuning run may fit to, and the rows it is checked on: with LIMBIC_TRAIN_HOLDOUT=1 every `every`-th row
 * of a train split (the first included) is held out of training, so settings can be compared without reading dev.
 * Without it, all rows train and none are held out.
 */
export function holdout<T>(rows: readonly T[], every = 5): { fit: T[]; check: T[] } {
  if (process.env.LIMBIC_TRAIN_HOLDOUT !== '1') return { fit: [...rows], check: [] };
  return { fit: rows.filter((_, i) => i % every !== 0), check: rows.filter((_, i) => i % every === 0) };
}
