import { useSyncExternalStore } from 'react';

/**
 * Two states of the app's link to its API. Offline: the browser says it has no network (a full-screen page).
 * Reconnecting: the browser has a network but the last API call got no answer, or a 503 with Retry-After (the
 * database is away or the instance drains): a small banner while reads retry by themselves. The first answer that
 * is not such a 503, the browser coming back online or the visitor asking to try again clears it.
 */
let reconnecting = false;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

/** Whether any API call got an answer yet, and what waits for the first answer after a call got none. */
let answered = false;
const waitingForAnswer = new Set<() => void>();

/** The API client's report on each call: whether the API answered it (a refusal is an answer; a 503 is not). */
export function reportApiReached(reached: boolean) {
  if (reached) {
    answered = true;
    const waiting = [...waitingForAnswer];
    waitingForAnswer.clear();
    for (const then of waiting) then();
  }
  if (reconnecting === reached) {
    reconnecting = !reached;
    notify();
  }
}

/** "Try again": the screen is shown again, and its calls say whether the API is back. */
export function retryConnection() {
  if (reconnecting) {
    reconnecting = false;
    notify();
  }
}

/**
 * Runs `then` once the API is known to answer: at once when a call got an answer and none failed since, else at the
 * next answer. A message that asks for the API ("please sign in") waits so: a deep link opened offline renders
 * before its first call fails, and would put the message over the offline screen.
 */
export function whenApiAnswers(then: () => void) {
  if (answered && !reconnecting && navigator.onLine) then();
  else waitingForAnswer.add(then);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const back = () => {
    reconnecting = false;
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

const isOffline = () => !navigator.onLine;
const isReconnecting = () => navigator.onLine && reconnecting;

/** True while the browser has no network (see above). */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribe, isOffline, () => false);
}

/** True while the API is being reached again (see above); never together with offline. */
export function useReconnecting(): boolean {
  return useSyncExternalStore(subscribe, isReconnecting, () => false);
}
