import { useState } from 'preact/hooks';
import { request } from '../api.js';
import { appraisalDimensions, clampDimension, neutralAppraisal } from '../appraisal.js';
import { ErrorMessage } from '../error-message.js';
import { formatPercent, formatSigned, labelize } from '../format.js';
import { appraisalTurnMutation, textTurnMutation } from '../queries.js';
import type { Appraisal, TurnSummary } from '../types.js';

/** Props of {@link TurnBox}. */
export interface TurnBoxProps {
  apiKey: string;
  sessionId: string;
}

type Kind = 'message' | 'appraisal';

function describeTurn(turn: TurnSummary): string {
  const feels = `${labelize(turn.discrete_emotion)} (${formatPercent(turn.emotion_intensity)})`;
  const stage = turn.stage_transition
    ? `; stage ${labelize(turn.stage_transition.from)} → ${labelize(turn.stage_transition.to)}`
    : '';
  const by = turn.appraiser ? `, appraised by ${turn.appraiser}` : '';
  return `Turn processed${by}: now feels ${feels}${stage}.`;
}

/** Sends a turn: a chat message (`textTurn`) or an explicit six-dimension appraisal (`appraisalTurn`). */
export function TurnBox({ apiKey, sessionId }: TurnBoxProps) {
  const [kind, setKind] = useState<Kind>('message');
  const [message, setMessage] = useState('');
  const [appraisal, setAppraisal] = useState<Appraisal>(neutralAppraisal);
  const [context, setContext] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState('');
  const [reasons, setReasons] = useState<readonly string[]>([]);
  const [error, setError] = useState<unknown>(null);

  async function submit(event: Event) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      let turn: TurnSummary;
      if (kind === 'message') {
        const input = { sessionId, message };
        turn = (await request<{ textTurn: TurnSummary }>(textTurnMutation, { input }, { token: apiKey }))
          .textTurn;
        setMessage('');
      } else {
        const input = context.trim()
          ? { sessionId, appraisal, context: context.trim() }
          : { sessionId, appraisal };
        turn = (
          await request<{ appraisalTurn: TurnSummary }>(appraisalTurnMutation, { input }, { token: apiKey })
        ).appraisalTurn;
      }
      setResult(describeTurn(turn));
      setReasons(turn.explanation.contributions.map((contribution) => contribution.text));
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form class="card stack" aria-labelledby="turn-title" data-testid="turn-form" onSubmit={submit}>
      <h2 id="turn-title">Send a turn</h2>
      <fieldset class="segmented">
        <legend>Kind of turn</legend>
        {(['message', 'appraisal'] as const).map((value) => (
          <label key={value}>
            <input
              type="radio"
              name="turn-kind"
              value={value}
              data-testid={`turn-kind-${value}`}
              checked={kind === value}
              onChange={() => setKind(value)}
            />{' '}
            {value === 'message' ? 'Message' : 'Appraisal'}
          </label>
        ))}
      </fieldset>
      {kind === 'message' ? (
        <>
          <label for="turn-message">Message</label>
          <textarea
            id="turn-message"
            data-testid="turn-message"
            rows={3}
            required
            value={message}
            onInput={(event) => setMessage(event.currentTarget.value)}
          />
        </>
      ) : (
        <>
          {appraisalDimensions.map((dimension) => (
            <div class="slider" key={dimension.key}>
              <label for={`appraisal-${dimension.key}`}>
                {dimension.label}{' '}
                <span class="hint">
                  [{dimension.min}, {dimension.max}]: {dimension.hint}
                </span>
              </label>
              <input
                id={`appraisal-${dimension.key}`}
                data-testid={`appraisal-${dimension.key}`}
                type="range"
                min={dimension.min}
                max={dimension.max}
                step={0.05}
                value={appraisal[dimension.key]}
                onInput={(event) =>
                  setAppraisal({
                    ...appraisal,
                    [dimension.key]: clampDimension(dimension, event.currentTarget.valueAsNumber),
                  })
                }
              />
              <output for={`appraisal-${dimension.key}`}>
                {dimension.min < 0
                  ? formatSigned(appraisal[dimension.key])
                  : appraisal[dimension.key].toFixed(2)}
              </output>
            </div>
          ))}
          <label for="turn-context">
            What happened <span class="hint">(optional, enriches prompt_data)</span>
          </label>
          <input
            id="turn-context"
            data-testid="turn-context"
            value={context}
            onInput={(event) => setContext(event.currentTarget.value)}
          />
        </>
      )}
      <ErrorMessage error={error} />
      <div>
        <button type="submit" data-testid="send-turn" disabled={busy}>
          {busy ? 'Sending…' : kind === 'message' ? 'Send message' : 'Send appraisal'}
        </button>
      </div>
      <p role="status" class="hint" data-testid="turn-result">
        {result}
      </p>
      {reasons.length > 0 && (
        <ul class="hint" aria-label="Why it felt so" data-testid="turn-explanation">
          {reasons.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      )}
    </form>
  );
}
