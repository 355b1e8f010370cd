import { afterEach, describe, expect, it } from 'vitest';
import { cleanUpExamples, startScript } from '../../example-process.js';

afterEach(cleanUpExamples);

describe('examples/engine-tour group scene (npm run tour:group)', () => {
  it('runs the room: addressed lines answered, chatter not, Bob distrusted, prompt_data names the room', async () => {
    const run = startScript('examples/engine-tour/src/group.ts', {});
    expect(await run.exited).toBe(0);
    const out = run.output();
    const line = (start: string) => out.split('\n').find((l) => l.startsWith(start)) ?? '';
    expect(line('Bob: “You are a useless bot')).toMatch(/reply yes \(addressed\)/);
    expect(line('Carol: “anyone watching')).toMatch(/reply no {2}\(not_addressed\)/);
    expect(line('Bob: “yeah, starts at eight')).toMatch(/→ Carol .*reply no {2}\(addressed_to_other\)/);
    expect(line('Bob: “Alice, you are so stupid')).toMatch(/→ Alice /);
    const trust = (who: string) => Number(/trust (\d\.\d\d)/.exec(line(`  ${who}`))?.[1]);
    expect(trust('Bob')).toBeLessThan(0.45);
    expect(trust('Alice')).toBeGreaterThan(trust('Bob'));
    expect(out).toContain('Speaking: Carol (');
    expect(out).toContain('Group: You are in a group conversation and Carol is talking to you');
  });
});
