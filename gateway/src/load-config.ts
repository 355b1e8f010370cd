import { resolve } from 'node:path';
import { llmSettingsFromEnv, toValidationError, type ValidationIssue } from '@limbic/core';
import { parseTrustProxy } from './auth/trust-proxy.js';
import { type GatewayConfig, type LogFormat, logFormats } from './config.js';
import { checkToken, readApiKeys, readCorsOrigins, readFlag, readNumber, readStore } from './config-env.js';

/**
 * The absolute data folder for a LIMBIC_DATA value (or `--data`): relative paths are resolved against the folder the
 * command was started from, the same for the server and the key CLI. Through an npm script that is npm's
 * `INIT_CWD` (npm itself moves into the workspace's folder, so `npm start` and `npm run keys` at the repository
 * root both read `./data` at the root), else the working directory.
 */
export function dataDirOf(dir: string, env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string {
  return resolve(env.INIT_CWD || cwd, dir);
}

/**
 * Reads the gateway configuration from environment variables.
 * @throws Error listing every invalid variable by name and rule (the process should exit).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const issues: ValidationIssue[] = [];
  const config: GatewayConfig = {
    port: readNumber(env, 'PORT', 8787, issues, 0, 65535),
    host: env.HOST || '127.0.0.1',
    timeScale: readNumber(env, 'LIMBIC_TIME_SCALE', 1, issues, 1e-6, 1e9),
    apiKeys: readApiKeys(env.LIMBIC_API_KEYS, issues),
    dataDir: env.LIMBIC_DATA || './data',
    keySecret: env.LIMBIC_KEY_SECRET || undefined,
    adminToken: env.LIMBIC_ADMIN_TOKEN || undefined,
    dashboardDir: undefined,
    store: readStore(env, issues),
    sqliteFile: env.LIMBIC_SQLITE_FILE || 'limbic.db',
    sqliteSynchronous: env.LIMBIC_SQLITE_SYNCHRONOUS === 'NORMAL' ? 'NORMAL' : 'FULL',
    mongodbUri: env.MONGODB_URI || undefined,
    mongodbDb: env.LIMBIC_DB || undefined,
    mongodbWriteConcern: env.LIMBIC_MONGO_WRITE_CONCERN || 'majority',
    logLevel: env.LOG_LEVEL || 'info',
    logFormat: (env.LOG_FORMAT || 'auto') as LogFormat,
    enterpriseRequestsPerMinute: readNumber(
      env,
      'LIMBIC_ENTERPRISE_RPM',
      Number.POSITIVE_INFINITY,
      issues,
      1,
      1e12,
    ),
    enterpriseSessions: readNumber(
      env,
      'LIMBIC_ENTERPRISE_SESSIONS',
      Number.POSITIVE_INFINITY,
      issues,
      1,
      1e12,
    ),
    enterpriseSockets: readNumber(env, 'LIMBIC_ENTERPRISE_SOCKETS', Number.POSITIVE_INFINITY, issues, 1, 1e9),
    enterpriseSubscriptions: readNumber(
      env,
      'LIMBIC_ENTERPRISE_SUBSCRIPTIONS',
      Number.POSITIVE_INFINITY,
      issues,
      1,
      1e9,
    ),
    maxConnectionsPerAddress: readNumber(env, 'LIMBIC_MAX_CONNECTIONS_PER_ADDRESS', 1024, issues, 1, 1e9),
    bodyLimit: 128 * 1024,
    wsMaxMessage: 64 * 1024,
    heartbeatMs: readNumber(env, 'LIMBIC_HEARTBEAT_MS', 30_000, issues, 100, 3_600_000),
    failedAuthPerMinute: readNumber(env, 'LIMBIC_FAILED_AUTH_PER_MINUTE', 30, issues, 1, 1e9),
    trustProxy: parseTrustProxy(env.LIMBIC_TRUST_PROXY, issues),
    metricsToken: env.LIMBIC_METRICS_TOKEN || undefined,
    metricsProcess: readFlag(env, 'LIMBIC_METRICS_PROCESS', issues),
    webhookAllowPrivate: readFlag(env, 'LIMBIC_WEBHOOK_ALLOW_PRIVATE', issues),
    headersTimeoutMs: readNumber(env, 'LIMBIC_HEADERS_TIMEOUT_MS', 10_000, issues, 100, 600_000),
    requestTimeoutMs: readNumber(env, 'LIMBIC_REQUEST_TIMEOUT_MS', 30_000, issues, 100, 3_600_000),
    llm: llmSettingsFromEnv(env, issues),
    corsOrigins: readCorsOrigins(env.LIMBIC_CORS_ORIGINS, issues),
  };
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(config.logLevel)) {
    issues.push({
      path: 'LOG_LEVEL',
      message: 'must be one of fatal, error, warn, info, debug, trace, silent',
    });
  }
  if (env.LOG_FORMAT && !(logFormats as readonly string[]).includes(env.LOG_FORMAT)) {
    issues.push({
      path: 'LOG_FORMAT',
      message: `must be ${logFormats.join(' or ')} (got ${JSON.stringify(env.LOG_FORMAT)})`,
    });
  }
  const sync = env.LIMBIC_SQLITE_SYNCHRONOUS;
  if (sync && sync !== 'FULL' && sync !== 'NORMAL') {
    issues.push({
      path: 'LIMBIC_SQLITE_SYNCHRONOUS',
      message: `must be FULL or NORMAL (got ${JSON.stringify(sync)})`,
    });
  }
  if (config.mongodbWriteConcern !== 'majority' && !/^\d{1,2}$/.test(config.mongodbWriteConcern)) {
    issues.push({
      path: 'LIMBIC_MONGO_WRITE_CONCERN',
      message: 'must be majority or a number of members (e.g. 1)',
    });
  }
  if (config.store === 'mongodb' && !config.mongodbUri) {
    issues.push({ path: 'MONGODB_URI', message: 'must be set when LIMBIC_STORE is mongodb' });
  } else if (config.mongodbUri && !/^mongodb(\+srv)?:\/\//.test(config.mongodbUri)) {
    issues.push({ path: 'MONGODB_URI', message: 'must start with mongodb:// or mongodb+srv://' });
  }
  if (config.keySecret !== undefined && config.keySecret.length < 16) {
    issues.push({ path: 'LIMBIC_KEY_SECRET', message: 'must be at least 16 characters' });
  }
  checkToken('LIMBIC_ADMIN_TOKEN', config.adminToken, issues);
  checkToken('LIMBIC_METRICS_TOKEN', config.metricsToken, issues);
  if (config.requestTimeoutMs < config.headersTimeoutMs) {
    issues.push({
      path: 'LIMBIC_REQUEST_TIMEOUT_MS',
      message: `must be at least LIMBIC_HEADERS_TIMEOUT_MS (${config.headersTimeoutMs})`,
    });
  }
  if (issues.length) throw toValidationError('configuration', issues);
  return config;
}
