import { toValidationError, type ValidationIssue } from '../errors.js';
import { validateWith } from '../util/validation.js';
import { checkSnapshotConsistency } from './snapshot-checks.js';
import { type MigrateOptions, migrateSnapshot } from './snapshot-migrations.js';
import { type SessionSnapshot, sessionSnapshotSchema } from './snapshot-schema.js';

/** Most issues an import reports: a document with thousands of bad episodes still gets a readable answer. */
export const maxSnapshotIssues = 20;

function refuse(issues: ValidationIssue[]): never {
  if (issues.length <= maxSnapshotIssues) throw toValidationError('snapshot', issues);
  const more = {
    path: 'snapshot',
    message: `and ${issues.length - maxSnapshotIssues} more issues like these`,
  };
  throw toValidationError('snapshot', [...issues.slice(0, maxSnapshotIssues), more]);
}

/**
 * Validates a snapshot document for import: its format and version (an older version migrated through the chain, a
 * newer one refused), every field's type and range with the schema, then the consistency rules. Every issue names
 * its path from `snapshot` (`snapshot.session.state.emotion.V`), as the REST body `{snapshot}` spells it.
 * @throws LimbicError VALIDATION_ERROR listing the issues (the first {@link maxSnapshotIssues}, then how many more).
 */
export function parseSessionSnapshot(input: unknown, options: MigrateOptions = {}): SessionSnapshot {
  const prefix = 'snapshot';
  const document = migrateSnapshot(input, prefix, options);
  const result = validateWith(sessionSnapshotSchema, document, prefix);
  if (!result.ok) refuse(result.issues);
  const issues = checkSnapshotConsistency(result.value, prefix);
  if (issues.length > 0) refuse(issues);
  return result.value;
}
