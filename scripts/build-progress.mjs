#!/usr/bin/env node
// `tsc -b` with a word about what it is doing: run by `npm start` (gateway/package.json) before the gateway starts,
// so the first start, which compiles every package the gateway uses, is not silent. Prints one line per package it
// compiles and the time taken; prints nothing when everything is up to date. Compiler errors pass through as they
// are, and the exit code is tsc's. Usage: node scripts/build-progress.mjs [tsconfig folder, default "."]
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { relative, resolve } from 'node:path';
import { createInterface } from 'node:readline';

const project = resolve(process.argv[2] ?? '.');
const root = resolve(import.meta.dirname, '..');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const started = Date.now();
let built = 0;

const child = spawn(process.execPath, [tsc, '-b', '--verbose', '--pretty', 'false', project], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const lines = createInterface({ input: child.stdout });
// tsc's progress lines start with a time stamp ("4:40:01 AM - ...", the clock part locale-dependent) and the
// project list goes on in lines "    * core/tsconfig.json"; anything else (a compiler error) is shown.
const progress = /^(\S*\d{1,2}[:.]\d{2}[:.]\d{2}[^-]* - | {4}\* )/;
const building = /Building project '([^']+)'/;

lines.on('line', (line) => {
  if (!progress.test(line)) {
    if (line.trim() !== '') console.log(line);
    return;
  }
  const match = building.exec(line);
  if (!match?.[1]) return;
  if (built === 0)
    console.log(
      'Compiling the gateway and the packages it uses (tsc -b). The first start takes about 25 s on a ' +
        'two-core machine and up to 100 s on a slow or busy one; later starts only check that dist/ is up to date.',
    );
  built++;
  const name = relative(root, resolve(match[1], '..')) || '.';
  console.log(`  compiling ${name} (at ${((Date.now() - started) / 1000).toFixed(0)} s)`);
});

child.on('close', (code) => {
  if (built > 0 && code === 0)
    console.log(
      `Compiled ${built} package${built === 1 ? '' : 's'} in ${((Date.now() - started) / 1000).toFixed(0)} s.`,
    );
  process.exitCode = code ?? 1;
});
