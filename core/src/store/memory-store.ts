import { LimbicError, sessionLimitError } from '../errors.js';
import type { CreateOptions, DueSession, ListOptions, SessionRecord, SessionStore } from './session-store.js';

interface DueEntry {
  at: number;
  id: string;
}

/** A binary min-heap of due entries with lazy deletion (stale entries are skipped when they surface). */
class DueHeap {
  readonly #items: DueEntry[] = [];

  push(entry: DueEntry): void {
    const items = this.#items;
    items.push(entry);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (items[parent]!.at <= entry.at) break;
      items[i] = items[parent]!;
      i = parent;
    }
    items[i] = entry;
  }

  get size(): number {
    return this.#items.length;
  }

  peek(): DueEntry | undefined {
    return this.#items[0];
  }

  pop(): DueEntry | undefined {
    const items = this.#items;
    const top = items[0];
    const last = items.pop();
    if (top === undefined || last === undefined || items.length === 0) return top;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= items.length) break;
      const r = l + 1;
      const c = r < items.length && items[r]!.at < items[l]!.at ? r : l;
      if (items[c]!.at >= last.at) break;
      items[i] = items[c]!;
      i = c;
    }
    items[i] = last;
    return top;
  }
}

function sortedInsert(ids: string[], id: string): void {
  if (ids.length === 0 || ids[ids.length - 1]! < id) {
    ids.push(id);
    return;
  }
  ids.splice(firstNotBefore(ids, id), 0, id);
}

function firstAfter(ids: readonly string[], after: string): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ids[mid]! <= after) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The index of the first id not less than `id` in sorted `ids`: how many ids come before it. */
function firstNotBefore(ids: readonly string[], id: string): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ids[mid]! < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function withoutMemory(record: SessionRecord): SessionRecord {
  if (record.memory === undefined) return record;
  const { memory: _, ...rest } = record;
  return rest;
}

/**
 * The in-memory {@link SessionStore}: for tests, demos and throwaway runs. Records are kept by reference (they are
 * immutable values), per-owner ids are kept sorted for cursor paging, and due times sit in a min-heap so the
 * scheduler never scans idle sessions. Nothing survives the process.
 * @example
 * const service = createSessionService({ store: createMemoryStore() });
 */
export function createMemoryStore(): SessionStore {
  const records = new Map<string, SessionRecord>();
  const byOwner = new Map<string, string[]>();
  let heap = new DueHeap();
  let closed = false;

  function check(): void {
    if (closed) throw new LimbicError('STORE_UNAVAILABLE', 'The memory store is closed');
  }

  function schedule(record: SessionRecord): void {
    if (record.nextDueAt === null) return;
    heap.push({ at: record.nextDueAt, id: record.id });
    // Superseded entries are dropped lazily; rebuild when they outnumber the live ones.
    if (heap.size > 2 * records.size + 1024) {
      heap = new DueHeap();
      for (const r of records.values()) if (r.nextDueAt !== null) heap.push({ at: r.nextDueAt, id: r.id });
    }
  }

  function isCurrent(entry: DueEntry): boolean {
    return records.get(entry.id)?.nextDueAt === entry.at;
  }

  const origins = new Map<number, number>();
  return {
    kind: 'memory',
    async clockOrigin(scale: number, proposed: number) {
      check();
      if (!origins.has(scale)) origins.set(scale, proposed);
      return origins.get(scale)!;
    },
    async create(record: SessionRecord, options: CreateOptions = {}) {
      check();
      if (records.has(record.id)) throw new LimbicError('CONFLICT', `Session ${record.id} already exists`);
      const ids = byOwner.get(record.owner) ?? [];
      if (options.maxPerOwner !== undefined && ids.length >= options.maxPerOwner) {
        throw sessionLimitError(options.maxPerOwner);
      }
      records.set(record.id, record);
      sortedInsert(ids, record.id);
      byOwner.set(record.owner, ids);
      schedule(record);
    },
    async get(id: string) {
      check();
      return records.get(id) ?? null;
    },
    async replace(record: SessionRecord, expectedVersion: number) {
      check();
      const current = records.get(record.id);
      if (!current || current.version !== expectedVersion || current.owner !== record.owner) return false;
      records.set(record.id, record);
      if (record.nextDueAt !== current.nextDueAt) schedule(record);
      return true;
    },
    async delete(owner: string, id: string) {
      check();
      const current = records.get(id);
      if (!current || current.owner !== owner) return false;
      records.delete(id);
      const ids = byOwner.get(owner)!;
      const index = firstAfter(ids, id) - 1;
      if (ids[index] === id) ids.splice(index, 1);
      if (ids.length === 0) byOwner.delete(owner);
      return true;
    },
    async list(owner: string, { after, limit, order = 'oldest', memory = true }: ListOptions) {
      check();
      const ids = byOwner.get(owner) ?? [];
      let pageIds: string[];
      if (order === 'newest') {
        // Ids before `after` (or all of them), last first.
        const end = after === undefined ? ids.length : firstNotBefore(ids, after);
        pageIds = ids.slice(Math.max(0, end - limit), end).reverse();
      } else {
        const start = after === undefined ? 0 : firstAfter(ids, after);
        pageIds = ids.slice(start, start + limit);
      }
      const page = pageIds.map((id) => records.get(id)!);
      return memory ? page : page.map(withoutMemory);
    },
    async count(owner: string) {
      check();
      return byOwner.get(owner)?.length ?? 0;
    },
    async due(time: number, limit: number) {
      check();
      const out: DueSession[] = [];
      const seen = new Set<string>();
      const keep: DueEntry[] = [];
      while (out.length < limit) {
        const top = heap.peek();
        if (!top || top.at > time) break;
        heap.pop();
        if (!isCurrent(top) || seen.has(top.id)) continue;
        seen.add(top.id);
        keep.push(top);
        out.push({ id: top.id, owner: records.get(top.id)!.owner, nextDueAt: top.at });
      }
      // Due entries stay due until the service writes a new nextDueAt; put them back.
      for (const entry of keep) heap.push(entry);
      return out;
    },
    async earliestDue() {
      check();
      for (;;) {
        const top = heap.peek();
        if (!top) return null;
        if (isCurrent(top)) return top.at;
        heap.pop();
      }
    },
    async close() {
      closed = true;
      records.clear();
      byOwner.clear();
    },
  };
}
