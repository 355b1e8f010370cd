/**
 * A binding: which Limbic session stands for one person in one conversation of an outside platform (a Telegram
 * chat, a Discord channel or DM), where to write to them, and when they last wrote. Bot adapters keep one per
 * (platform, conversation, user) and read it on every incoming message, so records are small and immutable values.
 */
export interface Binding {
  /** The conversation key, e.g. `telegram:<chat id>:<user id>`; unique. */
  key: string;
  /** The session owner the session was created under (`local` in embedded use, the key's account in remote use). */
  owner: string;
  /** The Limbic session; unique (one session is bound to one conversation). */
  sessionId: string;
  /** Where proactive messages go, in the adapter's own encoding (a chat id, a channel id, a DM user id). */
  target: string;
  /** The platform timestamp of the last message processed (ms), or null before the first one. */
  lastMessageAt: number | null;
  /** When the binding was made and last written, ms. */
  createdAt: number;
  updatedAt: number;
}

/**
 * A small record an adapter keeps beside its bindings: a link between a person's identities on two platforms, a
 * one-time code, a chat's settings. Keys are namespaced by their use (`identity:telegram:42`, `code:K7P2QX9M`); the
 * value is any JSON value.
 */
export interface BindingRecord {
  /** Unique key, at most 512 characters. */
  key: string;
  /** A JSON value (objects, arrays, strings, numbers, booleans, null). */
  value: unknown;
  /** Time (ms) after which the record no longer exists (reads and takes treat it as absent), or null: never. */
  expiresAt: number | null;
  /** When it was written, ms. */
  updatedAt: number;
}

/**
 * The storage port for {@link Binding}s, kept next to the sessions (the same SQLite file, the same MongoDB database,
 * or memory). Every implementation passes `describeBindingStoreContract` from `@limbic/core/testing`. Methods reject
 * with LimbicError STORE_UNAVAILABLE when the backend cannot be reached.
 */
export interface BindingStore {
  /** A short name for logs, e.g. `memory`. */
  readonly kind: string;
  /** The binding of a conversation key, or null. */
  get(key: string): Promise<Binding | null>;
  /** The binding of a session, or null. */
  getBySession(sessionId: string): Promise<Binding | null>;
  /**
   * Inserts `binding` unless its key is already bound, atomically (two processes racing on a person's first message
   * agree on one session). Resolves the binding that is stored afterwards: `binding` itself, or the one that was
   * there first.
   */
  insert(binding: Binding): Promise<Binding>;
  /** Replaces the binding with the same key (no-op when it was deleted meanwhile). */
  update(binding: Binding): Promise<void>;
  /** Deletes a key's binding; false when there was none. */
  delete(key: string): Promise<boolean>;
  /** Bindings in key order, strictly after `after` when given, at most `limit`: for scans at start-up. */
  list(options: { after?: string; limit: number }): Promise<Binding[]>;
  /** The record with this key, or null (also when it expired before `now`, ms). */
  getRecord(key: string, now: number): Promise<BindingRecord | null>;
  /** Writes a record, replacing the one with the same key. Stores may sweep records expired before `updatedAt`. */
  putRecord(record: BindingRecord): Promise<void>;
  /**
   * Deletes the record with this key and resolves it, atomically (of two processes taking one code, one gets it), or
   * null when there was none or it expired before `now`: for one-time codes.
   */
  takeRecord(key: string, now: number): Promise<BindingRecord | null>;
  /** Deletes a record; false when there was none. */
  deleteRecord(key: string): Promise<boolean>;
  /** Releases resources; the store is unusable afterwards. Stores sharing a connection with a session store may make this a no-op. */
  close(): Promise<void>;
}
