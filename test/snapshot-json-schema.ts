// The published JSON Schema of the session snapshot (protocol/schemas/), compiled once with Ajv: the store and
// gateway tests check every snapshot they export against the committed file, as a user's validator would.
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';

const file = new URL('../protocol/schemas/limbic-session-snapshot.v1.json', import.meta.url);

/** The committed JSON Schema document. */
export const snapshotJsonSchema = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

const ajv = new Ajv2020({ strict: true, allErrors: true });
ajv.addFormat('date-time', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
const validate = ajv.compile(snapshotJsonSchema);

/** Throws, listing every error, when `document` does not match the published snapshot schema. */
export function validateSnapshotJson(document: unknown): void {
  if (!validate(document))
    throw new Error(`snapshot does not match its JSON Schema: ${ajv.errorsText(validate.errors)}`);
}

/** The errors of `document` against the published schema, empty when it matches. */
export function snapshotJsonErrors(document: unknown): string[] {
  return validate(document) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}
