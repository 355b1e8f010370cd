import { randomBytes } from 'node:crypto';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { MongoClient } from 'mongodb';
import { createMongoStore, type MongoSessionStore, type MongoStoreOptions } from '../src/mongo-store.js';

/**
 * The MongoDB server of the real-database suite (store/test/mongo-store.test.ts, gateway/test/mongo-instances.test.ts):
 * MONGODB_URI, e.g. `mongodb://127.0.0.1:27017/?replicaSet=rs0`. Without it every test of the suite is skipped, one by
 * one.
 */
export const mongoUri: string | undefined = process.env.MONGODB_URI || undefined;

/** Why the suite is skipped here. */
export const skipReason =
  'MongoDB suite skipped: set MONGODB_URI=mongodb://… to run it (no mongod can be installed on this machine)';

let announced = false;
/** Prints the skip reason once per test file when there is no server. */
export function announceSkip(): void {
  if (mongoUri || announced) return;
  announced = true;
  console.log(skipReason);
}

const databases = new Set<string>();

/** A fresh database name for one test (dropped by {@link dropTestDatabases}). */
export function testDbName(): string {
  const name = `limbic_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  databases.add(name);
  return name;
}

/** Opens a store on MONGODB_URI in `dbName` (default: a fresh database). */
export function openTestStore(options: Partial<MongoStoreOptions> = {}): Promise<MongoSessionStore> {
  return createMongoStore({
    uri: mongoUri!,
    dbName: options.dbName ?? testDbName(),
    pollIntervalMs: 100,
    onError: () => {},
    ...options,
  });
}

/** Drops every database the tests of this file created. */
export async function dropTestDatabases(): Promise<void> {
  if (!mongoUri || databases.size === 0) return;
  const client = new MongoClient(mongoUri, { serverSelectionTimeoutMS: 5000 });
  try {
    for (const name of databases) await client.db(name).dropDatabase();
    databases.clear();
  } finally {
    await client.close();
  }
}

/** The host and port of the first server in MONGODB_URI. */
export function firstHostOf(uri: string): { host: string; port: number } {
  const hosts = /^mongodb:\/\/(?:[^@/]*@)?([^/?,]+)/.exec(uri)?.[1] ?? '127.0.0.1:27017';
  const [host = '127.0.0.1', port = '27017'] = hosts.split(':');
  return { host, port: Number(port) };
}

/**
 * A TCP proxy in front of the database, to cut the gateway off from it (an outage) and reconnect it (recovery)
 * without touching the server. Connect to it with `directConnection=true`.
 */
export interface TcpProxy {
  readonly port: number;
  /** Drops every connection and refuses new ones. */
  cut(): Promise<void>;
  /** Accepts connections again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** Starts a {@link TcpProxy} to `target` on a free local port. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = connect(target.port, target.host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server!.address();
        if (typeof address === 'object' && address) port = address.port;
        resolve();
      });
    });
  const stop = async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  };
  await listen();
  return {
    get port() {
      return port;
    },
    cut: stop,
    restore: listen,
    close: stop,
  };
}
