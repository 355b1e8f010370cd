import { useState } from 'preact/hooks';
import { maskSecret } from '../format.js';
import { apiKeyProblem } from '../key-format.js';

/** Props of {@link ApiKeyForm}. */
export interface ApiKeyFormProps {
  apiKey: string | null;
  onApiKey: (key: string | null) => void;
}

/**
 * "Browse with API key": sessions belong to an API key's account and environment, so browsing them needs one,
 * pasted here or chosen on the keys screen. It stays in this tab only.
 */
export function ApiKeyForm({ apiKey, onApiKey }: ApiKeyFormProps) {
  const [editing, setEditing] = useState(apiKey === null);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: Event) {
    event.preventDefault();
    const found = apiKeyProblem(text);
    setProblem(found);
    if (found) return;
    onApiKey(text.trim());
    setText('');
    setEditing(false);
  }

  if (apiKey !== null && !editing) {
    return (
      <div class="card key-bar">
        <p>
          Browsing with <code data-testid="current-api-key">{maskSecret(apiKey)}</code>
        </p>
        <div class="actions">
          <button type="button" class="secondary" onClick={() => setEditing(true)}>
            Use another key
          </button>
          <button type="button" class="secondary" data-testid="forget-api-key" onClick={() => onApiKey(null)}>
            Forget key
          </button>
        </div>
      </div>
    );
  }

  return (
    <form class="card stack" aria-labelledby="api-key-title" onSubmit={submit}>
      <h2 id="api-key-title">Browse with API key</h2>
      <p class="hint">
        Sessions belong to an API key (<code>svc_test_…</code> or <code>svc_live_…</code>). Paste one, or
        create one under <a href="#/keys">API keys</a>. It stays in this tab only.
      </p>
      <label for="api-key-input">API key</label>
      <input
        id="api-key-input"
        type="password"
        autocomplete="off"
        spellcheck={false}
        data-testid="api-key-input"
        aria-invalid={problem ? 'true' : undefined}
        aria-describedby={problem ? 'api-key-problem' : undefined}
        value={text}
        onInput={(event) => setText(event.currentTarget.value)}
      />
      {problem && (
        <p id="api-key-problem" class="error" role="alert">
          {problem}
        </p>
      )}
      <div class="actions">
        <button type="submit" data-testid="api-key-submit">
          Browse with this key
        </button>
        {apiKey !== null && (
          <button type="button" class="secondary" onClick={() => setEditing(false)}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
