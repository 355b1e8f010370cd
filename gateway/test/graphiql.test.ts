/**
 * GraphiQL at GET /graphql with every file served by the gateway: over plain HTTP (the page, its CSP, the hashed and
 * cached files), then offline in Debian's Chromium (playwright-core, no browser download), where every request that
 * is not to 127.0.0.1 is aborted: the editor appears and runs a query.
 */
import { existsSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphiqlCsp } from '../src/graphql/graphiql.js';
import { startTestGateway, type TestGateway } from './harness.js';

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const skipReason = existsSync(executablePath)
  ? undefined
  : `no Chromium at ${executablePath} (apt-get install -y chromium, or set CHROMIUM_PATH); .ci/run installs it`;
if (skipReason) console.log(`offline GraphiQL browser test skipped: ${skipReason}`);

let t: TestGateway;

beforeAll(async () => {
  t = await startTestGateway();
});
afterAll(() => t?.close());

async function page(): Promise<{ html: string; headers: Headers }> {
  const res = await fetch(`${t.url}/graphql`, { headers: { accept: 'text/html' } });
  expect(res.status).toBe(200);
  return { html: await res.text(), headers: res.headers };
}

/** A GET whose body is read as sent (fetch would decompress it). */
function getBytes(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    }).on('error', reject);
  });
}

/** The script, stylesheet and icon URLs of the page, resolved as a browser would. */
function assetUrls(html: string): string[] {
  return [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map(
    (match) => new URL(match[1]!, `${t.url}/graphql`).href,
  );
}

describe('GraphiQL over HTTP', () => {
  it('is a small page that loads everything from the gateway, under a strict CSP', async () => {
    const { html, headers } = await page();
    expect(html).toContain('<title>Limbic GraphQL</title>');
    expect(html.length).toBeLessThan(4_000);
    expect(html).not.toMatch(/https?:|\/\/[a-z]/i);
    const urls = assetUrls(html);
    expect(urls).toHaveLength(3);
    for (const url of urls)
      expect(url).toMatch(new RegExp(`^${t.url}/graphql/assets/[a-z.]+\\.[0-9a-f]{16}\\.(js|css|ico)$`));
    expect(headers.get('content-security-policy')).toBe(graphiqlCsp);
    expect(graphiqlCsp).toContain("script-src 'self';");
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    // No inline script runs: the only inline element is the JSON of the options.
    expect([...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((match) => match[1])).toEqual([
      ' type="application/json" id="graphiql-options"',
    ]);
  });

  it('serves each file with its type, cached for a year, gzipped when accepted, and the same bytes either way', async () => {
    const { html } = await page();
    const script = assetUrls(html).find((url) => url.endsWith('.js'))!;
    const plain = await getBytes(script);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-security-policy']).toBe(graphiqlCsp);
    const gzipped = await getBytes(script, { 'accept-encoding': 'gzip, br' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toBe('Accept-Encoding');
    expect(gzipped.bytes.length).toBeLessThan(plain.bytes.length / 2);
    expect(gunzipSync(gzipped.bytes).equals(plain.bytes)).toBe(true);
    // The bundle renders GraphiQL itself, and points the editor's workers at this server.
    const text = plain.bytes.toString('utf8');
    expect(text).toContain('renderYogaGraphiQL');
    expect(text).toMatch(/"graphql":"graphql\.worker\.[0-9a-f]{16}\.js"/);
    const worker = text.match(/graphql\.worker\.[0-9a-f]{16}\.js/)![0];
    expect((await fetch(`${t.url}/graphql/assets/${worker}`)).status).toBe(200);
  });

  it('answers 404 for an unknown file and 405 for other methods', async () => {
    const missing = await fetch(`${t.url}/graphql/assets/graphiql.0000000000000000.js`);
    expect(missing.status).toBe(404);
    const post = await fetch(`${t.url}/graphql/assets/x.js`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe.skipIf(skipReason)('GraphiQL offline in Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
  }, 60_000);
  afterAll(() => browser?.close());

  it('renders the editor and runs a query with every request off 127.0.0.1 blocked', async () => {
    const context = await browser.newContext();
    const tab = await context.newPage();
    const blocked: string[] = [];
    const problems: string[] = [];
    await tab.route('**', (route) => {
      const url = new URL(route.request().url());
      if (url.hostname === '127.0.0.1' || url.protocol === 'data:') return route.continue();
      blocked.push(url.href);
      return route.abort('internetdisconnected');
    });
    await tab.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
      ),
    );
    tab.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    tab.on('pageerror', (error) => problems.push(error.message));

    await tab.goto(`${t.url}/graphql`);
    const editor = tab.locator('.graphiql-query-editor .monaco-editor');
    await editor.waitFor({ timeout: 30_000 });
    await editor.click();
    await tab.keyboard.press('ControlOrMeta+A');
    await tab.keyboard.insertText('{ health { status } }');
    // The editor closes the first brace by itself: drop what follows the typed text.
    await tab.keyboard.press('Shift+ControlOrMeta+End');
    await tab.keyboard.press('Delete');
    await tab.getByRole('button', { name: /^Execute query/ }).click();
    // Monaco renders spaces as no-break spaces, which \s matches.
    await tab.locator('.graphiql-response', { hasText: /"status":\s*"ok"/ }).waitFor({ timeout: 15_000 });
    const query = await tab.locator('.graphiql-query-editor .view-lines').textContent();
    expect(query?.replace(/\u00a0/g, ' ')).toBe('{ health { status } }');
    expect(blocked).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);
});
