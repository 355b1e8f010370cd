import { LimbicError, toValidationError } from '../errors.js';
import { snapshotFormat, snapshotVersion } from './snapshot-schema.js';

/**
 * Upgrades a snapshot document of one version to the next: it receives a document whose `version` is the key it is
 * registered under, and returns the same document in the next version's shape (with `version` raised by one).
 * It may assume only the old version's shape, not its validity: the result is validated after the whole chain.
 */
export type SnapshotMigration = (document: Record<string, unknown>) => Record<string, unknown>;

/**
 * The migration chain (docs/snapshots.md, "Versioning"): the upgrade from version `v` to `v + 1`, for every version
 * older than {@link snapshotVersion}. Version 1 is the first published version, so the chain is empty; the version
 * that changes the format adds its predecessor's upgrade here, with a test that migrates a committed example.
 */
export const snapshotMigrations: Readonly<Record<number, SnapshotMigration>> = Object.freeze({});

/** Options of {@link migrateSnapshot}: the chain and the current version (tests pass their own). */
export interface MigrateOptions {
  migrations?: Readonly<Record<number, SnapshotMigration>>;
  current?: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Checks a snapshot's `format` and `version` and brings an older version up to the current one through the chain.
 * A newer version is refused, naming the versions this Limbic reads.
 * @throws LimbicError VALIDATION_ERROR (paths start with `prefix`).
 */
export function migrateSnapshot(input: unknown, prefix: string, options: MigrateOptions = {}): unknown {
  const migrations = options.migrations ?? snapshotMigrations;
  const current = options.current ?? snapshotVersion;
  const supported = `supported: ${Array.from({ length: current }, (_, i) => i + 1).join(', ')}`;
  const fail = (path: string, message: string) =>
    toValidationError('snapshot', [{ path: path ? `${prefix}.${path}` : prefix, message }]);
  if (!isRecord(input)) throw fail('', 'must be an object (a Limbic session snapshot)');
  if (input.format !== snapshotFormat)
    throw fail('format', `must be "${snapshotFormat}" (got ${JSON.stringify(input.format) ?? 'nothing'})`);
  const { version } = input;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1)
    throw fail('version', `must be a whole number ≥ 1 (${supported})`);
  if (version > current)
    throw fail(
      'version',
      `${version} is newer than this Limbic reads (${supported}); upgrade Limbic to import it`,
    );
  let document = input;
  for (let v = version; v < current; v++) {
    const migrate = migrations[v];
    if (!migrate) throw new LimbicError('INTERNAL_ERROR', `No snapshot migration from version ${v}`);
    document = migrate(document);
  }
  return document;
}
