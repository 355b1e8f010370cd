import { useEffect, useRef, useState } from 'preact/hooks';
import { ErrorMessage } from '../error-message.js';
import { formatDateTime } from '../format.js';
import type { ApiKey } from '../types.js';

/** Props of {@link KeyTable}. */
export interface KeyTableProps {
  keys: readonly ApiKey[];
  onRevoke: (key: ApiKey) => Promise<void>;
  onRotate: (key: ApiKey, graceHours: number) => Promise<void>;
}

type Pending = { id: string; action: 'revoke' | 'rotate' };

/** A key works (and can be revoked or rotated) while active or in its grace period. */
function isUsable(key: ApiKey): boolean {
  return key.status === 'active' || key.status === 'expiring';
}

/**
 * The API keys as a table (cards on narrow screens), each row with Revoke and Rotate. Both ask to confirm in the
 * row itself; Rotate also asks how long the old key keeps working.
 */
export function KeyTable({ keys, onRevoke, onRotate }: KeyTableProps) {
  const [pending, setPending] = useState<Pending | null>(null);
  const [graceHours, setGraceHours] = useState(24);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLButtonElement | null>(null);

  // Keyboard users land on the confirmation, and back on the button that opened it when it closes.
  useEffect(() => {
    if (pending) confirmButton.current?.focus();
  }, [pending]);

  function open(next: Pending, button: HTMLButtonElement) {
    opener.current = button;
    setError(null);
    setPending(next);
  }

  function close() {
    setPending(null);
    opener.current?.focus();
  }

  async function confirm(key: ApiKey) {
    if (!pending) return;
    setBusy(true);
    setError(null);
    try {
      if (pending.action === 'revoke') await onRevoke(key);
      else await onRotate(key, graceHours);
      close();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div class="table-wrap">
      <table class="keys">
        <caption class="visually-hidden">API keys, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">Env</th>
            <th scope="col">Plan</th>
            <th scope="col">Status</th>
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col">Expires</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.id} data-testid="key-row" data-key-id={key.id} data-status={key.status}>
              <th scope="row" data-label="Key">
                <code>{key.hint}</code>
                <span class="hint"> {key.account}</span>
              </th>
              <td data-label="Env">{key.env}</td>
              <td data-label="Plan">{key.plan}</td>
              <td data-label="Status">
                <span class={`badge status-${key.status}`}>{key.status}</span>
              </td>
              <td data-label="Created">{formatDateTime(key.createdAt)}</td>
              <td data-label="Last used">{formatDateTime(key.lastUsedAt)}</td>
              <td data-label="Expires">{formatDateTime(key.expiresAt)}</td>
              <td data-label="Actions">
                {isUsable(key) && (
                  <div class="actions">
                    <button
                      type="button"
                      class="secondary"
                      data-testid="rotate-key"
                      aria-label={`Rotate ${key.hint}`}
                      aria-expanded={pending?.id === key.id && pending.action === 'rotate'}
                      onClick={(event) => open({ id: key.id, action: 'rotate' }, event.currentTarget)}
                    >
                      Rotate
                    </button>
                    <button
                      type="button"
                      class="secondary danger"
                      data-testid="revoke-key"
                      aria-label={`Revoke ${key.hint}`}
                      aria-expanded={pending?.id === key.id && pending.action === 'revoke'}
                      onClick={(event) => open({ id: key.id, action: 'revoke' }, event.currentTarget)}
                    >
                      Revoke
                    </button>
                  </div>
                )}
                {pending?.id === key.id && (
                  <fieldset class="confirm">
                    <legend class="visually-hidden">
                      Confirm {pending.action} of {key.hint}
                    </legend>
                    {pending.action === 'rotate' && (
                      <label>
                        Old key works for{' '}
                        <input
                          type="number"
                          min={0}
                          class="short"
                          data-testid="grace-hours"
                          value={graceHours}
                          onInput={(event) => setGraceHours(event.currentTarget.valueAsNumber)}
                        />{' '}
                        hours
                      </label>
                    )}
                    <button
                      type="button"
                      ref={confirmButton}
                      class={pending.action === 'revoke' ? 'danger' : undefined}
                      data-testid={`confirm-${pending.action}`}
                      disabled={busy}
                      onClick={() => confirm(key)}
                    >
                      {pending.action === 'revoke' ? `Yes, revoke ${key.hint}` : `Yes, rotate ${key.hint}`}
                    </button>
                    <button type="button" class="secondary" onClick={close}>
                      Cancel
                    </button>
                    <ErrorMessage error={error} />
                  </fieldset>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
