import { useEffect, useState } from 'preact/hooks';
import { request } from '../api.js';
import { ErrorMessage } from '../error-message.js';
import { formatDateTime, formatPercent, formatRelative, labelize } from '../format.js';
import { sessionsQuery } from '../queries.js';
import { toHash } from '../route.js';
import { distinguishingName } from '../session-order.js';
import { appendPage, emptySessionPages, nextPageVariables, type SessionPages } from '../session-pages.js';
import type { SessionConnection } from '../types.js';

/**
 * The key's sessions, newest first (the gateway's order: latest created first), each under a name that tells it
 * apart among those loaded. On open it reads the first page; "Load more" reads the next, older ones.
 */
export function SessionList({ apiKey }: { apiKey: string }) {
  const [pages, setPages] = useState<SessionPages>(emptySessionPages);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function load(from: SessionPages, signal?: AbortSignal) {
    setLoading(true);
    setError(null);
    try {
      const { sessions } = await request<{ sessions: SessionConnection }>(
        sessionsQuery,
        nextPageVariables(from),
        {
          token: apiKey,
          ...(signal ? { signal } : {}),
        },
      );
      if (!signal?.aborted) setPages((current) => appendPage(current, sessions));
    } catch (caught) {
      if (!signal?.aborted) setError(caught);
    } finally {
      if (!signal?.aborted) setLoading(false);
    }
  }

  useEffect(() => {
    const controller = new AbortController();
    setPages(emptySessionPages);
    void load(emptySessionPages, controller.signal);
    return () => controller.abort();
  }, [apiKey]);

  const now = Date.now();
  const count = pages.sessions.length;
  const listed = pages.sessions;
  return (
    <section class="card" aria-labelledby="session-list-title">
      <h2 id="session-list-title">Your sessions</h2>
      <p role="status" class="hint">
        {!pages.loaded ? 'Loading sessions…' : count === 0 ? 'No session yet.' : `Showing ${count} sessions.`}
      </p>
      <ErrorMessage error={error} />
      <ul class="sessions" data-testid="session-list">
        {listed.map((session) => (
          <li key={session.sessionId} data-testid="session-item" data-session-id={session.sessionId}>
            <h3>
              <a href={toHash({ name: 'session', sessionId: session.sessionId })} data-testid="session-link">
                {distinguishingName(session, listed)}
              </a>
            </h3>
            <p class="hint">
              {session.preset ? <span class="badge">{session.preset}</span> : null} {session.description}
            </p>
            <dl class="facts">
              <div>
                <dt>Feels</dt>
                <dd>
                  {labelize(session.state.discrete_emotion)} ·{' '}
                  {formatPercent(session.state.emotion_intensity)}
                </dd>
              </div>
              <div>
                <dt>Turns</dt>
                <dd>{session.turns}</dd>
              </div>
              <div>
                <dt>Updated</dt>
                <dd>
                  <time dateTime={session.updatedAt} title={formatDateTime(session.updatedAt)}>
                    {formatRelative(session.updatedAt, now)}
                  </time>
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      {pages.hasNextPage && (
        <button
          type="button"
          class="secondary"
          data-testid="load-more"
          disabled={loading}
          onClick={() => load(pages)}
        >
          {loading ? 'Loading…' : 'Load more'}
        </button>
      )}
    </section>
  );
}
