import { toHash } from '../route.js';
import { ApiKeyForm } from './api-key-form.js';
import { NewSessionForm } from './new-session-form.js';
import { SessionList } from './session-list.js';

/** Props of {@link SessionsScreen}. */
export interface SessionsScreenProps {
  apiKey: string | null;
  onApiKey: (key: string | null) => void;
}

/** The sessions screen: the API key to browse with, a new-session form and the key's sessions. */
export function SessionsScreen({ apiKey, onApiKey }: SessionsScreenProps) {
  return (
    <section aria-labelledby="sessions-title">
      <h1 id="sessions-title" tabIndex={-1}>
        Sessions
      </h1>
      <ApiKeyForm key={apiKey ?? ''} apiKey={apiKey} onApiKey={onApiKey} />
      {apiKey !== null && (
        <>
          <NewSessionForm
            apiKey={apiKey}
            onCreated={(sessionId) => {
              location.hash = toHash({ name: 'session', sessionId });
            }}
          />
          <SessionList key={apiKey} apiKey={apiKey} />
        </>
      )}
    </section>
  );
}
