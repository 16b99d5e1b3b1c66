import { useSyncExternalStore } from 'react';

/**
 * Whether the app can reach its API: not when the browser says it has no network, nor when the last API call got
 * no answer at all (a network error; a slow answer or a refusal is an answer). A later answer, the browser coming
 * back online or the visitor asking to try again clears it.
 */
let apiUnreachable = false;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

/** The API client's report on each call: whether an answer came back. */
export function reportApiReached(reached: boolean) {
  if (apiUnreachable === reached) {
    apiUnreachable = !reached;
    notify();
  }
}

/** "Try again": the screen is shown again, and its calls say whether the API is back. */
export function retryConnection() {
  reportApiReached(true);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const back = () => {
    apiUnreachable = false;
    listener();
  };
  window.addEventListener('online', back);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', back);
    window.removeEventListener('offline', listener);
  };
}

const isOffline = () => !navigator.onLine || apiUnreachable;

/** True while the app is offline (see above). */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribe, isOffline, () => false);
}
