import { describe, expect, it } from 'vitest';
import { VideoCutQueue } from '../../src/modules/licence/video-cut-queue.js';

/** A piece of work that ends when the test says so. */
function gate() {
  let open!: () => void;
  const done = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { done, open };
}

describe('the queue of video reframes', () => {
  it('runs one at a time, in order, and a key asked twice is queued once', async () => {
    const queue = new VideoCutQueue(4);
    const order: string[] = [];
    const a = gate();
    expect(queue.enqueue('a', async () => (order.push('a'), a.done))).toBe(true);
    expect(queue.enqueue('b', async () => void order.push('b'))).toBe(true);
    expect(queue.enqueue('a', async () => void order.push('a again'))).toBe(true);
    await Promise.resolve();
    expect(order).toEqual(['a']);
    expect([queue.isPending('a'), queue.isPending('b')]).toEqual([true, true]);
    a.open();
    await queue.settled();
    expect(order).toEqual(['a', 'b']);
    expect([queue.isPending('a'), queue.isPending('b')]).toEqual([false, false]);
  });

  it('refuses more than it holds, and takes again once one is done', async () => {
    const queue = new VideoCutQueue(2);
    const first = gate();
    expect(queue.enqueue('a', () => first.done)).toBe(true);
    expect(queue.enqueue('b', async () => undefined)).toBe(true);
    expect(queue.enqueue('c', async () => undefined)).toBe(false);
    expect(queue.isPending('c')).toBe(false);
    first.open();
    await queue.settled();
    expect(queue.enqueue('c', async () => undefined)).toBe(true);
    await queue.settled();
  });

  it('remembers a failure until it is told once; the queue goes on with the next', async () => {
    const queue = new VideoCutQueue(4);
    let ran = false;
    queue.enqueue('bad', async () => Promise.reject(new Error('ffmpeg exited with 1')));
    queue.enqueue('good', async () => void (ran = true));
    await queue.settled();
    expect(ran).toBe(true);
    expect(queue.takeFailure('good')).toBe(false);
    expect(queue.takeFailure('bad')).toBe(true);
    expect(queue.takeFailure('bad')).toBe(false);
  });
});
