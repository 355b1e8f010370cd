import { useState } from 'preact/hooks';
import { ErrorMessage } from '../error-message.js';
import { formatDateTime, labelize } from '../format.js';
import type { ProactiveAction } from '../types.js';

/** Props of {@link ProactiveList}. */
export interface ProactiveListProps {
  actions: readonly ProactiveAction[];
  onAcknowledge: (actionId: string) => Promise<void>;
}

/** The pending proactive actions, oldest first, each with an Acknowledge button. */
export function ProactiveList({ actions, onAcknowledge }: ProactiveListProps) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);

  async function acknowledge(id: string) {
    setBusy(id);
    setError(null);
    try {
      await onAcknowledge(id);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(null);
    }
  }

  return (
    <section class="card" aria-labelledby="proactive-title">
      <h2 id="proactive-title">Proactive actions</h2>
      <p role="status" class="hint">
        {actions.length === 0
          ? 'Nothing pending.'
          : `${actions.length} pending ${actions.length === 1 ? 'action' : 'actions'}.`}
      </p>
      <ErrorMessage error={error} />
      <ul class="actions-list">
        {actions.map((action) => (
          <li key={action.id} data-testid="proactive-action" data-action-id={action.id}>
            <p>
              <span class={`badge priority-${action.priority}`}>{action.priority}</span>{' '}
              <strong>{labelize(action.type)}</strong>{' '}
              <time class="hint" dateTime={action.timestamp}>
                {formatDateTime(action.timestamp)}
              </time>
            </p>
            <p>{action.message}</p>
            <button
              type="button"
              class="secondary"
              data-testid="ack-action"
              aria-label={`Acknowledge ${labelize(action.type).toLowerCase()}: ${action.message}`}
              disabled={busy === action.id}
              onClick={() => acknowledge(action.id)}
            >
              Acknowledge
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
