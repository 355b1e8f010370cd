import { beforeAll, describe, expect, it } from 'vitest';
import { lifeEvents } from '../eval/life-events.js';
import { hear } from '../eval/listener-eval-lib.js';
import { smallTalk } from '../eval/small-talk.js';
import { loadReader } from '../src/reader/reader.js';
import type { Reader } from '../src/reader/reading.js';

/**
 * Life events told plainly move a fresh neutral character more than small talk does (issue 21, item 5), as
 * `npm run eval:reader` measures them (docs/reader.md, "Figures"). The lists were written for the evaluation; nothing
 * was fitted to them.
 */
let reader: Reader;
beforeAll(async () => {
  reader = await loadReader();
});

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

describe('life events against small talk (fresh neutral character)', () => {
  it('feels a fair feeling at most life events, and at least a moderate one at a third of them', () => {
    const heard = lifeEvents.map((e) => ({ e, h: hear(reader, e.message) }));
    const fair = heard.filter(({ e, h }) => e.fair.includes(h.label));
    expect(fair.length / heard.length).toBeGreaterThanOrEqual(0.8);
    expect(fair.filter(({ h }) => h.intensity >= 0.4).length / heard.length).toBeGreaterThanOrEqual(1 / 3);
  });

  it('feels life events at least three times as strongly as small talk, at the median', () => {
    const life = median(lifeEvents.map((e) => hear(reader, e.message).intensity));
    const talk = median(smallTalk.map((m) => hear(reader, m).intensity));
    expect(life).toBeGreaterThanOrEqual(3 * talk);
    expect(life).toBeGreaterThanOrEqual(0.3);
  });
});
