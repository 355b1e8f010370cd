/**
 * docs/memory.md kept honest: the constants and the forgetting table it states are the code's.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeThreshold } from '../src/memory/encode.js';
import { defaultMaxEpisodes, maxEpisodesLimit, maxEpisodeText, maxTraces } from '../src/memory/episode.js';
import {
  decayExponent,
  decayScaleMs,
  forgetFloor,
  maxDecay,
  minDecay,
  minTraceDecay,
  rehearsalSlowing,
  rehearsalSpacingMs,
  strengthAt,
} from '../src/memory/forgetting.js';
import {
  maxExpectationShift,
  maxReinstatement,
  maxSensitisation,
  reinstatement,
} from '../src/memory/influence.js';
import { repetitionSimilarity } from '../src/memory/memory-turn.js';
import { minSimilarity, recallLimit, recallThreshold } from '../src/memory/recall.js';

const doc = readFileSync(resolve(import.meta.dirname, '../../docs/memory.md'), 'utf8').replace(/\s+/g, ' ');
const day = 86_400_000;

describe('docs/memory.md', () => {
  it('states the constants of the code', () => {
    expect(doc).toContain(`encoded when salience ≥ ${encodeThreshold}`);
    expect(doc).toContain(`| τ \`decayScaleMs\` | ${decayScaleMs / 3_600_000} hours |`);
    expect(doc).toContain(`| ${maxDecay}, ${minDecay} |`);
    expect(doc).toContain(`| ${rehearsalSlowing}, floor ${minTraceDecay} |`);
    expect(doc).toContain(`d_j = max(${minTraceDecay}, d_{j−1}·${rehearsalSlowing})`);
    expect(doc).toContain(`| spacing \`rehearsalSpacingMs\` | ${rehearsalSpacingMs / 3_600_000} hour |`);
    expect(doc).toContain(`| floor \`forgetFloor\` | ${forgetFloor} |`);
    expect(doc).toContain(`similarity ≥ ${minSimilarity}`);
    expect(doc).toContain(`scores ≥ ${String(recallThreshold).replace('-', '−')}`);
    expect(doc).toContain(`the best ${recallLimit} are kept`);
    expect(doc).toContain(`≥ ${repetitionSimilarity} of its cue words`);
    expect(doc).toContain(`default ${defaultMaxEpisodes}, at most ${grouped(maxEpisodesLimit)}`);
    expect(doc).toContain(`≤ ${maxEpisodeText} characters`);
    expect(doc).toContain(
      `| traces per episode | ${maxTraces} (the encoding and ${maxTraces - 1} rehearsals;`,
    );
    expect(doc).toContain(`gain ≤ ${1 + maxSensitisation}`);
    expect(doc).toContain(`shift ≤ ${maxExpectationShift}`);
    expect(doc).toContain(`emotion += \`${reinstatement}·Σ`);
    expect(doc).toContain(`≤ ${maxReinstatement} per axis`);
  });

  it('shows the strengths and lifetimes the forgetting curve gives', () => {
    for (const salience of [0.3, 0.6, 1]) {
      const e = { at: 0, salience, rehearsals: [] } as unknown as Parameters<typeof strengthAt>[0];
      const gone = ((10 ** (1 / decayExponent(salience)) - 1) * decayScaleMs) / day;
      const row = `| ${strengthAt(e, day).toFixed(2)} | ${strengthAt(e, 7 * day).toFixed(2)} | ${gone.toFixed(0)} days |`;
      expect(doc).toContain(row);
    }
  });
});

function grouped(n: number): string {
  return n.toLocaleString('en-US');
}
