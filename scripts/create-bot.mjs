#!/usr/bin/env node
// A new Telegram or Discord bot project outside the clone, run from a clone after `npm install`:
//
//   npm run create-bot -- <dir> [--discord] [--no-install] [--prefer-offline]
//
// Packs the public packages the bot needs into <dir>/vendor/, writes package.json (the tarballs as `file:`
// dependencies, grammY or discord.js, tsx), the example bot's src/main.ts unchanged, tsconfig.json, .gitignore and
// README.md, then runs `npm install` there. better-sqlite3 would compile SQLite (minutes) when its prebuilt binary
// cannot be downloaded; the clone's own build is offered to it instead when it fits (create-bot/native-prebuild.mjs).
// --prefer-offline is passed to npm install (a machine with a warm npm cache and a slow or no network; the tests).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, isAbsolute, join, relative, resolve } from 'node:path';
import { localPrebuildsVariable, writeLocalPrebuild } from './create-bot/native-prebuild.mjs';
import {
  gitignore,
  packageJson,
  packageName,
  platforms,
  readme,
  tsconfigJson,
} from './create-bot/project-files.mjs';
import {
  packWorkspaces,
  withWorkspaceDependencies,
  workspacePackages,
} from './create-bot/workspace-packs.mjs';

const usage = 'Usage: npm run create-bot -- <dir> [--discord] [--no-install] [--prefer-offline]';
const root = resolve(import.meta.dirname, '..');
const flags = new Set(['--discord', '--telegram', '--no-install', '--prefer-offline']);

function fail(message) {
  console.error(message);
  process.exit(2);
}

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(usage);
  process.exit(0);
}
const unknown = args.filter((arg) => arg.startsWith('-') && !flags.has(arg));
if (unknown.length > 0) fail(`Unknown option ${unknown.join(', ')}.\n${usage}`);
const positional = args.filter((arg) => !arg.startsWith('-'));
if (positional.length !== 1) fail(`Name one folder for the new bot.\n${usage}`);
// npm runs scripts in the clone's root; INIT_CWD is where the command was typed, which a relative <dir> means.
const dir = resolve(process.env.INIT_CWD ?? process.cwd(), positional[0]);
const platform = args.includes('--discord') ? 'discord' : 'telegram';
const inside = relative(root, dir);
if (!inside.startsWith('..') && !isAbsolute(inside))
  fail(
    `${dir} is inside the Limbic clone, where Node would also find the clone's own packages. Name a folder ` +
      'outside it, such as ../my-bot.',
  );
if (existsSync(dir) && readdirSync(dir).length > 0)
  fail(
    `${dir} is not empty. create-bot makes a new project and overwrites nothing: name a new or empty folder.`,
  );
if (!existsSync(join(root, 'node_modules')))
  fail(`Run npm install in ${root} first: create-bot builds the packages from this clone.`);

const { example, framework } = platforms[platform];
const exampleManifest = JSON.parse(readFileSync(join(root, example, 'package.json'), 'utf8'));
const packages = workspacePackages(root);
const direct = Object.keys(exampleManifest.dependencies).filter((name) => packages.has(name));
// The fake platforms too, as a dev dependency: `npm run demo` runs the bot against them.
const names = withWorkspaceDependencies(packages, [...direct, '@limbic/fake-platforms']);

const started = Date.now();
const seconds = (from) => `${((Date.now() - from) / 1000).toFixed(1)} s`;
const vendor = join(dir, 'vendor');
mkdirSync(vendor, { recursive: true });
console.log(`Building and packing ${names.join(', ')} into ${vendor}`);
let tarballs;
try {
  tarballs = packWorkspaces(root, packages, names, vendor);
} catch (error) {
  fail(`Building or packing failed in ${root}: ${error.message}`);
}

const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const versions = {
  [framework]: exampleManifest.dependencies[framework],
  tsx: rootManifest.devDependencies.tsx,
  typescript: rootManifest.devDependencies.typescript,
  '@types/node': rootManifest.devDependencies['@types/node'],
};
const install = !args.includes('--no-install');
// The clone's better-sqlite3 build, reused by the install when it fits; the project then keeps that version, so that
// the install looks for exactly the file written (a newer release would download or compile).
const prebuild = install ? writeLocalPrebuild(root, join(vendor, 'prebuilds')) : undefined;
const overrides = prebuild && 'file' in prebuild ? { 'better-sqlite3': prebuild.version } : undefined;
const name = packageName(basename(dir));
const { allowScripts } = rootManifest;
writeFileSync(
  join(dir, 'package.json'),
  packageJson({ name, platform, tarballs, versions, allowScripts, overrides }),
);
mkdirSync(join(dir, 'src'));
copyFileSync(join(root, example, 'src/main.ts'), join(dir, 'src/main.ts'));
writeFileSync(join(dir, 'tsconfig.json'), tsconfigJson());
writeFileSync(join(dir, '.gitignore'), gitignore);
writeFileSync(join(dir, 'README.md'), readme({ name, platform, native: overrides?.['better-sqlite3'] }));
console.log(
  `Wrote ${name}: package.json, src/main.ts (from ${example}), tsconfig.json, .gitignore, README.md`,
);

if (install) {
  const env = { ...process.env };
  if (prebuild && 'file' in prebuild) {
    env[localPrebuildsVariable] = join(vendor, 'prebuilds');
    console.log(
      `better-sqlite3 ${prebuild.version}: offering this clone's build (${relative(dir, prebuild.file)}) instead ` +
        `of a download or a compile. npm warns that ${localPrebuildsVariable.slice(11).replaceAll('_', '-')} is an ` +
        'unknown config: prebuild-install reads it, npm does not.',
    );
  } else if (prebuild) {
    console.log(
      `better-sqlite3 may compile SQLite for a few minutes if its download fails: ${prebuild.reason}`,
    );
  }
  // What npm sets for this script (npm run create-bot) is about the clone, not about the new project.
  for (const key of Object.keys(env))
    if (/^npm_(package_|lifecycle_|config_local_prefix$|command$)/.test(key) || key === 'INIT_CWD')
      delete env[key];
  const command = ['install', '--no-audit', '--no-fund'];
  if (args.includes('--prefer-offline')) command.push('--prefer-offline');
  const installing = Date.now();
  console.log(`npm ${command.join(' ')}`);
  const result = spawnSync('npm', command, {
    cwd: dir,
    env,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) fail(`npm install failed in ${dir} (exit ${result.status}); see above.`);
  console.log(`Installed in ${seconds(installing)}.`);
}

const nearby = relative(process.env.INIT_CWD ?? process.cwd(), dir);
const where = nearby === '' ? '.' : nearby.startsWith('..') ? dir : nearby;
const steps = [
  `cd ${where}`,
  ...(install ? [] : ['npm install']),
  `npm run demo                 # a fake ${platforms[platform].title}, a fake LLM and a console to talk to the bot`,
  `${platforms[platform].tokenVariable}=… npm start   # the real ${platforms[platform].title}`,
];
console.log(
  `\nDone in ${seconds(started)}. Next:\n${steps.map((step) => `  ${step}`).join('\n')}\nSee README.md there.`,
);
