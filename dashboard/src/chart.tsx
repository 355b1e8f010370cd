import { useId } from 'preact/hooks';
import { linearScale, ticks, timeDomain, toLinePath } from './chart-scale.js';
import { formatSigned, formatTime } from './format.js';
import type { TrajectoryPoint } from './trajectory.js';

const width = 640;
const height = 240;
const margin = { top: 12, right: 16, bottom: 40, left: 48 };
const axes = [
  { key: 'V', name: 'Valence', dash: undefined },
  { key: 'A', name: 'Arousal', dash: '8 4' },
  { key: 'D', name: 'Dominance', dash: '2 4' },
] as const;

/** How many of the latest points the visually hidden table lists for screen readers. */
const tableRows = 10;

/** Props of {@link VadChart}. */
export interface VadChartProps {
  points: readonly TrajectoryPoint[];
}

/**
 * The VAD trajectory as an inline SVG line chart: valence, arousal and dominance against the snapshots' time,
 * on the common scale [-1, 1]. Each line has its own dash pattern so colour is not needed to tell them apart;
 * a visually hidden table repeats the latest points for screen readers.
 */
export function VadChart({ points }: VadChartProps) {
  const id = useId();
  const domain = timeDomain(points);
  const x = linearScale(domain, [margin.left, width - margin.right]);
  const y = linearScale([-1, 1], [height - margin.bottom, margin.top]);
  const last = points[points.length - 1];
  const summary = last
    ? `${points.length} points. Latest: valence ${formatSigned(last.V)}, arousal ${last.A.toFixed(2)}, dominance ${formatSigned(last.D)}.`
    : 'No snapshot yet.';
  return (
    <figure class="chart" data-testid="vad-chart" data-points={points.length}>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={`${id}-title ${id}-desc`}>
        <title id={`${id}-title`}>Valence, arousal and dominance over time</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {ticks([-1, 1], 5).map((value) => (
          <g key={value} class="tick">
            <line x1={margin.left} x2={width - margin.right} y1={y(value)} y2={y(value)} />
            <text x={margin.left - 6} y={y(value)} dy="0.32em" text-anchor="end">
              {formatSigned(value, 1)}
            </text>
          </g>
        ))}
        {points.length > 0 &&
          ticks(domain, 3).map((t, i) => (
            <text
              key={t}
              class="tick"
              x={x(t)}
              y={height - margin.bottom + 16}
              text-anchor={i === 0 ? 'start' : i === 2 ? 'end' : 'middle'}
            >
              {formatTime(t, domain[1] - domain[0])}
            </text>
          ))}
        <text
          class="axis-label"
          x={(margin.left + width - margin.right) / 2}
          y={height - 4}
          text-anchor="middle"
        >
          Time (engine clock)
        </text>
        <text
          class="axis-label"
          transform={`translate(12 ${height / 2 - 10}) rotate(-90)`}
          text-anchor="middle"
        >
          Value
        </text>
        {axes.map((axis) => (
          <g key={axis.key} class={`series series-${axis.key.toLowerCase()}`}>
            <path d={toLinePath(points, axis.key, x, y)} stroke-dasharray={axis.dash} />
            {last && <circle cx={x(last.t)} cy={y(last[axis.key])} r={3.5} />}
          </g>
        ))}
      </svg>
      <figcaption>
        <ul class="legend">
          {axes.map((axis) => (
            <li key={axis.key} class={`series-${axis.key.toLowerCase()}`}>
              <svg width="28" height="10" aria-hidden="true">
                <line x1="0" x2="28" y1="5" y2="5" stroke-dasharray={axis.dash} />
              </svg>
              {axis.name} ({axis.key})
            </li>
          ))}
        </ul>
      </figcaption>
      <div class="visually-hidden">
        <table>
          <caption>Latest {Math.min(tableRows, points.length)} points of the trajectory</caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Valence</th>
              <th scope="col">Arousal</th>
              <th scope="col">Dominance</th>
            </tr>
          </thead>
          <tbody>
            {points.slice(-tableRows).map((p) => (
              <tr key={p.t}>
                <th scope="row">{formatTime(p.t)}</th>
                <td>{formatSigned(p.V)}</td>
                <td>{p.A.toFixed(2)}</td>
                <td>{formatSigned(p.D)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
