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

type Chunk = Pick<Preloadable, 'preload'>;

/**
 * The next idle period of the main thread, with no deadline: a chunk's parse and compile are work that can always
 * wait, and on a slow phone forcing them in (a timeout) puts them inside the page's first seconds, where they block
 * taps. Without requestIdleCallback (Safari), a pause instead.
 */
const whenIdle = (run: () => void) => {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run);
  else setTimeout(run, 200);
};

let started = false;
let fetching = false;
const queue: Chunk[] = [];

function takeOut(chunk: Chunk) {
  const at = queue.indexOf(chunk);
  if (at >= 0) queue.splice(at, 1);
}

/** One chunk per idle period: the next is asked for only once the last one is here (parsed and run) or failed. */
function fetchNextWhenIdle() {
  if (!started || fetching || queue.length === 0) return;
  fetching = true;
  whenIdle(() => {
    const chunk = queue.shift();
    const next = () => {
      fetching = false;
      fetchNextWhenIdle();
    };
    if (chunk) chunk.preload().then(next, next);
    else next();
  });
}

/**
 * Fetches a chunk after the first screen has settled (startPreloading), one chunk per idle period of the main thread,
 * in the order asked. The service worker downloads the same files after the load to keep the app shell, so this adds
 * no traffic; a chunk that fails to load here is fetched again when it is wanted.
 */
export function preloadLater(chunk: Chunk) {
  if (!queue.includes(chunk)) queue.push(chunk);
  fetchNextWhenIdle();
}

/** A link to the chunk's screen came into view: it is the next one fetched, still in an idle period after settling. */
export function preloadSoon(chunk: Chunk) {
  takeOut(chunk);
  queue.unshift(chunk);
  fetchNextWhenIdle();
}

/** A link to the chunk's screen was touched or focused: it is wanted within the moment, so fetched now. */
export function preloadNow(chunk: Chunk) {
  takeOut(chunk);
  void chunk.preload().catch(() => {});
}

/**
 * How long the main thread must have run no long task (over 50 ms) before preloading starts: the first seconds after
 * the first screen shows are when a visitor reads and first taps, and a chunk's parse and run then delays the tap's
 * answer on a slow phone (Lighthouse counted those preloads in the page's total blocking time). A tab touched or a
 * dialog opened meanwhile still fetches its chunk at once (preloadNow).
 */
export const PRELOAD_QUIET_MS = 3000;

/**
 * Resolves once `quietMs` have passed with no long task on the main thread (each long task starts the wait again),
 * as Lighthouse's time to interactive counts quiet. Without the Long Tasks API (Safari), after `quietMs`.
 */
export function mainThreadQuiet(quietMs: number): Promise<void> {
  return new Promise((resolve) => {
    let timer = setTimeout(done, quietMs);
    const observer =
      typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('longtask')
        ? new PerformanceObserver(() => {
            clearTimeout(timer);
            timer = setTimeout(done, quietMs);
          })
        : undefined;
    observer?.observe({ type: 'longtask' });
    function done() {
      observer?.disconnect();
      resolve();
    }
  });
}

/**
 * Starts fetching what preloadLater holds once `settled` resolves (the first screen has what it shows, so these
 * fetches never compete with its own: on a slow network they would delay its content by seconds) and the main
 * thread has then been quiet for `quietMs`.
 */
export function startPreloading(settled: Promise<unknown>, quietMs = PRELOAD_QUIET_MS) {
  settled
    .then(() => (quietMs > 0 ? mainThreadQuiet(quietMs) : undefined))
    .then(() => {
      started = true;
      fetchNextWhenIdle();
    });
}
