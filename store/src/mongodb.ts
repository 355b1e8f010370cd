/**
 * `@limbic/store/mongodb`: the MongoDB session and binding store (the official driver): one document per session,
 * compare-and-set writes, an atomic per-owner quota, change streams for several instances (docs/storage.md,
 * "MongoDB").
 * @module
 */
export { collectionNames } from './mongo-collections.js';
export {
  createMongoStore,
  databaseNameOf,
  type MongoSessionStore,
  type MongoStoreOptions,
} from './mongo-store.js';
