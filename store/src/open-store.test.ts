import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isLimbicError } from '@limbic/core';
import { makeTestEndpoint, makeTestMessage } from '@limbic/core/testing';
import { afterAll, describe, expect, it } from 'vitest';
import {
  describeStore,
  hasWebhooks,
  mongoDbNameOf,
  openStore,
  type StoreConfig,
  sqliteFileOf,
} from './open-store.js';

const dir = mkdtempSync(join(tmpdir(), 'limbic-open-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A configuration as the gateway's defaults make it, with `overrides`. */
function config(overrides: Partial<StoreConfig> = {}): StoreConfig {
  return {
    store: 'sqlite',
    dataDir: join(dir, 'data'),
    sqliteFile: 'limbic.db',
    sqliteSynchronous: 'FULL',
    mongodbWriteConcern: 'majority',
    ...overrides,
  };
}

describe('openStore', () => {
  it('opens the SQLite file in the data folder', async () => {
    const store = await openStore(config());
    try {
      expect(store.kind).toBe('sqlite');
      expect(existsSync(join(dir, 'data', 'limbic.db'))).toBe(true);
      expect(sqliteFileOf(config())).toBe(join(dir, 'data', 'limbic.db'));
      expect(describeStore(config())).toBe(`sqlite ${join(dir, 'data', 'limbic.db')} (synchronous FULL)`);
    } finally {
      await store.close();
    }
  });

  it('takes an absolute SQLite file as it is, and reports NORMAL', () => {
    const absolute = config({ sqliteFile: join(dir, 'elsewhere.db'), sqliteSynchronous: 'NORMAL' });
    expect(sqliteFileOf(absolute)).toBe(join(dir, 'elsewhere.db'));
    expect(describeStore(absolute)).toBe(`sqlite ${join(dir, 'elsewhere.db')} (synchronous NORMAL)`);
  });

  it('opens the memory store on request', async () => {
    const store = await openStore(config({ store: 'memory' }));
    expect(store.kind).toBe('memory');
    await store.close();
  });

  it('yields the webhook store of the same SQLite file, closed with the sessions', async () => {
    const first = await openStore(config({ sqliteFile: 'webhooks.db' }));
    const endpoint = makeTestEndpoint();
    const message = makeTestMessage(endpoint);
    try {
      expect(hasWebhooks(first)).toBe(true);
      expect(first.webhooks()).toBe(first.webhooks());
      expect(first.webhooks().kind).toBe('sqlite');
      await first.webhooks().createEndpoint(endpoint);
      await first.webhooks().enqueue([message]);
    } finally {
      await first.close();
    }
    const second = await openStore(config({ sqliteFile: 'webhooks.db' }));
    try {
      expect(await second.webhooks().getEndpoint(endpoint.owner, endpoint.id)).toEqual(endpoint);
      expect(await second.webhooks().getMessage(endpoint.owner, endpoint.id, message.id)).toEqual(message);
    } finally {
      await second.close();
    }
  });

  it('yields a memory webhook store beside the memory sessions', async () => {
    const store = await openStore(config({ store: 'memory' }));
    expect(store.webhooks().kind).toBe('memory');
    const endpoint = makeTestEndpoint();
    await store.webhooks().createEndpoint(endpoint);
    expect(await store.webhooks().getEndpoint(endpoint.owner, endpoint.id)).toEqual(endpoint);
    await store.close();
  });

  it('opens mongodb through the MongoDB store, and answers STORE_UNAVAILABLE when no server answers', async () => {
    const error = await openStore(
      config({ store: 'mongodb', mongodbUri: 'mongodb://127.0.0.1:9/limbic' }),
    ).catch((e) => e);
    expect(isLimbicError(error, 'STORE_UNAVAILABLE')).toBe(true);
  });
});

describe('describeStore', () => {
  it('names the MongoDB hosts and database, never the credentials or options', () => {
    const mongo = config({
      store: 'mongodb',
      mongodbUri: 'mongodb+srv://bot:s3cret@cluster0.example.net/characters?tlsCertificateKeyFilePassword=x',
    });
    expect(describeStore(mongo)).toBe('mongodb cluster0.example.net/characters');
    expect(describeStore(config({ store: 'memory' }))).toBe('memory (nothing survives a restart)');
  });
});

describe('mongoDbNameOf', () => {
  it('takes LIMBIC_DB, else the database of the URI, else limbic', () => {
    expect(mongoDbNameOf({ mongodbUri: 'mongodb://a:1,b:2/bots?replicaSet=rs0', mongodbDb: undefined })).toBe(
      'bots',
    );
    expect(mongoDbNameOf({ mongodbUri: 'mongodb://a:1/bots', mongodbDb: 'other' })).toBe('other');
    expect(mongoDbNameOf({ mongodbUri: 'mongodb://a:1/?w=majority', mongodbDb: undefined })).toBe('limbic');
    expect(mongoDbNameOf({ mongodbUri: 'mongodb://a:1', mongodbDb: undefined })).toBe('limbic');
  });
});
