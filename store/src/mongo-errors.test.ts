import { isLimbicError, LimbicError } from '@limbic/core';
import {
  MongoNetworkError,
  MongoNetworkTimeoutError,
  MongoServerError,
  MongoServerSelectionError,
  MongoWriteConcernError,
  type TopologyDescription,
} from 'mongodb';
import { describe, expect, it } from 'vitest';
import { guarded, isChangeStreamUnsupported, isDuplicateKeyError, toStoreError } from './mongo-errors.js';

const serverError = (code: number, message = 'server error', errorLabels: string[] = []) =>
  new MongoServerError({ message, code, errorLabels });

describe('MongoDB error mapping', () => {
  it('turns unreachable-server and no-primary errors into STORE_UNAVAILABLE with the driver error as cause', () => {
    const unavailable = [
      new MongoServerSelectionError('Server selection timed out after 2000 ms', {} as TopologyDescription),
      new MongoNetworkError('connection 3 to 127.0.0.1:27017 closed'),
      new MongoNetworkTimeoutError('connection timed out'),
      new MongoWriteConcernError({
        ok: 1,
        writeConcernError: { code: 64, errmsg: 'waiting for replication' },
      }),
      serverError(10107, 'not primary'),
      serverError(189, 'primary stepped down'),
      serverError(91, 'shutdown in progress'),
      serverError(2, 'anything retryable', ['RetryableWriteError']),
    ];
    for (const error of unavailable) {
      const mapped = toStoreError(error, 'replace');
      expect(isLimbicError(mapped, 'STORE_UNAVAILABLE'), error.message).toBe(true);
      expect((mapped as LimbicError).cause).toBe(error);
      expect((mapped as LimbicError).message).toMatch(/unreachable \(replace\)/);
    }
  });

  it('leaves other errors alone: bad requests, duplicate keys, Limbic errors, plain errors', () => {
    const others = [
      serverError(2, 'BadValue'),
      serverError(11000, 'E11000 duplicate key error'),
      new LimbicError('SESSION_LIMIT'),
      new Error('boom'),
    ];
    for (const error of others) expect(toStoreError(error, 'create')).toBe(error);
  });

  it('recognises duplicate keys and servers without change streams', () => {
    expect(isDuplicateKeyError(serverError(11000))).toBe(true);
    expect(isDuplicateKeyError(serverError(11001))).toBe(false);
    expect(isDuplicateKeyError(new Error('E11000'))).toBe(false);
    expect(isChangeStreamUnsupported(serverError(40573))).toBe(true);
    expect(
      isChangeStreamUnsupported(serverError(1, 'The $changeStream stage is only supported on replica sets')),
    ).toBe(true);
    expect(isChangeStreamUnsupported(serverError(286, 'history lost'))).toBe(false);
  });

  it('maps the errors of a guarded operation, and passes results through', async () => {
    expect(await guarded('get', async () => 42)).toBe(42);
    const error = await guarded('get', () => Promise.reject(new MongoNetworkError('reset'))).catch((e) => e);
    expect(isLimbicError(error, 'STORE_UNAVAILABLE')).toBe(true);
  });
});
