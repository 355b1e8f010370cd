import { describe, expect, it } from 'vitest';
import { SessionQueue } from './session-queue.js';

/** A promise with its resolve function, to hold an operation until the test lets it go. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/** Lets every pending promise callback run (the queue's hand-overs are microtasks). */
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A queue of numbered items whose batches are logged, each held until the test opens its gate. */
function setup(maxBatch = 64) {
  const log: string[] = [];
  const gates: ReturnType<typeof gate>[] = [];
  const queue = new SessionQueue<number>(async (key, take) => {
    const items: number[] = [];
    for (let item = take(); item !== undefined; item = take()) items.push(item);
    log.push(`${key}:batch ${items.join(',')}`);
    const held = gate();
    gates.push(held);
    await held.promise;
    log.push(`${key}:done ${items.join(',')}`);
  }, maxBatch);
  return { queue, log, gates };
}

describe('SessionQueue', () => {
  it('runs the first item at once and batches the items that queued while it ran, in arrival order', async () => {
    const { queue, log, gates } = setup();
    queue.add('s', 1);
    for (const item of [2, 3, 4]) queue.add('s', item);
    expect(log).toEqual(['s:batch 1']);
    gates[0]!.open();
    await flush();
    expect(log).toEqual(['s:batch 1', 's:done 1', 's:batch 2,3,4']);
    gates[1]!.open();
  });

  it('caps a batch at maxBatch and leaves the rest for the next one', async () => {
    const { queue, log, gates } = setup(2);
    for (const item of [1, 2, 3, 4, 5]) queue.add('s', item);
    for (let i = 0; i < 3; i++) {
      gates[i]?.open();
      await flush();
    }
    expect(log.filter((line) => line.includes('batch'))).toEqual(['s:batch 1', 's:batch 2,3', 's:batch 4,5']);
  });

  it('runs a task alone, after the items queued before it and before the items queued after it', async () => {
    const { queue, log, gates } = setup();
    queue.add('s', 1);
    queue.add('s', 2);
    queue.add('s', 3);
    const task = queue.run('s', async () => {
      log.push('s:task');
      return 'deleted';
    });
    queue.add('s', 4);
    gates[0]!.open();
    await flush();
    gates[1]!.open();
    expect(await task).toBe('deleted');
    await flush();
    gates[2]!.open();
    expect(log).toEqual(['s:batch 1', 's:done 1', 's:batch 2,3', 's:done 2,3', 's:task', 's:batch 4']);
  });

  it('keeps keys independent, passes a task’s failure to its caller, and frees the key when idle', async () => {
    const { queue, log, gates } = setup();
    queue.add('a', 1);
    queue.add('b', 2);
    expect(log).toEqual(['a:batch 1', 'b:batch 2']);
    gates[0]!.open();
    gates[1]!.open();
    await expect(queue.run('a', async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    await expect(queue.run('a', async () => 'free again')).resolves.toBe('free again');
  });
});
