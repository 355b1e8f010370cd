import { toValidationError } from '../errors.js';
import { validateWith } from '../util/validation.js';
import { checkSnapshotConsistency } from './snapshot-checks.js';
import { type MigrateOptions, migrateSnapshot } from './snapshot-migrations.js';
import { type SessionSnapshot, sessionSnapshotSchema } from './snapshot-schema.js';

/**
 * Validates a snapshot document for import: its format and version (an older version migrated through the chain, a
 * newer one refused), every field's type and range with the schema, then the consistency rules. Every issue names
 * its path from `snapshot` (`snapshot.session.state.emotion.V`), as the REST body `{snapshot}` spells it.
 * @throws LimbicError VALIDATION_ERROR listing every issue.
 */
export function parseSessionSnapshot(input: unknown, options: MigrateOptions = {}): SessionSnapshot {
  const prefix = 'snapshot';
  const document = migrateSnapshot(input, prefix, options);
  const result = validateWith(sessionSnapshotSchema, document, prefix);
  if (!result.ok) throw toValidationError('snapshot', result.issues);
  const issues = checkSnapshotConsistency(result.value, prefix);
  if (issues.length > 0) throw toValidationError('snapshot', issues);
  return result.value;
}
