import { useEffect, useState } from 'preact/hooks';
import { GatewayError, request } from '../api.js';
import { ErrorMessage } from '../error-message.js';
import { apiKeysQuery, revokeApiKeyMutation, rotateApiKeyMutation } from '../queries.js';
import {
  type ApiKey,
  type KeyEnvironment,
  type KeyStatus,
  keyEnvironments,
  keyStatuses,
  type RotatedApiKey,
} from '../types.js';
import { CreateKeyForm } from './create-key-form.js';
import { KeyTable } from './key-table.js';
import { SecretPanel } from './secret-panel.js';
import { SelectField } from './select-field.js';

/** Props of {@link KeysScreen}. */
export interface KeysScreenProps {
  token: string;
  onUseKey: (secret: string) => void;
  onUnauthorized: () => void;
}

interface Filters {
  prefix: string;
  env: KeyEnvironment | '';
  status: KeyStatus | '';
}

interface ShownSecret {
  title: string;
  key: string;
  apiKey: ApiKey;
}

/** The API keys screen: create, filter, revoke and rotate keys; a new secret is shown once. */
export function KeysScreen({ token, onUseKey, onUnauthorized }: KeysScreenProps) {
  const [filters, setFilters] = useState<Filters>({ prefix: '', env: '', status: '' });
  const [keys, setKeys] = useState<readonly ApiKey[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const [version, setVersion] = useState(0);

  const fail = (caught: unknown) => {
    if (caught instanceof GatewayError && caught.code === 'UNAUTHORIZED') onUnauthorized();
    else setError(caught);
  };

  useEffect(() => {
    const controller = new AbortController();
    const variables = {
      ...(filters.prefix.trim() ? { prefix: filters.prefix.trim() } : {}),
      ...(filters.env ? { env: filters.env } : {}),
      ...(filters.status ? { status: filters.status } : {}),
    };
    // Typing in the prefix field fires one request once the typing pauses, not one per key stroke.
    const timer = setTimeout(() => {
      request<{ apiKeys: ApiKey[] }>(apiKeysQuery, variables, { token, signal: controller.signal }).then(
        (data) => {
          setKeys(data.apiKeys);
          setError(null);
        },
        (caught: unknown) => controller.signal.aborted || fail(caught),
      );
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [token, filters, version]);

  const refresh = () => setVersion((n) => n + 1);

  async function revoke(key: ApiKey) {
    await request(revokeApiKeyMutation, { id: key.id }, { token });
    refresh();
  }

  async function rotate(key: ApiKey, graceHours: number) {
    const variables = Number.isFinite(graceHours) ? { id: key.id, graceHours } : { id: key.id };
    const { rotateApiKey } = await request<{ rotateApiKey: RotatedApiKey }>(rotateApiKeyMutation, variables, {
      token,
    });
    setShown({ title: `New key replacing ${key.hint}`, key: rotateApiKey.key, apiKey: rotateApiKey.apiKey });
    refresh();
  }

  return (
    <section aria-labelledby="keys-title">
      <h1 id="keys-title" tabIndex={-1}>
        API keys
      </h1>
      {shown && (
        <SecretPanel
          title={shown.title}
          secret={shown.key}
          apiKey={shown.apiKey}
          onUseKey={onUseKey}
          onDismiss={() => setShown(null)}
        />
      )}
      <CreateKeyForm
        token={token}
        onCreated={(created) => {
          setShown({ title: 'Your new key', key: created.key, apiKey: created.apiKey });
          refresh();
        }}
      />
      <section class="card" aria-labelledby="key-list-title">
        <h2 id="key-list-title">Keys</h2>
        <search>
          <form class="fields" aria-label="Filter keys" onSubmit={(event) => event.preventDefault()}>
            <div class="field">
              <label for="filter-prefix">Key starts with</label>
              <input
                id="filter-prefix"
                data-testid="filter-prefix"
                placeholder="svc_test_…"
                value={filters.prefix}
                onInput={(event) => setFilters({ ...filters, prefix: event.currentTarget.value })}
              />
            </div>
            <SelectField
              id="filter-env"
              label="Environment"
              value={filters.env}
              options={keyEnvironments}
              emptyLabel="Any"
              onChange={(env) => setFilters({ ...filters, env })}
            />
            <SelectField
              id="filter-status"
              label="Status"
              value={filters.status}
              options={keyStatuses}
              emptyLabel="Any"
              onChange={(status) => setFilters({ ...filters, status })}
            />
          </form>
        </search>
        <ErrorMessage error={error} />
        <p role="status" class="hint">
          {keys === null ? 'Loading keys…' : `${keys.length} ${keys.length === 1 ? 'key' : 'keys'}`}
        </p>
        {keys !== null && keys.length > 0 && <KeyTable keys={keys} onRevoke={revoke} onRotate={rotate} />}
      </section>
    </section>
  );
}
