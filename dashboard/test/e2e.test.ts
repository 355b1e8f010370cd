import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../../gateway/test/harness.js';
import { startReceiver } from '../../gateway/test/webhook-receiver.js';

/**
 * The dashboard end to end: Debian's Chromium (playwright-core, no browser download) against a gateway on
 * 127.0.0.1 with a manual engine clock, serving a fresh build of the dashboard. Screenshots go to
 * test-results/dashboard/ as artifacts.
 */
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const skipReason = existsSync(executablePath)
  ? undefined
  : `no Chromium at ${executablePath} (apt-get install -y chromium, or set CHROMIUM_PATH); .ci/run installs it`;
if (skipReason) console.log(`dashboard end-to-end test skipped: ${skipReason}`);

const require = createRequire(import.meta.url);
const vite = join(dirname(require.resolve('vite/package.json')), 'bin/vite.js');
const dashboard = resolve(import.meta.dirname, '..');
const shots = resolve(dashboard, '../test-results/dashboard');

const insult = {
  goal_relevance: 0.9,
  goal_congruence: -0.8,
  expectedness: 0.3,
  controllability: 0.7,
  agency: -0.9,
  norm_compatibility: -0.7,
};
const kindness = {
  goal_relevance: 1,
  goal_congruence: 0.9,
  expectedness: 0.5,
  controllability: 0.5,
  agency: -1,
  norm_compatibility: 0.8,
};

let t: TestGateway;
let browser: Browser;
let outDir: string;

beforeAll(async () => {
  if (skipReason) return;
  outDir = await mkdtemp(join(tmpdir(), 'limbic-dashboard-e2e-'));
  await promisify(execFile)(
    process.execPath,
    [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
    {
      cwd: dashboard,
    },
  );
  await mkdir(shots, { recursive: true });
  // Webhooks to the local receiver need the development setting (LIMBIC_WEBHOOK_ALLOW_PRIVATE).
  t = await startTestGateway({ dashboardDir: outDir, webhookAllowPrivate: true });
  browser = await chromium.launch({
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

function rest(path: string, key: string, body?: unknown): Promise<Response> {
  return fetch(`${t.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

let axeSource: string | undefined;

/** Runs axe-core on the page; returns the serious and critical violations (rule id and the first target). */
async function accessibilityViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the page's CSP (rightly) refuses injected script tags.
  axeSource ??= await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(axeSource);
  const { violations, passes } = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(): Promise<{ violations: AxeViolation[]; passes: unknown[] }> } }
    ).axe;
    const results = await axe.run();
    return { violations: results.violations, passes: results.passes.length };
  });
  // axe really looked at the page: dozens of rules pass on any real screen.
  expect(passes).toBeGreaterThan(10);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes[0]?.target.join(' ') ?? ''}`);
}

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

describe('dashboard (Chromium)', () => {
  it.skipIf(skipReason !== undefined)(
    'sign in, create a key shown once, create a session, watch a REST turn and a proactive action arrive live, acknowledge it',
    async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(String(error)));

      // Sign in with the operator token.
      await page.goto(`${t.url}/dashboard/`);
      await page.getByLabel('Operator token').fill(t.adminToken);
      await page.getByTestId('sign-in').click();
      await page.getByTestId('create-key').waitFor();
      await shot(page, '01-signed-in');

      // Create a key: the secret is shown once.
      await page.getByTestId('create-key-env').selectOption('test');
      await page.getByTestId('create-key-plan').selectOption('pro');
      await page.getByTestId('create-key').click();
      const secret = (await page.getByTestId('created-secret').textContent())?.trim() ?? '';
      expect(secret).toMatch(/^svc_test_[A-Za-z0-9]{38}$/);
      expect((await rest('/v1/presets', secret)).status).toBe(200);
      await shot(page, '02-key-shown-once');
      // The new key is listed by its hint (prefix), never by its secret.
      const row = page.locator(`[data-testid="key-row"]`).filter({ hasText: secret.slice(0, 13) });
      await row.first().waitFor();
      expect(await page.content()).toContain(secret);

      // Browse sessions with it; the secret is gone from the keys page.
      await page.getByTestId('use-key').click();
      await page.getByTestId('new-session-form').waitFor();
      await page.goto(`${t.url}/dashboard/#/keys`);
      await page.getByTestId('key-row').first().waitFor();
      expect(await page.content()).not.toContain(secret);
      await page.goto(`${t.url}/dashboard/#/sessions`);

      // Create a session and open it.
      await page.getByTestId('new-session-preset').selectOption('cheerful_companion');
      await page.getByTestId('new-session-name').fill('Mira');
      await page.getByTestId('create-session').click();
      // A new session opens at once; the list shows it with its current emotion.
      await page.waitForURL(/#\/sessions\/ses_/);
      const sessionId = decodeURIComponent(page.url().split('#/sessions/')[1] ?? '');
      expect(sessionId).toMatch(/^ses_/);
      await page.goto(`${t.url}/dashboard/#/sessions`);
      const item = page.locator(`[data-testid="session-item"][data-session-id="${sessionId}"]`);
      await item.waitFor();
      expect(await item.textContent()).toMatch(/Mira/);
      expect(await item.textContent()).toMatch(/calm/i);
      await shot(page, '03-session-list');

      // Earlier turns (sent while the dashboard is elsewhere) become stored memories: the session's history.
      await page.goto(`${t.url}/dashboard/#/keys`);
      for (const appraisal of [kindness, insult, kindness]) {
        t.clock.advance(60_000);
        expect((await rest('/v1/turn/appraisal', secret, { sessionId, appraisal })).status).toBe(200);
      }
      const stored = (await (await rest(`/v1/persona/${sessionId}/memories`, secret)).json()) as {
        memories: unknown[];
      };
      expect(stored.memories.length).toBeGreaterThanOrEqual(2);
      // More sessions than one page (20), then a newer one also called Mira: the gateway lists it first, so it
      // heads the first page, and Mira's first session is on the second, behind "Load more".
      for (let i = 0; i < 20; i++) {
        expect((await rest('/v1/persona', secret, { preset: 'stoic_mentor' })).status).toBe(201);
      }
      t.clock.advance(60_000);
      const newer = (await (
        await rest('/v1/persona', secret, { preset: 'anxious_helper', identity: { name: 'Mira' } })
      ).json()) as {
        sessionId: string;
      };
      await page.goto(`${t.url}/dashboard/#/sessions`);
      const newerItem = page.locator(`[data-testid="session-item"][data-session-id="${newer.sessionId}"]`);
      await newerItem.waitFor();
      const ids = () =>
        page
          .getByTestId('session-item')
          .evaluateAll((items) => items.map((element) => element.getAttribute('data-session-id')));
      const firstPage = await ids();
      expect(firstPage).toHaveLength(20);
      expect(firstPage[0]).toBe(newer.sessionId);
      expect(firstPage).not.toContain(sessionId);
      // The only Mira loaded so far needs no short id.
      expect(await newerItem.getByTestId('session-link').textContent()).toBe('Mira');
      await page.getByTestId('load-more').click();
      await item.waitFor();
      const order = await ids();
      expect(order).toHaveLength(22);
      expect(order.slice(0, 20)).toEqual(firstPage);
      expect(order.at(-1)).toBe(sessionId);
      // Both Miras loaded: each gets a name that tells them apart.
      expect(await item.getByTestId('session-link').textContent()).toBe(`Mira · ${sessionId.slice(-6)}`);
      expect(await newerItem.getByTestId('session-link').textContent()).toBe(
        `Mira · ${newer.sessionId.slice(-6)}`,
      );

      // Opening the session plots its stored history at once, not a single dot.
      await item.getByTestId('session-link').click();
      await page.locator('[data-testid="connection-status"][data-status="connected"]').waitFor();
      const chart = page.getByTestId('vad-chart');
      const plotted = async () => Number(await chart.getAttribute('data-points'));
      await expect.poll(plotted).toBeGreaterThan(stored.memories.length);
      const label = page.getByTestId('emotion-label');
      const before = await label.getAttribute('data-emotion');
      const pointsBefore = await plotted();
      await shot(page, '04-session-open');
      // When it would reach out and what holds it back: writing first is off until the preferences turn it on.
      const outreach = page.getByTestId('outreach');
      const hold = (reason: string) =>
        outreach.locator(`[data-testid="outreach-hold"][data-reason="${reason}"]`);
      await hold('proactive_off').waitFor();
      expect(await hold('proactive_off').textContent()).toMatch(/Reaching out is off for this session/);

      // A turn sent through REST by someone else shows up live, without a reload.
      const turn = await rest('/v1/turn/appraisal', secret, { sessionId, appraisal: insult });
      const result = (await turn.json()) as { discrete_emotion: string };
      expect(result.discrete_emotion).toBe('anger');
      await page.locator('[data-testid="emotion-label"][data-emotion="anger"]').waitFor();
      expect(before).not.toBe('anger');
      await expect.poll(plotted).toBeGreaterThan(pointsBefore);
      await shot(page, '05-live-turn');

      // A proactive action raised by the scheduler (manual clock) arrives live and is acknowledged.
      const prefs = await fetch(`${t.url}/v1/proactive/${sessionId}/preferences`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        body: JSON.stringify({ enabled: true }),
      });
      expect(prefs.status).toBe(200);
      // The outlook follows the session: the hold is gone without a reload.
      await hold('proactive_off').waitFor({ state: 'detached' });
      for (let i = 0; i < 40; i++) {
        t.clock.advance(60_000);
        expect((await rest('/v1/turn/appraisal', secret, { sessionId, appraisal: kindness })).status).toBe(
          200,
        );
      }
      t.clock.advance(3 * 86_400_000);
      t.gateway.scheduler.wake();
      const action = page.getByTestId('proactive-action').first();
      await action.waitFor();
      const actionId = (await action.getAttribute('data-action-id')) ?? '';
      expect(actionId).toMatch(/^act_/);
      // Having written, the cooldown holds it back, and the panel says when that lifts.
      await hold('cooldown').waitFor();
      expect(await hold('cooldown').textContent()).toMatch(/Cooldown after its last message \(lifts in \d/);
      expect(await outreach.getByTestId('outreach-next').textContent()).toMatch(/^It would/);
      await shot(page, '06-proactive-action');
      await action.getByTestId('ack-action').click();
      await page
        .locator(`[data-testid="proactive-action"][data-action-id="${actionId}"]`)
        .waitFor({ state: 'detached' });
      const pending = (await (await rest(`/v1/proactive/${sessionId}`, secret)).json()) as { id: string }[];
      expect(pending.map((a) => a.id)).not.toContain(actionId);
      await shot(page, '07-acknowledged');

      // A message sent from the turn box: the result says what it felt, and why, one sentence per contribution.
      await page.getByTestId('turn-message').fill('You lied to me');
      await page.getByTestId('send-turn').click();
      const reasons = page.getByTestId('turn-explanation').locator('li');
      await reasons.first().waitFor();
      const sentences = await reasons.allTextContents();
      expect(sentences.length).toBeGreaterThan(0);
      for (const sentence of sentences) expect(sentence).toMatch(/^[A-Z].* by \d\.\d{2,3}.*\.$/);
      await shot(page, '07b-turn-explained');

      // Phone width: the live view stays usable (no horizontal scrolling).
      await page.setViewportSize({ width: 360, height: 780 });
      await shot(page, '08-phone-width');
      const overflow = await page.evaluate(() => {
        const wide = [...document.querySelectorAll('body *')]
          .filter((element) => !element.closest('.visually-hidden'))
          .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
          .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
        return { by: document.documentElement.scrollWidth - window.innerWidth, wide: wide.slice(0, 5) };
      });
      expect(overflow).toEqual({ by: 0, wide: [] });
      expect(errors).toEqual([]);
      await page.close();
    },
    120_000,
  );

  it.skipIf(skipReason !== undefined)(
    'works from the keyboard, rotates and revokes keys, and has no serious accessibility violations (axe-core)',
    async () => {
      const page = await browser.newPage({ viewport: { width: 1024, height: 800 } });
      await page.goto(`${t.url}/dashboard/`);
      expect(await accessibilityViolations(page)).toEqual([]);
      // Sign in with the keyboard only: the token field is reachable by Tab and Enter submits.
      await page.keyboard.press('Tab');
      for (let i = 0; i < 10; i++) {
        if (await page.getByLabel('Operator token').evaluate((element) => element === document.activeElement))
          break;
        await page.keyboard.press('Tab');
      }
      await page.keyboard.type(t.adminToken);
      await page.keyboard.press('Enter');
      await page.getByTestId('create-key').waitFor();

      await page.getByTestId('create-key').click();
      const first = (await page.getByTestId('created-secret').textContent())?.trim() ?? '';
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.getByTestId('dismiss-secret').click();
      const row = page.getByTestId('key-row').filter({ hasText: first.slice(0, 13) });

      // Rotate with no grace: a new secret is shown once and the old key stops working at once.
      await row.getByTestId('rotate-key').click();
      await row.getByTestId('grace-hours').fill('0');
      await row.getByTestId('confirm-rotate').click();
      const second = (await page.getByTestId('created-secret').textContent())?.trim() ?? '';
      expect(second).toMatch(/^svc_test_/);
      expect(second).not.toBe(first);
      expect((await rest('/v1/presets', first)).status).toBe(401);
      expect((await rest('/v1/presets', second)).status).toBe(200);
      await shot(page, '11-rotated');
      await page.getByTestId('dismiss-secret').click();

      // Revoke the new key from its row.
      const secondRow = page.getByTestId('key-row').filter({ hasText: second.slice(0, 13) });
      await secondRow.getByTestId('revoke-key').click();
      await secondRow.getByTestId('confirm-revoke').click();
      await page
        .locator('[data-testid="key-row"][data-status="revoked"]')
        .filter({ hasText: second.slice(0, 13) })
        .waitFor();
      expect((await rest('/v1/presets', second)).status).toBe(401);
      await shot(page, '12-revoked');

      // The sessions and the live view of a key's session pass the same checks.
      await page.getByTestId('create-key').click();
      const third = (await page.getByTestId('created-secret').textContent())?.trim() ?? '';
      await page.getByTestId('use-key').click();
      await page.getByTestId('new-session-form').waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);
      const created = await rest('/v1/persona', third, { preset: 'anxious_helper' });
      const { sessionId } = (await created.json()) as { sessionId: string };
      await page.goto(`${t.url}/dashboard/#/sessions/${sessionId}`);
      await page.locator('[data-testid="connection-status"][data-status="connected"]').waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.close();
    },
    120_000,
  );

  it.skipIf(skipReason !== undefined)(
    'lists a session’s memories newest first with strength, text, feeling and who, and forgets one',
    async () => {
      const key = t.keys.pro;
      const created = await rest('/v1/persona', key, { preset: 'cheerful_companion' });
      const { sessionId } = (await created.json()) as { sessionId: string };
      const say = async (body: Record<string, unknown>) => {
        t.clock.advance(60_000);
        const res = await rest('/v1/turn', key, { sessionId, ...body });
        return ((await res.json()) as { memory: { encoded: string } }).memory.encoded;
      };
      const rex = await say({
        message: 'My dog Rex died. I miss our walks in the park.',
        from: { id: 'u-sam', name: 'Sam' },
      });
      const job = await say({ message: 'I got the job I wanted so badly, I am so happy!' });

      const page = await browser.newPage({ viewport: { width: 1024, height: 900 } });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(String(error)));
      await page.goto(`${t.url}/dashboard/#/sessions/${sessionId}`);
      await page.getByTestId('api-key-input').fill(key);
      await page.getByTestId('api-key-submit').click();
      const items = page.getByTestId('memory');
      await expect.poll(() => items.count()).toBe(2);
      expect(await items.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-memory-id')))).toEqual([
        job,
        rex,
      ]);
      const rexItem = page.locator(`[data-testid="memory"][data-memory-id="${rex}"]`);
      expect(await rexItem.textContent()).toMatch(/Sadness.*Sam/);
      expect(await rexItem.getByTestId('memory-text').textContent()).toBe(
        'My dog Rex died. I miss our walks in the park.',
      );
      expect(Number(await rexItem.getByTestId('memory-strength').getAttribute('value'))).toBeGreaterThan(0.5);
      expect(await accessibilityViolations(page)).toEqual([]);
      await shot(page, '21-memories');

      await rexItem.getByTestId('forget-memory').click();
      await rexItem.waitFor({ state: 'detached' });
      const left = (await (await rest(`/v1/persona/${sessionId}/memories`, key)).json()) as {
        memories: { id: string }[];
      };
      expect(left.memories.map((m) => m.id)).toEqual([job]);

      // With text off, a memory shows that no text is kept; a new turn comes into the list live.
      await fetch(`${t.url}/v1/persona/${sessionId}/memory/settings`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ store_text: false }),
      });
      const lied = await say({ message: 'My sister lied to me again and I am furious.' });
      const liedItem = page.locator(`[data-testid="memory"][data-memory-id="${lied}"]`);
      await liedItem.waitFor();
      expect(await liedItem.getByTestId('memory-text').textContent()).toBe('No text kept.');
      await shot(page, '22-memory-forgotten');
      expect(errors).toEqual([]);
      await page.close();
    },
    120_000,
  );
  it.skipIf(skipReason !== undefined)(
    'adds a webhook with its secret shown once, sends a test event to a local receiver and reads it in the log',
    async () => {
      const receiver = await startReceiver();
      const key = t.keys.free;
      const page = await browser.newPage({ viewport: { width: 1024, height: 900 } });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(String(error)));
      try {
        await page.goto(`${t.url}/dashboard/#/webhooks`);
        await page.getByTestId('api-key-input').fill(key);
        await page.getByTestId('api-key-submit').click();
        await page.getByTestId('webhook-form').waitFor();
        await expect.poll(() => page.getByTestId('webhook-event').count()).toBeGreaterThan(3);

        // The form says what is missing before asking the gateway.
        await page.getByTestId('webhook-url').fill(receiver.url);
        await page.getByTestId('create-webhook').click();
        await page.getByText('Choose at least one event.').waitFor();
        await page.getByLabel('proactive.action').check();
        await page.getByLabel('session.deleted').check();
        await page.getByTestId('webhook-description').fill('local receiver');
        await page.getByTestId('create-webhook').click();
        const secret = (await page.getByTestId('webhook-secret').textContent())?.trim() ?? '';
        expect(secret).toMatch(/^whsec_/);
        expect(await accessibilityViolations(page)).toEqual([]);
        await shot(page, '31-webhook-secret');
        const listed = (await (await rest('/v1/webhooks', key)).json()) as {
          webhooks: { id: string; url: string; events: string[] }[];
        };
        expect(listed.webhooks).toEqual([
          expect.objectContaining({ url: receiver.url, events: ['proactive.action', 'session.deleted'] }),
        ]);
        const id = listed.webhooks[0]?.id ?? '';
        await page.getByTestId('dismiss-webhook-secret').click();
        expect(await page.content()).not.toContain(secret);

        // Disable by hand, then enable again.
        const item = page.locator(`[data-testid="webhook"][data-webhook-id="${id}"]`);
        await item.getByTestId('toggle-webhook').click();
        await page.locator(`[data-testid="webhook"][data-enabled="false"]`).waitFor();
        expect(await item.getByTestId('webhook-status').textContent()).toBe('Disabled by hand');
        await item.getByTestId('toggle-webhook').click();
        await page.locator(`[data-testid="webhook"][data-enabled="true"]`).waitFor();

        // A test event reaches the receiver and shows in the delivery log with its HTTP status.
        await item.getByTestId('test-webhook').click();
        const [got] = await receiver.waitFor(1);
        expect(got?.json.type).toBe('webhook.test');
        await t.gateway.webhooks.worker.idle();
        const row = item.getByTestId('delivery').first();
        await expect
          .poll(async () => {
            await item.getByTestId('refresh-deliveries').click();
            return row.count();
          })
          .toBe(1);
        expect(await row.getAttribute('data-message-id')).toBe(got?.headers['webhook-id']);
        expect(await row.textContent()).toMatch(/webhook\.test.*1.*HTTP 204/);
        expect(await accessibilityViolations(page)).toEqual([]);
        await shot(page, '32-webhook-delivery-log');
        // Phone width: the endpoint and its log stay readable without horizontal scrolling.
        await page.setViewportSize({ width: 360, height: 780 });
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
        await shot(page, '33-webhooks-phone-width');
        await page.setViewportSize({ width: 1024, height: 900 });

        // Rotating shows a new secret once; deleting asks first.
        await item.getByTestId('rotate-webhook-secret').click();
        const rotated = (await page.getByTestId('webhook-secret').textContent())?.trim() ?? '';
        expect(rotated).toMatch(/^whsec_/);
        expect(rotated).not.toBe(secret);
        await page.getByTestId('dismiss-webhook-secret').click();
        await item.getByTestId('delete-webhook').click();
        expect((await (await rest(`/v1/webhooks/${id}`, key)).json()) as { id: string }).toMatchObject({
          id,
        });
        await item.getByTestId('confirm-delete-webhook').click();
        await item.waitFor({ state: 'detached' });
        expect((await rest(`/v1/webhooks/${id}`, key)).status).toBe(404);
        expect(errors).toEqual([]);
      } finally {
        await page.close();
        await receiver.close();
      }
    },
    120_000,
  );
});
