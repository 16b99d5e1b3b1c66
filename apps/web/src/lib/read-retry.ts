import { ApiError } from './api-client.ts';

/** The longest pause between two tries of a read that got no answer at all (Retry-After sets its own). */
const MAX_NETWORK_PAUSE_MS = 30_000;

/**
 * Whether a failed call means "come back": no answer at all, or a 503 with Retry-After (the server says nothing
 * was changed). A read keeps retrying these while the app shows "Reconnecting…".
 */
export function isReconnectable(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.code === 'network' || error.retryAfterMs !== null);
}

/** TanStack Query's `retry` for reads: "come back" without end; a refusal (4xx) never; the rest twice. */
export function retryRead(failures: number, error: unknown): boolean {
  if (isReconnectable(error)) return true;
  return !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2;
}

/** TanStack Query's `retryDelay` for reads: the server's Retry-After when it gave one, else doubling from 1 s. */
export function readRetryDelay(failures: number, error: unknown): number {
  if (error instanceof ApiError && error.retryAfterMs !== null) return error.retryAfterMs;
  return Math.min(1_000 * 2 ** Math.max(0, failures - 1), MAX_NETWORK_PAUSE_MS);
}
