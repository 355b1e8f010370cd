import { useEffect, useState } from 'preact/hooks';
import { request } from '../api.js';
import { ErrorMessage } from '../error-message.js';
import { formatDateTime } from '../format.js';
import { webhooksQuery } from '../webhook-queries.js';
import type { Webhook } from '../webhooks.js';
import { ApiKeyForm } from './api-key-form.js';
import { WebhookForm } from './webhook-form.js';
import { WebhookItem } from './webhook-item.js';
import { WebhookSecret } from './webhook-secret.js';

/** Props of {@link WebhooksScreen}. */
export interface WebhooksScreenProps {
  apiKey: string | null;
  onApiKey: (key: string | null) => void;
}

interface ShownSecret {
  title: string;
  secret: string;
  detail: string;
}

/**
 * The webhooks screen (docs/dashboard.md, "Webhooks"): the API key whose endpoints it shows, a form to add one (its
 * signing secret is shown once), and the endpoints, each with its actions and delivery log.
 */
export function WebhooksScreen({ apiKey, onApiKey }: WebhooksScreenProps) {
  return (
    <section aria-labelledby="webhooks-title">
      <h1 id="webhooks-title" tabIndex={-1}>
        Webhooks
      </h1>
      <ApiKeyForm key={apiKey ?? ''} apiKey={apiKey} onApiKey={onApiKey} />
      {apiKey !== null && <WebhookEndpoints key={apiKey} apiKey={apiKey} />}
    </section>
  );
}

function WebhookEndpoints({ apiKey }: { apiKey: string }) {
  const [webhooks, setWebhooks] = useState<readonly Webhook[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [shown, setShown] = useState<ShownSecret | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    request<{ webhooks: { nodes: Webhook[] } }>(
      webhooksQuery,
      {},
      { token: apiKey, signal: controller.signal },
    ).then(
      (data) => setWebhooks(data.webhooks.nodes),
      (caught: unknown) => controller.signal.aborted || setError(caught),
    );
    return () => controller.abort();
  }, [apiKey]);

  const replace = (next: Webhook) =>
    setWebhooks((current) => (current ?? []).map((webhook) => (webhook.id === next.id ? next : webhook)));

  const count = webhooks?.length ?? 0;
  return (
    <>
      {shown && <WebhookSecret {...shown} onDismiss={() => setShown(null)} />}
      <WebhookForm
        apiKey={apiKey}
        onCreated={({ secret, webhook }) => {
          setWebhooks((current) => [...(current ?? []), webhook]);
          setShown({ title: 'Signing secret of the new endpoint', secret, detail: `For ${webhook.url}` });
        }}
      />
      <section class="card" aria-labelledby="webhook-list-title">
        <h2 id="webhook-list-title">Endpoints</h2>
        <p role="status" class="hint">
          {webhooks === null
            ? 'Loading endpoints…'
            : count === 0
              ? 'No endpoints yet.'
              : `${count} ${count === 1 ? 'endpoint' : 'endpoints'}`}
        </p>
        <ErrorMessage error={error} />
        <ul class="actions-list" data-testid="webhook-list">
          {webhooks?.map((webhook) => (
            <WebhookItem
              key={webhook.id}
              apiKey={apiKey}
              webhook={webhook}
              onChanged={replace}
              onDeleted={(id) => setWebhooks((current) => (current ?? []).filter((w) => w.id !== id))}
              onRotated={(rotated, of) =>
                setShown({
                  title: 'New signing secret',
                  secret: rotated.secret,
                  detail: `For ${of.url}. Deliveries are also signed with the previous secret until ${formatDateTime(rotated.previous_expires_at)}.`,
                })
              }
            />
          ))}
        </ul>
      </section>
    </>
  );
}
