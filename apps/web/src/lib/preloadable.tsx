import { type ComponentType, lazy, useState } from 'react';

/** A component of its own chunk that can be fetched before it is first shown. */
export interface Preloadable<P extends object = object> {
  Component: ComponentType<P>;
  /** Fetches the chunk (once; again after a failure). */
  preload: () => Promise<unknown>;
}

/**
 * Like React.lazy, but a component whose chunk is already here renders at once. React.lazy suspends on every first
 * render, even for a chunk fetched earlier: the fallback shows, and React 19 then holds the content back for its
 * reveal throttle (300 ms after a fallback) before it mounts: a screen asks for its data that much later, and a
 * dialog opens that much after the tap.
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(preload);
  function Component(props: P) {
    // Chosen once per mount: what was shown through Lazy stays so when its chunk arrives (no remount, no refetch).
    const [Ready] = useState<ComponentType<P> | undefined>(() => loaded);
    return Ready ? <Ready {...props} /> : <Lazy {...props} />;
  }
  return { Component, preload };
}

const idle = (run: () => void) =>
  'requestIdleCallback' in window ? window.requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 200);

let started = false;
const waiting: Pick<Preloadable, 'preload'>[] = [];

/**
 * Fetches a chunk once the first screen is settled (startPreloading), or at the next idle moment if it already is.
 * The service worker downloads the same files after the load to keep the app shell, so this adds no traffic; a chunk
 * that fails to load here is fetched again when it is wanted.
 */
export function preloadLater(chunk: Pick<Preloadable, 'preload'>) {
  if (started) idle(() => void chunk.preload().catch(() => {}));
  else waiting.push(chunk);
}

/**
 * Starts fetching what preloadLater holds once `settled` resolves: after the first screen has what it shows, so that
 * these fetches never compete with its own (on a slow network they would delay its content by seconds).
 */
export function startPreloading(settled: Promise<unknown>) {
  settled.then(() => {
    started = true;
    for (const chunk of waiting.splice(0)) preloadLater(chunk);
  });
}
