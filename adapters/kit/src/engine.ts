import { resolve } from 'node:path';
import {
  type BindingStore,
  createMemoryBindingStore,
  type LlmSettings,
  llmServiceOptions,
  type SessionStore,
} from '@limbic/core';
import { describeStore, openStore, type StoreKind } from '@limbic/store';
import type { LimbicBackend } from './backend.js';
import { type EmbeddedBackendOptions, embeddedBackend } from './embedded.js';
import { type RemoteBackendOptions, remoteBackend } from './remote.js';

/** Embedded mode: the engine in the bot's process. */
export interface EmbeddedEngineOptions extends Omit<EmbeddedBackendOptions, 'store' | 'service'> {
  /**
   * The engine in the bot's process.
   * @defaultValue `'embedded'`
   */
  mode?: 'embedded';
  /**
   * Where sessions and bindings live: `sqlite` (durable, one file), `memory`, `mongodb`, or a store.
   * @defaultValue `'sqlite'`
   */
  store?: StoreKind | SessionStore;
  /**
   * The folder of the SQLite file.
   * @defaultValue `'./data'`
   */
  dataDir?: string;
  /**
   * The SQLite file name in `dataDir` (the gateway's, so a bot and a gateway may share it).
   * @defaultValue `'limbic.db'`
   */
  sqliteFile?: string;
  /**
   * The MongoDB connection string (for `store: 'mongodb'`).
   * @defaultValue none: required with `store: 'mongodb'`
   */
  mongodbUri?: string;
  /**
   * The MongoDB database (for `store: 'mongodb'`).
   * @defaultValue the database named in `mongodbUri`, else `limbic`
   */
  mongodbDb?: string;
  /**
   * The binding store.
   * @defaultValue next to the sessions (the same file or database; memory for a memory store)
   */
  bindings?: BindingStore;
  /**
   * An OpenAI-compatible model for text turns (falling back to the offline reader when it fails; `onFallback`
   * hears why) and for personas written from a `description`. The same settings as the gateway's `LIMBIC_LLM_*`;
   * `llmSettingsFromEnv(process.env)` reads them.
   * @defaultValue none: the offline reader reads every message
   */
  llm?: LlmSettings & { onFallback?: (reason: string, error?: unknown) => void };
}

/** Remote mode: a Limbic gateway holds the sessions. */
export interface RemoteEngineOptions extends RemoteBackendOptions {
  /** Remote mode: a Limbic gateway holds the sessions. */
  mode: 'remote';
  /**
   * Where this bot remembers which session stands for whom: `sqlite`, `memory`, or a store.
   * @defaultValue `'sqlite'` (`limbic-bot.db` in `dataDir`)
   */
  bindings?: 'sqlite' | 'memory' | BindingStore;
  /**
   * The folder of the bindings' SQLite file.
   * @defaultValue `'./data'`
   */
  dataDir?: string;
}

/** Options of {@link openEngine}. */
export type EngineOptions = EmbeddedEngineOptions | RemoteEngineOptions;

/** An opened engine: what the adapters' `engine` option takes. */
export interface Engine {
  backend: LimbicBackend;
  bindings: BindingStore;
  /** One line for the start banner: the mode and where data lives (never credentials). */
  description: string;
}

interface WithBindings {
  bindings(): BindingStore;
}

function hasBindings(store: SessionStore): store is SessionStore & WithBindings {
  return typeof (store as Partial<WithBindings>).bindings === 'function';
}

/**
 * Opens the engine for an adapter. Embedded by default, on the durable SQLite store in `./data` (sessions and the
 * conversation bindings in one file); `{ mode: 'remote', url, apiKey }` uses a Limbic gateway instead.
 * @throws LimbicError STORE_UNAVAILABLE when the store cannot be opened.
 * @example
 * const engine = await openEngine(); // ./data/limbic.db
 * const withLlm = await openEngine({ llm: llmSettingsFromEnv(process.env) }); // LIMBIC_LLM_URL, LIMBIC_LLM_MODEL…
 * const remote = await openEngine({ mode: 'remote', url: 'http://127.0.0.1:8787', apiKey });
 */
export async function openEngine(options: EngineOptions = {}): Promise<Engine> {
  const dataDir = resolve(options.dataDir ?? './data');
  if (options.mode === 'remote') {
    const { bindings = 'sqlite', dataDir: _, mode: __, ...backendOptions } = options;
    let store: BindingStore;
    let where: string;
    if (bindings === 'sqlite' || bindings === 'memory') {
      const config = storeConfig(bindings, dataDir, 'limbic-bot.db');
      const opened = await openStore(config);
      store = hasBindings(opened) ? closingWith(opened.bindings(), opened) : createMemoryBindingStore();
      where = describeStore(config);
    } else {
      store = bindings;
      where = `${bindings.kind} bindings`;
    }
    return {
      backend: remoteBackend(backendOptions),
      bindings: store,
      description: `remote ${options.url} (bindings: ${where})`,
    };
  }
  const {
    store = 'sqlite',
    sqliteFile = 'limbic.db',
    mongodbUri,
    mongodbDb,
    bindings,
    llm,
    mode: _,
    ...rest
  } = options;
  // An explicit appraiser or persona writer wins over the ones the LLM settings make.
  // `llm` holds the settings and the onFallback hook both.
  const withLlm = llm ? { ...llmServiceOptions(llm, llm), ...rest } : rest;
  let sessions: SessionStore;
  let description: string;
  if (typeof store === 'string') {
    const config = { ...storeConfig(store, dataDir, sqliteFile), mongodbUri, mongodbDb };
    sessions = await openStore(config);
    description = `embedded on ${describeStore(config)}`;
  } else {
    sessions = store;
    description = `embedded on ${store.kind}`;
  }
  const bindingStore = bindings ?? (hasBindings(sessions) ? sessions.bindings() : createMemoryBindingStore());
  if (llm) description += ` (text turns: LLM ${llm.model}, offline reader as fallback)`;
  return { backend: embeddedBackend({ ...withLlm, store: sessions }), bindings: bindingStore, description };
}

function storeConfig(store: StoreKind, dataDir: string, sqliteFile: string) {
  return {
    store,
    dataDir,
    sqliteFile,
    sqliteSynchronous: 'FULL' as const,
    mongodbWriteConcern: 'majority',
  };
}

/** A binding store whose close also closes the session store it lives in. */
function closingWith(bindings: BindingStore, owner: SessionStore): BindingStore {
  return Object.assign(Object.create(bindings) as BindingStore, {
    async close() {
      await bindings.close();
      await owner.close();
    },
  });
}
