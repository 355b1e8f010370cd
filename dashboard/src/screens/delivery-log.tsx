import { useEffect, useState } from 'preact/hooks';
import { request } from '../api.js';
import { ErrorMessage } from '../error-message.js';
import { formatDateTime } from '../format.js';
import { deliveriesQuery } from '../webhook-queries.js';
import {
  deliveryOutcome,
  formatDuration,
  type WebhookDelivery,
  type WebhookDeliveryPage,
} from '../webhooks.js';

/** Props of {@link DeliveryLog}. */
export interface DeliveryLogProps {
  apiKey: string;
  webhookId: string;
  url: string;
  /** Changes when the log should be read again from the start (a test event was sent). */
  version: number;
}

/**
 * An endpoint's delivery log, newest first: when, which event, which attempt, the HTTP status or the error, how
 * long it took; Refresh reads it again, "Load more" pages on.
 */
export function DeliveryLog({ apiKey, webhookId, url, version }: DeliveryLogProps) {
  const [deliveries, setDeliveries] = useState<readonly WebhookDelivery[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [refreshes, setRefreshes] = useState(0);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function load(after: string | null, signal?: AbortSignal) {
    setLoading(true);
    setError(null);
    try {
      const { webhook } = await request<{ webhook: { deliveries: WebhookDeliveryPage } }>(
        deliveriesQuery,
        after === null ? { id: webhookId } : { id: webhookId, after },
        { token: apiKey, ...(signal ? { signal } : {}) },
      );
      const page = webhook.deliveries;
      setDeliveries((current) => (after === null ? page.nodes : [...(current ?? []), ...page.nodes]));
      setNext(page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null);
    } catch (caught) {
      if (!signal?.aborted) setError(caught);
    } finally {
      if (!signal?.aborted) setLoading(false);
    }
  }

  useEffect(() => {
    const controller = new AbortController();
    void load(null, controller.signal);
    return () => controller.abort();
  }, [apiKey, webhookId, version, refreshes]);

  const count = deliveries?.length ?? 0;
  return (
    <section class="delivery-log" aria-label={`Delivery log of ${url}`} data-testid="delivery-log">
      <div class="actions">
        <h3>Delivery log</h3>
        <button
          type="button"
          class="secondary"
          data-testid="refresh-deliveries"
          disabled={loading}
          onClick={() => setRefreshes((n) => n + 1)}
        >
          Refresh
        </button>
      </div>
      <p role="status" class="hint">
        {deliveries === null
          ? 'Loading the delivery log…'
          : count === 0
            ? 'No delivery attempts yet.'
            : `${count}${next ? '+' : ''} ${count === 1 ? 'attempt' : 'attempts'}, newest first.`}
      </p>
      <ErrorMessage error={error} />
      {count > 0 && (
        <div class="table-wrap">
          <table class="keys">
            <caption class="visually-hidden">Delivery attempts to {url}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Event</th>
                <th scope="col">Attempt</th>
                <th scope="col">Result</th>
                <th scope="col">Duration</th>
              </tr>
            </thead>
            <tbody>
              {deliveries?.map((delivery) => (
                <tr
                  key={delivery.id}
                  data-testid="delivery"
                  data-ok={String(delivery.ok)}
                  data-message-id={delivery.message_id}
                >
                  <th scope="row" data-label="Time">
                    <time dateTime={delivery.at}>{formatDateTime(delivery.at)}</time>
                  </th>
                  <td data-label="Event">
                    <code>{delivery.type}</code>
                  </td>
                  <td data-label="Attempt">{delivery.attempt}</td>
                  <td data-label="Result" data-testid="delivery-result">
                    <span class={`badge ${delivery.ok ? 'status-active' : 'status-revoked'}`}>
                      {delivery.ok ? 'OK' : 'Failed'}
                    </span>{' '}
                    {deliveryOutcome(delivery)}
                  </td>
                  <td data-label="Duration">{formatDuration(delivery.duration_ms)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {next && (
        <button type="button" class="secondary" disabled={loading} onClick={() => load(next)}>
          {loading ? 'Loading…' : 'Load more'}
        </button>
      )}
    </section>
  );
}
