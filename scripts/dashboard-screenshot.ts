/**
 * `npm run screenshot:dashboard`: the README's picture of the dashboard, made reproducibly. It starts a gateway on
 * 127.0.0.1 with a manual engine clock (the tests' harness, on the built dashboard), plays a short conversation with
 * Mira over a few engine days through REST, opens her session in Debian's Chromium (playwright-core, CHROMIUM_PATH
 * to override) and writes docs/public/dashboard.png.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { startTestGateway } from '../gateway/test/harness.js';

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(executablePath)) {
  console.error(`No Chromium at ${executablePath}: apt-get install -y chromium, or set CHROMIUM_PATH.`);
  process.exit(1);
}
const root = resolve(import.meta.dirname, '..');
const output = resolve(root, 'docs/public/dashboard.png');

/** What Mira is told, with the engine minutes that pass before each message. */
const conversation: [minutes: number, message: string][] = [
  [0, 'Hi Mira! I finally got the job I wanted!'],
  [20, 'Thank you for cheering me on all week, you are wonderful.'],
  [600, 'My grandmother is in the hospital.'],
  [30, 'The doctors say it is serious.'],
  [900, 'You never listen to me.'],
  [10, 'Sorry, that was unfair. Long day.'],
  [1440, 'She is home again, and she asked about you! Thank you for being there for me.'],
];

const t = await startTestGateway({ dashboardDir: resolve(root, 'dashboard/dist') });
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const post = async (path: string, body: unknown): Promise<Record<string, unknown>> => {
    const response = await fetch(`${t.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.keys.pro}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
  const { sessionId } = (await post('/v1/persona', {
    preset: 'cheerful_companion',
    identity: { name: 'Mira' },
  })) as { sessionId: string };
  for (const [minutes, message] of conversation) {
    t.clock.advance(minutes * 60_000);
    await post('/v1/turn', { sessionId, message });
  }

  const page = await browser.newPage({ viewport: { width: 1280, height: 1000 }, deviceScaleFactor: 1 });
  await page.goto(`${t.url}/dashboard/`);
  await page.getByLabel('Operator token').fill(t.adminToken);
  await page.getByTestId('sign-in').click();
  await page.getByTestId('create-key').waitFor();
  // Browse the pro key's sessions: the dashboard takes an API key for that.
  await page.goto(`${t.url}/dashboard/#/sessions`);
  await page.getByTestId('api-key-input').fill(t.keys.pro);
  await page.getByTestId('api-key-submit').click();
  await page.getByTestId('new-session-form').waitFor();
  await page.goto(`${t.url}/dashboard/#/sessions/${encodeURIComponent(sessionId)}`);
  await page.locator('[data-testid="connection-status"][data-status="connected"]').waitFor();
  // The chart plots the stored history (one point per remembered turn) once it has loaded.
  await page.waitForFunction(
    (points) =>
      Number(document.querySelector('[data-testid="vad-chart"]')?.getAttribute('data-points')) >= points,
    conversation.length - 1,
    { timeout: 15_000 },
  );
  await mkdir(resolve(root, 'docs/public'), { recursive: true });
  await page.screenshot({ path: output });
  console.log(`wrote ${output}`);
} finally {
  await browser.close();
  await t.close();
}
