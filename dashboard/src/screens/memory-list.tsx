import { useEffect, useState } from 'preact/hooks';
import { request } from '../api.js';
import { ErrorMessage } from '../error-message.js';
import { formatDateTime, formatPercent, labelize } from '../format.js';
import {
  appendMemoryPage,
  emptyMemoryPages,
  type MemoryPages,
  memoryWho,
  strengthShare,
  withoutMemory,
} from '../memory-pages.js';
import { forgetMemoryMutation, memoriesQuery } from '../queries.js';
import type { MemoryConnection } from '../types.js';

/** Props of {@link MemoryList}. */
export interface MemoryListProps {
  apiKey: string;
  sessionId: string;
  /** Changes whenever the session does (the live snapshot's time): the list is read again from the start. */
  version: string | null;
}

/**
 * What the character remembers, newest first: each memory's strength (a bar), its text (or that none is kept), the
 * feeling, who spoke and when, with a Forget button; "Load more" pages on (docs/dashboard.md, "Memories").
 */
export function MemoryList({ apiKey, sessionId, version }: MemoryListProps) {
  const [pages, setPages] = useState<MemoryPages>(emptyMemoryPages);
  const [loading, setLoading] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);

  async function load(from: MemoryPages, signal?: AbortSignal) {
    setLoading(true);
    setError(null);
    try {
      const variables =
        from.endCursor === null ? { id: sessionId } : { id: sessionId, after: from.endCursor };
      const { session } = await request<{ session: { memories: MemoryConnection } }>(
        memoriesQuery,
        variables,
        {
          token: apiKey,
          ...(signal ? { signal } : {}),
        },
      );
      setPages((current) => appendMemoryPage(from.loaded ? current : emptyMemoryPages, session.memories));
    } catch (caught) {
      if (!signal?.aborted) setError(caught);
    } finally {
      if (!signal?.aborted) setLoading(false);
    }
  }

  useEffect(() => {
    const controller = new AbortController();
    void load(emptyMemoryPages, controller.signal);
    return () => controller.abort();
  }, [apiKey, sessionId, version]);

  async function forget(memoryId: string) {
    setBusy(memoryId);
    setError(null);
    try {
      await request(forgetMemoryMutation, { sessionId, memoryId }, { token: apiKey });
      setPages((current) => withoutMemory(current, memoryId));
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(null);
    }
  }

  const count = pages.memories.length;
  return (
    <section class="card" aria-labelledby="memories-title">
      <h2 id="memories-title">Memories</h2>
      <p role="status" class="hint">
        {!pages.loaded
          ? 'Loading memories…'
          : count === 0
            ? 'Nothing remembered yet.'
            : `${count}${pages.hasNextPage ? '+' : ''} ${count === 1 ? 'memory' : 'memories'}, newest first.`}
      </p>
      <ErrorMessage error={error} />
      <ul class="actions-list" data-testid="memory-list">
        {pages.memories.map((memory) => (
          <li key={memory.id} data-testid="memory" data-memory-id={memory.id}>
            <p>
              <strong>{labelize(memory.feeling.label)}</strong>{' '}
              <span class="hint">
                ({formatPercent(memory.feeling.intensity)}) · {memoryWho(memory)} ·{' '}
                <time dateTime={memory.at}>{formatDateTime(memory.at)}</time>
              </span>
            </p>
            <p data-testid="memory-text" class={memory.text === null ? 'hint' : undefined}>
              {memory.text ?? 'No text kept.'}
            </p>
            <div class="bar">
              <label for={`strength-${memory.id}`}>Strength</label>
              <meter
                id={`strength-${memory.id}`}
                data-testid="memory-strength"
                min={0}
                max={1}
                low={0.25}
                value={strengthShare(memory.strength)}
              />
              <span class="value">{memory.strength.toFixed(2)}</span>
            </div>
            <button
              type="button"
              class="secondary"
              data-testid="forget-memory"
              aria-label={`Forget the memory of ${formatDateTime(memory.at)}`}
              disabled={busy === memory.id}
              onClick={() => forget(memory.id)}
            >
              Forget
            </button>
          </li>
        ))}
      </ul>
      {pages.hasNextPage && (
        <button
          type="button"
          class="secondary"
          data-testid="load-more-memories"
          disabled={loading}
          onClick={() => load(pages)}
        >
          {loading ? 'Loading…' : 'Load more'}
        </button>
      )}
    </section>
  );
}
