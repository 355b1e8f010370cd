import { readFileSync } from 'node:fs';
import { createManualClock, createMemoryStore, type SessionSnapshot, snapshotSchemaUrl } from '@limbic/core';
import { buildRichSession, snapshotTestService } from '@limbic/core/testing';
import { describe, expect, it } from 'vitest';
import { snapshotJsonErrors } from '../../../test/snapshot-json-schema.js';
import { sessionSnapshotJsonSchema, snapshotSchemaFile } from './snapshot.js';

const committed = new URL(`../../schemas/${snapshotSchemaFile}`, import.meta.url);

async function richSnapshot(): Promise<SessionSnapshot> {
  const clock = createManualClock();
  const service = snapshotTestService(createMemoryStore(), clock);
  const id = await buildRichSession(service, clock);
  return JSON.parse(JSON.stringify(await service.snapshots.export('owner-a', id)));
}

describe('the published snapshot JSON Schema', () => {
  it('is the committed file (npm run schema:snapshot -w @limbic/protocol rewrites it)', () => {
    expect(JSON.parse(readFileSync(committed, 'utf8'))).toEqual(sessionSnapshotJsonSchema());
  });

  it('is the schema that every exported document names in $schema', async () => {
    const snapshot = await richSnapshot();
    expect(snapshot.$schema).toBe(snapshotSchemaUrl);
    expect(sessionSnapshotJsonSchema().$id).toBe(snapshotSchemaUrl);
    expect(snapshotJsonErrors(snapshot)).toEqual([]);
  });

  it('refuses out-of-range values, unknown fields and a missing part', async () => {
    const snapshot = await richSnapshot();
    const bad = structuredClone(snapshot) as unknown as { session: Record<string, Record<string, unknown>> };
    (bad.session.state!.emotion as Record<string, number>).V = 5;
    bad.session.state!.extra = 1;
    delete bad.session.memory;
    const errors = snapshotJsonErrors(bad);
    expect(errors).toContain('/session/state/emotion/V must be <= 1');
    expect(errors.some((e) => e.startsWith('/session/state must NOT have additional properties'))).toBe(true);
    expect(errors).toContain("/session must have required property 'memory'");
  });
});
