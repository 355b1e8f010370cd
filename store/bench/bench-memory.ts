import { type Appraisal, cueWords, type MemoryEpisode, type MemorySettings } from '@limbic/core';
import { appraisals } from './appraisals.js';

/** The realistic memories of the memory benchmark: what people tell a companion over days, and what they say next. */

const people = [
  'Rex',
  'Mochi',
  'Lena',
  'Maria',
  'Tom',
  'Aiko',
  'grandma',
  'Carlos',
  'Priya',
  'Jonas',
  'Noor',
  'Sven',
];
const events = [
  'lost the job at the factory',
  'won the championship final',
  'moved to Canada without telling anyone',
  'was taken to hospital with a broken arm',
  'lied about the money again',
  'gave me a surprise birthday present',
  'forgot our wedding anniversary',
  'failed the driving test twice',
  'adopted a puppy from the shelter',
  'stole my bike outside the library',
  'cooked paella for the whole family',
  'yelled at me in front of the team',
  'finished the thesis about volcanoes',
  'crashed the car into the garden wall',
  'proposed on the beach at sunset',
  'cancelled the concert tickets',
];
const places = [
  'park',
  'beach',
  'office',
  'kitchen',
  'train station',
  'school',
  'museum',
  'harbour',
  'bakery',
  'gym',
];

/** A deterministic pseudo-random stream (mulberry32), so every run builds the same memories. */
function stream(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(xs: readonly T[], r: () => number): T {
  return xs[Math.floor(r() * xs.length)]!;
}

/** One sentence someone might tell the character, from the benchmark's people, events and places. */
export function benchSentence(r: () => number): string {
  return `${pick(people, r)} ${pick(events, r)} at the ${pick(places, r)}.`;
}

const speakers = ['sam', 'ana', 'bo', null] as const;
const labels = ['sadness', 'joy', 'anger', 'fear', 'surprise'] as const;

/** A memory setting that keeps up to the most episodes a session may keep. */
export const largeMemory: MemorySettings = { enabled: true, store_text: true, max_episodes: 2000 };

/**
 * `count` episodes as a long session holds them, oldest first, the newest at `now`: encoded over the last five
 * days, about a third rehearsed, every one with text, cue words, people, an appraisal and a feeling.
 */
export function benchEpisodes(count: number, now: number, seed = 1): MemoryEpisode[] {
  const r = stream(seed);
  const span = 5 * 86_400_000;
  return Array.from({ length: count }, (_, i) => {
    const at = Math.round(now - span + (span * (i + 1)) / (count + 1));
    const text = benchSentence(r);
    const speaker = pick(speakers, r);
    const base: Appraisal = pick(appraisals, r);
    const appraisal = Object.fromEntries(
      Object.entries(base).map(([k, v]) => [k, Math.round((v + (r() - 0.5) * 0.3) * 1000) / 1000]),
    ) as unknown as Appraisal;
    const rehearsals = r() < 0.35 ? [Math.min(now, at + Math.round(r() * 86_400_000))] : [];
    return {
      id: `mem_${(i + 1).toString(36)}`,
      at,
      text,
      cues: cueWords(text),
      speaker,
      participants: speaker === null ? [] : [speaker],
      appraisal,
      feeling: {
        label: pick(labels, r),
        V: Math.round((r() * 2 - 1) * 100) / 100,
        A: Math.round(r() * 100) / 100,
        D: Math.round((r() * 2 - 1) * 100) / 100,
        intensity: Math.round(r() * 100) / 100,
      },
      salience: Math.round((0.3 + r() * 0.7) * 1000) / 1000,
      rehearsals,
    };
  });
}

/** `count` things people say next, each sharing words with some of the benchmark's episodes. */
export function benchMessages(count: number, seed = 2): string[] {
  const r = stream(seed);
  return Array.from({ length: count }, () => `I keep thinking about ${benchSentence(r)}`);
}
