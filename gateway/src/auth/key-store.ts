import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
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

/** Options of {@link createFileKeyStore}. */
export interface FileKeyStoreOptions {
  /** How often, at most, the file's signature is checked for changes by other processes, ms (default 1000). */
  reloadMs?: number;
  /** How often, at most, pending last-use times are written while running, ms (default 60000). */
  flushMs?: number;
  /** Wall clock in ms. */
  now?: () => number;
}

const lockWait = new Int32Array(new SharedArrayBuffer(4));
/** A lock older than this is left over from a crashed writer (a write takes milliseconds). */
const staleLockMs = 10_000;

/**
 * Runs `fn` holding `<file>.lock`, created exclusively, so the gateway and the keys CLI never interleave their
 * read-modify-write cycles. Synchronous on purpose: the critical section is one small read and one rename.
 */
function withLock<T>(file: string, fn: () => T): T {
  const lock = `${file}.lock`;
  const deadline = Date.now() + 5_000;
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx', 0o600));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      try {
        if (Date.now() - statSync(lock).mtimeMs > staleLockMs) rmSync(lock, { force: true });
      } catch {
        // The holder released it between our attempts.
      }
      if (Date.now() > deadline) throw new Error(`Timed out waiting for the key store lock ${lock}`);
      Atomics.wait(lockWait, 0, 0, 10);
    }
  }
  try {
    return fn();
  } finally {
    rmSync(lock, { force: true });
  }
}

/**
 * A {@link KeyStore} in one JSON file (`keys.json` under LIMBIC_DATA), shared by the gateway and the keys CLI.
 * Writes are atomic (temporary file + rename), hold a lock file, and merge with what is on disk, so a key created
 * or revoked by the CLI while the gateway runs is seen by the gateway within `reloadMs`, without a restart, and
 * neither writer loses the other's changes. Last-use times are batched in memory and written at most every
 * `flushMs` and on close.
 */
export function createFileKeyStore(dataDir: string, options: FileKeyStoreOptions = {}): KeyStore {
  const file = join(dataDir, 'keys.json');
  const reloadMs = options.reloadMs ?? 1000;
  const flushMs = options.flushMs ?? 60_000;
  const now = options.now ?? Date.now;
  let byId = new Map<string, ApiKeyRecord>();
  let byHash = new Map<string, ApiKeyRecord>();
  let signature = '';
  let checkedAt = Number.NEGATIVE_INFINITY;
  let flushedAt = now();
  const touched = new Map<string, string>();

  function read(): ApiKeyRecord[] {
    try {
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as KeyFile;
      return Array.isArray(parsed.keys) ? parsed.keys : [];
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw new Error(`Cannot read the key store ${file}: ${(error as Error).message}`, { cause: error });
    }
  }

  /** Inode, size and mtime: every write renames a new file into place, so the inode alone changes each time. */
  function signatureOf(): string {
    try {
      const s = statSync(file);
      return `${s.ino}:${s.size}:${s.mtimeMs}`;
    } catch {
      return 'none';
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
    if (touched.size > 0 && t - flushedAt >= flushMs) {
      try {
        flush();
        return;
      } catch {
        // Last-use times are best effort: a failed flush must not fail authentication; close() retries.
      }
    }
    const s = signatureOf();
    if (force || s !== signature) {
      signature = s;
      index(read());
    }
  }

  function write(change: (records: Map<string, ApiKeyRecord>) => void): void {
    mkdirSync(dirname(file), { recursive: true });
    withLock(file, () => {
      const current = new Map(read().map((r) => [r.id, r]));
      change(current);
      const body: KeyFile = { version: 1, keys: [...current.values()] };
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
      renameSync(tmp, file);
    });
    load(true);
  }

  function flush(): void {
    flushedAt = now();
    if (touched.size === 0) return;
    const pending = new Map(touched);
    write((records) => {
      for (const [id, at] of pending) {
        const r = records.get(id);
        if (r && (r.lastUsedAt === null || r.lastUsedAt < at)) records.set(id, { ...r, lastUsedAt: at });
      }
    });
    for (const [id, at] of pending) if (touched.get(id) === at) touched.delete(id);
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
      const r = byId.get(id);
      if (!r) return;
      const updated = { ...r, lastUsedAt: at };
      byId.set(id, updated);
      byHash.set(r.hash, updated);
    },
    async close() {
      flush();
    },
  };
}
