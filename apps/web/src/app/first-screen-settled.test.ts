// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstScreenSettled } from './App.tsx';

afterEach(() => vi.useRealTimers());

/** Whether the promise has resolved, after the microtasks queued so far have run. */
async function isDone(promise: Promise<void>) {
  let done = false;
  promise.then(() => {
    done = true;
  });
  for (let i = 0; i < 5; i++) await Promise.resolve();
  return done;
}

describe('the first screen is settled (what the chunks preload waits for)', () => {
  it('once a query has answered and none is in flight, not before', async () => {
    expect(document.readyState).toBe('complete');
    const client = new QueryClient();
    const settled = firstScreenSettled(client, 60_000);
    let answer: (value: string) => void = () => {};
    const first = client.fetchQuery({ queryKey: ['a'], queryFn: () => new Promise<string>((r) => (answer = r)) });
    const second = client.fetchQuery({ queryKey: ['b'], queryFn: () => new Promise<string>(() => {}) });
    second.catch(() => {});
    expect(await isDone(settled)).toBe(false);
    answer('ok');
    await first;
    // 'a' answered, 'b' still in flight.
    expect(await isDone(settled)).toBe(false);
    client.cancelQueries({ queryKey: ['b'] });
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    expect(await isDone(settled)).toBe(true);
  });

  it('a screen that asks for nothing: once the quiet time after the load has passed', async () => {
    vi.useFakeTimers();
    const settled = firstScreenSettled(new QueryClient(), 3000);
    await vi.advanceTimersByTimeAsync(2999);
    expect(await isDone(settled)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await isDone(settled)).toBe(true);
  });
});
