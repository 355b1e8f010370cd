import type { MemoryEpisode } from './episode.js';

/**
 * The cue index of an episode list (for recall): for each cue word, the positions of the episodes that have it. Cue
 * words are numbered in a process-wide vocabulary, so an index is built from integers: each cue list's numbers are
 * kept in a weak map (they go with the episode, and a rehearsed episode shares its predecessor's cue list), so the
 * index of a list that just changed (a turn encoded or rehearsed) costs no string hashing but for new episodes. An
 * index is built once per list (lists are immutable) and kept in a weak map too. Past {@link vocabularyLimit} words
 * the vocabulary starts over (a new generation), so it stays bounded however many texts a process sees; numbers and
 * indexes of an older generation are made again when next used.
 */

/** Most words the vocabulary holds before it starts over. */
export const vocabularyLimit = 1 << 18;
/** Most new words one episode can bring (its most cue words). */
const wordsPerEpisode = 12;

/**
 * A list's cue index: an open-addressing table of the cue numbers it holds (slot `k`: the number + 1 at `3k`, 0
 * when empty; where its positions start in `postings` at `3k + 1`, how many at `3k + 2`), and the positions.
 */
export interface CueIndex {
  generation: number;
  table: Int32Array;
  /** log2 of the table's slot count. */
  bits: number;
  postings: Int32Array;
}

let vocabulary = new Map<string, number>();
let generation = 1;
const numbers = new WeakMap<readonly string[], { generation: number; ids: Int32Array }>();
const indexes = new WeakMap<readonly MemoryEpisode[], CueIndex>();
// Per-number scratch of a build: a count, then the write cursor. Builds run to completion, so they never overlap.
let scratch: Int32Array | undefined;

function numbersOf(cues: readonly string[]): Int32Array {
  const known = numbers.get(cues);
  if (known !== undefined && known.generation === generation) return known.ids;
  const ids = new Int32Array(cues.length);
  for (let c = 0; c < cues.length; c++) {
    const cue = cues[c]!;
    let id = vocabulary.get(cue);
    if (id === undefined) {
      id = vocabulary.size;
      vocabulary.set(cue, id);
    }
    ids[c] = id;
  }
  numbers.set(cues, { generation, ids });
  return ids;
}

/** The table slot of cue number `id`: its own, or the empty one where it would go. */
function slotOf(index: { table: Int32Array; bits: number }, id: number): number {
  const mask = (1 << index.bits) - 1;
  let k = Math.imul(id, 0x9e3779b1) >>> (32 - index.bits);
  while (index.table[3 * k] !== 0 && index.table[3 * k] !== id + 1) k = (k + 1) & mask;
  return k;
}

function build(episodes: readonly MemoryEpisode[]): CueIndex {
  if (vocabulary.size + wordsPerEpisode * episodes.length > vocabularyLimit) {
    vocabulary = new Map();
    generation += 1;
  }
  scratch ??= new Int32Array(vocabularyLimit);
  const count = scratch;
  const lists: Int32Array[] = [];
  const distinct: number[] = [];
  let total = 0;
  for (let i = 0; i < episodes.length; i++) {
    const ids = numbersOf(episodes[i]!.cues);
    lists.push(ids);
    total += ids.length;
    for (let c = 0; c < ids.length; c++) if (count[ids[c]!]!++ === 0) distinct.push(ids[c]!);
  }
  const bits = Math.max(3, 32 - Math.clz32(2 * distinct.length));
  const index: CueIndex = {
    generation,
    table: new Int32Array(3 << bits),
    bits,
    postings: new Int32Array(total),
  };
  let start = 0;
  for (const id of distinct) {
    const k = slotOf(index, id);
    index.table[3 * k] = id + 1;
    index.table[3 * k + 1] = start;
    index.table[3 * k + 2] = count[id]!;
    count[id] = start;
    start += index.table[3 * k + 2]!;
  }
  for (let i = 0; i < lists.length; i++) {
    const ids = lists[i]!;
    for (let c = 0; c < ids.length; c++) index.postings[count[ids[c]!]!++] = i;
  }
  for (const id of distinct) count[id] = 0;
  return index;
}

/** The cue index of an episode list, built once per list and vocabulary generation. */
export function cueIndexOf(episodes: readonly MemoryEpisode[]): CueIndex {
  let index = indexes.get(episodes);
  if (index === undefined || index.generation !== generation) {
    index = build(episodes);
    indexes.set(episodes, index);
  }
  return index;
}

/**
 * The table slot of cue `word` in `index` (its positions start at `postings[table[3 * slot + 1]]`, and there are
 * `table[3 * slot + 2]` of them), or -1 when no episode of the list has it. The index must be of this generation
 * (just returned by {@link cueIndexOf}).
 */
export function slotOfWord(index: CueIndex, word: string): number {
  const id = vocabulary.get(word);
  if (id === undefined) return -1;
  const slot = slotOf(index, id);
  return index.table[3 * slot] === 0 ? -1 : slot;
}
