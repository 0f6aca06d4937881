import { describe, expect, it } from 'vitest';
import { IMAGE_REFUSALS } from './refusals.ts';
import { RenderQueue } from './render-queue.ts';

const busy = { code: IMAGE_REFUSALS.busy.code, status: 503 };

/** A task that finishes when the test says so. */
function gate<T>(value: T) {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  let started = 0;
  const task = async () => {
    started += 1;
    await opened;
    return value;
  };
  return { task, open, started: () => started };
}

describe('RenderQueue', () => {
  it('runs at most `concurrency` tasks, queues `maxQueue` more in order and refuses the rest', async () => {
    const queue = new RenderQueue({ concurrency: 2, maxQueue: 1 });
    const order: string[] = [];
    const gates = ['a', 'b', 'c'].map((name) => gate(name));
    const results = gates.map((g) => queue.run(g.task).then((value) => order.push(value)));
    expect(queue.load).toEqual({ running: 2, waiting: 1 });
    await expect(queue.run(async () => 'd')).rejects.toMatchObject(busy);
    expect(gates.map((g) => g.started())).toEqual([1, 1, 0]);

    gates[1]?.open();
    await results[1];
    // The freed slot went to the waiting task, not to a newcomer.
    await expect.poll(() => gates[2]?.started()).toBe(1);
    expect(queue.load).toEqual({ running: 2, waiting: 0 });
    gates[0]?.open();
    gates[2]?.open();
    await Promise.all(results);
    expect(order).toEqual(['b', 'a', 'c']);
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });

  it('shares one run among callers with the same key, even when the queue is full', async () => {
    const queue = new RenderQueue({ concurrency: 1, maxQueue: 0 });
    const g = gate('render');
    const first = queue.run(g.task, 'k');
    const second = queue.run(g.task, 'k');
    await expect(queue.run(async () => 'other', 'other')).rejects.toMatchObject(busy);
    g.open();
    expect(await Promise.all([first, second])).toEqual(['render', 'render']);
    expect(g.started()).toBe(1);
    // Once settled, the key runs again.
    expect(await queue.run(async () => 'again', 'k')).toBe('again');
  });

  it('frees the slot and forgets the key when a task fails', async () => {
    const queue = new RenderQueue({ concurrency: 1, maxQueue: 0 });
    await expect(queue.run(() => Promise.reject(new Error('boom')), 'k')).rejects.toThrow('boom');
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
    expect(await queue.run(async () => 'ok', 'k')).toBe('ok');
  });

  it('refuses nonsense limits', () => {
    expect(() => new RenderQueue({ concurrency: 0, maxQueue: 0 })).toThrow(RangeError);
    expect(() => new RenderQueue({ concurrency: 1, maxQueue: -1 })).toThrow(RangeError);
  });
});
