import { isLimbicError, type ValidationIssue } from '@limbic/core';
import { describe, expect, it } from 'vitest';
import { plansOf } from './config.js';
import { dataDirOf, loadConfig } from './load-config.js';

function issuesOf(env: NodeJS.ProcessEnv): ValidationIssue[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (!isLimbicError(error, 'VALIDATION_ERROR')) throw error;
    return error.issues;
  }
  return [];
}

function messageOf(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  return '';
}

const key16 = 'svc_test_0123456789abcdef';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 8787,
      host: '127.0.0.1',
      timeScale: 1,
      apiKeys: [],
      dataDir: './data',
      keySecret: undefined,
      adminToken: undefined,
      dashboardDir: undefined,
      store: 'sqlite',
      sqliteFile: 'limbic.db',
      sqliteSynchronous: 'FULL',
      mongodbUri: undefined,
      mongodbDb: undefined,
      mongodbWriteConcern: 'majority',
      logLevel: 'info',
      logFormat: 'auto',
      enterpriseRequestsPerMinute: Number.POSITIVE_INFINITY,
      enterpriseSessions: Number.POSITIVE_INFINITY,
      enterpriseSockets: Number.POSITIVE_INFINITY,
      enterpriseSubscriptions: Number.POSITIVE_INFINITY,
      maxConnectionsPerAddress: 1024,
      bodyLimit: 128 * 1024,
      wsMaxMessage: 64 * 1024,
      heartbeatMs: 30_000,
      failedAuthPerMinute: 30,
      trustProxy: false,
      metricsToken: undefined,
      metricsProcess: false,
      webhookAllowPrivate: false,
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      corsOrigins: [],
    });
  });

  it('keeps the request timeout at least the headers timeout', () => {
    expect(() =>
      loadConfig({ LIMBIC_HEADERS_TIMEOUT_MS: '5000', LIMBIC_REQUEST_TIMEOUT_MS: '1000' }),
    ).toThrow(/LIMBIC_REQUEST_TIMEOUT_MS: must be at least LIMBIC_HEADERS_TIMEOUT_MS \(5000\)/);
    expect(loadConfig({ LIMBIC_HEADERS_TIMEOUT_MS: '2000' }).headersTimeoutMs).toBe(2000);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '0',
      HOST: '0.0.0.0',
      LIMBIC_TIME_SCALE: '60',
      LIMBIC_DATA: '/var/lib/limbic',
      LIMBIC_KEY_SECRET: 'a-long-enough-secret',
      LIMBIC_ADMIN_TOKEN: 'an-operator-token-of-my-own',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      LIMBIC_ENTERPRISE_RPM: '6000',
      LIMBIC_ENTERPRISE_SESSIONS: '50000',
      LIMBIC_HEARTBEAT_MS: '1000',
    });
    expect(config).toMatchObject({
      port: 0,
      host: '0.0.0.0',
      timeScale: 60,
      dataDir: '/var/lib/limbic',
      keySecret: 'a-long-enough-secret',
      adminToken: 'an-operator-token-of-my-own',
      logLevel: 'warn',
      logFormat: 'json',
      enterpriseRequestsPerMinute: 6000,
      enterpriseSessions: 50000,
      heartbeatMs: 1000,
    });
  });

  it('lists every bad variable by name in one error', () => {
    const issues = issuesOf({
      PORT: 'abc',
      LIMBIC_TIME_SCALE: '0',
      LOG_LEVEL: 'loud',
      LOG_FORMAT: 'fancy',
      LIMBIC_ENTERPRISE_RPM: '-1',
      LIMBIC_ENTERPRISE_SESSIONS: 'many',
      LIMBIC_HEARTBEAT_MS: '5',
      LIMBIC_KEY_SECRET: 'short',
    });
    expect(issues.map((i) => i.path).sort()).toEqual(
      [
        'LIMBIC_ENTERPRISE_RPM',
        'LIMBIC_ENTERPRISE_SESSIONS',
        'LIMBIC_HEARTBEAT_MS',
        'LIMBIC_KEY_SECRET',
        'LIMBIC_TIME_SCALE',
        'LOG_LEVEL',
        'LOG_FORMAT',
        'PORT',
      ].sort(),
    );
    expect(messageOf({ PORT: 'abc' })).toBe(
      'Invalid configuration: PORT: must be a number in [0, 65535] (got "abc")',
    );
  });

  it('refuses a short, spaced or API-key-shaped LIMBIC_ADMIN_TOKEN', () => {
    for (const token of ['short', 'has spaces in the token', 'svc_live_0123456789abcdefgh']) {
      expect(issuesOf({ LIMBIC_ADMIN_TOKEN: token }).map((i) => i.path)).toEqual(['LIMBIC_ADMIN_TOKEN']);
    }
    expect(messageOf({ LIMBIC_ADMIN_TOKEN: 'short' })).not.toContain('short');
  });

  it('refuses a short, spaced or API-key-shaped LIMBIC_METRICS_TOKEN, and a LIMBIC_METRICS_PROCESS not boolean', () => {
    expect(loadConfig({ LIMBIC_METRICS_TOKEN: 'a-scraper-token-of-mine' }).metricsToken).toBe(
      'a-scraper-token-of-mine',
    );
    for (const token of ['short', 'has spaces in the token', 'svc_test_0123456789abcdefgh']) {
      expect(issuesOf({ LIMBIC_METRICS_TOKEN: token }).map((i) => i.path)).toEqual(['LIMBIC_METRICS_TOKEN']);
    }
    expect(messageOf({ LIMBIC_METRICS_TOKEN: 'short' })).not.toContain('short');
    expect(loadConfig({ LIMBIC_METRICS_PROCESS: 'true' }).metricsProcess).toBe(true);
    expect(issuesOf({ LIMBIC_METRICS_PROCESS: 'yes' })).toEqual([
      { path: 'LIMBIC_METRICS_PROCESS', message: 'must be true or false (got "yes")' },
    ]);
  });

  it('reads LIMBIC_WEBHOOK_ALLOW_PRIVATE as a flag', () => {
    expect(loadConfig({ LIMBIC_WEBHOOK_ALLOW_PRIVATE: 'true' }).webhookAllowPrivate).toBe(true);
    expect(issuesOf({ LIMBIC_WEBHOOK_ALLOW_PRIVATE: '1' })).toEqual([
      { path: 'LIMBIC_WEBHOOK_ALLOW_PRIVATE', message: 'must be true or false (got "1")' },
    ]);
  });

  it('refuses a port out of range', () => {
    expect(issuesOf({ PORT: '65536' }).map((i) => i.path)).toEqual(['PORT']);
    expect(issuesOf({ PORT: '-1' }).map((i) => i.path)).toEqual(['PORT']);
  });
});

describe('LIMBIC_STORE', () => {
  it('defaults to sqlite, and to mongodb when MONGODB_URI is set', () => {
    expect(loadConfig({}).store).toBe('sqlite');
    const uri = 'mongodb://db.example:27017/limbic';
    expect(loadConfig({ MONGODB_URI: uri })).toMatchObject({ store: 'mongodb', mongodbUri: uri });
    expect(loadConfig({ MONGODB_URI: uri, LIMBIC_STORE: 'sqlite' }).store).toBe('sqlite');
    expect(loadConfig({ LIMBIC_STORE: 'memory' }).store).toBe('memory');
    expect(loadConfig({ LIMBIC_DB: 'bots', MONGODB_URI: uri }).mongodbDb).toBe('bots');
  });

  it('reads the SQLite file and synchronous setting', () => {
    expect(
      loadConfig({ LIMBIC_SQLITE_FILE: 'sessions.db', LIMBIC_SQLITE_SYNCHRONOUS: 'NORMAL' }),
    ).toMatchObject({ sqliteFile: 'sessions.db', sqliteSynchronous: 'NORMAL' });
  });

  it('names an unknown store, a bad synchronous setting and a missing or malformed MONGODB_URI', () => {
    expect(issuesOf({ LIMBIC_STORE: 'postgres', LIMBIC_SQLITE_SYNCHRONOUS: 'OFF' })).toEqual([
      { path: 'LIMBIC_STORE', message: 'must be one of memory, sqlite, mongodb (got "postgres")' },
      { path: 'LIMBIC_SQLITE_SYNCHRONOUS', message: 'must be FULL or NORMAL (got "OFF")' },
    ]);
    expect(issuesOf({ LIMBIC_STORE: 'mongodb' })).toEqual([
      { path: 'MONGODB_URI', message: 'must be set when LIMBIC_STORE is mongodb' },
    ]);
    expect(issuesOf({ MONGODB_URI: 'http://db.example' }).map((i) => i.path)).toEqual(['MONGODB_URI']);
  });
});

describe('LIMBIC_TRUST_PROXY', () => {
  it("reads Fastify's trustProxy forms: true, a hop count, addresses and CIDRs", () => {
    const trust = (value: string) => loadConfig({ LIMBIC_TRUST_PROXY: value }).trustProxy;
    expect(trust('')).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('2')).toBe(2);
    expect(trust(' 10.0.0.0/8, ::1 ,loopback,192.168.1.7,')).toEqual([
      '10.0.0.0/8',
      '::1',
      'loopback',
      '192.168.1.7',
    ]);
  });

  it('names the variable and the entry that is neither an address nor a CIDR', () => {
    expect(issuesOf({ LIMBIC_TRUST_PROXY: '10.0.0.1,proxy.internal,10.0.0.0/33' })).toEqual([
      {
        path: 'LIMBIC_TRUST_PROXY[1]',
        message:
          'must be true, false, a hop count, or comma-separated IP addresses or CIDRs of the proxies (got "proxy.internal")',
      },
      {
        path: 'LIMBIC_TRUST_PROXY[2]',
        message:
          'must be true, false, a hop count, or comma-separated IP addresses or CIDRs of the proxies (got "10.0.0.0/33")',
      },
    ]);
    expect(messageOf({ LIMBIC_TRUST_PROXY: 'yes' })).toMatch(
      /^Invalid configuration: LIMBIC_TRUST_PROXY\[0\]: /,
    );
    expect(issuesOf({ LIMBIC_TRUST_PROXY: '1000' }).map((i) => i.path)).toEqual(['LIMBIC_TRUST_PROXY']);
  });
});

describe('LIMBIC_API_KEYS', () => {
  it('parses key:plan pairs, trimming spaces and skipping empty entries; the plan defaults to free', () => {
    const live = 'svc_live_ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    expect(
      loadConfig({ LIMBIC_API_KEYS: ` ${key16}:pro , ${live}:enterprise,,svc_test_zzzzzzzzzzzzzzzz` })
        .apiKeys,
    ).toEqual([
      { key: key16, plan: 'pro' },
      { key: live, plan: 'enterprise' },
      { key: 'svc_test_zzzzzzzzzzzzzzzz', plan: 'free' },
    ]);
  });

  it('accepts a key with a valid prefix and at least 16 further characters', () => {
    expect(loadConfig({ LIMBIC_API_KEYS: `${key16}:free` }).apiKeys).toHaveLength(1);
    expect(issuesOf({ LIMBIC_API_KEYS: `${key16.slice(0, -1)}:free` })).toEqual([
      {
        path: 'LIMBIC_API_KEYS[0]',
        message: 'must start with svc_live_ or svc_test_ followed by at least 16 characters',
      },
    ]);
  });

  it('refuses another prefix, naming the entry but never the key', () => {
    const message = messageOf({ LIMBIC_API_KEYS: `${key16}:pro,sk_live_0123456789abcdefgh:pro` });
    expect(message).toContain('LIMBIC_API_KEYS[1]');
    expect(message).not.toContain('0123456789abcdefgh');
    expect(issuesOf({ LIMBIC_API_KEYS: 'svc_prod_0123456789abcdef:pro' }).map((i) => i.path)).toEqual([
      'LIMBIC_API_KEYS[0]',
    ]);
  });

  it('refuses an unknown plan, naming the plans', () => {
    const issues = issuesOf({ LIMBIC_API_KEYS: `${key16}:gold` });
    expect(issues).toEqual([
      { path: 'LIMBIC_API_KEYS[0]', message: 'plan must be one of free, pro, enterprise (got "gold")' },
    ]);
    expect(issuesOf({ LIMBIC_API_KEYS: `${key16}:` }).map((i) => i.path)).toEqual(['LIMBIC_API_KEYS[0]']);
  });
});

describe('plansOf', () => {
  it('gives free 60/min and 10 sessions, pro 600 and 1,000, enterprise unlimited unless configured', () => {
    const plans = plansOf(loadConfig({}));
    expect(plans.free).toEqual({
      name: 'free',
      requestsPerMinute: 60,
      sessions: 10,
      sockets: 20,
      subscriptions: 20,
    });
    expect(plans.pro).toEqual({
      name: 'pro',
      requestsPerMinute: 600,
      sessions: 1000,
      sockets: 2000,
      subscriptions: 2000,
    });
    expect(plans.enterprise).toEqual({
      name: 'enterprise',
      requestsPerMinute: Number.POSITIVE_INFINITY,
      sessions: Number.POSITIVE_INFINITY,
      sockets: Number.POSITIVE_INFINITY,
      subscriptions: Number.POSITIVE_INFINITY,
    });
    const configured = plansOf(
      loadConfig({
        LIMBIC_ENTERPRISE_RPM: '100',
        LIMBIC_ENTERPRISE_SESSIONS: '5',
        LIMBIC_ENTERPRISE_SOCKETS: '7',
        LIMBIC_ENTERPRISE_SUBSCRIPTIONS: '9',
      }),
    );
    expect(configured.enterprise).toMatchObject({
      requestsPerMinute: 100,
      sessions: 5,
      sockets: 7,
      subscriptions: 9,
    });
  });
});

describe('dataDirOf', () => {
  it('resolves against the folder the command was started in: INIT_CWD under npm, else the working directory', () => {
    expect(dataDirOf('data', { INIT_CWD: '/repo' }, '/repo/gateway')).toBe('/repo/data');
    expect(dataDirOf('./x', {}, '/work')).toBe('/work/x');
    expect(dataDirOf('/abs/dir', { INIT_CWD: '/repo' }, '/work')).toBe('/abs/dir');
  });
});
