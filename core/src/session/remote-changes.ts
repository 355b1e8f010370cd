import type { Clock } from '../clock.js';
import type { SessionStore, StoreChange } from '../store/session-store.js';
import type { ChangeFilter } from './change-filter.js';
import type { TypedEmitter } from './emitter.js';
import type { SessionEvents } from './session-types.js';
import type { SessionWriter } from './session-writer.js';

/** What {@link watchRemoteChanges} re-emits through. */
export interface RemoteChangesOptions {
  store: SessionStore;
  clock: Clock;
  events: TypedEmitter<SessionEvents>;
  writer: SessionWriter;
  /** Decides which reported changes are news here; the writer tells it about this process's own writes. */
  changes: ChangeFilter;
}

/**
 * Watches a shared store and re-emits the changes other processes write to it (turns and checks as `state` with
 * cause `remote`, moved due times as `due`, their actions as `proactive`, deletions as `deleted`), so subscribers
 * of this process hear about them; this process's own writes are filtered out. Returns the function that stops
 * watching.
 */
export function watchRemoteChanges(options: RemoteChangesOptions): () => void {
  const { store, clock, events, writer, changes } = options;
  const onChange = (change: StoreChange): void => {
    const decision = changes.decide(change);
    const { id, owner, record } = change;
    if (decision.deleted) {
      writer.forget(id);
      events.emit('deleted', { owner, sessionId: id, remote: true });
      return;
    }
    if (decision.state) writer.replacedElsewhere(id);
    if (!record) return;
    if (decision.state) {
      // Another process moved the due time: this process's scheduler may need to wake earlier too.
      if (record.nextDueAt !== null && events.has('due')) {
        events.emit('due', { sessionId: id, nextDueAt: record.nextDueAt });
      }
      writer.emitState(record, 'remote', clock.now());
    }
    for (const action of decision.actions)
      events.emit('proactive', { owner, sessionId: id, action, remote: true });
  };
  return store.watch ? store.watch(onChange) : () => {};
}
