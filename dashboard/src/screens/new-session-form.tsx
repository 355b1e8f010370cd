import { useEffect, useState } from 'preact/hooks';
import { request } from '../api.js';
import { ErrorMessage } from '../error-message.js';
import { createSessionMutation, presetsQuery } from '../queries.js';
import type { PresetSummary } from '../types.js';

/** Props of {@link NewSessionForm}. */
export interface NewSessionFormProps {
  apiKey: string;
  onCreated: (sessionId: string) => void;
}

/** The form that creates a session from a preset, with an optional character name. */
export function NewSessionForm({ apiKey, onCreated }: NewSessionFormProps) {
  const [presets, setPresets] = useState<readonly PresetSummary[]>([]);
  const [preset, setPreset] = useState('');
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    const controller = new AbortController();
    request<{ presets: PresetSummary[] }>(
      presetsQuery,
      {},
      { token: apiKey, signal: controller.signal },
    ).then(
      (data) => {
        setPresets(data.presets);
        setPreset((current) => current || (data.presets[0]?.id ?? ''));
      },
      (caught: unknown) => controller.signal.aborted || setError(caught),
    );
    return () => controller.abort();
  }, [apiKey]);

  async function submit(event: Event) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const input = name.trim() === '' ? { preset } : { preset, identity: { name: name.trim() } };
      const { createSession } = await request<{ createSession: { sessionId: string } }>(
        createSessionMutation,
        { input },
        { token: apiKey },
      );
      onCreated(createSession.sessionId);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  const chosen = presets.find((p) => p.id === preset);
  return (
    <form class="card" aria-labelledby="new-session-title" data-testid="new-session-form" onSubmit={submit}>
      <h2 id="new-session-title">New session</h2>
      <div class="fields">
        <div class="field">
          <label for="new-session-preset">Preset</label>
          <select
            id="new-session-preset"
            data-testid="new-session-preset"
            value={preset}
            required
            aria-describedby="new-session-preset-description"
            onChange={(event) => setPreset(event.currentTarget.value)}
          >
            {presets.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="new-session-name">
            Name <span class="hint">(optional)</span>
          </label>
          <input
            id="new-session-name"
            data-testid="new-session-name"
            maxLength={100}
            value={name}
            onInput={(event) => setName(event.currentTarget.value)}
          />
        </div>
      </div>
      <p id="new-session-preset-description" class="hint">
        {chosen?.description ?? ''}
      </p>
      <ErrorMessage error={error} />
      <button type="submit" data-testid="create-session" disabled={busy || preset === ''}>
        {busy ? 'Creating…' : 'Create session'}
      </button>
    </form>
  );
}
