import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { statusOf } from '../errors.js';
import { registerAs, registerMethodNotAllowedFor } from './index.js';

/** Where the dashboard is served. */
export const dashboardPath = '/dashboard';

/** The Content-Security-Policy of every dashboard response: its own scripts only, GraphQL over HTTP and ws. */
export const dashboardCsp =
  "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'";

/** Vite names the files under assets/ by their content hash, so they never change. */
const immutable = 'public, max-age=31536000, immutable';

/**
 * The built dashboard: `dist` of the @limbic/dashboard workspace package when it resolves (in the repository), else
 * the copy that `npm pack` puts into the gateway package (`dashboard/` beside `dist/`, made by its `prepack` script).
 */
export function defaultDashboardDir(): string {
  try {
    return join(dirname(createRequire(import.meta.url).resolve('@limbic/dashboard/package.json')), 'dist');
  } catch {
    // This file sits in src/routes or dist/routes of the gateway package.
    return fileURLToPath(new URL('../../dashboard', import.meta.url));
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** True when `dir` holds a dashboard build (its index.html). */
export function isDashboardBuilt(dir: string): boolean {
  return isFile(join(dir, 'index.html'));
}

/** The file a request names inside `dir`, or null (no file there, or a path that may not be served). */
function fileIn(dir: string, requested: string): string | null {
  if (requested.includes('\0') || requested.includes('\\')) return null;
  const parts = requested.split('/').filter((part) => part !== '');
  // No `..` and no dotfiles: nothing outside the build, nothing hidden inside it.
  if (parts.some((part) => part.startsWith('.'))) return null;
  const path = parts.join('/');
  return path !== '' && isFile(join(dir, path)) ? path : null;
}

function secure(reply: FastifyReply): FastifyReply {
  return reply
    .header('Content-Security-Policy', dashboardCsp)
    .header('X-Content-Type-Options', 'nosniff')
    .header('X-Frame-Options', 'DENY')
    .header('Referrer-Policy', 'no-referrer');
}

const notBuilt = `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<title>Limbic dashboard: not built</title>
<h1>The Limbic dashboard is not built</h1>
<p>Run <code>npm run build -w @limbic/dashboard</code> at the repository root, then reload this page.</p>
</html>
`;

function unavailable(reply: FastifyReply): FastifyReply {
  return secure(reply)
    .code(statusOf('SERVICE_UNAVAILABLE'))
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(notBuilt);
}

/**
 * Serves the dashboard's static build at /dashboard/ with @fastify/static: hashed assets (assets/*) cached for a
 * year, index.html never without revalidation, every other path without a file extension answered with index.html
 * (the single-page app routes it), and a strict Content-Security-Policy. The files are public: the dashboard reads
 * all data through /graphql with a token. Without a build, /dashboard answers 503 saying how to build it; the
 * build is looked up on every request, so building while the gateway runs is enough. `/` redirects (302) to
 * /dashboard.
 */
export function registerDashboardRoutes(app: FastifyInstance, dir: string): void {
  // Only reply.sendFile (conditional GET, ranges, MIME types); the routes below decide what is served.
  app.register(fastifyStatic, { serve: false, cacheControl: false });
  const index = join(dir, 'index.html');
  registerAs(app, 'page', () => {
    // The gateway's root is the dashboard, for whoever opens the bare address in a browser.
    app.get('/', { config: { public: true } }, (_request, reply) => reply.redirect(dashboardPath, 302));
    app.get(dashboardPath, { config: { public: true } }, (request, reply) => {
      if (!isFile(index)) return unavailable(reply);
      const query = request.url.indexOf('?');
      return secure(reply).redirect(`${dashboardPath}/${query < 0 ? '' : request.url.slice(query)}`, 301);
    });
    app.get(`${dashboardPath}/*`, { config: { public: true } }, (request, reply) => {
      if (!isFile(index)) return unavailable(reply);
      secure(reply);
      const requested = (request.params as { '*'?: string })['*'] ?? '';
      const file = fileIn(dir, requested);
      if (file !== null && file !== 'index.html') {
        reply.header('Cache-Control', file.startsWith('assets/') ? immutable : 'no-cache');
        return reply.sendFile(file, dir);
      }
      // A missing asset is a 404, not the page: a script answered with HTML would fail confusingly.
      if (file === null && /(^|\/)assets\/|\.[A-Za-z0-9]+$/.test(requested)) return reply.callNotFound();
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html', dir);
    });
  });
  const served = new Set(['GET', 'HEAD']);
  registerMethodNotAllowedFor(
    app,
    new Map([
      ['/', served],
      [dashboardPath, served],
      [`${dashboardPath}/*`, served],
    ]),
  );
}
