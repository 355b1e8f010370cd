import { useState } from 'preact/hooks';
import { request } from '../api.js';
import { ErrorMessage } from '../error-message.js';
import { createApiKeyMutation } from '../queries.js';
import { type CreatedApiKey, type KeyEnvironment, keyEnvironments, type Plan, plans } from '../types.js';
import { SelectField } from './select-field.js';

/** Props of {@link CreateKeyForm}. */
export interface CreateKeyFormProps {
  token: string;
  onCreated: (created: CreatedApiKey) => void;
}

/** The form that creates an API key: environment, plan and an optional account name. */
export function CreateKeyForm({ token, onCreated }: CreateKeyFormProps) {
  const [env, setEnv] = useState<KeyEnvironment>('test');
  const [plan, setPlan] = useState<Plan>('free');
  const [account, setAccount] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function submit(event: Event) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const input = account.trim() === '' ? { env, plan } : { env, plan, account: account.trim() };
      const { createApiKey } = await request<{ createApiKey: CreatedApiKey }>(
        createApiKeyMutation,
        { input },
        { token },
      );
      setAccount('');
      onCreated(createApiKey);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form class="card" aria-labelledby="create-key-title" onSubmit={submit}>
      <h2 id="create-key-title">Create a key</h2>
      <div class="fields">
        <SelectField
          id="create-key-env"
          label="Environment"
          value={env}
          options={keyEnvironments}
          onChange={setEnv}
        />
        <SelectField id="create-key-plan" label="Plan" value={plan} options={plans} onChange={setPlan} />
        <div class="field">
          <label for="create-key-account">
            Account <span class="hint">(optional)</span>
          </label>
          <input
            id="create-key-account"
            data-testid="create-key-account"
            value={account}
            onInput={(event) => setAccount(event.currentTarget.value)}
          />
        </div>
      </div>
      <ErrorMessage error={error} />
      <button type="submit" data-testid="create-key" disabled={busy}>
        {busy ? 'Creating…' : 'Create key'}
      </button>
    </form>
  );
}
