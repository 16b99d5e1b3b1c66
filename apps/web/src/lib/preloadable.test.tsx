// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { type ReactElement, Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { preloadable } from './preloadable.tsx';

/** A chunk whose loading the test settles by hand, counting how often it is asked for. */
function chunk() {
  const asked = { count: 0 };
  let settle: { resolve: () => void; reject: (e: Error) => void } | undefined;
  const load = () => {
    asked.count += 1;
    return new Promise<{ default: (p: { name: string }) => ReactElement }>((resolve, reject) => {
      settle = {
        resolve: () => resolve({ default: ({ name }) => <p>hello {name}</p> }),
        reject,
      };
    });
  };
  return { load, asked, settle: () => settle as NonNullable<typeof settle> };
}

const fallback = <p>loading</p>;

describe('a preloadable component', () => {
  it('shows the fallback, then itself, when its chunk is not here yet', async () => {
    const { load, settle } = chunk();
    const { Component } = preloadable(load);
    render(
      <Suspense fallback={fallback}>
        <Component name="ann" />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => settle().resolve());
    expect(await screen.findByText('hello ann')).toBeTruthy();
  });

  it('renders at once, never the fallback, once preloaded; the chunk is asked for once', async () => {
    const { load, asked, settle } = chunk();
    const { Component, preload } = preloadable(load);
    const preloading = preload();
    settle().resolve();
    await preloading;
    render(
      <Suspense fallback={fallback}>
        <Component name="bob" />
      </Suspense>,
    );
    // Synchronously after render: no suspension, so no fallback and no reveal throttle.
    expect(screen.getByText('hello bob')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
    await preload();
    expect(asked.count).toBe(1);
  });

  it('asks again for a chunk whose preload failed', async () => {
    const { load, asked, settle } = chunk();
    const { Component, preload } = preloadable(load);
    const failed = preload();
    settle().reject(new Error('offline'));
    await expect(failed).rejects.toThrow('offline');
    render(
      <Suspense fallback={fallback}>
        <Component name="cy" />
      </Suspense>,
    );
    expect(asked.count).toBe(2);
    await act(async () => settle().resolve());
    expect(await screen.findByText('hello cy')).toBeTruthy();
  });
});

/** requestIdleCallback and IntersectionObserver by hand: the test says when the phone is idle and what is in view. */
function fakeBrowser() {
  const idle: (() => void)[] = [];
  const observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
  vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      targets: Element[] = [];
      constructor(callback: IntersectionObserverCallback) {
        observers.push({ callback, targets: this.targets });
      }
      observe(target: Element) {
        this.targets.push(target);
      }
      disconnect() {
        this.targets.length = 0;
      }
    },
  );
  return {
    /** One idle period: runs what was waiting for it. */
    idlePeriod: async () => {
      for (const run of idle.splice(0)) run();
      await act(async () => {});
    },
    idleWaiting: () => idle.length,
    comesIntoView: (target: Element) =>
      act(() => {
        for (const { callback, targets } of observers)
          if (targets.includes(target))
            callback([{ isIntersecting: true, target } as IntersectionObserverEntry], {} as IntersectionObserver);
      }),
  };
}

/** A chunk that counts its fetches and arrives when the test says. */
function countedChunk() {
  let arrive = () => {};
  const chunk = {
    asked: 0,
    preload: () => {
      chunk.asked += 1;
      return new Promise<void>((resolve) => (arrive = resolve));
    },
    arrive: () => act(async () => arrive()),
  };
  return chunk;
}

describe('preloading the screens after the first', () => {
  beforeEach(() => vi.resetModules());
  afterEach(() => vi.unstubAllGlobals());

  it('waits for the first screen, then fetches one chunk per idle period, the next once the last is here', async () => {
    const browser = fakeBrowser();
    const { preloadLater, startPreloading } = await import('./preloadable.tsx');
    const [a, b, c] = [countedChunk(), countedChunk(), countedChunk()];
    for (const chunk of [a, b, c]) preloadLater(chunk);
    let settle = () => {};
    startPreloading(new Promise<void>((resolve) => (settle = resolve)), 0);
    await browser.idlePeriod();
    expect([a.asked, b.asked, c.asked]).toEqual([0, 0, 0]);
    await act(async () => settle());
    // Settled: nothing fetched yet, one idle callback asked for (not one per chunk).
    expect(browser.idleWaiting()).toBe(1);
    await browser.idlePeriod();
    expect([a.asked, b.asked, c.asked]).toEqual([1, 0, 0]);
    // An idle period while the first chunk is still on its way fetches nothing more.
    await browser.idlePeriod();
    expect([a.asked, b.asked, c.asked]).toEqual([1, 0, 0]);
    await a.arrive();
    await browser.idlePeriod();
    expect([a.asked, b.asked, c.asked]).toEqual([1, 1, 0]);
    await b.arrive();
    await browser.idlePeriod();
    expect([a.asked, b.asked, c.asked]).toEqual([1, 1, 1]);
  });

  it("fetches a link's screen at once when the link is touched or focused, first in line when it comes into view", async () => {
    const browser = fakeBrowser();
    const { preloadLater, startPreloading } = await import('./preloadable.tsx');
    const { usePreloadOnIntent } = await import('./use-preload-on-intent.ts');
    const [touched, focused, seen, other] = [countedChunk(), countedChunk(), countedChunk(), countedChunk()];
    for (const chunk of [other, touched, focused, seen]) preloadLater(chunk);
    function TestLink({ name, chunk }: { name: string; chunk: ReturnType<typeof countedChunk> }) {
      const ref = usePreloadOnIntent<HTMLAnchorElement>(chunk);
      return (
        <a ref={ref} href={`/${name}`}>
          {name}
        </a>
      );
    }
    render(
      <>
        <TestLink name="touched" chunk={touched} />
        <TestLink name="focused" chunk={focused} />
        <TestLink name="seen" chunk={seen} />
      </>,
    );
    // Before the first screen has settled: intent does not wait for it.
    fireEvent.pointerDown(screen.getByText('touched'));
    fireEvent.focus(screen.getByText('focused'));
    expect([touched.asked, focused.asked, seen.asked, other.asked]).toEqual([1, 1, 0, 0]);
    await browser.comesIntoView(screen.getByText('seen'));
    expect(seen.asked).toBe(0);
    startPreloading(Promise.resolve(), 0);
    await act(async () => {});
    await browser.idlePeriod();
    // The link in view goes before the chunk asked for earlier; the touched ones are not fetched twice.
    expect([touched.asked, focused.asked, seen.asked, other.asked]).toEqual([1, 1, 1, 0]);
    await seen.arrive();
    await browser.idlePeriod();
    expect([touched.asked, focused.asked, seen.asked, other.asked]).toEqual([1, 1, 1, 1]);
  });
});

describe('the quiet wait before preloading', () => {
  beforeEach(() => vi.resetModules());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('starts after the first screen has settled and the main thread then ran no long task for the quiet time', async () => {
    vi.useFakeTimers();
    const browser = fakeBrowser();
    let longTask = () => {};
    vi.stubGlobal(
      'PerformanceObserver',
      Object.assign(
        class {
          constructor(callback: () => void) {
            longTask = callback;
          }
          observe() {}
          disconnect() {
            longTask = () => {};
          }
        },
        { supportedEntryTypes: ['longtask'] },
      ),
    );
    const { preloadLater, startPreloading } = await import('./preloadable.tsx');
    const a = countedChunk();
    preloadLater(a);
    startPreloading(Promise.resolve(), 3000);
    await vi.advanceTimersByTimeAsync(2000);
    // A long task 2 s into the wait: the 3 s start again from it.
    longTask();
    await vi.advanceTimersByTimeAsync(2999);
    expect(browser.idleWaiting()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(browser.idleWaiting()).toBe(1);
    await browser.idlePeriod();
    expect(a.asked).toBe(1);
  });
});
