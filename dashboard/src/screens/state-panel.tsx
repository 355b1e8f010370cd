import { formatPercent, labelize } from '../format.js';
import type { StateSnapshot } from '../types.js';

/** A labelled bar for a value in [0, 1], with its percentage in words beside it. */
function Bar({ id, label, value }: { id: string; label: string; value: number }) {
  return (
    <div class="bar">
      <label for={id}>{label}</label>
      <meter id={id} data-testid={id} min={0} max={1} value={value} />
      <span class="value">{formatPercent(value)}</span>
    </div>
  );
}

/**
 * The state now: the discrete emotion and its intensity (announced politely when they change), the body budget,
 * the soul stage, the three needs and the relationship.
 */
export function StatePanel({ snapshot }: { snapshot: StateSnapshot }) {
  const { body_budget: body, soul_stage: stage, need_state: needs, interpersonal: bond } = snapshot;
  return (
    <div class="state">
      <section class="card" aria-labelledby="emotion-title">
        <h2 id="emotion-title">Emotion</h2>
        {/* Only the label and its band are announced: the exact percentage changes with every snapshot. */}
        <p class="emotion">
          <span aria-live="polite" aria-atomic="true">
            <span data-testid="emotion-label" data-emotion={snapshot.discrete_emotion}>
              {labelize(snapshot.discrete_emotion)}
            </span>{' '}
            <span class="hint">{labelize(snapshot.intensity_level)} intensity</span>
          </span>{' '}
          <span class="hint" data-testid="emotion-intensity">
            ({formatPercent(snapshot.emotion_intensity)})
          </span>
        </p>
        <Bar id="energy" label="Energy" value={body.energy} />
        <Bar id="stress" label="Stress" value={body.stress} />
      </section>
      <section class="card" aria-labelledby="stage-title">
        <h2 id="stage-title">Soul stage</h2>
        <p>
          <strong data-testid="soul-stage">{labelize(stage.stage)}</strong>{' '}
          <span class="hint">
            level {stage.level} of 15, {stage.group}
          </span>
        </p>
        <div class="bar">
          <label for="stage-progress">Progress in stage</label>
          <progress id="stage-progress" max={1} value={stage.progress} />
          <span class="value">{formatPercent(stage.progress)}</span>
        </div>
      </section>
      <section class="card" aria-labelledby="needs-title">
        <h2 id="needs-title">Needs</h2>
        <Bar id="need-belonging" label="Belonging" value={needs.belonging} />
        <Bar id="need-competence" label="Competence" value={needs.competence} />
        <Bar id="need-autonomy" label="Autonomy" value={needs.autonomy} />
      </section>
      <section class="card" aria-labelledby="relationship-title">
        <h2 id="relationship-title">Relationship</h2>
        <Bar id="rapport" label="Rapport" value={bond.rapport} />
        <Bar id="trust" label="Trust" value={bond.trust} />
        <Bar id="familiarity" label="Familiarity" value={bond.familiarity} />
      </section>
    </div>
  );
}
