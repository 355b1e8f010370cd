/**
 * The core, reader weights included, in a browser: bundled for the browser platform (a Node built-in anywhere in
 * the graph fails the build) and run in a real Chromium page, where a text turn reads the message with the offline
 * reader and no network.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SessionService, SessionServiceOptions } from '../src/index.js';

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const entry = `
import { createSessionService, loadReader } from ${JSON.stringify(fileURLToPath(new URL('../src/index.ts', import.meta.url)))};
globalThis.limbic = { createSessionService, loadReader };
`;

async function bundle(): Promise<string> {
  const result = await build({
    stdin: { contents: entry, loader: 'ts', resolveDir: fileURLToPath(new URL('.', import.meta.url)) },
    bundle: true,
    platform: 'browser',
    format: 'iife',
    write: false,
    conditions: ['@limbic/source'],
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

describe('the core in a browser', () => {
  it('bundles for the browser platform with the reader weights inside', async () => {
    const code = await bundle();
    // The expression reader (5.9 MB of base64) and the event reader (2.7 MB) are inside.
    expect(code.length).toBeGreaterThan(8_000_000);
    expect(code.length).toBeLessThan(11_000_000);
  }, 60_000);

  it.skipIf(!existsSync(executablePath))(
    'runs a text turn in Chromium, offline, with the reader',
    async () => {
      const code = await bundle();
      const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
      try {
        const page = await browser.newPage();
        const requests: string[] = [];
        page.on('request', (request) => requests.push(request.url()));
        await page.setContent('<!doctype html><title>limbic</title>');
        await page.addScriptTag({ content: code });
        const result = await page.evaluate(async () => {
          const { createSessionService } = (
            globalThis as unknown as {
              limbic: { createSessionService: (options?: SessionServiceOptions) => SessionService };
            }
          ).limbic;
          const service = createSessionService();
          const { sessionId } = await service.createSession('me', { preset: 'empathetic_listener' });
          const turn = await service.textTurn('me', { sessionId, message: 'My dog died this morning.' });
          return { emotion: turn.discrete_emotion, group: turn.perceived?.group, appraiser: turn.appraiser };
        });
        expect(result).toEqual({ emotion: 'sadness', group: 'sadness', appraiser: 'reader' });
        expect(requests.filter((url) => !url.startsWith('about:') && !url.startsWith('data:'))).toEqual([]);
      } finally {
        await browser.close();
      }
    },
    60_000,
  );
});
