import { isLimbicError, LimbicError } from '@limbic/core';

/**
 * The store contract's error for anything the database refuses (closed, locked past the busy timeout, disk full,
 * corrupt): LimbicError STORE_UNAVAILABLE naming what failed, with the driver's error as `cause`. LimbicErrors pass
 * through.
 */
export function unavailable(what: string, cause: unknown): LimbicError {
  if (isLimbicError(cause)) return cause;
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new LimbicError('STORE_UNAVAILABLE', `The SQLite session store cannot ${what}: ${reason}`, {
    cause,
  });
}

/** Runs one synchronous store operation as a promise, turning driver errors into {@link unavailable}. */
export function attempt<T>(what: string, fn: () => T): Promise<T> {
  try {
    return Promise.resolve(fn());
  } catch (error) {
    return Promise.reject(unavailable(what, error));
  }
}

/** The SQLite error code of a driver error (`SQLITE_CONSTRAINT_UNIQUE`…), or undefined. */
export function sqliteCode(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code;
}
