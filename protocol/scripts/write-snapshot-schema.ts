// Writes the published JSON Schema of the session snapshot (protocol/schemas/), generated from the zod schema.
// Run after changing core/src/snapshot/: `npm run schema:snapshot -w @limbic/protocol`.
import { writeFileSync } from 'node:fs';
import { sessionSnapshotJsonSchema, snapshotSchemaFile } from '../src/shapes/snapshot.js';

const file = new URL(`../schemas/${snapshotSchemaFile}`, import.meta.url);
writeFileSync(file, `${JSON.stringify(sessionSnapshotJsonSchema(), null, 2)}\n`);
console.log(`wrote ${file.pathname}`);
