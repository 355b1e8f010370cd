import { useEffect, useState } from 'preact/hooks';
import type { LiveStatus } from '../api.js';
import { request } from '../api.js';
import { VadChart } from '../chart.js';
import { ErrorMessage } from '../error-message.js';
import { formatDateTime } from '../format.js';
import { sessionQuery } from '../queries.js';
import { toHash } from '../route.js';
import type { SessionDetails } from '../types.js';
import { useLiveSession } from '../use-live-session.js';
import { ApiKeyForm } from './api-key-form.js';
import { MemoryList } from './memory-list.js';
import { OutreachPanel } from './outreach-panel.js';
import { ProactiveList } from './proactive-list.js';
import { StatePanel } from './state-panel.js';
import { TurnBox } from './turn-box.js';

const statusText: Record<LiveStatus, string> = {
  connecting: 'Connecting…',
  connected: 'Live',
  reconnecting: 'Connection lost, reconnecting…',
  refused: 'The gateway refused this API key',
  closed: 'Disconnected',
};

/** Props of {@link SessionDetail}. */
export interface SessionDetailProps {
  apiKey: string | null;
  sessionId: string;
  onApiKey: (key: string | null) => void;
}

/**
 * One session, live: its state, VAD trajectory, proactive actions, when it would reach out and what holds it back,
 * its memories, and a box to send turns.
 */
export function SessionDetail({ apiKey, sessionId, onApiKey }: SessionDetailProps) {
  if (apiKey === null) {
    return (
      <section aria-labelledby="session-title">
        <h1 id="session-title" tabIndex={-1}>
          Session
        </h1>
        <ApiKeyForm apiKey={null} onApiKey={onApiKey} />
      </section>
    );
  }
  return <LiveSessionView apiKey={apiKey} sessionId={sessionId} />;
}

function LiveSessionView({ apiKey, sessionId }: { apiKey: string; sessionId: string }) {
  const [details, setDetails] = useState<SessionDetails | null>(null);
  const [detailsError, setDetailsError] = useState<unknown>(null);
  const live = useLiveSession(apiKey, sessionId);

  useEffect(() => {
    const controller = new AbortController();
    request<{ session: SessionDetails }>(
      sessionQuery,
      { id: sessionId },
      { token: apiKey, signal: controller.signal },
    ).then(
      (data) => setDetails(data.session),
      (caught: unknown) => controller.signal.aborted || setDetailsError(caught),
    );
    return () => controller.abort();
  }, [apiKey, sessionId]);

  return (
    <article aria-labelledby="session-title">
      <p>
        <a href={toHash({ name: 'sessions' })}>← All sessions</a>
      </p>
      <h1 id="session-title" tabIndex={-1}>
        {details?.persona.identity.name ?? 'Session'}
      </h1>
      {details && (
        <p class="hint">
          {details.persona.preset ? <span class="badge">{details.persona.preset}</span> : null}{' '}
          {details.persona.description} · created {formatDateTime(details.createdAt)} ·{' '}
          <code>{sessionId}</code>
        </p>
      )}
      <ErrorMessage error={detailsError} />
      <div class="live-bar">
        <p
          role="status"
          class={`live live-${live.status}`}
          data-testid="connection-status"
          data-status={live.status}
        >
          {statusText[live.status]}
        </p>
        {(live.status === 'closed' || live.status === 'refused') && (
          <button type="button" class="secondary" onClick={live.reconnect}>
            Reconnect
          </button>
        )}
      </div>
      <ErrorMessage error={live.error} />
      {live.snapshot ? (
        <>
          <StatePanel snapshot={live.snapshot} />
          <section class="card" aria-labelledby="trajectory-title">
            <h2 id="trajectory-title">Trajectory</h2>
            <VadChart points={live.trajectory} />
          </section>
        </>
      ) : (
        <p class="hint">Waiting for the first snapshot…</p>
      )}
      <div class="columns">
        <ProactiveList actions={live.feed.pending} onAcknowledge={live.acknowledge} />
        <TurnBox apiKey={apiKey} sessionId={sessionId} />
      </div>
      <OutreachPanel
        apiKey={apiKey}
        sessionId={sessionId}
        snapshot={live.snapshot}
        pending={live.feed.pending.length}
      />
      <MemoryList apiKey={apiKey} sessionId={sessionId} version={live.snapshot?.at ?? null} />
    </article>
  );
}
