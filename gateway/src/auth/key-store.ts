import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ApiKeyRecord } from './api-key.js';

/** Where API key records live. Implementations: memory (tests) and a JSON file under LIMBIC_DATA. */
export interface KeyStore {
  readonly kind: string;
  /** Every key record, revoked ones included. */
  list(): Promise<ApiKeyRecord[]>;
  /** The record with this hash, or null. May re-read its backing file if it changed. */
  findByHash(hash: string): Promise<ApiKeyRecord | null>;
  /** The record with this id, or null. */
  findById(id: string): Promise<ApiKeyRecord | null>;
  /** Inserts or replaces a record (by id). */
  put(record: ApiKeyRecord): Promise<void>;
  /** Records that keys were used (batched: may be written later). */
  touch(id: string, at: string): void;
  /** Writes what is pending and releases resources. */
  close(): Promise<void>;
}

/** An in-memory {@link KeyStore}. */
export function createMemoryKeyStore(initial: ApiKeyRecord[] = []): KeyStore {
  const byId = new Map(initial.map((r) => [r.id, r]));
  return {
    kind: 'memory',
    async list() {
      return [...byId.values()];
    },
    async findByHash(hash) {
      for (const r of byId.values()) if (r.hash === hash) return r;
      return null;
    },
    async findById(id) {
      return byId.get(id) ?? null;
    },
    async put(record) {
      byId.set(record.id, record);
    },
    touch(id, at) {
      const r = byId.get(id);
      if (r) byId.set(id, { ...r, lastUsedAt: at });
    },
    async close() {},
  };
}

interface KeyFile {
  version: 1;
  keys: ApiKeyRecord[];
}

/**
 * A {@link KeyStore} in one JSON file (`keys.json` under LIMBIC_DATA), shared by the gateway and the keys CLI.
 * Writes are atomic (temporary file + rename) and merge with what is on disk, so a key created or revoked by the
 * CLI while the gateway runs is seen by the gateway within a second, without a restart.
 */
export function createFileKeyStore(
  dataDir: string,
  options: { reloadMs?: number; now?: () => number } = {},
): KeyStore {
  const file = join(dataDir, 'keys.json');
  const reloadMs = options.reloadMs ?? 1000;
  const now = options.now ?? Date.now;
  let byId = new Map<string, ApiKeyRecord>();
  let byHash = new Map<string, ApiKeyRecord>();
  let mtime = -1;
  let checkedAt = Number.NEGATIVE_INFINITY;
  const touched = new Map<string, string>();

  function read(): ApiKeyRecord[] {
    try {
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as KeyFile;
      return Array.isArray(parsed.keys) ? parsed.keys : [];
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }

  function index(records: ApiKeyRecord[]): void {
    byId = new Map(records.map((r) => [r.id, { ...r, lastUsedAt: touched.get(r.id) ?? r.lastUsedAt }]));
    byHash = new Map([...byId.values()].map((r) => [r.hash, r]));
  }

  function load(force = false): void {
    const t = now();
    if (!force && t - checkedAt < reloadMs) return;
    checkedAt = t;
    let m = -1;
    try {
      m = statSync(file).mtimeMs;
    } catch {
      m = -1;
    }
    if (force || m !== mtime) {
      mtime = m;
      index(read());
    }
  }

  function write(change: (records: Map<string, ApiKeyRecord>) => void): void {
    mkdirSync(dirname(file), { recursive: true });
    const current = new Map(read().map((r) => [r.id, r]));
    change(current);
    const body: KeyFile = { version: 1, keys: [...current.values()] };
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
    renameSync(tmp, file);
    load(true);
  }

  load(true);
  return {
    kind: 'file',
    async list() {
      load();
      return [...byId.values()];
    },
    async findByHash(hash) {
      load();
      return byHash.get(hash) ?? null;
    },
    async findById(id) {
      load();
      return byId.get(id) ?? null;
    },
    async put(record) {
      write((records) => records.set(record.id, record));
    },
    touch(id, at) {
      touched.set(id, at);
    },
    async close() {
      if (touched.size === 0) return;
      write((records) => {
        for (const [id, at] of touched) {
          const r = records.get(id);
          if (r) records.set(id, { ...r, lastUsedAt: at });
        }
      });
      touched.clear();
    },
  };
}
