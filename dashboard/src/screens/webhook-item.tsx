import { useEffect, useRef, useState } from 'preact/hooks';
import { request } from '../api.js';
import { ErrorMessage } from '../error-message.js';
import { formatDateTime } from '../format.js';
import {
  deleteWebhookMutation,
  rotateWebhookSecretMutation,
  setWebhookEnabledMutation,
  testWebhookMutation,
} from '../webhook-queries.js';
import { type RotatedWebhookSecret, type Webhook, webhookStatus } from '../webhooks.js';
import { DeliveryLog } from './delivery-log.js';

/** Props of {@link WebhookItem}. */
export interface WebhookItemProps {
  apiKey: string;
  webhook: Webhook;
  onChanged: (webhook: Webhook) => void;
  onDeleted: (id: string) => void;
  onRotated: (rotated: RotatedWebhookSecret, webhook: Webhook) => void;
}

/**
 * One endpoint: its URL, events, status (with why it is disabled) and failures; Enable or Disable, Rotate secret,
 * Send test event, Delete (confirmed in place), and its delivery log, shown on demand.
 */
export function WebhookItem({ apiKey, webhook, onChanged, onDeleted, onRotated }: WebhookItemProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const [logVersion, setLogVersion] = useState(0);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    setNotice('');
    try {
      await action();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  const id = webhook.id;
  const toggle = () =>
    run(async () => {
      const { updateWebhook } = await request<{ updateWebhook: Webhook }>(
        setWebhookEnabledMutation,
        { id, enabled: !webhook.enabled },
        { token: apiKey },
      );
      onChanged(updateWebhook);
    });
  const rotate = () =>
    run(async () => {
      const { rotateWebhookSecret } = await request<{ rotateWebhookSecret: RotatedWebhookSecret }>(
        rotateWebhookSecretMutation,
        { id },
        { token: apiKey },
      );
      onRotated(rotateWebhookSecret, webhook);
    });
  const test = () =>
    run(async () => {
      await request(testWebhookMutation, { id }, { token: apiKey });
      setNotice('A webhook.test event is queued; its attempts appear in the delivery log.');
      setShowLog(true);
      setLogVersion((n) => n + 1);
    });
  const remove = () =>
    run(async () => {
      await request(deleteWebhookMutation, { id }, { token: apiKey });
      onDeleted(id);
    });

  const status = webhookStatus(webhook);
  return (
    <li class="webhook" data-testid="webhook" data-webhook-id={id} data-enabled={String(webhook.enabled)}>
      <p>
        <code class="webhook-url" data-testid="webhook-item-url">
          {webhook.url}
        </code>{' '}
        <span
          class={`badge ${webhook.enabled ? 'status-active' : 'status-revoked'}`}
          data-testid="webhook-status"
        >
          {status}
        </span>
      </p>
      {webhook.description && <p>{webhook.description}</p>}
      <p class="hint">
        Events: {webhook.events.join(', ')} · failures in a row: {webhook.consecutive_failures} · added{' '}
        {formatDateTime(webhook.created_at)}
      </p>
      <div class="actions">
        <button type="button" class="secondary" data-testid="toggle-webhook" disabled={busy} onClick={toggle}>
          {webhook.enabled ? 'Disable' : 'Enable'}
        </button>
        <button
          type="button"
          class="secondary"
          data-testid="rotate-webhook-secret"
          disabled={busy}
          onClick={rotate}
        >
          Rotate secret
        </button>
        <button type="button" class="secondary" data-testid="test-webhook" disabled={busy} onClick={test}>
          Send test event
        </button>
        <button
          type="button"
          class="secondary"
          data-testid="show-deliveries"
          aria-expanded={showLog}
          onClick={() => setShowLog(!showLog)}
        >
          {showLog ? 'Hide delivery log' : 'Delivery log'}
        </button>
        <button
          type="button"
          class="secondary danger"
          ref={deleteButton}
          data-testid="delete-webhook"
          aria-expanded={confirming}
          aria-label={`Delete the endpoint ${webhook.url}`}
          onClick={() => setConfirming(true)}
        >
          Delete
        </button>
      </div>
      {confirming && (
        <fieldset class="confirm">
          <legend class="visually-hidden">Confirm deleting {webhook.url}</legend>
          <span>Delete this endpoint and its delivery log?</span>{' '}
          <button
            type="button"
            class="danger"
            ref={confirmButton}
            data-testid="confirm-delete-webhook"
            disabled={busy}
            onClick={remove}
          >
            Yes, delete it
          </button>{' '}
          <button
            type="button"
            class="secondary"
            onClick={() => {
              setConfirming(false);
              deleteButton.current?.focus();
            }}
          >
            Cancel
          </button>
        </fieldset>
      )}
      <p role="status" class="hint" data-testid="webhook-notice">
        {notice}
      </p>
      <ErrorMessage error={error} />
      {showLog && <DeliveryLog apiKey={apiKey} webhookId={id} url={webhook.url} version={logVersion} />}
    </li>
  );
}
