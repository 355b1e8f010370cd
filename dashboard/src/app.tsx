import { useEffect, useRef, useState } from 'preact/hooks';
import { GatewayError, request } from './api.js';
import { operatorQuery } from './queries.js';
import { toHash } from './route.js';
import { KeysScreen } from './screens/keys-screen.js';
import { SessionDetail } from './screens/session-detail.js';
import { SessionsScreen } from './screens/sessions-screen.js';
import { SignIn } from './screens/sign-in.js';
import { WebhooksScreen } from './screens/webhooks-screen.js';
import { readSecret, writeSecret } from './storage.js';
import type { Operator } from './types.js';
import { focusHeading, useHashRoute } from './use-hash-route.js';

/** The dashboard: a header with the navigation and the operator, and the screen of the current route. */
export function App() {
  const route = useHashRoute();
  const [operatorToken, setOperatorToken] = useState(() => readSecret('operatorToken'));
  const [operator, setOperator] = useState<Operator | null>(null);
  const [signInNotice, setSignInNotice] = useState<string | null>(null);
  const [apiKey, setApiKey] = useState(() => readSecret('apiKey'));
  const firstRoute = useRef(true);

  useEffect(() => {
    if (firstRoute.current) firstRoute.current = false;
    else focusHeading();
  }, [route]);

  // A token kept from earlier in this tab is checked again: it may have been changed on the server since.
  useEffect(() => {
    if (operatorToken === null || operator !== null) return;
    const controller = new AbortController();
    request<{ operator: Operator }>(
      operatorQuery,
      {},
      { token: operatorToken, signal: controller.signal },
    ).then(
      (data) => setOperator(data.operator),
      (error: unknown) => {
        if (error instanceof GatewayError && error.code === 'UNAUTHORIZED')
          signOut('The operator token was refused.');
      },
    );
    return () => controller.abort();
  }, [operatorToken, operator]);

  function signIn(token: string, who: Operator) {
    writeSecret('operatorToken', token);
    setOperatorToken(token);
    setOperator(who);
    setSignInNotice(null);
  }

  function signOut(notice: string | null = null) {
    writeSecret('operatorToken', null);
    writeSecret('apiKey', null);
    setOperatorToken(null);
    setOperator(null);
    setApiKey(null);
    setSignInNotice(notice);
  }

  function chooseApiKey(key: string | null, browse = false) {
    writeSecret('apiKey', key);
    setApiKey(key);
    if (browse) location.hash = toHash({ name: 'sessions' });
  }

  return (
    <>
      <button type="button" class="skip-link" onClick={() => document.getElementById('main')?.focus()}>
        Skip to content
      </button>
      <header class="topbar">
        <p class="brand">Limbic</p>
        <nav aria-label="Main">
          <a href={toHash({ name: 'keys' })} aria-current={route.name === 'keys' ? 'page' : undefined}>
            API keys
          </a>
          <a
            href={toHash({ name: 'sessions' })}
            aria-current={route.name === 'sessions' || route.name === 'session' ? 'page' : undefined}
          >
            Sessions
          </a>
          <a
            href={toHash({ name: 'webhooks' })}
            aria-current={route.name === 'webhooks' ? 'page' : undefined}
          >
            Webhooks
          </a>
        </nav>
        {operatorToken !== null && (
          <div class="operator">
            <span>Operator{operator ? ` · gateway ${operator.version}` : ''}</span>
            <button type="button" class="secondary" data-testid="sign-out" onClick={() => signOut()}>
              Sign out
            </button>
          </div>
        )}
      </header>
      <main id="main" tabIndex={-1}>
        {route.name === 'keys' &&
          (operatorToken === null ? (
            <SignIn notice={signInNotice} onSignedIn={signIn} />
          ) : (
            <KeysScreen
              token={operatorToken}
              onUseKey={(key) => chooseApiKey(key, true)}
              onUnauthorized={() => signOut('The operator token was refused.')}
            />
          ))}
        {route.name === 'sessions' && <SessionsScreen apiKey={apiKey} onApiKey={chooseApiKey} />}
        {route.name === 'session' && (
          <SessionDetail
            key={route.sessionId}
            apiKey={apiKey}
            sessionId={route.sessionId}
            onApiKey={chooseApiKey}
          />
        )}
        {route.name === 'webhooks' && <WebhooksScreen apiKey={apiKey} onApiKey={chooseApiKey} />}
        {route.name === 'not-found' && (
          <section>
            <h1 tabIndex={-1}>Page not found</h1>
            <p>
              Nothing lives at <code>{route.hash}</code>. Go to{' '}
              <a href={toHash({ name: 'keys' })}>API keys</a> or{' '}
              <a href={toHash({ name: 'sessions' })}>Sessions</a>.
            </p>
          </section>
        )}
      </main>
    </>
  );
}
