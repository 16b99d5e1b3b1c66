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

/** Whether any API call got an answer yet, and what waits for the first answer after a call got none. */
let answered = false;
const waitingForAnswer = new Set<() => void>();

function setUnreachable(unreachable: boolean) {
  if (apiUnreachable !== unreachable) {
    apiUnreachable = unreachable;
    notify();
  }
}

/** The API client's report on each call: whether an answer came back. */
export function reportApiReached(reached: boolean) {
  if (reached) {
    answered = true;
    const waiting = [...waitingForAnswer];
    waitingForAnswer.clear();
    for (const then of waiting) then();
  }
  setUnreachable(!reached);
}

/** "Try again": the screen is shown again, and its calls say whether the API is back. */
export function retryConnection() {
  setUnreachable(false);
}

/**
 * Runs `then` once the API is known to answer: at once when a call got an answer and none failed since, else at the
 * next answer. A message that asks for the API ("please sign in") waits so: a deep link opened offline renders
 * before its first call fails, and would put the message over the offline screen.
 */
export function whenApiAnswers(then: () => void) {
  if (answered && !isOffline()) then();
  else waitingForAnswer.add(then);
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
