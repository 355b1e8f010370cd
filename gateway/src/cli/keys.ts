#!/usr/bin/env node
/**
 * The keys CLI: `npm run keys -- <command> [options]` (create, list, revoke, rotate, admin-token; `--help` for
 * details).
 * @module
 */
import { runKeys } from './run-keys.js';

process.exitCode = await runKeys(process.argv.slice(2), {
  env: process.env,
  cwd: process.cwd(),
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
