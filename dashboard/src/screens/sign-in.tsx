import { useState } from 'preact/hooks';
import { request } from '../api.js';
import { ErrorMessage } from '../error-message.js';
import { operatorQuery } from '../queries.js';
import type { Operator } from '../types.js';

/** Props of {@link SignIn}. */
export interface SignInProps {
  /** Why the operator was signed out, if they were. */
  notice: string | null;
  onSignedIn: (token: string, operator: Operator) => void;
}

/** The sign-in screen: the operator token (LIMBIC_ADMIN_TOKEN), checked with the `operator` query. */
export function SignIn({ notice, onSignedIn }: SignInProps) {
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function submit(event: Event) {
    event.preventDefault();
    const value = token.trim();
    if (value === '') return setError(new Error('Enter the operator token.'));
    setBusy(true);
    setError(null);
    try {
      const { operator } = await request<{ operator: Operator }>(operatorQuery, {}, { token: value });
      onSignedIn(value, operator);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section class="narrow" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title" tabIndex={-1}>
        Sign in
      </h1>
      <p>
        Sign in with the gateway's operator token (<code>LIMBIC_ADMIN_TOKEN</code>,{' '}
        <code>limbic_admin_…</code>) to manage API keys. It stays in this tab only. To browse sessions you
        need an API key instead: go to <a href="#/sessions">Sessions</a>.
      </p>
      {notice && (
        <p class="notice" role="status">
          {notice}
        </p>
      )}
      <form class="card stack" onSubmit={submit}>
        <label for="operator-token">Operator token</label>
        <input
          id="operator-token"
          name="operator-token"
          type="password"
          autocomplete="off"
          spellcheck={false}
          required
          data-testid="operator-token"
          value={token}
          onInput={(event) => setToken(event.currentTarget.value)}
        />
        <ErrorMessage error={error} />
        <div>
          <button type="submit" data-testid="sign-in" disabled={busy}>
            {busy ? 'Signing in…' : 'Sign in'}
          </button>
        </div>
      </form>
    </section>
  );
}
