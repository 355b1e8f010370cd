import { LimbicError, type MemorySettings, type SessionRecord } from '@limbic/core';

/**
 * The shape version of the stored session document, the same number in every store (the MongoDB store writes it as
 * the document's `schema` field). A change that older code cannot read (a field renamed or re-scaled, a new required
 * field) bumps it; a new optional field does not. See docs/storage.md, "Document shape and versioning".
 */
export const documentSchema = 1;

/**
 * The part of a {@link SessionRecord} that the SQLite store keeps as one JSON document (the `doc` column), with
 * its shape version; the indexed fields (id, owner, version, times, due time) are columns of their own, and the
 * memory's episodes are rows of the `memories` table.
 */
export interface SessionDocument {
  /** Shape version ({@link documentSchema}). */
  schema: number;
  persona: SessionRecord['persona'];
  state: SessionRecord['state'];
  proactive: SessionRecord['proactive'];
  /**
   * The memory's settings, when the record has a memory (optional: documents written before memory existed, and
   * those of sessions that never remembered anything, lack it).
   */
  memory?: { settings: MemorySettings };
  /** Each person's activity history (optional: documents written before it existed lack it). */
  activity?: SessionRecord['activity'];
  /** The operator overrides' log (optional: sessions never overridden lack it). */
  overrides?: SessionRecord['overrides'];
}

/** The document of a record. */
export function toDocument(record: SessionRecord): SessionDocument {
  const doc: SessionDocument = {
    schema: documentSchema,
    persona: record.persona,
    state: record.state,
    proactive: record.proactive,
  };
  if (record.memory !== undefined) doc.memory = { settings: record.memory.settings };
  if (record.activity !== undefined) doc.activity = record.activity;
  if (record.overrides !== undefined) doc.overrides = record.overrides;
  return doc;
}

/**
 * Checks a document read back against {@link documentSchema}: the place where an upgrade from an older shape goes
 * when the shape changes. A document of a newer shape than this code knows is refused rather than misread.
 * @throws LimbicError STORE_UNAVAILABLE for a document this code cannot read.
 */
export function checkDocument(id: string, doc: SessionDocument): SessionDocument {
  if (doc.schema === documentSchema) return doc;
  throw new LimbicError(
    'STORE_UNAVAILABLE',
    `Session ${id} is stored in document schema ${String(doc.schema)}; this Limbic reads ${documentSchema} ` +
      '(was it written by a newer Limbic?)',
  );
}
