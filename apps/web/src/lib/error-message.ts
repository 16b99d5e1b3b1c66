import type { TFunction } from '../i18n/index.ts';
import { ApiError } from './api-client.ts';

/**
 * The text a user sees for a failed call (SPEC.md point 8): the mapped message of a known code or of 503,
 * else the server's message, else 'Server internal error'.
 */
export function errorMessage(error: unknown, t: TFunction, exists: (key: string) => boolean): string {
  if (error instanceof ApiError) {
    // The server's "come back" (503 with Retry-After) guarantees nothing was changed: the user is told so.
    if (error.retryAfterMs !== null) return t('reconnect.notDone');
    if (error.status === 503) return t('errors.503');
    const key = `errors.${error.code}`;
    if (exists(key)) return t(key as 'errors.500');
    if (error.message) return error.message;
  }
  return t('errors.500');
}
