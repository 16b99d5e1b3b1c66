import { describe, expect, it } from 'vitest';
import { cachedFor } from './readiness.ts';

describe('cachedFor', () => {
  it('shares a running load, keeps its answer for ttl after it settles, then loads again', async () => {
    let t = 0;
    let loads = 0;
    let finish: (n: number) => void = () => {};
    const get = cachedFor(
      100,
      () => {
        loads++;
        return new Promise<number>((resolve) => (finish = resolve));
      },
      () => t,
    );
    const first = get();
    t = 500; // still running: shared however long it takes
    const second = get();
    finish(1);
    expect([await first, await second, loads]).toEqual([1, 1, 1]);
    t = 599;
    expect(await get()).toBe(1);
    expect(loads).toBe(1);
    t = 600;
    const third = get();
    finish(2);
    expect([await third, loads]).toEqual([2, 2]);
  });

  it('does not keep a failed load', async () => {
    let loads = 0;
    const get = cachedFor(1_000, async () => {
      loads++;
      throw new Error('down');
    });
    await expect(get()).rejects.toThrow('down');
    await expect(get()).rejects.toThrow('down');
    expect(loads).toBe(2);
  });
});
