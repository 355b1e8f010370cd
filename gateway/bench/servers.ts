/**
 * The processes of the gateway benchmark: starting a server (pinned to CPU 1 unless BENCH_PIN=0) and reading its
 * port from its output, its CPU time and resident memory from /proc, and stopping them all.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** A server process of the benchmark and the port it listens on. */
export interface Server {
  proc: ChildProcess;
  port: number;
}

/** True when the servers are pinned together on CPU 1 (BENCH_PIN is not 0). */
export const serversPinned = process.env.BENCH_PIN !== '0';

/** The gateway as production runs it: compiled JavaScript (`npm run bench` builds first). */
export const gatewayMain = join(here, '../dist/main.js');

/** A TypeScript script of this folder, through tsx. */
export function script(file: string, ...args: string[]): string[] {
  return ['--import', 'tsx', '--conditions=@limbic/source', join(here, file), ...args];
}

/** Starts `node args…` and resolves once its output matches `ready`, whose first group is the port. */
export function start(args: string[], env: Record<string, string>, ready: RegExp): Promise<Server> {
  const node = [process.execPath, ...args];
  const [cmd, ...rest] = serversPinned ? ['taskset', '-c', '1', ...node] : node;
  const proc = spawn(cmd!, rest, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    let started = false;
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')} did not start: ${out}`)), 30_000);
    // Read the output until the server is ready, then keep draining it unread (a logging server writes a line per
    // request, as in production, and must never block on a full pipe).
    proc.stdout!.on('data', (chunk: Buffer) => {
      if (started) return;
      out += String(chunk);
      const m = ready.exec(out);
      if (m) {
        started = true;
        clearTimeout(timer);
        resolve({ proc, port: Number(m[1]) });
      }
    });
    proc.on('exit', (code) => reject(new Error(`${node.join(' ')} exited with ${code}: ${out}`)));
  });
}

/** CPU time (user and system) of a process so far, in clock ticks (10 ms). */
export function cpuTicks(pid: number): number {
  const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
  return Number(f[11]) + Number(f[12]);
}

/** Resident memory of a process, MB. */
export function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m?.[1] ?? 0) / 1024;
}

/** Stops every server (SIGTERM) and resolves once all have exited. */
export async function stopServers(servers: Server[]): Promise<void> {
  await Promise.all(
    servers.map(
      (s) =>
        new Promise<void>((resolve) => {
          if (s.proc.exitCode !== null) return resolve();
          s.proc.once('exit', () => resolve());
          s.proc.kill('SIGTERM');
        }),
    ),
  );
}
