import { sessionSnapshotSchema, snapshotSchemaUrl, snapshotVersion } from '@limbic/core';
import { z } from 'zod';
import { type JsonSchema, jsonSchemasOf } from './json-schema.js';

/** The body of `POST /v1/persona` that creates a session from a snapshot: the snapshot alone. */
export const sessionImportSchema = z
  .strictObject({ snapshot: sessionSnapshotSchema })
  .describe(
    'Creates a new session from a session snapshot (docs/snapshots.md); nothing else may be sent with it',
  );

/** `GET /v1/schemas/session-snapshot.json`: a JSON Schema document (draft 2020-12); the parts clients read. */
export const snapshotJsonSchemaDocument = z.looseObject({
  $schema: z.literal('https://json-schema.org/draft/2020-12/schema'),
  $id: z.string(),
  title: z.string(),
  type: z.literal('object'),
  properties: z.looseObject({}),
});

/** The file name of the published JSON Schema in `protocol/schemas/`. */
export const snapshotSchemaFile = `limbic-session-snapshot.v${snapshotVersion}.json`;

/**
 * The published JSON Schema (draft 2020-12) of the session snapshot document, generated from the zod schema the
 * import validates with. Its `$id` is the URL that every exported document's `$schema` names; the repository keeps
 * it in `protocol/schemas/` (`npm run schema:snapshot -w @limbic/protocol` rewrites it; a test fails when stale).
 * The schema checks types, ranges and shapes; the consistency rules of docs/snapshots.md are the import's.
 */
export function sessionSnapshotJsonSchema(): JsonSchema {
  const { SessionSnapshot } = jsonSchemasOf({ SessionSnapshot: sessionSnapshotSchema }, 'input');
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: snapshotSchemaUrl,
    title: `Limbic session snapshot, version ${snapshotVersion}`,
    ...SessionSnapshot,
  };
}
