import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiEntryPoints } from '../docs/.vitepress/api-entry-points.mjs';
import { packWorkspaces, publishedPackageNames, repoVersion, root, run, userEnv } from './outside-project.js';

/**
 * What a bot operator gets from `npm install`: the public packages packed with `npm pack` (the global setup built
 * dist/), installed from the tarballs into an empty project outside the repository, and used with plain Node
 * resolution (no `@limbic/source` condition, no workspace, no repository on any lookup path).
 */

const publicPackages = [
  '@limbic/core',
  '@limbic/protocol',
  '@limbic/store',
  '@limbic/client',
  '@limbic/bot-kit',
  '@limbic/telegram',
  '@limbic/discord',
  '@limbic/gateway',
  '@limbic/fake-platforms',
];
/** Every entry point a user may import: the API reference's list (not `/testing`, which needs vitest). */
const entryPoints = apiEntryPoints;

const work = mkdtempSync(join(tmpdir(), 'limbic-packaging-'));
const project = join(work, 'project');
const running: ChildProcess[] = [];

/** Runs an ES module written into the project and parses the JSON it prints. */
async function runScript<T>(name: string, source: string, env: NodeJS.ProcessEnv = {}): Promise<T> {
  writeFileSync(join(project, name), source);
  return JSON.parse(await run(process.execPath, [name], project, env)) as T;
}

beforeAll(async () => {
  expect(publishedPackageNames().sort()).toEqual([...publicPackages].sort());
  const packs = join(work, 'packs');
  mkdirSync(packs);
  const tarballs = await packWorkspaces(publicPackages, packs);
  expect(tarballs).toHaveLength(publicPackages.length);
  mkdirSync(project);
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'limbic-consumer', private: true, type: 'module' }),
  );
  // The bot frameworks are the operator's own (peer dependencies); @types/node for the typecheck.
  const own = ['better-sqlite3', '@types/node', 'grammy', 'discord.js'].map(repoVersion);
  await run(
    'npm',
    ['install', '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund', ...tarballs, ...own],
    project,
  );
  // --ignore-scripts skipped better-sqlite3's native build: compiling SQLite takes minutes, and its prebuilt
  // binaries come from GitHub, which a test cannot count on. The repository's build is the same module for the
  // same Node and the same version (pinned above).
  const native = 'build/Release/better_sqlite3.node';
  const installed = join(project, 'node_modules/better-sqlite3');
  mkdirSync(join(installed, 'build/Release'), { recursive: true });
  copyFileSync(join(root, 'node_modules/better-sqlite3', native), join(installed, native));
}, 240_000);

afterAll(() => {
  for (const child of running)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

describe('the packed packages, installed in an empty project', { timeout: 60_000 }, () => {
  it('load from dist/ with plain Node resolution and run a text turn and an appraisal turn', async () => {
    const result = await runScript<{
      resolved: string[];
      text: { discrete_emotion: string; appraiser: string; perceived: { group: string } | null };
      appraisal: { discrete_emotion: string; prompt: string };
    }>(
      'core.mjs',
      `import { createSessionService } from '@limbic/core';
const specifiers = ${JSON.stringify(entryPoints)};
for (const specifier of specifiers) await import(specifier);
const limbic = createSessionService();
const { sessionId } = await limbic.createSession('me', { preset: 'cheerful_companion' });
const text = await limbic.textTurn('me', { sessionId, message: 'You did it, you won the game!' });
const appraisal = await limbic.appraisalTurn('me', {
  sessionId,
  appraisal: { goal_relevance: 0.9, goal_congruence: -0.8, expectedness: 0.3, controllability: 0.7, agency: -0.9, norm_compatibility: -0.7 },
  elapsedSeconds: 120,
});
console.log(JSON.stringify({
  resolved: specifiers.map((specifier) => import.meta.resolve(specifier)),
  text: { discrete_emotion: text.discrete_emotion, appraiser: text.appraiser, perceived: text.perceived },
  appraisal: { discrete_emotion: appraisal.discrete_emotion, prompt: appraisal.prompt_data.formatted.system_prompt },
}));
`,
    );
    const installed = new URL(`file://${project}/node_modules/@limbic/`).href;
    for (const url of result.resolved) {
      expect(url.startsWith(installed)).toBe(true);
      expect(url).toMatch(/\/dist\/[\w/-]+\.js$/);
    }
    // The offline reader read the text with its weights from the package.
    expect(result.text.appraiser).toBe('reader');
    expect(result.text.perceived?.group).toBe('joy');
    expect(result.text.discrete_emotion).toMatch(/^[a-z_]+$/);
    expect(result.appraisal.discrete_emotion).toMatch(/^[a-z_]+$/);
    expect(result.appraisal.prompt.length).toBeGreaterThan(100);
  });

  it('start with the limbic-gateway bin on SQLite, serve @limbic/client, the dashboard and GraphQL, and stop', async () => {
    const data = join(work, 'data');
    const gateway = spawn(join(project, 'node_modules/.bin/limbic-gateway'), [], {
      cwd: project,
      env: userEnv({ PORT: '0', HOST: '127.0.0.1', LIMBIC_DATA: data }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.push(gateway);
    let output = '';
    const banner = new Promise<void>((done, fail) => {
      const read = (chunk: Buffer) => {
        output += String(chunk);
        if (/sandbox key.*\n\n/s.test(output)) done();
      };
      gateway.stdout.on('data', read);
      gateway.stderr.on('data', read);
      gateway.on('exit', (code) => fail(new Error(`the gateway exited with ${code}:\n${output}`)));
    });
    const exited = new Promise<number | null>((done) => gateway.on('exit', done));
    await banner;
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1] ?? '';
    const key = /sandbox key \(shown once, keep it\): (svc_test_\S+)/.exec(output)?.[1] ?? '';
    expect(output).toContain(`store: sqlite ${join(data, 'limbic.db')}`);
    expect(output).toContain(`dashboard: ${url}/dashboard\n`);

    const client = await runScript<{ created: string; rest: string; live: string; turns: number }>(
      'client.mjs',
      `import { createLimbicClient } from '@limbic/client';
const limbic = createLimbicClient({ baseUrl: process.env.URL, apiKey: process.env.KEY });
const { sessionId } = await limbic.createSession({ preset: 'cheerful_companion' });
const rest = await limbic.turn(sessionId, 'I got the job!');
const socket = limbic.connect(sessionId);
const live = await socket.turn('Are you still there?');
await socket.close();
const state = await limbic.getState(sessionId);
console.log(JSON.stringify({ created: sessionId, rest: rest.discrete_emotion, live: live.discrete_emotion, turns: state.turns }));
`,
      { URL: url, KEY: key },
    );
    expect(client.created).toMatch(/\S/);
    expect(client.rest).toMatch(/^[a-z_]+$/);
    expect(client.live).toMatch(/^[a-z_]+$/);
    expect(client.turns).toBe(2);

    const dashboard = await fetch(`${url}/dashboard/`);
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toMatch(/<script type="module" crossorigin src="\/dashboard\/assets\//);
    const graphql = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ query: '{ sessions(first: 5) { edges { node { sessionId } } } }' }),
    });
    expect(await graphql.json()).toEqual({
      data: { sessions: { edges: [{ node: { sessionId: client.created } }] } },
    });

    const keys = await run(join(project, 'node_modules/.bin/limbic-keys'), ['list'], project, {
      LIMBIC_DATA: data,
    });
    expect(keys).toContain(`Keys in ${data}:`);
    expect(keys).toContain(`${key.slice(0, 13)}…${key.slice(-4)}`);

    gateway.kill('SIGTERM');
    expect(await exited).toBe(0);
    // Not a terminal: JSON logs, one line per request, no key.
    expect(output).toMatch(/"req":\{"method":"POST","url":"\/graphql"\},"res":\{"statusCode":200\}/);
    expect(output.split(key)).toHaveLength(2);
  });

  it('run a bot against the fakes with the limbic-fakes bin, which exits with the bot', async () => {
    const bot = `console.log(JSON.stringify({ api: process.env.DISCORD_API, llm: process.env.LIMBIC_LLM_URL, clock: process.env.LIMBIC_DEMO_CLOCK }));
process.exitCode = 3;`;
    const fakes = spawn(
      join(project, 'node_modules/.bin/limbic-fakes'),
      ['--discord', '--', process.execPath, '-e', bot],
      {
        cwd: project,
        env: userEnv({ FAKE_TELEGRAM_PORT: '0', FAKE_DISCORD_PORT: '0', FAKE_LLM_PORT: '0' }),
        // No one typing: the fakes run until the bot exits.
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    running.push(fakes);
    let output = '';
    fakes.stdout.on('data', (chunk: Buffer) => {
      output += String(chunk);
    });
    fakes.stderr.on('data', (chunk: Buffer) => {
      output += String(chunk);
    });
    const code = await new Promise<number | null>((done) => fakes.on('close', done));
    expect(code).toBe(3);
    const discord = /Fake Discord\s+(\S+)/.exec(output)?.[1];
    const llm = /Fake LLM\s+(\S+)/.exec(output)?.[1];
    expect(JSON.parse(/\[bot\] (\{.*\})\n/.exec(output)?.[1] ?? '')).toEqual({
      api: discord,
      llm,
      clock: '1',
    });
    expect(output).toContain('[fakes] the bot exited with code 3; stopping the fakes\n');
  });

  it('typecheck a consumer against the installed types', () => {
    const consumer = join(project, 'consumer.ts');
    writeFileSync(
      consumer,
      `import { attachLimbic } from '@limbic/discord';
import { openEngine } from '@limbic/bot-kit';
import { createLimbicClient, isLimbicApiError, type TurnResult } from '@limbic/client';
import { createManualClock, createSessionService } from '@limbic/core';
import { createGateway } from '@limbic/gateway';
import { LimbicApiError } from '@limbic/protocol';
import { openStore } from '@limbic/store';
import { type LimbicFlavor, limbic } from '@limbic/telegram';
import { Client } from 'discord.js';
import { Bot, type Context } from 'grammy';

export async function main(): Promise<string> {
  const service = createSessionService({ clock: createManualClock() });
  const { sessionId } = await service.createSession('me', { preset: 'cheerful_companion' });
  const turn: TurnResult = await service.textTurn('me', { sessionId, message: 'hello' });
  // @ts-expect-error: the emotion is a string
  const wrong: number = turn.discrete_emotion;

  const client = createLimbicClient({ baseUrl: 'http://127.0.0.1:8787', apiKey: 'svc_test_0123456789abcdef' });
  try {
    await client.turn(sessionId, 'hi');
  } catch (error) {
    if (isLimbicApiError(error, 'RATE_LIMIT')) return String(error.retryAfter);
    if (error instanceof LimbicApiError) return error.code;
  }

  const gateway = await createGateway({ config: { port: 0 } });
  const url: string = await gateway.listen();
  await gateway.close();
  const store = await openStore({
    store: 'sqlite',
    dataDir: './data',
    sqliteFile: 'limbic.db',
    sqliteSynchronous: 'FULL',
    mongodbWriteConcern: 'majority',
  });
  await store.close();

  const engine = await openEngine();
  const bot = new Bot<Context & LimbicFlavor>('token');
  bot.use(limbic<Context & LimbicFlavor>({ api: bot.api, engine, persona: { preset: 'cheerful_companion' } }));
  const character = attachLimbic(new Client({ intents: [] }), { engine, persona: { preset: 'playful_trickster' } });
  character.onTurn((result) => console.log(result.promptData.formatted.system_prompt));
  return turn.discrete_emotion + url + wrong;
}
`,
    );
    const options: ts.CompilerOptions = {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      strict: true,
      noEmit: true,
      types: ['node'],
      typeRoots: [join(project, 'node_modules/@types')],
    };
    const program = ts.createProgram([consumer], options);
    const ours = program
      .getSourceFiles()
      .filter((file) => file.fileName === consumer || file.fileName.includes('/node_modules/@limbic/'));
    // Our declaration files are checked too; the third-party ones they reach are not (skipLibCheck, for them).
    const diagnostics = [
      ...program.getOptionsDiagnostics(),
      ...program.getGlobalDiagnostics(),
      ...ours.flatMap((file) => [
        ...program.getSyntacticDiagnostics(file),
        ...program.getSemanticDiagnostics(file),
      ]),
    ];
    const host = {
      getCanonicalFileName: (f: string) => f,
      getCurrentDirectory: () => project,
      getNewLine: () => '\n',
    };
    expect(ts.formatDiagnostics(diagnostics, host)).toBe('');
    expect(ours.filter((file) => file.fileName.endsWith('.d.ts')).length).toBeGreaterThan(50);
    // Every file but TypeScript's own libraries came from the project, none from the repository.
    const outside = program
      .getSourceFiles()
      .filter(
        (file) => !program.isSourceFileDefaultLibrary(file) && !file.fileName.startsWith(`${project}/`),
      );
    expect(outside.map((file) => file.fileName)).toEqual([]);
  });
});
