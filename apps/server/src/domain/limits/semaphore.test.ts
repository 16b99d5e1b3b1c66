import { describe, expect, it } from 'vitest';
import { semaphore } from './semaphore.ts';

describe('semaphore', () => {
  it('runs at most `concurrency` tasks at once, queues `maxWaiting`, refuses the rest at once', async () => {
    const slots = semaphore({ concurrency: 2, maxWaiting: 3, whenFull: () => new Error('full') });
    let running = 0;
    let most = 0;
    const task = async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 10));
      running--;
      return 'done';
    };
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => slots.run(task)));
    expect(most).toBe(2);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      ...Array(5).fill('done'),
      ...Array(3).fill('full'),
    ]);
    expect(slots.stats()).toEqual({ started: 5, running: 0, waiting: 0 });
  });

  it('frees the slot of a task that fails', async () => {
    const slots = semaphore({ concurrency: 1, maxWaiting: 0, whenFull: () => new Error('full') });
    await expect(slots.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(slots.run(async () => 'next')).resolves.toBe('next');
  });
});
