import { isLimbicError, LimbicError } from '@limbic/core';
import {
  MongoClientClosedError,
  MongoError,
  MongoNetworkError,
  MongoNotConnectedError,
  MongoOperationTimeoutError,
  MongoServerClosedError,
  MongoServerSelectionError,
  MongoStalePrimaryError,
  MongoTopologyClosedError,
  MongoWriteConcernError,
} from 'mongodb';

/**
 * Server error codes that mean "no usable primary right now" (a failover, a shutdown, a timeout), not "your request
 * is wrong": HostUnreachable 6, HostNotFound 7, MaxTimeMSExpired 50, WriteConcernFailed 64, NetworkTimeout 89,
 * ShutdownInProgress 91, PrimarySteppedDown 189, ExceededTimeLimit 262, SocketException 9001, NotWritablePrimary
 * 10107, InterruptedAtShutdown 11600, InterruptedDueToReplStateChange 11602, NotPrimaryNoSecondaryOk 13435,
 * NotPrimaryOrSecondary 13436 (the server's error_codes.yml).
 */
const unavailableCodes: ReadonlySet<number> = new Set([
  6, 7, 50, 64, 89, 91, 189, 262, 9001, 10107, 11600, 11602, 13435, 13436,
]);

/** True for driver errors that mean the database cannot be reached or has no primary now: retry later. */
export function isUnavailableError(error: unknown): boolean {
  if (
    error instanceof MongoNetworkError || // also timeouts and cleared pools
    error instanceof MongoServerSelectionError ||
    error instanceof MongoOperationTimeoutError ||
    error instanceof MongoWriteConcernError ||
    error instanceof MongoStalePrimaryError ||
    error instanceof MongoNotConnectedError ||
    error instanceof MongoTopologyClosedError ||
    error instanceof MongoServerClosedError ||
    error instanceof MongoClientClosedError
  ) {
    return true;
  }
  if (!(error instanceof MongoError)) return false;
  if (typeof error.code === 'number' && unavailableCodes.has(error.code)) return true;
  return error.hasErrorLabel('RetryableWriteError') || error.hasErrorLabel('ResetPool');
}

/** True for a duplicate key error (E11000): an insert whose `_id` exists. */
export function isDuplicateKeyError(error: unknown): boolean {
  return error instanceof MongoError && error.code === 11000;
}

/**
 * True when the server cannot open change streams because it is not a replica set (code 40573, "The $changeStream
 * stage is only supported on replica sets"), so the store falls back to polling.
 */
export function isChangeStreamUnsupported(error: unknown): boolean {
  return (
    error instanceof MongoError &&
    (error.code === 40573 || /only supported on replica sets/i.test(error.message))
  );
}

/**
 * Maps a driver error to the store contract's errors: unreachable or primary-less → LimbicError STORE_UNAVAILABLE
 * (the gateway answers 503 with Retry-After), with the driver's error as `cause`. Anything else is returned as is.
 */
export function toStoreError(error: unknown, what: string): unknown {
  if (isLimbicError(error) || !isUnavailableError(error)) return error;
  return new LimbicError(
    'STORE_UNAVAILABLE',
    `The MongoDB session store is unreachable (${what}); retry later`,
    {
      cause: error,
    },
  );
}

/** Runs a store operation, mapping its driver errors with {@link toStoreError}. */
export async function guarded<T>(what: string, operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw toStoreError(error, what);
  }
}
