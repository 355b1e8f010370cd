import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createManualClock,
  createSeededRandom,
  createSessionService,
  type ManualClock,
  outreachOutlook,
  type SessionService,
} from '../src/index.js';
import { outreachTable, presetOutreach } from '../src/proactive/outreach-table.js';
import { canonical } from './fixtures.js';

const hour = 3_600_000;

interface World {
  service: SessionService;
  clock: ManualClock;
  sessionId: string;
}

/** A preset character after `turns` kind turns a minute apart, proactive on with `preferences`. */
async function world(preset: string, turns = 3, preferences: object = {}): Promise<World> {
  const clock = createManualClock(Date.UTC(2026, 0, 5, 12));
  const service = createSessionService({ clock, random: createSeededRandom(3) });
  const { sessionId } = await service.createSession('o', { preset });
  await service.setPreferences('o', sessionId, { enabled: true, ...preferences });
  for (let i = 0; i < turns; i++) {
    clock.advance(60_000);
    await service.appraisalTurn('o', { sessionId, appraisal: canonical.kindness });
  }
  return { service, clock, sessionId };
}

async function outlook({ service, clock, sessionId }: World) {
  const record = await service.store.get(sessionId);
  if (!record) throw new Error('no record');
  return { record, outlook: outreachOutlook(record, clock.now()) };
}

describe('outreachOutlook', () => {
  it('says proactive messages are off, and nothing is due, until they are enabled', async () => {
    const w = await world('cheerful_companion');
    await w.service.setPreferences('o', w.sessionId, { enabled: false });
    const { outlook: o } = await outlook(w);
    expect(o.holds).toEqual([{ reason: 'proactive_off', until: null }]);
    expect(o.nextConsiderAt).toBeNull();
  });

  it("names the scheduler's own next check; once it reached out, it cools down and has no drive left", async () => {
    const w = await world('cheerful_companion');
    const before = await outlook(w);
    expect(before.outlook.holds).toEqual([]);
    expect(before.outlook.nextConsiderAt).toBe(before.record.nextDueAt);
    // After a short chat only the need drive can fire: the bond is below the attachment threshold.
    expect(before.outlook.attachment.bond).toBeLessThan(before.outlook.attachment.threshold);
    expect(before.outlook.attachment.dueAt).toBeNull();
    expect(before.outlook.need.dueAt).toBe(before.outlook.nextConsiderAt);
    w.clock.set(before.outlook.nextConsiderAt as number);
    const actions = await w.service.runDueChecks();
    expect(actions.map((a) => a.type)).toEqual(['need_deficit']);
    const after = await outlook(w);
    // The need fired once in this absence, and the bond is still too weak for the attachment urge.
    expect(after.outlook.holds).toEqual([
      { reason: 'cooldown', until: w.clock.now() + 4 * hour },
      { reason: 'no_drive', until: null },
    ]);
    expect(after.outlook.nextConsiderAt).toBeNull();
  });

  it('holds for quiet hours until their end, and the next check moves there', async () => {
    const w = await world('anxious_helper', 3, { quiet_hours: { start: '11:00', end: '15:00' } });
    w.clock.set(Date.UTC(2026, 0, 6, 12));
    const { outlook: o } = await outlook(w);
    expect(o.holds).toEqual([{ reason: 'quiet_hours', until: Date.UTC(2026, 0, 6, 15) }]);
  });

  it('holds for the daily maximum until the next local day', async () => {
    const w = await world('cheerful_companion', 3, { max_per_day: 1, cooldown_hours: 0 });
    const { outlook: first } = await outlook(w);
    w.clock.set(first.nextConsiderAt as number);
    await w.service.runDueChecks();
    const { outlook: o } = await outlook(w);
    const midnight = Math.ceil(w.clock.now() / (24 * hour)) * 24 * hour;
    expect(o.holds).toContainEqual({ reason: 'daily_max', until: midnight });
  });

  it('explains why grumpy_veteran does not reach out: no drive reaches its threshold', async () => {
    const w = await world('grumpy_veteran');
    const { outlook: o } = await outlook(w);
    expect(o.holds).toEqual([{ reason: 'no_drive', until: null }]);
    expect(o.nextConsiderAt).toBeNull();
    expect(o.need.dueAt).toBeNull();
    expect(o.attachment.dueAt).toBeNull();
  });

  it('waits for a reply when both time-driven triggers already fired in this absence', async () => {
    const w = await world('cheerful_companion', 0, { triggers: { attachment_seeking: false } });
    const { outlook: first } = await outlook(w);
    w.clock.set(first.nextConsiderAt as number);
    await w.service.runDueChecks();
    const { outlook: o } = await outlook(w);
    expect(o.holds.map((h) => h.reason)).toEqual(['waiting_for_reply', 'cooldown']);
  });

  it('does not change the record it reads', async () => {
    const w = await world('rival');
    const { record } = await outlook(w);
    const copy = structuredClone(record);
    outreachOutlook(record, w.clock.now() + 100 * hour);
    expect(record).toEqual(copy);
  });
});

describe('how readily each preset reaches out (docs/proactive.md)', () => {
  it('the table in the doc is the one the presets give', () => {
    // Alignment padding aside (a Markdown formatter may pad the columns).
    const plain = (text: string) => text.replace(/-{3,}/g, '---').replace(/ +/g, ' ');
    const doc = readFileSync(resolve(import.meta.dirname, '../../docs/proactive.md'), 'utf8');
    expect(plain(doc)).toContain(plain(outreachTable()));
  });

  it('says need_deficit never fires where belonging cannot fall to its trigger', () => {
    const rows = presetOutreach();
    const grumpy = rows.find((r) => r.preset === 'grumpy_veteran');
    expect(grumpy?.needHours).toBeNull();
    for (const r of rows) expect(r.needHours === null).toBe(r.belongingTrigger <= 0.2);
  });
});
