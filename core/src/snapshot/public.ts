// The snapshot module's public surface, re-exported by the package index (docs/snapshots.md).
export { maxSnapshotIssues, parseSessionSnapshot } from './parse-snapshot.js';
export { isSnapshotImport, SessionSnapshots } from './session-snapshots.js';
export { fromSessionSnapshot, toSessionSnapshot } from './snapshot-codec.js';
export {
  type MigrateOptions,
  migrateSnapshot,
  type SnapshotMigration,
  snapshotMigrations,
} from './snapshot-migrations.js';
export {
  type SessionSnapshot,
  sessionSnapshotSchema,
  snapshotFormat,
  snapshotSchemaUrl,
  snapshotVersion,
} from './snapshot-schema.js';
