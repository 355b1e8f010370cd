import { useEffect, useState } from 'preact/hooks';
import { request } from '../api.js';
import { ErrorMessage } from '../error-message.js';
import { createWebhookMutation, webhookEventsQuery } from '../webhook-queries.js';
import { type CreatedWebhook, toggleEvent, type WebhookEventInfo, webhookFormProblem } from '../webhooks.js';

/** Props of {@link WebhookForm}. */
export interface WebhookFormProps {
  apiKey: string;
  onCreated: (created: CreatedWebhook) => void;
}

/** The form that registers an endpoint: its URL, the events it receives (from the catalog), a description. */
export function WebhookForm({ apiKey, onCreated }: WebhookFormProps) {
  const [catalog, setCatalog] = useState<readonly WebhookEventInfo[] | null>(null);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>([]);
  const [description, setDescription] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    const controller = new AbortController();
    request<{ webhookEvents: WebhookEventInfo[] }>(
      webhookEventsQuery,
      {},
      { token: apiKey, signal: controller.signal },
    ).then(
      (data) => setCatalog(data.webhookEvents),
      (caught: unknown) => controller.signal.aborted || setError(caught),
    );
    return () => controller.abort();
  }, [apiKey]);

  async function submit(event: Event) {
    event.preventDefault();
    const found = webhookFormProblem(url, events);
    setProblem(found);
    if (found) return;
    setBusy(true);
    setError(null);
    try {
      const input = {
        url: url.trim(),
        events,
        ...(description.trim() ? { description: description.trim() } : {}),
      };
      const { createWebhook } = await request<{ createWebhook: CreatedWebhook }>(
        createWebhookMutation,
        { input },
        { token: apiKey },
      );
      setUrl('');
      setDescription('');
      setEvents([]);
      onCreated(createWebhook);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      class="card stack"
      aria-labelledby="create-webhook-title"
      data-testid="webhook-form"
      onSubmit={submit}
    >
      <h2 id="create-webhook-title">Add an endpoint</h2>
      <div class="fields">
        <div class="field">
          <label for="webhook-url">URL</label>
          <input
            id="webhook-url"
            data-testid="webhook-url"
            type="url"
            placeholder="https://example.com/limbic"
            value={url}
            aria-invalid={problem?.includes('URL') ? true : undefined}
            aria-describedby={problem ? 'webhook-form-problem' : undefined}
            onInput={(event) => setUrl(event.currentTarget.value)}
          />
        </div>
      </div>
      <fieldset class="event-choices">
        <legend>Events</legend>
        {catalog === null ? (
          <p class="hint">Loading the event types…</p>
        ) : (
          catalog.map((info) => (
            <div class="check" key={info.type}>
              <input
                type="checkbox"
                id={`webhook-event-${info.type}`}
                data-testid="webhook-event"
                value={info.type}
                checked={events.includes(info.type)}
                aria-describedby={`webhook-event-${info.type}-about`}
                onChange={(event) =>
                  setEvents(toggleEvent(catalog, events, info.type, event.currentTarget.checked))
                }
              />
              <label for={`webhook-event-${info.type}`}>
                <code>{info.type}</code>
              </label>
              <p class="hint" id={`webhook-event-${info.type}-about`}>
                {info.description}
              </p>
            </div>
          ))
        )}
      </fieldset>
      <div class="fields">
        <div class="field">
          <label for="webhook-description">
            Description <span class="hint">(optional)</span>
          </label>
          <input
            id="webhook-description"
            data-testid="webhook-description"
            maxLength={500}
            value={description}
            onInput={(event) => setDescription(event.currentTarget.value)}
          />
        </div>
      </div>
      {problem && (
        <p class="error" role="alert" id="webhook-form-problem">
          {problem}
        </p>
      )}
      <ErrorMessage error={error} />
      <button type="submit" data-testid="create-webhook" disabled={busy}>
        {busy ? 'Adding…' : 'Add endpoint'}
      </button>
    </form>
  );
}
