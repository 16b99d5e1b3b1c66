// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { type ReactElement, Suspense } from 'react';
import { describe, expect, it } from 'vitest';
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
