import { useEffect, useState } from 'preact/hooks';
import { request } from '../api.js';
import { ErrorMessage } from '../error-message.js';
import { describeOutreach, type OutreachOutlook } from '../outreach.js';
import { sessionOutreachQuery } from '../queries.js';
import type { StateSnapshot } from '../types.js';

/** Props of {@link OutreachPanel}. */
export interface OutreachPanelProps {
  apiKey: string;
  sessionId: string;
  /**
   * The live snapshot: a new one arrives with every change of the session (a turn, a preference, an action raised or
   * acknowledged, even at the same engine time), and the outlook is read again.
   */
  snapshot: StateSnapshot | null;
  /** How many actions wait: acknowledging one changes what holds the character back. */
  pending: number;
}

interface OutreachAnswer {
  session: { state: { at: string }; outreach: OutreachOutlook };
}

/**
 * When the character would next consider reaching out and what holds it back now (GraphQL `session { outreach }`,
 * the outlook `/limbic status` says in a sentence), read again whenever the session changes.
 */
export function OutreachPanel({ apiKey, sessionId, snapshot, pending }: OutreachPanelProps) {
  const [answer, setAnswer] = useState<OutreachAnswer['session'] | null>(null);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    const controller = new AbortController();
    request<OutreachAnswer>(
      sessionOutreachQuery,
      { id: sessionId },
      { token: apiKey, signal: controller.signal },
    ).then(
      (data) => {
        setAnswer(data.session);
        setError(null);
      },
      (caught: unknown) => controller.signal.aborted || setError(caught),
    );
    return () => controller.abort();
  }, [apiKey, sessionId, snapshot, pending]);

  const summary = answer ? describeOutreach(answer.outreach, answer.state.at) : null;
  return (
    <section class="card" aria-labelledby="outreach-title" data-testid="outreach">
      <h2 id="outreach-title">Reaching out</h2>
      <ErrorMessage error={error} />
      {summary === null ? (
        <p class="hint">Loading…</p>
      ) : (
        <>
          <p data-testid="outreach-next" data-next={answer?.outreach.next_consider_at ?? ''}>
            {summary.next}
          </p>
          {summary.drive && <p class="hint">{summary.drive}.</p>}
          {summary.holds.length === 0 ? (
            <p class="hint">Nothing holds it back now.</p>
          ) : (
            <>
              <h3>Holding it back</h3>
              <ul>
                {summary.holds.map((hold) => (
                  <li key={hold.reason} data-testid="outreach-hold" data-reason={hold.reason}>
                    {hold.text} <span class="hint">({hold.until})</span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}
