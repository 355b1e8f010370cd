import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dashboardCsp } from '../src/routes/dashboard.js';
import { startTestGateway, type TestGateway } from './harness.js';

let dir: string;
let t: TestGateway | undefined;

const indexHtml =
  '<!doctype html><html><head><script type="module" src="/dashboard/assets/app-3f9a1c.js"></script></head><body><div id="app"></div></body></html>\n';
const script = 'console.log("dashboard");\n';

/** A fake dashboard build: index.html, a hashed script, a favicon, and a secret beside the build. */
function writeBuild(root: string): void {
  mkdirSync(join(root, 'dist', 'assets'), { recursive: true });
  writeFileSync(join(root, 'dist', 'index.html'), indexHtml);
  writeFileSync(join(root, 'dist', 'assets', 'app-3f9a1c.js'), script);
  writeFileSync(join(root, 'dist', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(root, 'dist', '.env'), 'SECRET=1\n');
  writeFileSync(join(root, 'secret.txt'), 'outside the build\n');
}

/**
 * GET with node:http: the path goes as written (fetch would normalize `..`), and so do the headers (fetch adds
 * `Cache-Control: no-cache` to conditional requests).
 */
function rawGet(
  url: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { method: 'GET', headers }, (res) => {
      let body = '';
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

function expectSecurityHeaders(res: Response): void {
  expect(res.headers.get('content-security-policy')).toBe(dashboardCsp);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('no-referrer');
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'limbic-dashboard-'));
});
afterEach(async () => {
  await t?.close();
  t = undefined;
  rmSync(dir, { recursive: true, force: true });
});

describe('the dashboard at /dashboard', () => {
  it('serves index.html without a key, with the CSP and no caching', async () => {
    writeBuild(dir);
    t = await startTestGateway({ dashboardDir: join(dir, 'dist') });
    const res = await fetch(`${t.url}/dashboard/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expectSecurityHeaders(res);
    expect(await res.text()).toBe(indexHtml);
    expect(dashboardCsp).toBe(
      "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
    );

    const bare = await fetch(`${t.url}/dashboard?tab=keys`, { redirect: 'manual' });
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe('/dashboard/?tab=keys');
    expect((await fetch(`${t.url}/dashboard`)).url).toBe(`${t.url}/dashboard/`);
  });

  it('serves hashed assets with a year of immutable caching, and other files revalidated', async () => {
    writeBuild(dir);
    t = await startTestGateway({ dashboardDir: join(dir, 'dist') });
    const asset = await fetch(`${t.url}/dashboard/assets/app-3f9a1c.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expectSecurityHeaders(asset);
    expect(await asset.text()).toBe(script);
    const etag = asset.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    expect((await rawGet(t.url, '/dashboard/assets/app-3f9a1c.js', { 'if-none-match': etag })).status).toBe(
      304,
    );
    const icon = await fetch(`${t.url}/dashboard/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers index.html for app routes, and 404 for missing files', async () => {
    writeBuild(dir);
    t = await startTestGateway({ dashboardDir: join(dir, 'dist') });
    for (const path of [
      '/dashboard/keys',
      '/dashboard/sessions/ses_0123456789abcdef',
      '/dashboard/sessions/',
    ]) {
      const res = await fetch(`${t.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expectSecurityHeaders(res);
      expect(await res.text()).toBe(indexHtml);
    }
    for (const path of ['/dashboard/assets/app-000000.js', '/dashboard/logo.png', '/dashboard/assets/']) {
      const res = await fetch(`${t.url}${path}`);
      expect(res.status, path).toBe(404);
      expect((await res.json()).error.code).toBe('NOT_FOUND');
    }
  });

  it('serves nothing outside the build and no dotfiles', async () => {
    writeBuild(dir);
    t = await startTestGateway({ dashboardDir: join(dir, 'dist') });
    for (const path of ['/dashboard/..%2fsecret.txt', '/dashboard/%2e%2e/secret.txt', '/dashboard/.env']) {
      const res = await rawGet(t.url, path);
      expect([200, 404], path).toContain(res.status);
      expect(res.body, path).not.toContain('outside the build');
      expect(res.body, path).not.toContain('SECRET');
    }
  });

  it('needs no key, counts against no limit, and answers 405 to other methods', async () => {
    writeBuild(dir);
    t = await startTestGateway({ dashboardDir: join(dir, 'dist'), failedAuthPerMinute: 2 });
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${t.url}/dashboard/keys`, {
        headers: { authorization: 'Bearer svc_test_notakeynotakeynotakey' },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBeNull();
    }
    // The bad key above was never checked, so the address is not blocked.
    expect(
      (await fetch(`${t.url}/v1/presets`, { headers: { authorization: `Bearer ${t.keys.pro}` } })).status,
    ).toBe(200);
    const post = await fetch(`${t.url}/dashboard/`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('answers 503 saying how to build it while there is no build, and serves a build made later', async () => {
    t = await startTestGateway({ dashboardDir: join(dir, 'dist') });
    for (const path of ['/dashboard', '/dashboard/', '/dashboard/keys']) {
      const res = await fetch(`${t.url}${path}`);
      expect(res.status, path).toBe(503);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expectSecurityHeaders(res);
      expect(await res.text()).toContain('npm run build -w @limbic/dashboard');
    }
    expect((await fetch(`${t.url}/v1/health`)).status).toBe(200);
    writeBuild(dir);
    expect(await (await fetch(`${t.url}/dashboard/`)).text()).toBe(indexHtml);
  });
});
