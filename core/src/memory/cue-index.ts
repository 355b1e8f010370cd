import type { MemoryEpisode } from './episode.js';

/**
 * The cue index of an episode list (for recall): for each cue word, the positions of the episodes that have it. Cue
 * words are numbered in a process-wide vocabulary, so an index is built from integers: each cue list's numbers are
 * kept in a weak map (they go with the episode, and a rehearsed episode shares its predecessor's cue list). An index
 * is made once per list (lists are immutable) and kept in a weak map too.
 *
 * A turn that changes memory makes a new list from the previous one (episodes rehearsed in place, forgotten ones
 * dropped, one appended) and says so ({@link noteDerived}); its index is then derived rather than built: the built
 * index stays, with where each of its episodes is now (or that it is gone) and the few episodes added since, which
 * recall scans directly. Past {@link maxTail} added or a quarter of the built episodes gone, the index is built anew.
 * Past {@link vocabularyLimit} words the vocabulary starts over (a new generation), so it stays bounded however many
 * texts a process sees; numbers and indexes of an older generation are made again when next used.
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
  /** Positions in the list the index was built for. */
  postings: Int32Array;
  /** Where each episode of the built list is in this list (-1: gone); null for the built list itself. */
  moved: Int32Array | null;
  /** Positions (in this list) of the episodes added since the build, which the postings do not hold. */
  tail: readonly number[];
  /** How many episodes of the built list are gone from this one. */
  gone: number;
}

/** Most episodes added since the build before an index is built anew. */
export const maxTail = 32;

let vocabulary = new Map<string, number>();
let generation = 1;
const numbers = new WeakMap<readonly string[], { generation: number; ids: Int32Array }>();
const indexes = new WeakMap<readonly MemoryEpisode[], CueIndex>();
const derivations = new WeakMap<readonly MemoryEpisode[], readonly MemoryEpisode[]>();
// Per-number scratch of a build: a count, then the write cursor. Builds run to completion, so they never overlap.
let scratch: Int32Array | undefined;
// Scratch of a derivation: where each episode of the list before is now.
let walked = new Int32Array(256);

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
    moved: null,
    tail: [],
    gone: 0,
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

/**
 * Records that `next` was made from `previous` by replacing episodes in place with copies that keep their cue list
 * (a rehearsal), dropping episodes and appending new ones, so that its index can be derived from the previous one.
 * Anything else is found out and gets a built index.
 */
export function noteDerived(next: readonly MemoryEpisode[], previous: readonly MemoryEpisode[]): void {
  if (next !== previous) derivations.set(next, previous);
}

/** The list `next` was noted as made from ({@link noteDerived}), if any. */
export function derivedFrom(next: readonly MemoryEpisode[]): readonly MemoryEpisode[] | undefined {
  return derivations.get(next);
}

/**
 * The index of `next` from the index of `previous`, which it was made from: each episode of `previous` is matched
 * in order to the next one of `next` with the same cue list (or is gone), the rest of `next` is added. Null when a
 * built index would serve better (too many added or gone).
 */
function derive(
  previous: readonly MemoryEpisode[],
  before: CueIndex,
  next: readonly MemoryEpisode[],
): CueIndex | null {
  // Where each episode of `previous` is in `next` (-1: gone): into the new index's own array when `previous` is the
  // built list, else into scratch space, composed below with where the built list's episodes were.
  const own = before.moved === null;
  if (!own && walked.length < previous.length) walked = new Int32Array(2 * previous.length);
  const where = own ? new Int32Array(previous.length) : walked;
  let j = 0;
  for (let i = 0; i < previous.length; i++) {
    // The same episode (no need to look into it), or a rehearsed copy of it (the same cue list).
    const same = j < next.length && (next[j] === previous[i] || next[j]!.cues === previous[i]!.cues);
    where[i] = same ? j++ : -1;
  }
  if (before.tail.length + next.length - j > maxTail) return null;
  let moved = where;
  let gone = previous.length - j;
  if (before.moved !== null) {
    moved = new Int32Array(before.moved.length);
    gone = 0;
    for (let k = 0; k < moved.length; k++) {
      const p = before.moved[k]!;
      const at = p < 0 ? -1 : where[p]!;
      moved[k] = at;
      if (at < 0) gone++;
    }
  }
  if (4 * gone > moved.length) return null;
  const tail: number[] = [];
  for (const p of before.tail) if (where[p]! >= 0) tail.push(where[p]!);
  for (let p = j; p < next.length; p++) tail.push(p);
  return { ...before, moved, tail, gone };
}

/** The cue index of an episode list, made once per list and vocabulary generation. */
export function cueIndexOf(episodes: readonly MemoryEpisode[]): CueIndex {
  let index = indexes.get(episodes);
  if (index !== undefined && index.generation === generation) return index;
  const previous = derivations.get(episodes);
  const before = previous === undefined ? undefined : indexes.get(previous);
  index =
    (previous !== undefined && before !== undefined && before.generation === generation
      ? derive(previous, before, episodes)
      : null) ?? build(episodes);
  indexes.set(episodes, index);
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
